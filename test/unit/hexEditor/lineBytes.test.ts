/**
 * The hex editor's bytes per line follow the editor's width: a row of a clip (offset 9 ch, label
 * 18 ch, 3 px border) in a 14 px editor font (8.4 px per character) gets 16 bytes per line where
 * they fit, 8 or 4 in an editor split beside the preview, never more than fit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hexColumnCss, hexColumnWidth, labelUnderBytes, lineBytesFor } from '../../../webview/hex/lineBytes';

const ch = 8.4;
const em = 14;
const columns = 3 + (9 + 18) * ch;

/** [editor width in px, bytes per line] */
const TABLE: [number, number][] = [
  [1600, 16],
  [900, 16],
  // 229.8 px of columns + 16 bytes (322.56 px) + gaps (49 px) = 601.36 px.
  [602, 16],
  [601, 8],
  [480, 8],
  // 8 bytes: 229.8 + 161.28 + 49 = 440.08 px.
  [441, 8],
  [440, 4],
  // 4 bytes (at most 4 gaps of 0.5 em): 229.8 + 80.64 + 28 = 338.44 px.
  [359, 4],
  [339, 4],
  // Narrower than 4 bytes beside the label need: still 4 (the label goes under the bytes).
  [338, 4],
  [200, 4],
  [0, 4],
];

for (const [available, bytes] of TABLE) {
  test(`${available} px: ${bytes} bytes per line`, () => {
    assert.equal(lineBytesFor({ available, columns, ch, em }), bytes);
  });
}

test('the chosen line fits the width whenever a choice fits', () => {
  for (let available = 339; available <= 2000; available += 7) {
    const bytes = lineBytesFor({ available, columns, ch, em });
    assert.ok(columns + hexColumnWidth(bytes, ch, em) <= available, `${available} px: ${bytes} bytes do not fit`);
    if (bytes < 16) assert.ok(columns + hexColumnWidth(bytes * 2, ch, em) > available, `${available} px: ${bytes * 2} bytes would fit`);
  }
});

test("the CSS width is the same formula as the measure's", () => {
  assert.equal(hexColumnCss(16), 'calc(16 * 2.4ch + 3.5em)');
  assert.equal(hexColumnCss(8), 'calc(8 * 2.4ch + 3.5em)');
  assert.equal(hexColumnCss(4), 'calc(4 * 2.4ch + 2em)');
  assert.equal(hexColumnWidth(4, ch, em), 4 * 2.4 * ch + 2 * em);
});

test('the record label goes under the bytes exactly where 4 bytes no longer fit beside it', () => {
  assert.equal(labelUnderBytes({ available: 339, columns, ch, em }), false);
  assert.equal(labelUnderBytes({ available: 338, columns, ch, em }), true);
  assert.equal(labelUnderBytes({ available: 1600, columns, ch, em }), false);
  // The demo's three editor groups at 1400 px: a 230 px wide hex editor.
  assert.equal(labelUnderBytes({ available: 230, columns, ch, em }), true);
});
