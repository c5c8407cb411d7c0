/**
 * The semantic diff of two meshes: counts and attribute formats stated when they differ; over the
 * vertices both hold, the largest position distance, normal angle and UV distance (and where),
 * how many vertices changed at all; over the indices both hold, how many differ and the first.
 * Read a block of vertices (and of indices) at a time.
 */
import { readU16LE } from '../bytes';
import type { ByteSource } from '../fileAccess';
import { MESH_HEADER_SIZE, completeVertexCount, decodeVertex, indexOffset, parseMeshHeader, vertexOffset } from '../mesh';
import { MESH_FORMAT, type MeshHeader } from '../records';
import { type CountChange, type DiffFailure, type Extreme, type IndexSpan, NO_EXTREME, diffFailure, spanPast } from './diffTypes';
import { distance2, distance3, vectorAngleDeg } from './metrics';

const VERTICES_PER_BLOCK = 16384;
const INDICES_PER_BLOCK = 1 << 18;

export interface MeshShape {
  vertexCount: number;
  indexCount: number;
  format: number;
  /** The attributes of the format bits, by name (UV, COLOR, NORMAL, SKINNED, TANGENT). */
  attributes: string[];
  size: number;
}

export interface MeshDiff {
  kind: 'mesh';
  a: MeshShape;
  b: MeshShape;
  headerChanges: CountChange[];
  compared: { vertexCount: number; indexCount: number };
  onlyIn: { a: { vertices?: IndexSpan; indices?: IndexSpan }; b: { vertices?: IndexSpan; indices?: IndexSpan } };
  identical: boolean;
  changedVertices: number;
  changedIndices: number;
  /** Position of the first index that differs (-1 when none). */
  firstChangedIndex: number;
  /** Extremes by vertex (`index`); normals only where both formats have them, UVs likewise. */
  worst: { position: Extreme; normalAngle: Extreme; uv: Extreme };
}

export function meshAttributeNames(format: number): string[] {
  return (Object.keys(MESH_FORMAT) as (keyof typeof MESH_FORMAT)[]).filter((name) => format & MESH_FORMAT[name]);
}

function meshShape(header: MeshHeader, size: number): MeshShape {
  return { vertexCount: header.vertexCount, indexCount: header.indexCount, format: header.format, attributes: meshAttributeNames(header.format), size };
}

async function readHeader(source: ByteSource, side: string): Promise<MeshHeader | DiffFailure> {
  const header = parseMeshHeader(await source.read(0, MESH_HEADER_SIZE));
  if (!header) return diffFailure('diff/bad-header', `${side}: ${source.size} bytes is shorter than the ${MESH_HEADER_SIZE}-byte mesh header`);
  return header;
}

/** Vertices whose every byte is in the file. */
function completeVertices(header: MeshHeader, size: number): number {
  return Math.min(header.vertexCount, completeVertexCount(header, size));
}

function completeIndices(header: MeshHeader, size: number): number {
  const first = indexOffset(header, 0);
  return Math.min(header.indexCount, Math.max(0, Math.floor((size - first) / (indexOffset(header, 1) - first))));
}

function sameBytes(a: Uint8Array, ai: number, b: Uint8Array, bi: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (a[ai + k] !== b[bi + k]) return false;
  return true;
}

/** Bytes `[startA, endA)` of `a` and `[startB, endB)` of `b`. */
async function readPair(a: ByteSource, startA: number, endA: number, b: ByteSource, startB: number, endB: number): Promise<[Uint8Array, Uint8Array]> {
  return [await a.read(startA, endA - startA), await b.read(startB, endB - startB)];
}

const better = (worst: Extreme, value: number, index: number): Extreme => (value > worst.value ? { value, index, frame: -1 } : worst);

/** Compares mesh `a` with mesh `b` vertex by vertex and index by index. */
export async function diffMeshes(a: ByteSource, b: ByteSource): Promise<MeshDiff | DiffFailure> {
  const headerA = await readHeader(a, 'A');
  if ('failure' in headerA) return headerA;
  const headerB = await readHeader(b, 'B');
  if ('failure' in headerB) return headerB;
  const vertices = Math.min(completeVertices(headerA, a.size), completeVertices(headerB, b.size));
  const sameLayout = headerA.format === headerB.format;
  let worst = { position: { ...NO_EXTREME }, normalAngle: { ...NO_EXTREME }, uv: { ...NO_EXTREME } };
  let changedVertices = 0;
  for (let first = 0; first < vertices; first += VERTICES_PER_BLOCK) {
    const last = Math.min(vertices, first + VERTICES_PER_BLOCK);
    const startA = vertexOffset(headerA, first), startB = vertexOffset(headerB, first);
    const [bytesA, bytesB] = await readPair(a, startA, vertexOffset(headerA, last), b, startB, vertexOffset(headerB, last));
    for (let vertex = first; vertex < last; vertex++) {
      const atA = vertexOffset(headerA, vertex) - startA, atB = vertexOffset(headerB, vertex) - startB;
      if (sameLayout && sameBytes(bytesA, atA, bytesB, atB, headerA.stride)) continue;
      const va = decodeVertex(bytesA, atA, headerA.format), vb = decodeVertex(bytesB, atB, headerB.format);
      const position = distance3(va.position, 0, vb.position, 0);
      const normal = va.normal && vb.normal ? vectorAngleDeg(va.normal, 0, vb.normal, 0) : 0;
      const uv = va.uv && vb.uv ? distance2(va.uv, 0, vb.uv, 0) : 0;
      // With different formats, a vertex counts as changed only when a shared measure moved.
      if (!sameLayout && position === 0 && normal === 0 && uv === 0) continue;
      changedVertices++;
      worst = { position: better(worst.position, position, vertex), normalAngle: better(worst.normalAngle, normal, vertex), uv: better(worst.uv, uv, vertex) };
    }
  }
  const indices = Math.min(completeIndices(headerA, a.size), completeIndices(headerB, b.size));
  let changedIndices = 0;
  let firstChangedIndex = -1;
  for (let first = 0; first < indices; first += INDICES_PER_BLOCK) {
    const last = Math.min(indices, first + INDICES_PER_BLOCK);
    const startA = indexOffset(headerA, first), startB = indexOffset(headerB, first);
    const [bytesA, bytesB] = await readPair(a, startA, indexOffset(headerA, last), b, startB, indexOffset(headerB, last));
    for (let i = first; i < last; i++) {
      const atA = indexOffset(headerA, i) - startA, atB = indexOffset(headerB, i) - startB;
      if (readU16LE(bytesA, atA) === readU16LE(bytesB, atB)) continue;
      changedIndices++;
      if (firstChangedIndex < 0) firstChangedIndex = i;
    }
  }
  const shapeA = meshShape(headerA, a.size), shapeB = meshShape(headerB, b.size);
  const fields: [string, keyof MeshShape][] = [
    ['vertex count', 'vertexCount'],
    ['index count', 'indexCount'],
    ['format', 'format'],
    ['size', 'size'],
  ];
  const headerChanges = fields.filter(([, key]) => shapeA[key] !== shapeB[key]).map(([field, key]) => ({ field, a: shapeA[key] as number, b: shapeB[key] as number }));
  const onlyIn = (shape: MeshShape): { vertices?: IndexSpan; indices?: IndexSpan } => {
    const out: { vertices?: IndexSpan; indices?: IndexSpan } = {};
    const v = spanPast(vertices, shape.vertexCount), i = spanPast(indices, shape.indexCount);
    if (v) out.vertices = v;
    if (i) out.indices = i;
    return out;
  };
  return {
    kind: 'mesh',
    a: shapeA,
    b: shapeB,
    headerChanges,
    compared: { vertexCount: vertices, indexCount: indices },
    onlyIn: { a: onlyIn(shapeA), b: onlyIn(shapeB) },
    identical: headerChanges.length === 0 && changedVertices === 0 && changedIndices === 0,
    changedVertices,
    changedIndices,
    firstChangedIndex,
    worst,
  };
}
