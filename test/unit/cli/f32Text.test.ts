import { test } from 'node:test';
import assert from 'node:assert/strict';
import { f32Json, f32Text } from '../../../formats/numberText';
import { f16ToF32 } from '../../../formats/index';
import { seededRandom } from '../../gpu/clipFixtures';

const f32OfBits = (bits: number): number => new Float32Array(new Uint32Array([bits]).buffer)[0];
const bitsOfF32 = (value: number): number => new Uint32Array(new Float32Array([value]).buffer)[0];

const KNOWN: [number, string][] = [
  [Math.fround(0.1), '0.1'],
  [0, '0'],
  [-0, '-0'],
  [1, '1'],
  [65504, '65504'],
  [-65504, '-65504'],
  [2 ** -24, '5.9604645e-8'],
  [2 ** -14, '0.000061035156'],
  [Math.fround(1 / 3), '0.33333334'],
  [f32OfBits(0x00000001), '1e-45'],
  [f32OfBits(0x7f7fffff), '3.4028235e+38'],
  [f32OfBits(0x3f800001), '1.0000001'],
  [0.0006912082899361849, '0.0006912083'],
  [0.9999992847442627, '0.9999993'],
  [NaN, 'NaN'],
  [Infinity, 'Infinity'],
  [-Infinity, '-Infinity'],
];

for (const [value, text] of KNOWN) {
  test(`f32Text(${text})`, () => {
    assert.equal(f32Text(value), text);
  });
}

test('f32Json: finite values as numbers, the rest as the strings issue 2 names', () => {
  assert.deepEqual([f32Json(1.5), f32Json(-0), f32Json(NaN), f32Json(Infinity), f32Json(-Infinity)], ['1.5', '-0', '"NaN"', '"Infinity"', '"-Infinity"']);
});

/** Round trip and minimality: the text maps back to the same bits, and no shorter precision does. */
function assertExactAndShortest(value: number): void {
  const text = f32Text(value);
  assert.equal(bitsOfF32(Number(text)), bitsOfF32(value), `${text} must round-trip ${value}`);
  // Significant digits: leading zeros (0.000061) and trailing zeros of integers (6967877600) don't count.
  const digits = text.replace(/^-/, '').replace(/e.*$/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;
  if (digits > 1) {
    const shorter = Number(value.toPrecision(digits - 1));
    assert.notEqual(bitsOfF32(shorter), bitsOfF32(value), `${text} is not the shortest for ${value}`);
  }
}

test('every one of the 63,488 finite f16 values prints exactly and shortest', () => {
  for (let bits = 0; bits < 0x10000; bits++) {
    const value = f16ToF32(bits);
    if (Number.isFinite(value)) assertExactAndShortest(value);
  }
});

test('200,000 random f32 bit patterns (subnormals included) print exactly and shortest', () => {
  const next = seededRandom(2024);
  for (let i = 0; i < 200_000; i++) {
    const value = f32OfBits(next());
    if (Number.isFinite(value)) assertExactAndShortest(value);
  }
});
