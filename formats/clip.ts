/**
 * Clip (`.ewzanim` / `.nczxanim`) codec: header, record addressing (the only place that
 * multiplies by the record size: everyone else asks `recordOffset`, `keyframeOffset`,
 * `clipByteLength`, `recordsByteLength`, `completeRecordCount` or `locateKeyframe`), the scalar reference decoder
 * and encoder, the 3x4 bone matrix, and typed-array bulk paths that are bit-identical to the
 * scalar ones (the tests check that).
 *
 * Layout: u8 bone_count, u8 flags (0), u16 LE frame_count, then frame-major 16-byte records:
 * u32 LE smallest-three rotation, position x,y,z and scale x,y,z as f16 LE.
 */
import { readF32LE, readU16LE, readU32LE, u32View, writeU16LE, writeU32LE } from './bytes';
import { f16LookupTable, f16ToF32, f32ToF16 } from './f16';
import type { BoneMatrix, BoneTransform, ClipHeader, RawKeyframe } from './records';
import { decodeRotation, encodeRotation, rotationFieldTable, rotationOneMinusSquareTable, rotationSquareTable } from './rotation';
import { clipKernels } from './wasm/clipKernels';

export const CLIP_HEADER_SIZE = 4;
export const KEYFRAME_SIZE = 16;
/** The legacy layout (`detectLegacyClip`): a 16-byte header, then one 48-byte 3x4 f32 matrix per record. */
export const LEGACY_CLIP_HEADER_SIZE = 16;
export const LEGACY_CLIP_RECORD_SIZE = 48;

export type ClipHeaderField = 'header.boneCount' | 'header.flags' | 'header.frameCount';

/** The current header's fields by byte range: what `parseClipHeader` reads and the describer labels. */
export const CLIP_HEADER_FIELDS: readonly { field: ClipHeaderField; label: string; start: number; end: number }[] = [
  { field: 'header.boneCount', label: 'Bone count (u8)', start: 0, end: 1 },
  { field: 'header.flags', label: 'Flags (u8, must be 0)', start: 1, end: 2 },
  { field: 'header.frameCount', label: 'Frame count (u16 LE)', start: 2, end: 4 },
];
/** 4 + 255 bones x 65535 frames x 16 bytes: the largest legal clip. */
export const MAX_CLIP_SIZE = 267382804;
/** Floats per keyframe in `decodeClipRecords` output: qx qy qz qw, px py pz, sx sy sz. */
export const TRANSFORM_FLOATS = 10;
/** Floats per keyframe in `clipBoneMatrices` output: a row-major 3x4 matrix. */
export const MATRIX_FLOATS = 12;

export function parseClipHeader(first4: Uint8Array): ClipHeader | undefined {
  if (first4.length < CLIP_HEADER_SIZE) return undefined;
  const boneCount = first4[CLIP_HEADER_FIELDS[0].start];
  const frameCount = readU16LE(first4, CLIP_HEADER_FIELDS[2].start);
  return { boneCount, flags: first4[CLIP_HEADER_FIELDS[1].start], frameCount, expectedSize: clipByteLength(boneCount, frameCount) };
}

/** Bytes of `count` consecutive records; so also the offset of record `count` from the first record. */
export function recordsByteLength(count: number): number {
  return count * KEYFRAME_SIZE;
}

/** Size of a clip of `boneCount` x `frameCount` records: 4 + frames x bones x 16. */
export function clipByteLength(boneCount: number, frameCount: number): number {
  return CLIP_HEADER_SIZE + recordsByteLength(frameCount * boneCount);
}

/** Byte offset of record number `index` (frame-major: frame x bones + bone). */
export function recordOffset(index: number): number {
  return CLIP_HEADER_SIZE + recordsByteLength(index);
}

/** Byte offset of the record of `frame`, `bone`. */
export function keyframeOffset(header: Pick<ClipHeader, 'boneCount'>, frame: number, bone: number): number {
  return recordOffset(frame * header.boneCount + bone);
}

/** Whole records a file of `size` bytes holds after the header (0 when shorter than the header). */
export function completeRecordCount(size: number): number {
  return Math.max(0, Math.floor((size - CLIP_HEADER_SIZE) / KEYFRAME_SIZE));
}

export type KeyframeField = 'rotation' | 'position.x' | 'position.y' | 'position.z' | 'scale.x' | 'scale.y' | 'scale.z';

/** Field of a record by byte offset inside it (0..15). */
export const KEYFRAME_FIELDS: readonly { field: KeyframeField; start: number; end: number }[] = [
  { field: 'rotation', start: 0, end: 4 },
  { field: 'position.x', start: 4, end: 6 },
  { field: 'position.y', start: 6, end: 8 },
  { field: 'position.z', start: 8, end: 10 },
  { field: 'scale.x', start: 10, end: 12 },
  { field: 'scale.y', start: 12, end: 14 },
  { field: 'scale.z', start: 14, end: 16 },
];

export function keyframeFieldAt(offsetInRecord: number): { field: KeyframeField; start: number; end: number } {
  for (const f of KEYFRAME_FIELDS) if (offsetInRecord < f.end) return f;
  return KEYFRAME_FIELDS[KEYFRAME_FIELDS.length - 1];
}

export interface KeyframeLocation {
  frame: number;
  bone: number;
  recordStart: number;
  field: KeyframeField;
}

/** Which record (by the header's counts) holds byte `offset`; undefined in the header or past the records. */
export function locateKeyframe(header: Pick<ClipHeader, 'boneCount' | 'frameCount'>, offset: number): KeyframeLocation | undefined {
  if (header.boneCount === 0 || offset < CLIP_HEADER_SIZE || !Number.isInteger(offset)) return undefined;
  const index = Math.floor((offset - CLIP_HEADER_SIZE) / KEYFRAME_SIZE);
  if (index >= header.boneCount * header.frameCount) return undefined;
  const recordStart = recordOffset(index);
  return {
    frame: Math.floor(index / header.boneCount),
    bone: index % header.boneCount,
    recordStart,
    field: keyframeFieldAt(offset - recordStart).field,
  };
}

export function readRawKeyframe(bytes: Uint8Array, offset: number): RawKeyframe {
  return {
    rotationWord: readU32LE(bytes, offset),
    positionBits: [readU16LE(bytes, offset + 4), readU16LE(bytes, offset + 6), readU16LE(bytes, offset + 8)],
    scaleBits: [readU16LE(bytes, offset + 10), readU16LE(bytes, offset + 12), readU16LE(bytes, offset + 14)],
  };
}

/** Scalar reference decoder (arithmetic, no tables). */
export function decodeRawKeyframe(raw: RawKeyframe): BoneTransform {
  return {
    rotation: decodeRotation(raw.rotationWord),
    position: [f16ToF32(raw.positionBits[0]), f16ToF32(raw.positionBits[1]), f16ToF32(raw.positionBits[2])],
    scale: [f16ToF32(raw.scaleBits[0]), f16ToF32(raw.scaleBits[1]), f16ToF32(raw.scaleBits[2])],
  };
}

export function decodeKeyframe(bytes: Uint8Array, offset: number): BoneTransform {
  return decodeRawKeyframe(readRawKeyframe(bytes, offset));
}

/** The writer: rotation through `encodeRotation`, position and scale through `f32ToF16`. */
export function encodeKeyframe(t: BoneTransform, out: Uint8Array, offset: number): void {
  writeU32LE(out, offset, encodeRotation(t.rotation));
  for (let i = 0; i < 3; i++) {
    writeU16LE(out, offset + 4 + i * 2, f32ToF16(t.position[i]));
    writeU16LE(out, offset + 10 + i * 2, f32ToF16(t.scale[i]));
  }
}

const fr = Math.fround;

/**
 * Writes `[R(q) * diag(s) | t]` row-major at `out[o..o+12]` from `t` = [x y z w, px py pz,
 * sx sy sz], every step in f32, q as decoded (not renormalised): r00 = 1-2(yy+zz),
 * r01 = 2(xy-wz), r02 = 2(xz+wy), r10 = 2(xy+wz), r11 = 1-2(xx+zz), r12 = 2(yz-wx),
 * r20 = 2(xz-wy), r21 = 2(yz+wx), r22 = 1-2(xx+yy); column j times s_j. The scalar and the bulk
 * path both call it (inputs through a Float32Array, so V8 passes no boxed doubles).
 */
function writeMatrix(t: Float32Array, out: Float32Array, o: number): void {
  const x = t[0], y = t[1], z = t[2], w = t[3], sx = t[7], sy = t[8], sz = t[9];
  const xx = fr(x * x), yy = fr(y * y), zz = fr(z * z);
  const xy = fr(x * y), xz = fr(x * z), yz = fr(y * z);
  const wx = fr(w * x), wy = fr(w * y), wz = fr(w * z);
  // Doubling an f32 is exact, and the Float32Array store rounds the final product.
  out[o] = fr(1 - 2 * fr(yy + zz)) * sx;
  out[o + 1] = 2 * fr(xy - wz) * sy;
  out[o + 2] = 2 * fr(xz + wy) * sz;
  out[o + 3] = t[4];
  out[o + 4] = 2 * fr(xy + wz) * sx;
  out[o + 5] = fr(1 - 2 * fr(xx + zz)) * sy;
  out[o + 6] = 2 * fr(yz - wx) * sz;
  out[o + 7] = t[5];
  out[o + 8] = 2 * fr(xz - wy) * sx;
  out[o + 9] = 2 * fr(yz + wx) * sy;
  out[o + 10] = fr(1 - 2 * fr(xx + yy)) * sz;
  out[o + 11] = t[6];
}

const matrixInput = new Float32Array(TRANSFORM_FLOATS);

/** 3x4 row-major bone matrix of a decoded transform (what `keyframe_bind` uploads). */
export function boneMatrix(t: BoneTransform, out: Float32Array = new Float32Array(MATRIX_FLOATS)): BoneMatrix {
  const input = matrixInput;
  input.set(t.rotation, 0);
  input.set(t.position, 4);
  input.set(t.scale, 7);
  writeMatrix(input, out, 0);
  return out;
}

/**
 * 3x4 row-major bone matrices of `count` decoded transforms (TRANSFORM_FLOATS each, as
 * `decodeClipRecords` writes them, or a mixed pose), with `boneMatrix`'s f32 steps. No allocation.
 */
export function transformMatrices(transforms: Float32Array, count: number, out: Float32Array): Float32Array {
  const input = matrixInput;
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < TRANSFORM_FLOATS; k++) input[k] = transforms[i * TRANSFORM_FLOATS + k];
    writeMatrix(input, out, i * MATRIX_FLOATS);
  }
  return out;
}

/** Throws a RangeError when `count` records from `byteOffset` do not lie inside `bytes`. */
function checkRecordRange(bytes: Uint8Array, byteOffset: number, count: number): void {
  const length = recordsByteLength(count);
  if (byteOffset < 0 || byteOffset + length > bytes.length) {
    throw new RangeError(`records ${byteOffset}..${byteOffset + length} exceed the ${bytes.length} bytes given`);
  }
}

/** Aligned little-endian u32 words of `count` records starting at `byteOffset`. */
function recordWords(bytes: Uint8Array, byteOffset: number, count: number): Uint32Array {
  checkRecordRange(bytes, byteOffset, count);
  return u32View(bytes.subarray(byteOffset, byteOffset + recordsByteLength(count)));
}

/**
 * Decodes the record whose rotation word is `words[wi]` into `out[o..o+10]` (qx qy qz qw, px py
 * pz, sx sy sz) from lookup tables: exactly the scalar decoder's f32 values. The three stored
 * components are placed without branches (the dropped index varies from bone to bone, so a
 * switch mispredicts): a goes to slot 0 + (idx <= 0), b to 1 + (idx <= 1), c to 2 + (idx <= 2),
 * where (idx <= k) is (idx - k - 1) >>> 31, and the rebuilt component to slot idx.
 */
function decodeRecordInto(words: Uint32Array, wi: number, out: Float32Array, o: number, tables: DecodeTables): void {
  const { field, square, oneMinus, half } = tables;
  const rot = words[wi];
  const a = rot >>> 22, b = (rot >>> 12) & 0x3ff, c = (rot >>> 2) & 0x3ff, idx = rot & 3;
  const radicand = fr(fr(oneMinus[a] - square[b]) - square[c]);
  out[o + idx] = Math.sqrt(radicand > 0 ? radicand : 0);
  out[o + ((idx - 1) >>> 31)] = field[a];
  out[o + 1 + ((idx - 2) >>> 31)] = field[b];
  out[o + 2 + ((idx - 3) >>> 31)] = field[c];
  const w1 = words[wi + 1], w2 = words[wi + 2], w3 = words[wi + 3];
  out[o + 4] = half[w1 & 0xffff];
  out[o + 5] = half[w1 >>> 16];
  out[o + 6] = half[w2 & 0xffff];
  out[o + 7] = half[w2 >>> 16];
  out[o + 8] = half[w3 & 0xffff];
  out[o + 9] = half[w3 >>> 16];
}

interface DecodeTables {
  field: Float32Array;
  square: Float32Array;
  oneMinus: Float32Array;
  half: Float32Array;
}

function decodeTables(): DecodeTables {
  return { field: rotationFieldTable(), square: rotationSquareTable(), oneMinus: rotationOneMinusSquareTable(), half: f16LookupTable() };
}

/**
 * Bulk decode of `count` consecutive records into `out` (10 f32 per record: qx qy qz qw,
 * px py pz, sx sy sz), bit-identical to `decodeKeyframe` (the tests compare them bit for bit).
 * Runs the WebAssembly kernel (native f32 steps) where WebAssembly is available, else
 * `decodeClipRecordsTs`.
 */
export function decodeClipRecords(bytes: Uint8Array, byteOffset: number, count: number, out: Float32Array): Float32Array {
  const kernels = clipKernels();
  if (!kernels) return decodeClipRecordsTs(bytes, byteOffset, count, out);
  checkRecordRange(bytes, byteOffset, count);
  kernels.run(bytes, byteOffset, count, out, TRANSFORM_FLOATS, false);
  return out;
}

/** Bulk decode straight to 3x4 row-major bone matrices (12 f32 per record), bit-identical to `boneMatrix`; WebAssembly where available. */
export function clipBoneMatrices(bytes: Uint8Array, byteOffset: number, count: number, out: Float32Array): Float32Array {
  const kernels = clipKernels();
  if (!kernels) return clipBoneMatricesTs(bytes, byteOffset, count, out);
  checkRecordRange(bytes, byteOffset, count);
  kernels.run(bytes, byteOffset, count, out, MATRIX_FLOATS, true);
  return out;
}

/** The TypeScript bulk decode (lookup tables, `Math.fround` steps): the fallback without WebAssembly. */
export function decodeClipRecordsTs(bytes: Uint8Array, byteOffset: number, count: number, out: Float32Array): Float32Array {
  const words = recordWords(bytes, byteOffset, count);
  const tables = decodeTables();
  for (let i = 0, wi = 0, o = 0; i < count; i++, wi += 4, o += TRANSFORM_FLOATS) decodeRecordInto(words, wi, out, o, tables);
  return out;
}

/** The TypeScript bulk decode to 3x4 matrices: the fallback without WebAssembly. */
export function clipBoneMatricesTs(bytes: Uint8Array, byteOffset: number, count: number, out: Float32Array): Float32Array {
  const words = recordWords(bytes, byteOffset, count);
  const tables = decodeTables();
  const t = new Float32Array(TRANSFORM_FLOATS);
  for (let i = 0, wi = 0, o = 0; i < count; i++, wi += 4, o += MATRIX_FLOATS) {
    decodeRecordInto(words, wi, t, 0, tables);
    writeMatrix(t, out, o);
  }
  return out;
}

/** The two-day-old layout: 16-byte header (u32 bones, u32 frames, f32 fps, u32 flags), then 48-byte 3x4 matrices. */
export interface LegacyClipLayout {
  boneCount: number;
  frameCount: number;
  frameRate: number;
  flags: number;
  expectedSize: number;
}

/** Recognises the legacy layout by `size == 16 + u32@0 * u32@4 * 48` (with non-zero counts). */
export function detectLegacyClip(first16: Uint8Array, size: number): LegacyClipLayout | undefined {
  if (first16.length < LEGACY_CLIP_HEADER_SIZE || size < LEGACY_CLIP_HEADER_SIZE) return undefined;
  const boneCount = readU32LE(first16, 0);
  const frameCount = readU32LE(first16, 4);
  if (boneCount === 0 || frameCount === 0) return undefined;
  const expectedSize = LEGACY_CLIP_HEADER_SIZE + boneCount * frameCount * LEGACY_CLIP_RECORD_SIZE;
  if (expectedSize !== size) return undefined;
  return { boneCount, frameCount, frameRate: readF32LE(first16, 8), flags: readU32LE(first16, 12), expectedSize };
}
