/**
 * The reference tables of docs/ say what the code says: the diagnostic codes are the core's
 * tables row for row, and the settings and commands are package.json's contributions. A new
 * code, setting or command fails here until its page lists it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BINARY_DIAGNOSTIC_CODES } from '../../../formats/diagnosticCodes';
import { GLTF_PROBLEM_CODES } from '../../../formats/gltf/problems';
import { MANIFEST_DIAGNOSTIC_CODES } from '../../../formats/manifest/codes';

const REPO = resolve(__dirname, '..', '..', '..');

/** The table rows (`| ... |` lines, header and rule excluded) of the section under `heading`, up to the next heading. */
function tableRows(page: string, heading: string): string[][] {
  const text = readFileSync(join(REPO, 'docs', page), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `docs/${page} has the heading "${heading}"`);
  const next = text.slice(start + heading.length + 2).search(/\n#{1,6} /);
  const section = next < 0 ? text.slice(start) : text.slice(start, start + heading.length + 2 + next);
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  return rows.slice(2).map((row) => row.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim()));
}

const code = (cell: string): string => /^`([^`]+)`/.exec(cell)?.[1] ?? cell;

test('docs/formats.md lists the binary formats\' codes exactly as formats/diagnosticCodes.ts', () => {
  assert.deepEqual(
    tableRows('formats.md', '### Codes of the binary formats'),
    BINARY_DIAGNOSTIC_CODES.map((c) => [`\`${c.code}\``, c.severity, c.when]),
  );
});

test('docs/formats.md lists every manifest code with its default severity, and no other', () => {
  const rows = tableRows('formats.md', '### Codes of the manifest');
  assert.deepEqual(rows.map((r) => code(r[0]!)).sort(), MANIFEST_DIAGNOSTIC_CODES.map((c) => c.code).sort());
  for (const info of MANIFEST_DIAGNOSTIC_CODES) {
    const row = rows.find((r) => code(r[0]!) === info.code)!;
    // `manifest/bone-mismatch` is "warning / error": the default comes first.
    assert.equal(row[1]!.split(' / ')[0], info.severity, info.code);
    assert.ok(row[2]!.length > 20, `${info.code} says when it fires`);
  }
});

test('docs/gltf-export.md lists the exporter\'s problem codes exactly as formats/gltf/problems.ts', () => {
  assert.deepEqual(
    tableRows('gltf-export.md', '## Problem codes'),
    Object.entries(GLTF_PROBLEM_CODES).map(([name, c]) => [`\`${name}\``, c.severity, c.when]),
  );
});

interface Contributions {
  contributes: {
    configuration: { properties: Record<string, { default: unknown }> };
    commands: { command: string; title: string }[];
  };
}
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Contributions;

test('docs/language-server.md lists every setting with its default, and no other', () => {
  const rows = tableRows('language-server.md', '## Settings');
  const properties = pkg.contributes.configuration.properties;
  assert.deepEqual(rows.map((r) => code(r[0]!)).sort(), Object.keys(properties).sort());
  for (const row of rows) {
    const shown = JSON.parse(code(row[1]!)) as unknown;
    assert.deepEqual(shown, properties[code(row[0]!)]!.default, `default of ${code(row[0]!)}`);
  }
});

test('docs/language-server.md lists every command with its title, and no other', () => {
  const rows = tableRows('language-server.md', '## Commands');
  assert.deepEqual(
    rows.map((r) => [code(r[0]!), r[1]]).sort(),
    pkg.contributes.commands.map((c) => [c.command, c.title]).sort(),
  );
});
