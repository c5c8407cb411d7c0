import { test } from 'node:test';
import assert from 'node:assert/strict';
import { f16LookupTable, f16Spacing, f16ToF32, f32ToF16, isNonFiniteF16 } from '../../../formats/f16';

// The table of the format notes: bits <-> value.
const NOTES_VECTORS: [number, number][] = [
  [0x0000, 0],
  [0x8000, -0],
  [0x3c00, 1],
  [0xbc00, -1],
  [0x3800, 0.5],
  [0x4000, 2],
  [0x7bff, 65504],
  [0xfbff, -65504],
  [0x0400, 2 ** -14],
  [0x7c00, Infinity],
  [0xfc00, -Infinity],
];

test('f16 vectors of the format notes decode and encode both ways', () => {
  for (const [bits, value] of NOTES_VECTORS) {
    assert.ok(Object.is(f16ToF32(bits), value), `f16ToF32(0x${bits.toString(16)})`);
    assert.equal(f32ToF16(value), bits, `f32ToF16(${value})`);
  }
});

test('f32ToF16 rounds to nearest even, overflows to infinity, keeps NaN', () => {
  const cases: [number, number, string][] = [
    [1 + 2 ** -11, 0x3c00, 'tie between 1 and 1+2^-10 goes to even 1'],
    [1 + 3 * 2 ** -11, 0x3c02, 'tie between 1+2^-10 and 1+2^-9 goes to even'],
    [1 + 2 ** -11 + 2 ** -20, 0x3c01, 'just above the tie rounds up'],
    [65519, 0x7bff, 'below the overflow tie stays finite'],
    [65520, 0x7c00, 'the overflow tie rounds to infinity'],
    [-1e6, 0xfc00, 'negative overflow'],
    [2 ** -24, 0x0001, 'smallest subnormal'],
    [2 ** -25, 0x0000, 'half the smallest subnormal ties to even zero'],
    [3 * 2 ** -25, 0x0002, 'subnormal tie to even'],
    [2 ** -25 * 1.0001, 0x0001, 'just above half the smallest subnormal'],
    [-(2 ** -26), 0x8000, 'tiny negative becomes -0'],
    [2 ** -14 - 2 ** -25, 0x0400, 'largest subnormal tie carries into the smallest normal'],
    [0.1, 0x2e66, '0.1'],
    [1e-40, 0x0000, 'f32 subnormal input'],
  ];
  for (const [value, bits, why] of cases) assert.equal(f32ToF16(value), bits, why);
  const nan = f32ToF16(NaN);
  assert.ok(isNonFiniteF16(nan) && (nan & 0x3ff) !== 0, 'NaN stays NaN');
});

test('all 65,536 f16 patterns: f16ToF32 then f32ToF16 returns the same bits (NaN class kept)', () => {
  let nanCount = 0;
  for (let bits = 0; bits < 65536; bits++) {
    const value = f16ToF32(bits);
    const back = f32ToF16(value);
    if (Number.isNaN(value)) {
      nanCount++;
      assert.ok((back & 0x7c00) === 0x7c00 && (back & 0x3ff) !== 0, `NaN 0x${bits.toString(16)} stays NaN`);
      assert.ok((bits & 0x7c00) === 0x7c00 && (bits & 0x3ff) !== 0);
    } else {
      assert.equal(back, bits, `0x${bits.toString(16)}`);
      assert.equal(Math.fround(value), value, 'every f16 is exact in f32');
    }
  }
  assert.equal(nanCount, 2 * 1023);
});

test('f16Spacing is the step to the next larger magnitude', () => {
  const cases: [number, number][] = [
    [0x3c00, 2 ** -10],
    [0xbc00, 2 ** -10],
    [0x0000, 2 ** -24],
    [0x0001, 2 ** -24],
    [0x0400, 2 ** -24],
    [0x7bff, 32],
  ];
  for (const [bits, spacing] of cases) assert.equal(f16Spacing(bits), spacing);
  for (const bits of [0x3c00, 0x1234, 0x4abc, 0x0002]) {
    assert.equal(f16ToF32(bits + 1) - f16ToF32(bits), f16Spacing(bits), `next f16 after 0x${bits.toString(16)}`);
  }
  assert.ok(Number.isNaN(f16Spacing(0x7c00)));
});

test('the lookup table, built from the bits, holds f16ToF32 of all 65,536 patterns bit for bit (NaN as the canonical NaN)', () => {
  const table = new Uint32Array(f16LookupTable().buffer);
  const value = new Float32Array(1);
  const valueBits = new Uint32Array(value.buffer);
  const differing: string[] = [];
  for (let bits = 0; bits < 65536; bits++) {
    value[0] = f16ToF32(bits);
    if (table[bits] !== valueBits[0]) differing.push(`0x${bits.toString(16)}`);
  }
  assert.deepEqual(differing, []);
  assert.deepEqual([0x0001, 0x3c00, 0xfc00, 0x7e01].map((bits) => table[bits]!.toString(16)), ['33800000', '3f800000', 'ff800000', '7fc00000']);
});
