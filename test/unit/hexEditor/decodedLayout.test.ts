/**
 * A narrow hex editor puts a row's decoded values under its bytes on as many lines as its width
 * needs, and no more: a keyframe's q (4 values), p and s (3 each) as whole groups where they
 * fit, else broken between values; a header's meaning between words.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupCh, keyframeLines, wrapWords } from '../../../webview/hex/decodedLayout';

/** Each line as "q0-4 p0-3" (group letter, cells from-to). */
const shape = (width: number): string[] =>
  keyframeLines(width).map((line) => line.map((piece) => `${'qps'[piece.group]}${piece.from}-${piece.to}`).join(' '));

test('a group line is its name (1.5 characters) and 7-character values one space apart', () => {
  assert.equal(groupCh(4), 32.5);
  assert.equal(groupCh(3), 24.5);
});

test('wide enough: q, then p and s together; then q, p, s; narrower: groups broken between values', () => {
  assert.deepEqual(shape(80), ['q0-4', 'p0-3 s0-3']);
  // p and s together need 24.5 + 2 + 24.5 = 51 characters.
  assert.deepEqual(shape(51), ['q0-4', 'p0-3 s0-3']);
  assert.deepEqual(shape(50.9), ['q0-4', 'p0-3', 's0-3']);
  assert.deepEqual(shape(32.5), ['q0-4', 'p0-3', 's0-3']);
  // 3 values a line: q on two lines.
  assert.deepEqual(shape(32), ['q0-3', 'q3-4', 'p0-3', 's0-3']);
  assert.deepEqual(shape(24.5), ['q0-3', 'q3-4', 'p0-3', 's0-3']);
  // 2 values a line (the least).
  assert.deepEqual(shape(24), ['q0-2', 'q2-4', 'p0-2', 'p2-3', 's0-2', 's2-3']);
  assert.deepEqual(shape(5), ['q0-2', 'q2-4', 'p0-2', 'p2-3', 's0-2', 's2-3']);
});

test('every line fits its width wherever 2 values a line do', () => {
  for (let width = groupCh(2); width <= 90; width += 0.5) {
    for (const line of keyframeLines(width)) {
      const ch = line.reduce((sum, piece) => sum + groupCh(piece.to - piece.from), 0) + 2 * (line.length - 1);
      assert.ok(ch <= width, `${width}: ${JSON.stringify(line)} takes ${ch}`);
    }
  }
});

test("a header's meaning wraps between words, each line within the width", () => {
  const meaning = '3 bones · flags 0 · 30 frames (1 s at 30 fps)';
  assert.deepEqual(wrapWords(meaning, 80), [meaning]);
  assert.deepEqual(wrapWords(meaning, 30), ['3 bones · flags 0 · 30 frames', '(1 s at 30 fps)']);
  assert.deepEqual(wrapWords(meaning, 20), ['3 bones · flags 0 ·', '30 frames (1 s at 30', 'fps)']);
  assert.deepEqual(wrapWords('unbreakable-word here', 5), ['unbreakable-word', 'here']);
  assert.deepEqual(wrapWords('', 10), ['']);
});
