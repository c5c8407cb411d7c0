import assert from 'node:assert/strict';
import { test } from 'node:test';
import { f16ToF32 } from '../../../formats/f16';
import { f32Text, formatDecimals, formatFixed, formatPrecision, formatThousands } from '../../../formats/numberText';

test('formatFixed: at most N places, trailing zeros and a bare point dropped, zero unsigned', () => {
  const table: [number, number, string][] = [
    [1.5, 6, '1.5'],
    [2.9999999, 6, '3'],
    [0.1234567, 6, '0.123457'],
    [-0.25, 2, '-0.25'],
    [-0.0000004, 6, '0'],
    [-0, 3, '0'],
    [12, 0, '12'],
    [0.05, 1, '0.1'],
    [NaN, 6, 'NaN'],
    [-Infinity, 6, '-Infinity'],
  ];
  for (const [value, decimals, text] of table) assert.equal(formatFixed(value, decimals), text, `${value} to ${decimals}`);
});

test('formatFixed: huge values print whole, not cut inside their exponent', () => {
  // Trimming zeros from "1e+30" once printed "1e+3": a thousand instead of 10^30.
  assert.equal(formatFixed(1e30, 2), '1e+30');
  assert.equal(formatFixed(-3.4028234663852886e38, 6), '-3.4028234663852886e+38');
  assert.equal(formatFixed(2 ** 60, 6), String(2 ** 60));
});

test('formatFixed is the shortest text of the value rounded, without the noise digits of a long expansion', () => {
  assert.equal(formatFixed(404740095138.5498, 6), '404740095138.5498');
  for (let i = 1; i < 2000; i++) {
    const value = (i * 7919.123456789) ** 1.5 / 1e3;
    for (let decimals = 0; decimals <= 6; decimals++) assert.equal(Number(formatFixed(value, decimals)), Number(value.toFixed(decimals)), `${value} to ${decimals}`);
  }
});

test('a rotation axis rounded to 4 places and printed with at most 6 is the axis printed with at most 4', () => {
  for (let bits = 0; bits < 0x7c00; bits += 3) {
    const value = f16ToF32(bits) / 3;
    assert.equal(formatFixed(Number(value.toFixed(4)), 6), formatFixed(value, 4), String(value));
  }
});

test('formatDecimals, formatPrecision and formatThousands keep their width', () => {
  assert.equal(formatDecimals(1, 6), '1.000000');
  assert.equal(formatDecimals(-0.00001, 4), '-0.0000');
  assert.equal(formatPrecision(0.0013810679, 4), '0.001381');
  assert.equal(formatThousands(267382804), '267,382,804');
});

test("formatThousands writes what toLocaleString('en-US') writes", () => {
  const table = [0, -0, 7, 999, 1000, -1000, 12345, 999999, 1000000, 384041928, -267382804, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 1.5, 1234.5678, NaN, Infinity];
  for (let i = 0; i < 200; i++) table.push(Math.floor(Math.sin(i + 1) * 10 ** (i % 16)));
  for (const value of table) assert.equal(formatThousands(value), value.toLocaleString('en-US'), String(value));
});

test('f32Text gives a form the text that writes the same f32 back, for every finite f16 value', () => {
  for (let bits = 0; bits < 0x10000; bits++) {
    const value = f16ToF32(bits);
    if (!Number.isFinite(value)) continue;
    assert.ok(Object.is(Math.fround(Number(f32Text(value))), value), `${bits.toString(16)}: ${f32Text(value)}`);
  }
});
