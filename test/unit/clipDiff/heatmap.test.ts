/**
 * The heatmap's arithmetic: grid columns to pixel columns (one each while they fit, merged when
 * the canvas is narrower, every grid column in exactly one pixel), each pixel's smallest and
 * largest value, what a point covers and what a click there selects, where a bone and frame is
 * drawn, and the colours (none for unchanged, the ends of the ramp, cyan for no finite measure).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { INFINITE_COLOUR, cellRect, finiteMax, gridColumnOfFrame, gridColumnsOfPixel, heatColour, heatmapLayout, hitTest, pixelOfGridColumn, pixelValues } from '../../../webview/clipDiff/heatmap';

test('columns that fit get whole pixels each (at most 24), rows share the height between 3 and 18 pixels', () => {
  assert.deepEqual(heatmapLayout(12, 60, 470, 900), { bones: 12, columns: 60, pixelColumns: 60, cellWidth: 7, rowHeight: 18, width: 420, height: 216 });
  assert.deepEqual(heatmapLayout(2, 5, 1000, 20), { bones: 2, columns: 5, pixelColumns: 5, cellWidth: 24, rowHeight: 10, width: 120, height: 20 });
  assert.equal(heatmapLayout(400, 10, 100, 300).rowHeight, 3, 'never below 3 pixels a bone: the page scrolls');
});

test('more columns than pixels: each pixel covers a run of columns, and every column is in exactly one pixel', () => {
  const layout = heatmapLayout(1, 10, 4, 100);
  assert.deepEqual([layout.pixelColumns, layout.cellWidth, layout.width], [4, 1, 4]);
  const runs = [0, 1, 2, 3].map((p) => gridColumnsOfPixel(layout, p));
  assert.deepEqual(runs, [{ start: 0, end: 2 }, { start: 2, end: 5 }, { start: 5, end: 7 }, { start: 7, end: 10 }]);
  for (let c = 0; c < 10; c++) {
    const p = pixelOfGridColumn(layout, c);
    assert.ok(runs[p].start <= c && c < runs[p].end, `column ${c} in pixel ${p}`);
  }
});

test('a merged pixel keeps the smallest and the largest value of its columns, per bone', () => {
  const layout = heatmapLayout(2, 4, 2, 100);
  const values = [0, 5, 1, 1, /* bone 1 */ 2, 2, 0, 9];
  const { min, max } = pixelValues(values, layout);
  assert.deepEqual([Array.from(min), Array.from(max)], [[0, 1, 2, 0], [5, 1, 2, 9]]);
});

test('a point gives its bone and frames; a click selects the first frame of the column with the largest value', () => {
  const grids = { columns: 4, frameStarts: [0, 3, 5, 8, 10] };
  const layout = heatmapLayout(2, 4, 2, 40);
  const values = [0, 0, 0, 0, /* bone 1 */ 1, 7, 0, 3];
  assert.deepEqual(hitTest(layout, grids, values, 0.5, 25), { bone: 1, pixel: 0, frames: { start: 0, end: 5 }, frame: 3 });
  assert.deepEqual(hitTest(layout, grids, values, 1.5, 5), { bone: 0, pixel: 1, frames: { start: 5, end: 10 }, frame: 5 });
  assert.equal(hitTest(layout, grids, values, 2, 5), undefined, 'right of the drawing');
  assert.equal(hitTest(layout, grids, values, 0, -1), undefined, 'above it');
});

test('bone 5, frame 33 of 12 x 60 is drawn at column 33, row 5', () => {
  const grids = { columns: 60, frameStarts: Array.from({ length: 61 }, (_, i) => i) };
  const layout = heatmapLayout(12, 60, 470, 900);
  assert.deepEqual(cellRect(layout, grids, { bone: 5, frame: 33 }), { x: 231, y: 90, width: 7, height: 18 });
  assert.equal(gridColumnOfFrame({ columns: 4, frameStarts: [0, 3, 5, 8, 10] }, 7), 2);
  assert.equal(gridColumnOfFrame({ columns: 4, frameStarts: [0, 3, 5, 8, 10] }, 9), 3);
});

test('colours: none where unchanged, dark for a tiny share, pale yellow for the largest, cyan without a finite measure', () => {
  assert.equal(heatColour(0, 0, 30), undefined);
  assert.equal(heatColour(1, 1, 1.5), undefined, 'a scale ratio of 1 is no change');
  assert.deepEqual(heatColour(30, 0, 30), [252, 240, 150]);
  assert.deepEqual(heatColour(0.0001, 0, 30), [29, 16, 68]);
  assert.deepEqual(heatColour(7.5, 0, 30), [196, 48, 80], 'a quarter of the largest is half way up the ramp (square root)');
  assert.deepEqual(heatColour(Infinity, 0, 30), INFINITE_COLOUR);
  assert.equal(finiteMax([0, 3, Infinity, 2], 0), 3);
  assert.equal(finiteMax([1, 1], 1), 1);
});
