/**
 * `npm run bench -- --write` replaces only the generated table of bench/results.md: the text
 * between its two markers. The hand-measured sections the docs link to stay as they were.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceBenchTable, TABLE_END, TABLE_START } from '../../../bench/resultsFile';

const NEW_TABLE = 'Measured 2026-12-01 on 2 cores.\n\n| name | value |\n|---|---:|\n| decode | 2 |\n';

test('between the markers the new table replaces the old; the title and the sections below are kept byte for byte', () => {
  const previous = [
    '# Benchmark results',
    '',
    'Intro kept.',
    '',
    TABLE_START,
    '| name | value |',
    '|---|---:|',
    '| decode | 1 |',
    TABLE_END,
    '',
    '## Core',
    '',
    'Hand-measured: 12.6 ms (load 9).',
    '',
  ].join('\n');
  assert.equal(
    replaceBenchTable(previous, NEW_TABLE),
    [
      '# Benchmark results',
      '',
      'Intro kept.',
      '',
      TABLE_START,
      'Measured 2026-12-01 on 2 cores.',
      '',
      '| name | value |',
      '|---|---:|',
      '| decode | 2 |',
      TABLE_END,
      '',
      '## Core',
      '',
      'Hand-measured: 12.6 ms (load 9).',
      '',
    ].join('\n'),
  );
});

test('writing twice gives the same file as writing once', () => {
  const once = replaceBenchTable(`# Benchmark results\n\n${TABLE_START}\nold\n${TABLE_END}\n\n## Mixer\n\nkept\n`, NEW_TABLE);
  assert.equal(replaceBenchTable(once, NEW_TABLE), once);
});

test('without the markers the table goes first under the title, and the old text is kept below it', () => {
  const previous = '# Benchmark results\n\n## Diff\n\nMeasured by hand: 1.2 s.\n';
  assert.equal(
    replaceBenchTable(previous, NEW_TABLE),
    `# Benchmark results\n\n${TABLE_START}\n${NEW_TABLE.trim()}\n${TABLE_END}\n\n## Diff\n\nMeasured by hand: 1.2 s.\n`,
  );
});

test('an end marker before the start marker does not count: the table goes first and nothing is lost', () => {
  const previous = `${TABLE_END}\nnotes\n${TABLE_START}\n`;
  const written = replaceBenchTable(previous, NEW_TABLE);
  assert.ok(written.startsWith(`# Benchmark results\n\n${TABLE_START}\n${NEW_TABLE.trim()}\n${TABLE_END}\n`), written);
  assert.ok(written.endsWith(`${previous.trim()}\n`), written);
});

test('no file yet: the title and the marked table alone', () => {
  assert.equal(replaceBenchTable('', NEW_TABLE), `# Benchmark results\n\n${TABLE_START}\n${NEW_TABLE.trim()}\n${TABLE_END}\n`);
});

test('the committed bench/results.md has both markers once, in order, with the table between them', () => {
  const text = readFileSync(join(__dirname, '..', '..', '..', 'bench', 'results.md'), 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  assert.ok(start >= 0 && end > start, 'both markers, start first');
  assert.equal(text.lastIndexOf(TABLE_START), start);
  assert.equal(text.lastIndexOf(TABLE_END), end);
  assert.match(text.slice(start, end), /\n\| name \| value \| unit \|/);
});
