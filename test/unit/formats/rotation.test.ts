import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ROTATION_MAX_ANGLE_ERROR_RAD,
  ROTATION_QUANT_STEP,
  decodeRotation,
  decodeRotationField,
  encodeRotation,
  isNonUnitRotation,
  rotationRadicand,
  rotationSquareSum,
} from '../../../formats/rotation';
import { rotationAngleBetween } from '../../../formats/rotationMath';
import { encodeKeyframe } from '../../../formats/clip';
import type { Quaternion } from '../../../formats/records';
import { seededRandom } from '../../gpu/clipFixtures';

// The table of the format notes (NOT the old design document's vectors, which are wrong).
const NOTES_VECTORS: { q: Quaternion; word: number; bytes?: number[] }[] = [
  { q: [0, 0, 0, 1], word: 0x80200803, bytes: [0x03, 0x08, 0x20, 0x80] },
  { q: [1, 0, 0, 0], word: 0x80200800, bytes: [0x00, 0x08, 0x20, 0x80] },
  { q: [0, 1, 0, 0], word: 0x80200801 },
  { q: [0, 0, 1, 0], word: 0x80200802 },
  { q: [0.5, 0.5, 0.5, 0.5], word: 0xda769da7, bytes: [0xa7, 0x9d, 0x76, 0xda] },
  { q: [-0.5, -0.5, -0.5, 0.5], word: 0x2589625b },
  { q: [0.707107, 0, 0, 0.707107], word: 0xffe00803 },
  { q: [0.270598, 0, 0, 0.962728], word: 0xb0e00803 },
];

test('encodeRotation reproduces every word of the format notes, and the LE bytes', () => {
  for (const { q, word, bytes } of NOTES_VECTORS) {
    assert.equal(encodeRotation(q), word, `${q} -> 0x${word.toString(16)}`);
    if (bytes) {
      const record = new Uint8Array(16);
      encodeKeyframe({ rotation: q, position: [0, 0, 0], scale: [1, 1, 1] }, record, 0);
      assert.deepEqual([...record.subarray(0, 4)], bytes);
    }
  }
});

test('tie rule: on equal magnitudes the higher index is dropped; a negative dropped component flips all signs', () => {
  assert.equal(encodeRotation([0.5, 0.5, 0.5, 0.5]) & 3, 3);
  assert.equal(encodeRotation([0.6, 0.6, 0.1, 0.1]) & 3, 1);
  assert.equal(encodeRotation([0.1, 0.6, 0.6, 0.1]) & 3, 2);
  assert.equal(encodeRotation([0, 0, 0, -1]), encodeRotation([0, 0, 0, 1]));
  assert.equal(encodeRotation([-0.5, -0.5, -0.5, -0.5]), encodeRotation([0.5, 0.5, 0.5, 0.5]));
});

test('identity and zero-field values decode as the notes say', () => {
  // The notes print 8 significant digits; the exact f32 values are asserted too.
  const identity = decodeRotation(0x80200803);
  assert.deepEqual(identity, [0.0006912082899361849, 0.0006912082899361849, 0.0006912082899361849, 0.9999992847442627]);
  assert.ok(Math.abs(identity[0] - 0.00069121) < 5e-9);
  assert.ok(Math.abs(identity[3] - 0.99999928) < 5e-9);
  assert.equal(decodeRotationField(512), 0.0006912082899361849);
  assert.equal(decodeRotationField(511), -0.0006912082899361849);
  assert.equal(decodeRotationField(0), -Math.fround(Math.SQRT1_2));
  // The decoded quaternion is not renormalised.
  assert.notEqual(Math.hypot(...identity), 1);
});

test('non-unit words: 0x00000000 decodes with the dropped component clamped to 0', () => {
  // Index 0: x is dropped; the stored y, z, w are all -1/sqrt 2, which square-sum to 1.5.
  const q = decodeRotation(0x00000000);
  assert.deepEqual(q, [0, -Math.fround(Math.SQRT1_2), -Math.fround(Math.SQRT1_2), -Math.fround(Math.SQRT1_2)]);
  assert.ok(isNonUnitRotation(0));
  assert.ok(rotationSquareSum(0) > 1);
  assert.ok(!isNonUnitRotation(0x80200803));
  assert.ok(rotationSquareSum(0x80200803) < 1);
  // The sum decides exactly: above 1 <=> the decoder's radicand is negative.
  const next = seededRandom(7);
  for (let i = 0; i < 20000; i++) {
    const w = next();
    assert.equal(rotationSquareSum(w) > 1, rotationRadicand(w) < 0);
    assert.equal(isNonUnitRotation(w), decodeRotation(w)[w & 3] === 0 && rotationRadicand(w) < 0);
  }
});

test('f32 steps matter: a plain-double quantiser gives different words for some quaternions', () => {
  // The reference formula in doubles (no Math.fround) versus the bit-exact encoder.
  const doubleWord = (q: Quaternion): number => {
    const idx = encodeRotation(q) & 3; // same index choice
    const sign = q[idx] < 0 ? -1 : 1;
    const kept = q.filter((_, i) => i !== idx).map((v) => v * sign);
    const quant = (v: number): number => Math.min(1023, Math.max(0, Math.round((v * Math.SQRT2 + 1) * 511.5)));
    return ((quant(kept[0]) << 22) | (quant(kept[1]) << 12) | (quant(kept[2]) << 2) | idx) >>> 0;
  };
  const next = seededRandom(99);
  let differ = 0;
  for (let i = 0; i < 100000; i++) {
    const q = randomUnitQuaternion(next);
    if (doubleWord(q) !== encodeRotation(q)) differ++;
  }
  assert.ok(differ > 0 && differ < 100, `words that differ: ${differ}`);
});

function randomUnitQuaternion(next: () => number): Quaternion {
  const unit = (): number => next() / 2 ** 32;
  const u1 = unit(), u2 = unit() * 2 * Math.PI, u3 = unit() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)].map(Math.fround) as Quaternion;
}

test('100,000 random unit quaternions: angular error within ROTATION_MAX_ANGLE_ERROR_RAD', () => {
  const next = seededRandom(2024);
  let worst = 0;
  for (let i = 0; i < 100000; i++) {
    const q = randomUnitQuaternion(next);
    const error = rotationAngleBetween(q, decodeRotation(encodeRotation(q)));
    if (error > worst) worst = error;
  }
  assert.ok(worst <= ROTATION_MAX_ANGLE_ERROR_RAD, `worst ${worst} > bound ${ROTATION_MAX_ANGLE_ERROR_RAD}`);
  // The bound is derived, not padded: random sampling comes within 25% of it.
  assert.ok(worst > 0.75 * ROTATION_MAX_ANGLE_ERROR_RAD, `worst ${worst} is far below the bound`);
  assert.ok(Math.abs(ROTATION_QUANT_STEP - 1 / (511.5 * Math.SQRT2)) < 1e-9);
});

test('near the worst case (all components 0.5, each off by half a step) the bound holds', () => {
  const h = ROTATION_QUANT_STEP / 2;
  for (const signs of [[1, 1, 1], [-1, -1, -1], [1, -1, 1]]) {
    const s = [0.5 + signs[0] * h * 0.999, 0.5 + signs[1] * h * 0.999, 0.5 + signs[2] * h * 0.999];
    const w = Math.sqrt(Math.max(0, 1 - s[0] ** 2 - s[1] ** 2 - s[2] ** 2));
    const q = [...s, w] as Quaternion;
    const error = rotationAngleBetween(q, decodeRotation(encodeRotation(q)));
    assert.ok(error <= ROTATION_MAX_ANGLE_ERROR_RAD, `${error}`);
  }
});

test('encode(decode(w)) == w exactly for words whose dropped component decodes strictly largest', () => {
  // What is true: a word re-encodes to itself iff it is unit (radicand >= 0) and its rebuilt
  // component is strictly the largest in magnitude; otherwise the encoder picks another index.
  const next = seededRandom(31337);
  let same = 0;
  for (let i = 0; i < 300000; i++) {
    const w = next();
    const q = decodeRotation(w);
    const idx = w & 3;
    const dominant = q.every((v, k) => k === idx || Math.abs(v) < q[idx]);
    const expectSame = !isNonUnitRotation(w) && dominant;
    assert.equal(encodeRotation(q) === w, expectSame, `word 0x${w.toString(16)}`);
    if (expectSame) same++;
  }
  assert.ok(same > 100000, `round-tripping words: ${same}`);
});
