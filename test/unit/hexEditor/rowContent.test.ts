import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { layoutOfFile, mshRowLayout, rowInfo, rowOfOffset } from '../../../formats/editing/rowLayout';
import { openMshBytes } from '../../../formats/msh/model';
import { heroModel } from '../msh/mshFixtures';
import { readInverseBind } from '../../../formats/skeleton';
import { formatRowValue, formatValue } from '../../../formats/numberText';
import { decodedGroups, decodedLines } from '../../../webview/hex/rowContent';
import { mshDecodedLineCount } from '../../../webview/hex/mshRowContent';

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

test('keyframe rows show the real wave2 clip decoded, to 4 decimals', () => {
  const layout = layoutOfFile('clip', WAVE2.subarray(0, 16), WAVE2.length);
  const row = rowInfo(layout, 1 + 4 * 7 + 3); // frame 7 · bone 3
  assert.equal(row.label, 'frame 7 · bone 3');
  // Bytes 03 a8 3f 80 | 4e 40 00 00 58 bf | 00 3c x3: word 0x803FA803 drops w (idx 3), fields
  // 512, 1018, 512 -> x = z = 0.000691, y = (1018/511.5 - 1)/sqrt 2 = 0.70020, w = 0.71395;
  // f16 0x404E = 2.15234, 0x0000 = 0, 0xBF58 = -1.83594; scale 0x3C00 = 1.
  assert.deepEqual(decodedLines(layout, row, WAVE2.subarray(row.start, row.end), 30), [
    'q (0.0007, 0.7002, 0.0007, 0.7140)  p (2.1523, 0.0000, -1.8359)  s (1.0000, 1.0000, 1.0000)',
  ]);
});

test('row values: 4 decimals, the special f16 values by name', () => {
  const table: [number, string][] = [[0, '0.0000'], [-0, '-0'], [1 / 3, '0.3333'], [-1.83594, '-1.8359'], [65504, '65504.0000'], [Infinity, '+inf'], [NaN, 'NaN']];
  for (const [value, text] of table) assert.equal(formatRowValue(value), text);
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

test('keyframe rows come as three groups (q, p, s) that the view can wrap, coloured by field', () => {
  const layout = layoutOfFile('clip', WAVE2.subarray(0, 16), WAVE2.length);
  const row = rowInfo(layout, 1 + 4 * 7 + 3);
  assert.deepEqual(decodedGroups(layout, row, WAVE2.subarray(row.start, row.end), 30), [
    { fieldType: 'rotation', name: 'q', text: ' 0.0007  0.7002  0.0007  0.7140', cells: [' 0.0007', ' 0.7002', ' 0.0007', ' 0.7140'] },
    { fieldType: 'position', name: 'p', text: ' 2.1523  0.0000 -1.8359', cells: [' 2.1523', ' 0.0000', '-1.8359'] },
    { fieldType: 'scale', name: 's', text: ' 1.0000  1.0000  1.0000', cells: [' 1.0000', ' 1.0000', ' 1.0000'] },
  ]);
  const header = decodedGroups(layout, rowInfo(layout, 0), WAVE2.subarray(0, 4), 30);
  assert.deepEqual(header, [{ fieldType: undefined, name: '', text: '4 bones · flags 0 · 30 frames (1 s at 30 fps)' }]);
});

test('NRes rows show the record decoded: header, node, key, map block by frame, name, entry, plain bytes', () => {
  const bytes = heroModel();
  const layout = mshRowLayout(openMshBytes(bytes).layout);
  const shown = (start: number): string[] => {
    const row = rowInfo(layout, rowOfOffset(layout, start));
    assert.equal(row.start, start);
    return decodedGroups(layout, row, bytes.subarray(row.start, row.end), 30).map((g) => `${g.fieldType ?? ''}|${g.name}|${g.text}`);
  };
  const TABLE: [name: string, start: number, groups: string[]][] = [
    ['header', 0, ['||"NRes" version 0x100 · 4 entries · 616 bytes']],
    ['node 2', 92, ['||"hand" · parent 1', '||map 5 · fallback 6 · hdr0 0', '||slots - - - - - | - - - - - | - - - - -']],
    // Key 5: position (2, 0, 0), time 1, -30° about Z stored as w 31650, z -8481.
    ['key 5', 256, ['position|p| 2.0000  0.0000  0.0000', 'time|t|1', 'rotation|q| 0.9659  0.0000  0.0000 -0.2588  |q| 1.0000']],
    ['hand map block', 346, ['map||f0: 4 5 5 6 6']],
    ['name', 304, ['||"root" (node 0)']],
    ['entry', 424, ['||type 8 Res8 (key pool)', '||attr1 7 · attr2 0 · size 168']],
    ['entry name', 440, ['||"Res8"', '||attr3 4 · offset 0x88 · sort 2']],
    ['padding', 130, ['||......']],
  ];
  for (const [name, start, groups] of TABLE) assert.deepEqual(shown(start), groups, name);
});

test('an NRes row says how many decoded lines it has before its bytes are read: as many as it shows once they are', () => {
  const bytes = heroModel();
  const layout = mshRowLayout(openMshBytes(bytes).layout);
  const counts = new Map<number, number>();
  for (let index = 0; index < layout.rowCount; index++) {
    const row = rowInfo(layout, index);
    const shown = decodedGroups(layout, row, bytes.subarray(row.start, row.end), 30).length;
    assert.equal(mshDecodedLineCount(layout, row), shown, `row ${index} at ${row.start} (${row.label})`);
    counts.set(shown, (counts.get(shown) ?? 0) + 1);
  }
  // The hero model has rows of one, two and three decoded lines.
  assert.deepEqual([...counts.keys()].sort(), [1, 2, 3]);
});
