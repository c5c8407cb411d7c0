import { test } from 'node:test';
import assert from 'node:assert/strict';
import { numberCells } from '../../../webview/hex/inspector';

test('a list of numbers becomes cells that keep their comma; the text reads the same', () => {
  const value = '0.00069120829, -0.087783538, 0.18870004, 0.98203427';
  const cells = numberCells(value);
  assert.deepEqual(cells, ['0.00069120829,', '-0.087783538,', '0.18870004,', '0.98203427']);
  assert.equal(cells!.join(' '), value);
  assert.deepEqual(numberCells('(1, 0, -0.5)'), ['(1,', '0,', '-0.5)']);
  assert.deepEqual(numberCells('NaN, Infinity, 2.5e-7'), ['NaN,', 'Infinity,', '2.5e-7']);
});

test('words, single numbers and mixed lists stay text that wraps at its spaces', () => {
  assert.equal(numberCells('512, 512, 648 (dropped component: w)'), undefined);
  assert.equal(numberCells('x 0.0628°, y 0.0927°, z 21.7538°'), undefined);
  assert.equal(numberCells('0.035609 (at most 1: unit)'), undefined);
  assert.equal(numberCells('42'), undefined);
});
