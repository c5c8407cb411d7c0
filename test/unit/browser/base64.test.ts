/**
 * The Buffer-free base64 the browser build uses (hex editor backups, webview nonces, the worker's
 * file requests) writes what Node's Buffer writes and reads it back, past the 32 KiB pieces it
 * converts at a time.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeBase64, encodeBase64 } from '../../../formats/base64';

const cases: [name: string, bytes: Uint8Array][] = [
  ['nothing', new Uint8Array(0)],
  ['one byte (two pad characters)', Uint8Array.of(0xff)],
  ['two bytes (one pad character)', Uint8Array.of(0x00, 0x80)],
  ['a clip header', Uint8Array.of(0x17, 0x00, 0x2c, 0x01)],
  ['every byte value', Uint8Array.from({ length: 256 }, (_, i) => i)],
  ['70,000 bytes (three pieces)', Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) & 0xff)],
];

for (const [name, bytes] of cases) {
  test(`base64 of ${name}: Node's text, and back to the same bytes`, () => {
    const text = encodeBase64(bytes);
    assert.equal(text, Buffer.from(bytes).toString('base64'));
    assert.deepEqual(decodeBase64(text), bytes);
  });
}

test('base64 text names its bytes: "/w==" is 0xff, "AIA=" is 0x00 0x80', () => {
  assert.deepEqual(decodeBase64('/w=='), Uint8Array.of(0xff));
  assert.deepEqual(decodeBase64('AIA='), Uint8Array.of(0x00, 0x80));
});
