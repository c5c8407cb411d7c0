/**
 * The hex scroller over rows of two heights: a clip's header row is one 18 px line, its keyframe
 * rows five lines (90 px) in a narrow editor. Which rows fit, the last top row and where a jump
 * puts its row are counted in rows, exactly, whatever the heights.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastTop, rowsFitting, rowsShown, topShowing } from '../../../webview/hex/rowHeights';

const header = (row: number): number => (row === 0 ? 18 : 90);
const uniform = (): number => 18;

test('from the top, the short header row and then as many keyframe rows as fit wholly', () => {
  // 18 + 4 x 90 = 378 <= 400; a fifth keyframe would need 468.
  assert.equal(rowsFitting(header, 1000, 0, 400), 5);
  // Without the header: 4 x 90 = 360, 5 x 90 = 450.
  assert.equal(rowsFitting(header, 1000, 1, 400), 4);
  // A viewport shorter than a row still shows one.
  assert.equal(rowsFitting(header, 1000, 3, 50), 1);
  // Near the end: only the rows there are.
  assert.equal(rowsFitting(header, 3, 1, 400), 2);
});

test('uniform rows give what a fixed row height gives: floor(viewport / height)', () => {
  for (const viewport of [17, 18, 100, 899, 900]) {
    assert.equal(rowsFitting(uniform, 16_777_217, 123, viewport), Math.max(1, Math.floor(viewport / 18)), `${viewport}`);
    assert.equal(lastTop(uniform, 16_777_217, viewport), 16_777_217 - Math.max(1, Math.floor(viewport / 18)), `${viewport}`);
    assert.equal(topShowing(uniform, 5000, viewport), 5000 - Math.floor(Math.floor(viewport / 18) / 3), `${viewport}`);
  }
});

test('the last top row shows the last rows wholly; a file shorter than the viewport starts at 0', () => {
  assert.equal(lastTop(header, 1000, 400), 996);
  assert.equal(rowsFitting(header, 1000, 996, 400), 4);
  assert.equal(lastTop(header, 4, 400), 0);
  assert.equal(lastTop(header, 0, 400), 0);
  // The last row taller than the viewport: it is the top.
  assert.equal(lastTop(header, 1000, 50), 999);
});

test('a revealed row goes a third down: the rows above it fill at most a third of the viewport', () => {
  // 900 px: a third is 300 px, three keyframe rows (270 px) above.
  assert.equal(topShowing(header, 500, 900), 497);
  // Near the top the header's 18 px counts as what it is: rows 1 and 2 (180) and the header (18) fit in 300.
  assert.equal(topShowing(header, 3, 900), 0);
  assert.equal(topShowing(header, 0, 900), 0);
});

test('the rows to draw: every row whose top is inside the viewport, the last one cut', () => {
  // 18 + 90 x 4 = 378 < 400: a sixth row starts at 378 and is cut.
  assert.equal(rowsShown(header, 1000, 0, 400), 6);
  assert.equal(rowsShown(header, 1000, 1, 400), 5);
  assert.equal(rowsShown(header, 2, 0, 400), 2);
  assert.equal(rowsShown(uniform, 1000, 0, 900), 50);
});
