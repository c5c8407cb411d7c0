/**
 * Mesh (`.ewzmesh` / `.nczxmesh` / `.nczmesh`): header u32 vertex_count, u32 index_count, u8
 * format, 3 padding bytes; then vertices; then index_count u16 LE indices. Vertex attributes in
 * order: position 4 x f16 (w = 1), UV 2 x unorm16, colour 4 x unorm8, normal (octahedral u32),
 * tangent (octahedral u32, bit 16 = handedness), bone indices 4 x u8, bone weights 4 x unorm8.
 */
import { readU16LE, readU32LE } from './bytes';
import { f16ToF32 } from './f16';
import { MESH_FORMAT, type MeshHeader, type MeshVertex, type Vec3 } from './records';

export const MESH_HEADER_SIZE = 12;
/** The native loader accepts format values up to 15 (no tangents). */
export const MAX_NATIVE_MESH_FORMAT = 15;

export function meshStride(format: number): number {
  return (
    8 +
    (format & MESH_FORMAT.UV ? 4 : 0) +
    (format & MESH_FORMAT.COLOR ? 4 : 0) +
    (format & MESH_FORMAT.NORMAL ? 4 : 0) +
    (format & MESH_FORMAT.TANGENT ? 4 : 0) +
    (format & MESH_FORMAT.SKINNED ? 8 : 0)
  );
}

export function parseMeshHeader(first12: Uint8Array): MeshHeader | undefined {
  if (first12.length < MESH_HEADER_SIZE) return undefined;
  const vertexCount = readU32LE(first12, 0);
  const indexCount = readU32LE(first12, 4);
  const format = first12[8];
  const stride = meshStride(format);
  return { vertexCount, indexCount, format, stride, expectedSize: meshByteLength({ vertexCount, stride }, indexCount) };
}

/** Bytes of one index (u16 LE). */
export const MESH_INDEX_SIZE = 2;

/** Bytes of `count` consecutive vertices; so also the offset of vertex `count` from the first. */
export function verticesByteLength(header: Pick<MeshHeader, 'stride'>, count: number): number {
  return count * header.stride;
}

/** Byte offset of vertex `vertex` (and, for `vertex` = the vertex count, of the index list). */
export function vertexOffset(header: Pick<MeshHeader, 'stride'>, vertex: number): number {
  return MESH_HEADER_SIZE + verticesByteLength(header, vertex);
}

/** Whole vertices a file of `size` bytes holds after the header (0 when shorter than the header). */
export function completeVertexCount(header: Pick<MeshHeader, 'stride'>, size: number): number {
  return Math.max(0, Math.floor((size - MESH_HEADER_SIZE) / header.stride));
}

/** Byte offset of index `index`. */
export function indexOffset(header: Pick<MeshHeader, 'stride' | 'vertexCount'>, index: number): number {
  return vertexOffset(header, header.vertexCount) + index * MESH_INDEX_SIZE;
}

/** Size of a mesh of the header's vertices and `indexCount` indices: 12 + vertices x stride + indices x 2. */
export function meshByteLength(header: Pick<MeshHeader, 'stride' | 'vertexCount'>, indexCount: number): number {
  return indexOffset(header, indexCount);
}

export type MeshAttribute = 'position' | 'uv' | 'color' | 'normal' | 'tangent' | 'boneIndices' | 'boneWeights';

/** Byte ranges of each attribute inside one vertex, in file order. */
export function vertexAttributeLayout(format: number): { attribute: MeshAttribute; start: number; end: number }[] {
  const layout: { attribute: MeshAttribute; start: number; end: number }[] = [];
  let at = 0;
  const add = (attribute: MeshAttribute, size: number): void => {
    layout.push({ attribute, start: at, end: at + size });
    at += size;
  };
  add('position', 8);
  if (format & MESH_FORMAT.UV) add('uv', 4);
  if (format & MESH_FORMAT.COLOR) add('color', 4);
  if (format & MESH_FORMAT.NORMAL) add('normal', 4);
  if (format & MESH_FORMAT.TANGENT) add('tangent', 4);
  if (format & MESH_FORMAT.SKINNED) {
    add('boneIndices', 4);
    add('boneWeights', 4);
  }
  return layout;
}

const fr = Math.fround;

/** snorm16 -> f32 as upstream: i16 / 32767 (so -32768 gives slightly below -1). */
function snorm16(bits: number): number {
  return fr(((bits << 16) >> 16) / 32767);
}

/** Upstream `decode_octahedral` then `normalize_or_zero`, f32 steps. */
export function decodeOctahedral(packed: number): Vec3 {
  const u = snorm16(packed & 0xffff);
  const v = snorm16(packed >>> 16);
  let x = u;
  let y = v;
  const z = fr(fr(1 - Math.abs(u)) - Math.abs(v));
  if (z < 0) {
    x = fr(fr(1 - Math.abs(v)) * (u >= 0 ? 1 : -1));
    y = fr(fr(1 - Math.abs(u)) * (v >= 0 ? 1 : -1));
  }
  const length = fr(Math.sqrt(fr(fr(fr(x * x) + fr(y * y)) + fr(z * z))));
  const reciprocal = fr(1 / length);
  if (!Number.isFinite(reciprocal) || !(reciprocal > 0)) return [0, 0, 0];
  return [fr(x * reciprocal), fr(y * reciprocal), fr(z * reciprocal)];
}

/** Decodes one vertex at `offset` (the caller checked that `stride` bytes are there). */
export function decodeVertex(bytes: Uint8Array, offset: number, format: number): MeshVertex {
  const vertex: MeshVertex = {
    position: [f16ToF32(readU16LE(bytes, offset)), f16ToF32(readU16LE(bytes, offset + 2)), f16ToF32(readU16LE(bytes, offset + 4))],
  };
  for (const { attribute, start } of vertexAttributeLayout(format)) {
    const at = offset + start;
    switch (attribute) {
      case 'uv':
        vertex.uv = [fr(readU16LE(bytes, at) / 65535), fr(readU16LE(bytes, at + 2) / 65535)];
        break;
      case 'color':
        vertex.color = [fr(bytes[at] / 255), fr(bytes[at + 1] / 255), fr(bytes[at + 2] / 255), fr(bytes[at + 3] / 255)];
        break;
      case 'normal':
        vertex.normal = decodeOctahedral(readU32LE(bytes, at));
        break;
      case 'tangent': {
        const packed = readU32LE(bytes, at);
        // Bit 16 (the lowest bit of v) carries the handedness; the shader masks it out before decoding.
        vertex.tangent = { direction: decodeOctahedral(packed & 0xfffeffff), handedness: packed & 0x10000 ? -1 : 1 };
        break;
      }
      case 'boneIndices':
        vertex.boneIndices = [bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]];
        break;
      case 'boneWeights':
        vertex.boneWeights = [fr(bytes[at] / 255), fr(bytes[at + 1] / 255), fr(bytes[at + 2] / 255), fr(bytes[at + 3] / 255)];
        break;
      default:
        break;
    }
  }
  return vertex;
}
