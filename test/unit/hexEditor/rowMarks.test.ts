import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HexDiagnostic } from '../../../protocol/hexEditor';
import { RowMarks } from '../../../webview/hex/rowMarks';

const problem = (code: string, severity: HexDiagnostic['severity'], start: number, end: number): HexDiagnostic =>
  ({ code, severity, message: `${code} here`, byteRange: { start, end } });

test('a row is marked with the worst severity of the problems on its bytes, and lists their messages', () => {
  const marks = new RowMarks();
  marks.setDiagnostics([problem('W1', 'warning', 4, 20), problem('E1', 'error', 16, 24), problem('H1', 'hint', 40, 41)]);
  const table: [start: number, end: number, severity: string | undefined, messages: string][] = [
    [0, 4, undefined, ''],
    [4, 16, 'warning', 'W1: W1 here'],
    [16, 32, 'error', 'W1: W1 here\nE1: E1 here'],
    [32, 48, 'hint', 'H1: H1 here'],
    [48, 64, undefined, ''],
  ];
  for (const [start, end, severity, messages] of table) {
    assert.equal(marks.worstSeverity(start, end), severity, `[${start}, ${end})`);
    assert.equal(marks.messagesFor(start, end), messages, `[${start}, ${end})`);
  }
});

test('the matches touching a row are found among many, and the current one is told apart', () => {
  const marks = new RowMarks();
  const matches = Array.from({ length: 1000 }, (_, i) => ({ start: i * 10, end: i * 10 + 3 }));
  marks.setMatches(matches, matches[501]);
  assert.deepEqual(marks.matchesIn(5002, 5021), [matches[500], matches[501], matches[502]]);
  assert.deepEqual(marks.matchesIn(5003, 5010), []);
  assert.equal(marks.isCurrentMatch(matches[501]), true);
  assert.equal(marks.isCurrentMatch({ ...matches[501] }), false);
  marks.setMatches([], undefined);
  assert.deepEqual(marks.matchesIn(0, 10_000), []);
});
