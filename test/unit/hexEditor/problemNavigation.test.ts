import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FormatDiagnostic } from '../../../formats/diagnostics';
import { isOnProblem, problemAt, problemBytes, problemOrder, stepProblem } from '../../../webview/hex/problemNavigation';
import { messageWithJumpHint } from '../../../client/src/hexEditor/jumpHint';

const problem = (code: string, severity: FormatDiagnostic['severity'], start?: number, end?: number): FormatDiagnostic => ({
  code,
  severity,
  message: code,
  ...(start === undefined ? {} : { byteRange: { start, end: end ?? start } }),
});

test('a problem selects its bytes; an empty range (bytes missing at the end) the byte before it', () => {
  assert.deepEqual(problemBytes({ start: 0x14, end: 0x18 }), { start: 0x14, end: 0x18 });
  assert.deepEqual(problemBytes({ start: 1000, end: 1000 }), { start: 999, end: 1000 });
  assert.deepEqual(problemBytes({ start: 0, end: 0 }), { start: 0, end: 1 });
});

test('problems are gone through in the Problems panel order: errors first, then by the check order; none without bytes', () => {
  const order = problemOrder([
    problem('anim/non-unit-rotation', 'warning', 20, 24),
    problem('anim/non-finite', 'error', 100, 102),
    problem('manifest/summary', 'information'),
    problem('anim/trailing-bytes', 'hint', 4, 8),
    problem('anim/truncated', 'error', 60, 64),
    problem('anim/zero-scale', 'warning', 8, 10),
  ]);
  assert.deepEqual(
    order.map((p) => p.code),
    ['anim/non-finite', 'anim/truncated', 'anim/non-unit-rotation', 'anim/zero-scale', 'anim/trailing-bytes'],
  );
});

test('F8 and Shift+F8 step round the problems; from none they start at the first or the last', () => {
  const table: [current: number | undefined, count: number, step: 1 | -1, expected: number | undefined][] = [
    [undefined, 3, 1, 0],
    [undefined, 3, -1, 2],
    [0, 3, 1, 1],
    [1, 3, 1, 2],
    [2, 3, 1, 0],
    [0, 3, -1, 2],
    [2, 3, -1, 1],
    [0, 1, 1, 0],
    [undefined, 0, 1, undefined],
    [5, 3, 1, 0],
  ];
  for (const [current, count, step, expected] of table) assert.equal(stepProblem(current, count, step), expected, `${current} of ${count}, step ${step}`);
});

test('a selection of exactly a problem\'s bytes is that problem (the code link lands on it)', () => {
  const order = problemOrder([problem('a', 'error', 4, 8), problem('b', 'error', 8, 12), problem('c', 'warning', 1000, 1000)]);
  assert.equal(problemAt(order, { start: 8, end: 12 }), 1);
  assert.equal(problemAt(order, { start: 999, end: 1000 }), 2);
  assert.equal(problemAt(order, { start: 8, end: 9 }), undefined);
  assert.equal(isOnProblem(order[0], 7), true);
  assert.equal(isOnProblem(order[0], 8), false);
});

test('the Problems row says the code jumps to the bytes, inside the byte range the message already names', () => {
  assert.equal(
    messageWithJumpHint('Re-export the clip. (bytes 0x3C4-0x3E7)', { start: 0x3c4, end: 0x3e8 }),
    'Re-export the clip. (bytes 0x3C4-0x3E7; click the code to jump)',
  );
  assert.equal(messageWithJumpHint('Non-finite scale.', { start: 4, end: 5 }), 'Non-finite scale. (click the code to jump)');
  const once = messageWithJumpHint('x (byte 0x4)', { start: 4, end: 5 });
  assert.equal(messageWithJumpHint(once, { start: 4, end: 5 }), once);
});
