import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { decodeKeyframe } from '../../../formats/clip';
import { layoutOfFile, rowInfo } from '../../../formats/editing/rowLayout';
import { readInverseBind } from '../../../formats/skeleton';
import { decodedLines, formatValue } from '../../../webview/hex/rowContent';

const WAVE2 = new Uint8Array(readFileSync('test/fixtures/upstream/multi-skinned-rom/assets/wave2.ewzanim'));
const ARM2 = new Uint8Array(readFileSync('test/fixtures/upstream/multi-skinned-rom/assets/arm2.ewzskel'));

test('header rows say what the header means', () => {
  const layout = layoutOfFile('clip', WAVE2.subarray(0, 16), WAVE2.length);
  const header = rowInfo(layout, 0);
  assert.deepEqual(decodedLines(layout, header, WAVE2.subarray(0, 4), 30), ['4 bones · flags 0 · 30 frames (1 s at 30 fps)']);
  assert.deepEqual(decodedLines(layout, header, Uint8Array.of(4, 2, 45, 0), 60), ['4 bones · flags 2 (must be 0) · 45 frames (0.75 s at 60 fps)']);
  const skeleton = layoutOfFile('skeleton', ARM2.subarray(0, 16), ARM2.length);
  assert.deepEqual(decodedLines(skeleton, rowInfo(skeleton, 0), ARM2.subarray(0, 8), 30), ['4 bones · reserved 0']);
});

test('keyframe rows show the core\'s decode of the real wave2 clip', () => {
  const layout = layoutOfFile('clip', WAVE2.subarray(0, 16), WAVE2.length);
  const row = rowInfo(layout, 1 + 4 * 7 + 3); // frame 7 · bone 3
  assert.equal(row.label, 'frame 7 · bone 3');
  const t = decodeKeyframe(WAVE2, row.start);
  const list = (v: number[]) => v.map(formatValue).join(', ');
  assert.deepEqual(decodedLines(layout, row, WAVE2.subarray(row.start, row.end), 30), [
    `q (${list(t.rotation)})  p (${list(t.position)})  s (${list(t.scale)})`,
  ]);
});

test('skeleton rows show the stored column-major matrix as its three rows', () => {
  const layout = layoutOfFile('skeleton', ARM2.subarray(0, 16), ARM2.length);
  const row = rowInfo(layout, 3); // bone 2
  const m = readInverseBind(ARM2, row.start);
  const lines = decodedLines(layout, row, ARM2.subarray(row.start, row.end), 30);
  assert.equal(lines.length, 3);
  for (let r = 0; r < 3; r++) {
    assert.equal(lines[r], `[${[m[r], m[3 + r], m[6 + r]].map(formatValue).join(', ')} | ${formatValue(m[9 + r])}]`);
  }
});

test('values print with 6 significant digits and name the special f16 values', () => {
  const table: [number, string][] = [[0, '0'], [-0, '-0'], [1 / 3, '0.333333'], [65504, '65504'], [Infinity, '+inf'], [-Infinity, '-inf'], [NaN, 'NaN'], [0.000691208, '0.000691208']];
  for (const [value, text] of table) assert.equal(formatValue(value), text);
});
