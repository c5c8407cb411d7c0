import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MATRIX_FLOATS,
  MAX_CLIP_SIZE,
  TRANSFORM_FLOATS,
  boneMatrix,
  clipBoneMatrices,
  decodeClipRecords,
  decodeKeyframe,
  detectLegacyClip,
  encodeKeyframe,
  keyframeOffset,
  locateKeyframe,
  parseClipHeader,
  readRawKeyframe,
} from '../../../formats/clip';
import { f16ToF32 } from '../../../formats/f16';
import type { BoneTransform } from '../../../formats/records';
import { seededRandom, upstreamFile } from '../../gpu/clipFixtures';

const fr = Math.fround;

test('MAX_CLIP_SIZE is 4 + 255 x 65535 x 16', () => {
  assert.equal(MAX_CLIP_SIZE, 4 + 255 * 65535 * 16);
  const header = parseClipHeader(new Uint8Array([255, 0, 0xff, 0xff]));
  assert.equal(header?.expectedSize, MAX_CLIP_SIZE);
});

test('upstream clips: headers and sizes', () => {
  const table: [string, number, number, number][] = [
    ['animation-demo/assets/wave.ewzanim', 3, 30, 1444],
    ['multi-skinned-rom/assets/wave1.ewzanim', 3, 30, 1444],
    ['multi-skinned-rom/assets/wave2.ewzanim', 4, 30, 1924],
  ];
  for (const [path, bones, frames, size] of table) {
    const bytes = upstreamFile(path);
    assert.equal(bytes.length, size);
    assert.deepEqual(parseClipHeader(bytes), { boneCount: bones, flags: 0, frameCount: frames, expectedSize: size });
  }
});

test('wave1 frame 0 bone 2, decoded by hand from the notes', () => {
  const bytes = upstreamFile('multi-skinned-rom/assets/wave1.ewzanim');
  const header = parseClipHeader(bytes)!;
  const offset = keyframeOffset(header, 0, 2);
  assert.equal(offset, 36);
  // xxd: bb0b 2080 e7b7 d541 0000 003c 003c 003c
  assert.deepEqual([...bytes.subarray(36, 52)], [0xbb, 0x0b, 0x20, 0x80, 0xe7, 0xb7, 0xd5, 0x41, 0x00, 0x00, 0x00, 0x3c, 0x00, 0x3c, 0x00, 0x3c]);
  const raw = readRawKeyframe(bytes, offset);
  assert.equal(raw.rotationWord, 0x80200bbb);
  // 0x80200BBB: a = 512, b = 512, c = 0x2EE = 750, index 3 (w dropped).
  const field = (q: number): number => fr(fr(fr(q * fr(1 / 511.5)) - 1) * fr(1 / fr(Math.SQRT2)));
  const a = field(512), c = field(750);
  const w = fr(Math.sqrt(fr(fr(fr(1 - fr(a * a)) - fr(a * a)) - fr(c * c))));
  const t = decodeKeyframe(bytes, offset);
  assert.deepEqual(t.rotation, [a, a, c, w]);
  assert.deepEqual(t.rotation, [0.0006912082899361849, 0.0006912082899361849, 0.32970669865608215, 0.9440829157829285]);
  // 0xB7E7: sign 1, exponent 13, mantissa 999 -> -(1024 + 999) * 2^(13-25); 0x41D5: exponent 16, mantissa 469.
  assert.deepEqual(t.position, [-2023 / 4096, 1493 / 512, 0]);
  assert.deepEqual(t.scale, [1, 1, 1]);
  // A z rotation of about 38.5 degrees.
  assert.ok(Math.abs(2 * Math.atan2(t.rotation[2], t.rotation[3]) * (180 / Math.PI) - 38.5) < 0.01);
});

test('upstream clips: every record re-encodes to the same 16 bytes (the writer is exact on real data)', () => {
  for (const path of ['animation-demo/assets/wave.ewzanim', 'multi-skinned-rom/assets/wave1.ewzanim', 'multi-skinned-rom/assets/wave2.ewzanim']) {
    const bytes = upstreamFile(path);
    const out = new Uint8Array(16);
    for (let offset = 4; offset < bytes.length; offset += 16) {
      encodeKeyframe(decodeKeyframe(bytes, offset), out, 0);
      assert.deepEqual([...out], [...bytes.subarray(offset, offset + 16)], `${path} @${offset}`);
    }
  }
});

test('locateKeyframe: offsets to frame, bone and field', () => {
  const header = { boneCount: 3, frameCount: 30 };
  const table: [number, ReturnType<typeof locateKeyframe>][] = [
    [0, undefined],
    [3, undefined],
    [4, { frame: 0, bone: 0, recordStart: 4, field: 'rotation' }],
    [7, { frame: 0, bone: 0, recordStart: 4, field: 'rotation' }],
    [8, { frame: 0, bone: 0, recordStart: 4, field: 'position.x' }],
    [13, { frame: 0, bone: 0, recordStart: 4, field: 'position.z' }],
    [19, { frame: 0, bone: 0, recordStart: 4, field: 'scale.z' }],
    [20, { frame: 0, bone: 1, recordStart: 20, field: 'rotation' }],
    [52, { frame: 1, bone: 0, recordStart: 52, field: 'rotation' }],
    [1443, { frame: 29, bone: 2, recordStart: 1428, field: 'scale.z' }],
    [1444, undefined],
  ];
  for (const [offset, expected] of table) assert.deepEqual(locateKeyframe(header, offset), expected, `offset ${offset}`);
  assert.equal(locateKeyframe({ boneCount: 0, frameCount: 5 }, 10), undefined);
});

test('encodeKeyframe writes the rotation word and f16 fields little-endian', () => {
  const out = new Uint8Array(20);
  encodeKeyframe({ rotation: [0, 0, 0, 1], position: [1, -2, 0.5], scale: [1, 1, 65504] }, out, 4);
  assert.deepEqual([...out.subarray(4)], [0x03, 0x08, 0x20, 0x80, 0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0x00, 0x3c, 0x00, 0x3c, 0xff, 0x7b]);
});

test('boneMatrix: [R(q) diag(s) | t], row-major, q as decoded', () => {
  const t: BoneTransform = { rotation: [0.0006912082899361849, 0.0006912082899361849, 0.32970669865608215, 0.9440829157829285], position: [1, 2, 3], scale: [2, 1, 0.5] };
  const m = boneMatrix(t);
  const [x, y, z, w] = t.rotation;
  const r = [
    [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
  ];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      assert.ok(Math.abs(m[row * 4 + col] - r[row][col] * t.scale[col]) < 1e-6, `m${row}${col}`);
    }
    assert.equal(m[row * 4 + 3], t.position[row]);
  }
  // Every entry is an f32 value computed with f32 steps: r00 exactly.
  assert.equal(m[0], fr(fr(1 - 2 * fr(fr(y * y) + fr(z * z))) * 2));
});

function randomClipRecords(count: number, seed: number): Uint8Array {
  const next = seededRandom(seed);
  const bytes = new Uint8Array(4 + count * 16);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < count; i++) {
    const at = 4 + i * 16;
    view.setUint32(at, next(), true); // any word, non-unit ones included
    for (let h = 0; h < 6; h++) {
      // Mostly finite halves, some NaN/infinity/zero patterns.
      const r = next();
      const bits = r % 50 === 0 ? 0x7c00 | (r & 0x83ff) : r % 50 === 1 ? r & 0x8000 : r & 0xffff;
      view.setUint16(at + 4 + h * 2, bits, true);
    }
  }
  return bytes;
}

test('bulk decodeClipRecords and clipBoneMatrices equal the scalar path bit for bit (10,000 random keyframes)', () => {
  const count = 10000;
  const bytes = randomClipRecords(count, 42);
  const transforms = decodeClipRecords(bytes, 4, count, new Float32Array(count * TRANSFORM_FLOATS));
  const matrices = clipBoneMatrices(bytes, 4, count, new Float32Array(count * MATRIX_FLOATS));
  const bulkT = new Uint32Array(transforms.buffer);
  const bulkM = new Uint32Array(matrices.buffer);
  const scalarT = new Float32Array(TRANSFORM_FLOATS);
  const scalarTBits = new Uint32Array(scalarT.buffer);
  const scalarM = new Float32Array(MATRIX_FLOATS);
  const scalarMBits = new Uint32Array(scalarM.buffer);
  for (let i = 0; i < count; i++) {
    const t = decodeKeyframe(bytes, 4 + i * 16);
    scalarT.set([...t.rotation, ...t.position, ...t.scale]);
    boneMatrix(t, scalarM);
    for (let k = 0; k < TRANSFORM_FLOATS; k++) assert.equal(bulkT[i * TRANSFORM_FLOATS + k], scalarTBits[k], `record ${i} float ${k}`);
    for (let k = 0; k < MATRIX_FLOATS; k++) assert.equal(bulkM[i * MATRIX_FLOATS + k], scalarMBits[k], `record ${i} matrix ${k}`);
  }
  // Misaligned input (byteOffset not a multiple of 4) gives the same result through a copy.
  const shifted = new Uint8Array(bytes.length + 1);
  shifted.set(bytes, 1);
  const again = decodeClipRecords(shifted, 5, count, new Float32Array(count * TRANSFORM_FLOATS));
  assert.deepEqual(new Uint32Array(again.buffer), bulkT);
  assert.throws(() => decodeClipRecords(bytes, 4, count + 1, new Float32Array((count + 1) * TRANSFORM_FLOATS)), RangeError);
  assert.equal(f16ToF32(0x3c00), 1);
});

test('detectLegacyClip: size == 16 + u32@0 * u32@4 * 48', () => {
  const legacy = (bones: number, frames: number, fps: number, extra = 0): Uint8Array => {
    const bytes = new Uint8Array(16 + bones * frames * 48 + extra);
    const view = new DataView(bytes.buffer);
    view.setUint32(0, bones, true);
    view.setUint32(4, frames, true);
    view.setFloat32(8, fps, true);
    return bytes;
  };
  const table: [Uint8Array, object | undefined][] = [
    [legacy(3, 30, 30), { boneCount: 3, frameCount: 30, frameRate: 30, flags: 0, expectedSize: 16 + 3 * 30 * 48 }],
    [legacy(1, 1, 24), { boneCount: 1, frameCount: 1, frameRate: 24, flags: 0, expectedSize: 64 }],
    [legacy(3, 30, 30, 1), undefined],
    [legacy(0, 30, 30), undefined],
    [upstreamFile('multi-skinned-rom/assets/wave1.ewzanim'), undefined],
  ];
  for (const [bytes, expected] of table) assert.deepEqual(detectLegacyClip(bytes.subarray(0, 16), bytes.length), expected);
  assert.equal(detectLegacyClip(new Uint8Array(8), 8), undefined);
});
