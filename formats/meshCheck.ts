/** Mesh checks: header and size (constant time), then vertices and indices (streamed). */
import { readU16LE } from './bytes';
import { binaryDiagnostic } from './diagnosticCodes';
import type { FormatDiagnostic } from './diagnostics';
import { isNonFiniteF16 } from './f16';
import type { ByteSource } from './fileAccess';
import { MAX_NATIVE_MESH_FORMAT, MESH_HEADER_SIZE, MESH_INDEX_SIZE, completeVertexCount, indexOffset, parseMeshHeader, vertexAttributeLayout, vertexOffset, verticesByteLength } from './mesh';
import { DEFAULT_CHUNK_BYTES, ProblemCollector, forEachRecordChunk } from './problemCollector';
import { MESH_FORMAT, type MeshHeader } from './records';

/** Every format bit the tools know; a value with other bits has an unknown stride. */
const KNOWN_FORMAT_BITS = 31;
export interface MeshCheckOptions {
  maxKeyframeProblems: number;
  chunkBytes?: number;
}

export interface MeshCheck {
  diagnostics: FormatDiagnostic[];
  header?: MeshHeader;
  /** Highest bone index used by an influence with a non-zero weight (skinned meshes). */
  maxBoneIndex?: number;
}

/** Start of the first vertex or index that the file does not hold completely. */
function firstIncompleteItem(header: MeshHeader, size: number): number {
  const vertices = completeVertexCount(header, size);
  if (vertices < header.vertexCount) return vertexOffset(header, vertices);
  const indicesStart = indexOffset(header, 0);
  return indexOffset(header, Math.floor((size - indicesStart) / MESH_INDEX_SIZE));
}

export async function checkMesh(source: ByteSource, first16: Uint8Array, options: MeshCheckOptions): Promise<MeshCheck> {
  const size = source.size;
  if (size < MESH_HEADER_SIZE) {
    return {
      diagnostics: [
        binaryDiagnostic('mesh/too-short', { start: 0, end: size }, `Mesh is ${size} bytes but its header alone needs 12 (u32 vertices, u32 indices, u8 format, 3 padding). Re-export the mesh.`),
      ],
    };
  }
  const header = parseMeshHeader(first16) as MeshHeader;
  const diagnostics: FormatDiagnostic[] = [];
  if (header.vertexCount === 0) {
    diagnostics.push(binaryDiagnostic('mesh/zero-vertices', { start: 0, end: 4 }, 'Mesh header says 0 vertices; expected at least 1. Re-export the mesh.'));
  }
  const format = header.format;
  if (format > MAX_NATIVE_MESH_FORMAT || ((format & MESH_FORMAT.TANGENT) !== 0 && (format & MESH_FORMAT.NORMAL) === 0)) {
    const why =
      format > KNOWN_FORMAT_BITS
        ? 'it sets bits no format defines (known: UV=1, COLOR=2, NORMAL=4, SKINNED=8, TANGENT=16)'
        : format & MESH_FORMAT.TANGENT && !(format & MESH_FORMAT.NORMAL)
          ? 'TANGENT (16) needs NORMAL (4)'
          : 'the native loader accepts formats 0..15 only (TANGENT=16 is not loadable)';
    diagnostics.push(
      binaryDiagnostic('mesh/bad-format', { start: 8, end: 9 }, `Mesh format is ${format}: ${why}. Re-export the mesh with a supported vertex format.`, { format }),
    );
    // The loader refuses the file, and its vertex stride is a guess: size and content checks
    // would only add noise.
    return { diagnostics, header };
  }
  const counts = `${header.vertexCount} vertices x ${header.stride} bytes + ${header.indexCount} indices x 2`;
  if (size < header.expectedSize) {
    diagnostics.push(
      binaryDiagnostic(
        'mesh/truncated',
        { start: firstIncompleteItem(header, size), end: size },
        `Mesh is ${size} bytes but its header (${counts}) needs ${header.expectedSize}: ${header.expectedSize - size} bytes missing. Re-export the mesh.`,
        { expectedSize: header.expectedSize },
      ),
    );
  } else if (size > header.expectedSize) {
    diagnostics.push(
      binaryDiagnostic(
        'mesh/trailing-bytes',
        { start: header.expectedSize, end: size },
        `Mesh is ${size} bytes but its header (${counts}) needs ${header.expectedSize}: ${size - header.expectedSize} trailing bytes. Truncate the file or fix the counts.`,
        { expectedSize: header.expectedSize },
      ),
    );
  }
  const problems = new ProblemCollector(options.maxKeyframeProblems);
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const read = (o: number, l: number): Promise<Uint8Array> => source.read(o, l);
  const vertices = Math.min(header.vertexCount, completeVertexCount(header, size));
  const weights = vertexAttributeLayout(format).find((a) => a.attribute === 'boneWeights');
  let maxBoneIndex = -1;
  await forEachRecordChunk(read, MESH_HEADER_SIZE, vertices, header.stride, chunkBytes, (bytes, first, records) => {
    for (let r = 0; r < records; r++) {
      const at = verticesByteLength(header, r);
      const vertex = first + r;
      const start = vertexOffset(header, vertex);
      for (let axis = 0; axis < 3; axis++) {
        const bits = readU16LE(bytes, at + axis * 2);
        if (!isNonFiniteF16(bits)) continue;
        problems.add('mesh/non-finite', () =>
          binaryDiagnostic(
            'mesh/non-finite',
            { start: start + axis * 2, end: start + axis * 2 + 2 },
            `Vertex ${vertex}: position.${'xyz'[axis]} is not finite (f16 0x${bits.toString(16).toUpperCase().padStart(4, '0')}); expected a finite value. Re-export the mesh.`,
            { vertex },
          ),
        );
      }
      if (!weights) continue;
      const w = at + weights.start;
      let anyWeight = false;
      for (let k = 0; k < 4; k++) {
        if (bytes[w + k] === 0) continue;
        anyWeight = true;
        maxBoneIndex = Math.max(maxBoneIndex, bytes[w - 4 + k]);
      }
      if (!anyWeight) {
        problems.add('mesh/zero-weights', () =>
          binaryDiagnostic(
            'mesh/zero-weights',
            { start: start + weights.start, end: start + weights.end },
            `Vertex ${vertex}: all four bone weights are 0, so skinning moves it to the origin. Expected weights summing to about 1 (255). Re-weight the vertex and re-export.`,
            { vertex },
          ),
        );
      }
    }
  });
  const indicesStart = indexOffset(header, 0);
  const indices = Math.max(0, Math.min(header.indexCount, Math.floor((size - indicesStart) / 2)));
  if (vertices === header.vertexCount) {
    await forEachRecordChunk(read, indicesStart, indices, 2, chunkBytes, (bytes, first, records) => {
      for (let r = 0; r < records; r++) {
        const value = readU16LE(bytes, r * 2);
        if (value < header.vertexCount) continue;
        const index = first + r;
        problems.add('mesh/index-out-of-range', () =>
          binaryDiagnostic(
            'mesh/index-out-of-range',
            { start: indicesStart + index * 2, end: indicesStart + index * 2 + 2 },
            `Index ${index} is ${value} but the mesh has ${header.vertexCount} vertices (valid 0..${header.vertexCount - 1}); the GPU would read garbage. Re-export the mesh.`,
            { index, value },
          ),
        );
      }
    });
  }
  diagnostics.push(...problems.finish('mesh/more-problems', { start: MESH_HEADER_SIZE, end: Math.min(size, header.expectedSize) }, 'vertex/index'));
  return { diagnostics, header, maxBoneIndex: weights && maxBoneIndex >= 0 ? maxBoneIndex : undefined };
}
