/**
 * Skeleton (`.ewzskel` / `.nczxskel`): u32 LE bone_count (1..256), u32 LE reserved (documented
 * "must be 0", never enforced upstream), then bone_count inverse bind matrices of 12 f32 LE,
 * column-major 3x4 (c0.xyz, c1.xyz, c2.xyz, t.xyz; implicit bottom row 0 0 0 1).
 */
import { readF32LE, readU32LE } from './bytes';
import type { InverseBindMatrix, SkeletonHeader } from './records';

export const SKELETON_HEADER_SIZE = 8;
/** One f32 of an inverse bind matrix. */
export const INVERSE_BIND_FLOAT_SIZE = 4;
/** Floats per inverse bind: a 3x4 matrix stored column-major. */
export const INVERSE_BIND_FLOATS = 12;
export const INVERSE_BIND_SIZE = INVERSE_BIND_FLOATS * INVERSE_BIND_FLOAT_SIZE;

export type SkeletonHeaderField = 'header.boneCount' | 'header.reserved';

/** The header's fields by byte range: what `parseSkeletonHeader` reads and the describer labels. */
export const SKELETON_HEADER_FIELDS: readonly { field: SkeletonHeaderField; label: string; start: number; end: number }[] = [
  { field: 'header.boneCount', label: 'Bone count (u32 LE)', start: 0, end: 4 },
  { field: 'header.reserved', label: 'Reserved (u32 LE, must be 0)', start: 4, end: 8 },
];
export const MAX_SKELETON_BONES = 256;

export function parseSkeletonHeader(first8: Uint8Array): SkeletonHeader | undefined {
  if (first8.length < SKELETON_HEADER_SIZE) return undefined;
  const boneCount = readU32LE(first8, SKELETON_HEADER_FIELDS[0].start);
  return { boneCount, reserved: readU32LE(first8, SKELETON_HEADER_FIELDS[1].start), expectedSize: skeletonByteLength(boneCount) };
}

/** Bytes of `count` consecutive inverse binds; so also the offset of bone `count`'s matrix from the first. */
export function inverseBindsByteLength(count: number): number {
  return count * INVERSE_BIND_SIZE;
}

/** Size of a skeleton of `boneCount` bones: 8 + bones x 48. */
export function skeletonByteLength(boneCount: number): number {
  return SKELETON_HEADER_SIZE + inverseBindsByteLength(boneCount);
}

/** Byte offset of bone `bone`'s inverse bind matrix. */
export function inverseBindOffset(bone: number): number {
  return SKELETON_HEADER_SIZE + inverseBindsByteLength(bone);
}

/** Whole matrices a file of `size` bytes holds after the header (0 when shorter than the header). */
export function completeInverseBindCount(size: number): number {
  return Math.max(0, Math.floor((size - SKELETON_HEADER_SIZE) / INVERSE_BIND_SIZE));
}

/** The bone whose matrix holds byte `offset` (at or past the header), and which of its 12 floats. */
export function inverseBindSlotAt(offset: number): { bone: number; slot: number; start: number } {
  const bone = Math.floor((offset - SKELETON_HEADER_SIZE) / INVERSE_BIND_SIZE);
  const slot = Math.floor((offset - inverseBindOffset(bone)) / INVERSE_BIND_FLOAT_SIZE);
  return { bone, slot, start: inverseBindOffset(bone) + slot * INVERSE_BIND_FLOAT_SIZE };
}

/** The 12 stored f32 values at `offset`, column-major as stored. */
export function readInverseBind(bytes: Uint8Array, offset: number): InverseBindMatrix {
  const m = new Float32Array(INVERSE_BIND_FLOATS);
  for (let i = 0; i < INVERSE_BIND_FLOATS; i++) m[i] = readF32LE(bytes, offset + i * INVERSE_BIND_FLOAT_SIZE);
  return m;
}

/** Column-major 3x4 -> row-major 3x4 (`[r00 r01 r02 tx, r10 ..., r20 ...]`), like `BoneMatrix`. */
export function inverseBindToRowMajor(m: ArrayLike<number>): Float32Array {
  const out = new Float32Array(12);
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) out[row * 4 + col] = m[col * 3 + row];
  }
  return out;
}

/** Determinant of the 3x3 linear part of a column-major 3x4 matrix, in double precision. */
export function inverseBindDeterminant(m: ArrayLike<number>): number {
  const [a, d, g, b, e, h, c, f, i] = [m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]];
  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

/** Names of the 12 stored floats in order (`ibm.c0.x` ... `ibm.t.z`). */
export const INVERSE_BIND_FIELD_NAMES: readonly string[] = ['c0', 'c1', 'c2', 't'].flatMap((col) =>
  ['x', 'y', 'z'].map((axis) => `ibm.${col}.${axis}`),
);
