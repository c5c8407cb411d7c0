import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hexDigitOf, typeDigit } from '../../../webview/hex/hexTyping';

test('two hex digits make one byte; the first is only held', () => {
  const first = typeDigit(undefined, 100, 0x3);
  assert.deepEqual(first, { pending: { offset: 100, high: 3 } });
  assert.deepEqual(typeDigit(first.pending, 100, 0xc), { write: { offset: 100, value: 0x3c } });
  assert.deepEqual(typeDigit(first.pending, 101, 0xc), { pending: { offset: 101, high: 0xc } }, 'a digit at another byte starts over');
});

test('hex digit keys, either case; anything else is not typing (table)', () => {
  const table: [string, number | undefined][] = [['0', 0], ['9', 9], ['a', 10], ['F', 15], ['g', undefined], ['ArrowUp', undefined], [' ', undefined]];
  for (const [key, digit] of table) assert.equal(hexDigitOf(key), digit, key);
});
