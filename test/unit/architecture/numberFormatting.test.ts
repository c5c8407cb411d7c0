/**
 * Numbers become text in one module, `formats/numberText.ts`: the extension, the server, the CLI
 * and the webviews call its rules instead of `toFixed`, `toPrecision`, `toExponential` or
 * `toLocaleString` of their own, so one value reads the same on every surface. Tests and the
 * bench print their own measurements and are not scanned.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { test } from 'node:test';
import { ROOT, tsFilesUnder } from './importGraph';

const HOME = 'formats/numberText.ts';
const NOT_SCANNED = ['test/', 'bench/'];
const NUMBER_TO_TEXT = /\.(?:toFixed|toPrecision|toExponential|toLocaleString)\(/;

test('the scan recognises number-to-text calls', () => {
  for (const line of ['`${x.toFixed(4)} s`', 'Number(value.toPrecision(4))', 'v.toExponential(2)', "n.toLocaleString('en-US')"]) assert.ok(NUMBER_TO_TEXT.test(line), line);
  for (const line of ['formatFixed(x, 4)', 'hexWord(value, 8)', 'toFixedWidth(x)']) assert.ok(!NUMBER_TO_TEXT.test(line), line);
});

test('only formats/numberText.ts turns numbers into text', () => {
  const found: string[] = [];
  for (const file of tsFilesUnder(ROOT)) {
    const path = relative(ROOT, file).split(sep).join('/');
    if (path === HOME || NOT_SCANNED.some((folder) => path.startsWith(folder))) continue;
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (NUMBER_TO_TEXT.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});
