/**
 * The manifest is parsed one top-level section at a time (formats/manifest/tomlSections.ts):
 * where sections start, and that a model built section by section is the one a whole parse
 * gives (array indices counted over the whole text, positions in the whole text, a table
 * defined twice still an error).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseManifest, stringValue } from '../../../formats/manifest';
import { tomlSectionStarts } from '../../../formats/manifest/tomlSections';

function sectionLines(text: string): number[] {
  return tomlSectionStarts(text).map((offset) => text.slice(0, offset).split('\n').length - 1);
}

test('sections start at table headers outside strings, comments and multi-line arrays (table)', () => {
  const cases: [text: string, lines: number[]][] = [
    ['title = "x"\n[game]\nid = "a"\n[[assets.meshes]]\nid = "m"\n', [0, 1, 3]],
    ['[game]\n  [[assets.meshes]]\n', [0, 1]],
    ['tags = [\n  "a",\n  [1, 2],\n]\n[game]\n', [0, 4]],
    ['description = """\n[not a header]\n"""\n[game]\n', [0, 3]],
    ["description = '''\n[not a header]\n'''\n[game]\n", [0, 3]],
    ['description = "quote \\" [x]"\n[game]\n', [0, 1]],
    ['# [commented]\n[game] # [x]\nt = { a = [1] }\n[build]\n', [0, 1, 3]],
    ['a = """x""""\n[game]\n', [0, 1]],
    ['a = "unterminated\n[game]\n', [0, 1]],
    ['', [0]],
  ];
  for (const [text, lines] of cases) assert.deepEqual(sectionLines(text), lines, JSON.stringify(text));
});

test('a model built section by section: entries numbered over the whole text, ranges in the whole text', () => {
  const text = '[game]\nid = "g"\n\n[[assets.meshes]]\nid = "a"\n\n[[assets.animations]]\nid = "w"\n\n[[assets.meshes]]\nid = "b"\npath = "b.nczxmesh"\n';
  const model = parseManifest(text, '/p/nether.toml');
  assert.deepEqual(model.diagnostics, []);
  assert.deepEqual(model.entries.map((e) => [e.array, e.index, stringValue(e.fields.id)]), [['meshes', 0, 'a'], ['animations', 0, 'w'], ['meshes', 1, 'b']]);
  const b = model.entries[2]!;
  assert.deepEqual(b.headerRange, { start: { line: 9, character: 0 }, end: { line: 9, character: 17 } });
  assert.deepEqual(b.fields.path?.value.range, { start: { line: 11, character: 7 }, end: { line: 11, character: 19 } });
  assert.deepEqual(b.fields.path?.range, { start: { line: 11, character: 0 }, end: { line: 11, character: 19 } });
});

test('a table defined twice is still a syntax error, at its second header; errors in one section leave the others whole', () => {
  const twice = parseManifest('[game]\nid = "a"\n[game]\ntitle = "b"\n', '/p/nether.toml');
  assert.deepEqual(twice.diagnostics.map((d) => [d.code, d.range?.start.line, d.message]), [['manifest/syntax', 2, 'Not valid TOML: the table `[game]` is defined twice. The packer refuses the whole file.']]);
  const broken = parseManifest('[game]\nid = \n[[assets.meshes]]\nid = "m"\n', '/p/nether.toml');
  assert.deepEqual(broken.diagnostics.map((d) => [d.code, d.range?.start.line]), [['manifest/syntax', 1]]);
  assert.equal(stringValue(broken.entries[0]?.fields.id), 'm');
});

test('5 MB that is not TOML: at most 20 syntax errors, no model', () => {
  let seed = 7;
  let text = '';
  while (text.length < 5 * 1024 * 1024) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    text += String.fromCharCode(33 + (seed >>> 25)) + (seed % 97 === 0 ? '\n' : '');
  }
  const model = parseManifest(text, '/p/nether.toml');
  assert.equal(model.parsed, false);
  assert.ok(model.diagnostics.length >= 1 && model.diagnostics.length <= 20, String(model.diagnostics.length));
  assert.ok(model.diagnostics.every((d) => d.code === 'manifest/syntax'));
});
