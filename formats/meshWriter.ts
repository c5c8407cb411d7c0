/**
 * The mesh writer: attribute arrays -> `.nczxmesh` bytes in the layout `mesh.ts` reads
 * (positions as 4 x f16 with w = 1, UVs as unorm16, colours and weights as unorm8, normals
 * octahedral in two snorm16, bone indices as u8). Tangents are not written: the native loader
 * refuses format bit 16.
 */
import { writeU16LE, writeU32LE } from './bytes';
import { f32ToF16 } from './f16';
import { decodeOctahedral, indexOffset, meshByteLength, meshStride, vertexAttributeLayout, vertexOffset } from './mesh';
import { MESH_FORMAT, type Vec3 } from './records';

export interface MeshData {
  /** xyz per vertex. */
  positions: Float32Array | Float64Array;
  /** uv per vertex, clamped to 0..1 (unorm16). */
  uvs?: Float32Array | Float64Array;
  /** rgba per vertex, 0..1 (unorm8). */
  colors?: Float32Array | Float64Array;
  /** xyz per vertex (normalised before encoding). */
  normals?: Float32Array | Float64Array;
  /** 4 bone indices per vertex. */
  joints?: Uint8Array;
  /** 4 unorm8 weights per vertex, as stored (the console does not renormalise them). */
  weights?: Uint8Array;
  /** u16 indices; none means not indexed. */
  indices?: Uint16Array;
}

export function meshFormatOf(data: MeshData): number {
  return (data.uvs ? MESH_FORMAT.UV : 0) | (data.colors ? MESH_FORMAT.COLOR : 0) | (data.normals ? MESH_FORMAT.NORMAL : 0) | (data.joints && data.weights ? MESH_FORMAT.SKINNED : 0);
}

function snorm16(value: number): number {
  return Math.max(-32767, Math.min(32767, value)) & 0xffff;
}

/**
 * The packed octahedral normal whose decoding (`decodeOctahedral`, the console's) is closest to
 * `normal`: the four roundings of the projected point are tried and the best kept.
 */
export function encodeOctahedral(normal: ArrayLike<number>): number {
  const [x, y, z] = [normal[0], normal[1], normal[2]];
  const l1 = Math.abs(x) + Math.abs(y) + Math.abs(z);
  if (!(l1 > 0)) return 0;
  let u = x / l1, v = y / l1;
  if (z < 0) {
    const fu = (1 - Math.abs(v)) * (u >= 0 ? 1 : -1);
    v = (1 - Math.abs(u)) * (v >= 0 ? 1 : -1);
    u = fu;
  }
  const length = Math.hypot(x, y, z);
  const target: Vec3 = [x / length, y / length, z / length];
  let best = 0, bestAngle = Infinity;
  for (const qu of [Math.floor(u * 32767), Math.ceil(u * 32767)]) {
    for (const qv of [Math.floor(v * 32767), Math.ceil(v * 32767)]) {
      const packed = (snorm16(qu) | (snorm16(qv) << 16)) >>> 0;
      const d = decodeOctahedral(packed);
      // The angle by atan2(|d x t|, d.t): the decoded f32 vector is not exactly unit, so
      // comparing dot products alone would rank candidates by that length error instead.
      const cross = Math.hypot(d[1] * target[2] - d[2] * target[1], d[2] * target[0] - d[0] * target[2], d[0] * target[1] - d[1] * target[0]);
      const angle = Math.atan2(cross, d[0] * target[0] + d[1] * target[1] + d[2] * target[2]);
      if (angle < bestAngle) {
        bestAngle = angle;
        best = packed;
      }
    }
  }
  return best;
}

function unorm(value: number, max: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * max);
}

/** The mesh file of `data` (format bits from the attributes present). */
export function writeMesh(data: MeshData): Uint8Array {
  const format = meshFormatOf(data);
  const vertexCount = data.positions.length / 3;
  const indexCount = data.indices?.length ?? 0;
  const addressing = { stride: meshStride(format), vertexCount };
  const bytes = new Uint8Array(meshByteLength(addressing, indexCount));
  writeU32LE(bytes, 0, vertexCount);
  writeU32LE(bytes, 4, indexCount);
  bytes[8] = format;
  const layout = vertexAttributeLayout(format);
  for (let v = 0; v < vertexCount; v++) {
    const base = vertexOffset(addressing, v);
    for (const { attribute, start } of layout) {
      const at = base + start;
      switch (attribute) {
        case 'position':
          for (let i = 0; i < 3; i++) writeU16LE(bytes, at + i * 2, f32ToF16(data.positions[v * 3 + i]));
          writeU16LE(bytes, at + 6, 0x3c00);
          break;
        case 'uv':
          writeU16LE(bytes, at, unorm(data.uvs![v * 2], 65535));
          writeU16LE(bytes, at + 2, unorm(data.uvs![v * 2 + 1], 65535));
          break;
        case 'color':
          for (let i = 0; i < 4; i++) bytes[at + i] = unorm(data.colors![v * 4 + i], 255);
          break;
        case 'normal':
          writeU32LE(bytes, at, encodeOctahedral(data.normals!.subarray(v * 3, v * 3 + 3)));
          break;
        case 'boneIndices':
          bytes.set(data.joints!.subarray(v * 4, v * 4 + 4), at);
          break;
        case 'boneWeights':
          bytes.set(data.weights!.subarray(v * 4, v * 4 + 4), at);
          break;
        default:
          break;
      }
    }
  }
  for (let i = 0; i < indexCount; i++) writeU16LE(bytes, indexOffset(addressing, i), data.indices![i]);
  return bytes;
}

/**
 * Four weights (any non-negative sum) -> four unorm8 bytes summing to exactly 255 (largest
 * remainder), so the console, which does not renormalise, skins with weights summing to 1.
 * All-zero weights stay zero.
 */
export function quantizeWeights(weights: ArrayLike<number>, out: Uint8Array, offset: number): void {
  let sum = 0;
  for (let i = 0; i < 4; i++) sum += Math.max(0, weights[i]);
  if (!(sum > 0)) {
    out.fill(0, offset, offset + 4);
    return;
  }
  const scaled = [0, 1, 2, 3].map((i) => (Math.max(0, weights[i]) / sum) * 255);
  const floors = scaled.map(Math.floor);
  let remaining = 255 - floors.reduce((a, b) => a + b, 0);
  const order = [0, 1, 2, 3].sort((a, b) => scaled[b] - floors[b] - (scaled[a] - floors[a]) || a - b);
  for (const i of order) {
    if (remaining <= 0) break;
    floors[i]++;
    remaining--;
  }
  for (let i = 0; i < 4; i++) out[offset + i] = floors[i];
}
