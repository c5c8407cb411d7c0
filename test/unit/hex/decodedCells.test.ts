/**
 * Decoded values under the bytes break between cells at places known before the bytes are read:
 * from the most characters each cell can take. These widths must hold for any bytes, or a line
 * planned to fit would be cut.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { breakCells } from '../../../webview/hex/decodedLayout';
import { decodedGroups, MATRIX_CELL_CH } from '../../../webview/hex/rowContent';
import { formatValue, formatValueWithin, VALUE_MAX_CH } from '../../../formats/numberText';
import { layoutOfFile, mshRowLayout, rowInfo } from '../../../formats/editing/rowLayout';
import { openMshBytes } from '../../../formats/msh/model';
import { mshDecodedLineCount, mshLineShapes, mshMostLines } from '../../../webview/hex/mshRowContent';
import { heroModel } from '../msh/mshFixtures';

test('breakCells: each line starts where the next cell would pass the width, one space between cells', () => {
  const table: [cellCh: number[], width: number, starts: number[]][] = [
    [[14, 13, 12, 15], 57, [0]],
    [[14, 13, 12, 15], 56, [0, 3]],
    [[14, 13, 12, 15], 28, [0, 2]],
    [[14, 13, 12, 15], 27, [0, 1, 3]],
    [[14, 13, 12, 15], 14, [0, 1, 2, 3]],
    [[5, 5, 5], 11, [0, 2]],
    // A cell wider than a line has a line of its own.
    [[3, 30, 3], 10, [0, 1, 2]],
    [[], 10, []],
  ];
  for (const [cellCh, width, starts] of table) assert.deepEqual(breakCells(cellCh, width), starts, `${cellCh} in ${width}`);
});

test(`formatValueWithin writes at most ${VALUE_MAX_CH} characters for any f32 (NaN, infinities, zeros, subnormals, extremes, random bits), formatValue's text where that fits`, () => {
  const words = new Uint32Array(20_000);
  for (let i = 0; i < words.length; i++) words[i] = (Math.random() * 2 ** 32) >>> 0;
  const floats = [...new Float32Array(words.buffer), NaN, Infinity, -Infinity, 0, -0, 1.4e-45, -1.4e-45, 3.4028235e38, -3.4028235e38, -1.1754942e-38, -0.000123456, -123456.7];
  const widest = floats.map((v) => formatValueWithin(Math.fround(v))).reduce((a, b) => (b.length > a.length ? b : a));
  assert.ok(widest.length <= VALUE_MAX_CH, `"${widest}" is ${widest.length} characters`);
  for (const v of floats.slice(0, 2000).map(Math.fround)) {
    const plain = formatValue(v);
    if (plain.length <= VALUE_MAX_CH) assert.equal(formatValueWithin(v), plain);
    else assert.equal(Number(formatValueWithin(v)), Number(v.toPrecision(6)), `${plain} as ${formatValueWithin(v)}`);
  }
  assert.deepEqual([-159571e15, -0.00000123457, 1e21, 1.5e21].map(formatValueWithin), ['-1.59571e+20', '-1.23457e-6', '1e+21', '1.5e+21']);
});

test('a skeleton row\'s matrix rows are cells within their widths, one space apart as the line shows them', () => {
  const bytes = new Uint8Array(8 + 48);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 1, true);
  [-1.1754942e-38, 0.70710677, -3.4028235e38, 1, -0.5, -159571e15, 0, -0.00000123457, 1, -12345.678, -1.5, 0.333333].forEach((v, i) => view.setFloat32(8 + i * 4, v, true));
  const layout = layoutOfFile('skeleton', bytes.subarray(0, 16), bytes.length);
  const groups = decodedGroups(layout, rowInfo(layout, 1), bytes.subarray(8), 30);
  assert.deepEqual(groups.map((g) => g.text), ['[-1.17549e-38, 1, 0 | -12345.7]', '[0.707107, -0.5, -1.23457e-6 | -1.5]', '[-3.40282e+38, -1.59571e+20, 1 | 0.333333]']);
  for (const group of groups) {
    assert.deepEqual(group.cellCh, MATRIX_CELL_CH);
    assert.equal(group.cells!.join(' '), group.text);
    group.cells!.forEach((cell, i) => assert.ok(cell.length <= MATRIX_CELL_CH[i], `"${cell}" within ${MATRIX_CELL_CH[i]}`));
  }
});

test('NRes rows: every line\'s cells fit the widths planned before the bytes were read, whatever the bytes; counted lines are the lines broken', () => {
  const original = heroModel();
  const layout = mshRowLayout(openMshBytes(original).layout);
  // The same rows (the layout of the original) over other bytes: extremes and noise in every field.
  const variants = [original, original.map(() => 0xff), original.map(() => 0x80), ...Array.from({ length: 20 }, () => original.map(() => Math.floor(Math.random() * 256)))];
  let cells = 0;
  for (const bytes of variants) {
    for (let index = 0; index < layout.rowCount; index++) {
      const row = rowInfo(layout, index);
      const shapes = mshLineShapes(layout, row);
      const groups = decodedGroups(layout, row, bytes.subarray(row.start, row.end), 30);
      assert.equal(groups.length, shapes.length, `row ${index} (${row.label})`);
      groups.forEach((group, i) => {
        assert.deepEqual(group.cellCh, shapes[i].cellCh);
        assert.equal(group.cells!.join(' '), group.text, `row ${index} line ${i}: cells one space apart`);
        assert.ok(group.cells!.length <= shapes[i].cellCh.length, `row ${index} line ${i}: ${group.cells!.length} cells`);
        group.cells!.forEach((cell, k) => assert.ok(cell.length <= shapes[i].cellCh[k], `row ${index} (${row.label}) line ${i}: "${cell}" within ${shapes[i].cellCh[k]}`));
        cells += group.cells!.length;
      });
      for (const width of [20, 30, 60]) {
        const broken = shapes.reduce((sum, shape) => sum + Math.max(1, breakCells(shape.cellCh, width - (shape.named ? 1.5 : 0)).length), 0);
        assert.equal(mshDecodedLineCount(layout, row, width), broken);
        assert.ok(broken <= mshMostLines(width), `row ${index} in ${width}: ${broken} lines, the most planned ${mshMostLines(width)}`);
      }
    }
  }
  assert.ok(cells > 1000, `${cells} cells checked`);
});
