import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clipRowLayout } from '../../../formats/editing/rowLayout';
import { keyTarget } from '../../../webview/hex/hexKeys';

// A clip of 2 bones and 3 frames: header [0, 4), six 16-byte rows [4, 100), 4 trailing bytes [100, 104).
const layout = clipRowLayout(104, { boneCount: 2, flags: 0, frameCount: 3, expectedSize: 100 });
const press = (offset: number, key: string, toFileEnds = false, pageRows = 2): number | undefined =>
  keyTarget(layout, offset, { key, toFileEnds }, pageRows);

test('arrow keys move a byte sideways and a row up or down, keeping the column and stopping at the ends', () => {
  const table: [offset: number, key: string, target: number][] = [
    [25, 'ArrowLeft', 24],
    [0, 'ArrowLeft', 0],
    [25, 'ArrowRight', 26],
    [103, 'ArrowRight', 103],
    [25, 'ArrowDown', 41],
    [25, 'ArrowUp', 9],
    // From the first record's byte 5 up into the 4-byte header: its last byte.
    [9, 'ArrowUp', 3],
    // Into the 4-byte trailing row: the column is cut to its last byte.
    [95, 'ArrowDown', 103],
    [2, 'ArrowUp', 2],
  ];
  for (const [offset, key, target] of table) assert.equal(press(offset, key), target, `${key} from ${offset}`);
});

test('Page Up and Page Down move a page of rows, clamped to the first and last rows', () => {
  assert.equal(press(25, 'PageDown', false, 2), 57);
  assert.equal(press(25, 'PageUp', false, 2), 3);
  assert.equal(press(25, 'PageDown', false, 50), 103);
  assert.equal(press(57, 'PageUp', false, 50), 3);
});

test('Home and End go to the row\'s ends, with Ctrl (Cmd) to the file\'s ends; other keys do not move', () => {
  assert.equal(press(25, 'Home'), 20);
  assert.equal(press(25, 'End'), 35);
  assert.equal(press(25, 'Home', true), 0);
  assert.equal(press(25, 'End', true), 103);
  assert.equal(press(25, 'a'), undefined);
  assert.equal(press(25, 'Enter'), undefined);
});
