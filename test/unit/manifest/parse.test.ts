/** The typed model: ranges of keys and values, every TOML spelling, and the cursor queries. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  entryAt, entryById, keyAt, MANIFEST_KEY_DOCS, parseManifest, stringValue, tableAt, type ManifestModel,
} from '../../../formats/manifest';
import { editDistance, nearestName } from '../../../formats/manifest/editDistance';
import { LineIndex } from '../../../formats/manifest/textRanges';
import { normalisedPath, resolveManifestPath } from '../../../formats/paths';

const TEXT = `[game]
id = "demo"
title = "Démo ü"   # non-ASCII: characters count in UTF-16 units

[[assets.meshes]]
id = "hero"
path = "mesh/hero.nczxmesh"

[[assets.animations]]
animation_name = "Walk"
path = "hero.glb"
skeleton = "hero_skel"
`;

function slice(text: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }): string {
  const lines = new LineIndex(text);
  return text.slice(lines.offsetAt(range.start), lines.offsetAt(range.end));
}

test('model: tables, entries, fields and the exact ranges of keys and values', () => {
  const model = parseManifest(TEXT, '/x/nether.toml');
  assert.equal(model.era, 'nethercore');
  assert.deepEqual(model.diagnostics, []);
  assert.deepEqual(model.game!.keys.map((k) => [k.name, slice(TEXT, k.keyRange), slice(TEXT, k.value.range), k.value.value]), [
    ['id', 'id', '"demo"', 'demo'],
    ['title', 'title', '"Démo ü"', 'Démo ü'],
  ]);
  assert.deepEqual(model.entries.map((e) => [e.array, e.kind, e.index, slice(TEXT, e.headerRange!)]), [
    ['meshes', 'mesh', 0, '[[assets.meshes]]'],
    ['animations', 'animation', 0, '[[assets.animations]]'],
  ]);
  const clip = model.entries[1];
  assert.equal(stringValue(clip.fields.animation_name), 'Walk');
  assert.equal(slice(TEXT, clip.fields.skeleton!.value.range), '"hero_skel"');
  assert.deepEqual(clip.fields.skeleton!.value.range, { start: { line: 11, character: 11 }, end: { line: 11, character: 22 } });
});

test('inline tables and dotted keys give the same model as [[...]] tables', () => {
  const model = parseManifest('game.id = "x"\n[assets]\nmeshes = [{ id = "a", path = "a.obj" }, { id = "b", path = "b.obj" }]\n', '/ember.toml');
  assert.equal(model.era, 'emberware');
  assert.deepEqual(model.game!.keys.map((k) => k.name), ['id']);
  assert.deepEqual(model.entries.map((e) => [e.array, e.index, stringValue(e.fields.id), stringValue(e.fields.path)]), [['meshes', 0, 'a', 'a.obj'], ['meshes', 1, 'b', 'b.obj']]);
  // An inline table ends at its closing brace: the line after it is back in [assets]' scope.
  assert.equal(entryAt(model, { line: 2, character: 15 })!.index, 0);
  assert.equal(entryAt(model, { line: 3, character: 0 }), undefined);
});

test('a UTF-8 byte-order mark and CRLF line ends are fine; ranges stay in the original text', () => {
  const text = '\uFEFF[game]\r\nid = "x"\r\ntitle = "y"\r\n';
  const model = parseManifest(text, 'nether.toml');
  assert.deepEqual(model.diagnostics, []);
  assert.deepEqual(model.game!.keys.map((k) => slice(text, k.value.range)), ['"x"', '"y"']);
  assert.deepEqual(model.game!.keys[1].value.range, { start: { line: 2, character: 8 }, end: { line: 2, character: 11 } });
});

test('era: ember.toml is Emberware; nether.toml and any other name follow the current packer', () => {
  const era = (path: string) => parseManifest('', path).era;
  assert.deepEqual(['/a/ember.toml', '/a/EMBER.TOML', '/a/nether.toml', '/a/examples_x.nether.toml', 'game.toml'].map(era),
    ['emberware', 'emberware', 'nethercore', 'nethercore', 'nethercore']);
});

test('queries: tableAt / entryAt follow TOML scoping, keyAt tells key from value', () => {
  const model: ManifestModel = parseManifest(TEXT, '/x/nether.toml');
  assert.equal(tableAt(model, { line: 1, character: 3 })!.name, 'game');
  // The blank line after an entry still belongs to it (completion there adds keys to it).
  assert.equal(entryAt(model, { line: 7, character: 0 })!.fields.id!.value.value, 'hero');
  assert.equal(entryAt(model, { line: 1, character: 0 }), undefined);
  const onValue = keyAt(model, { line: 11, character: 14 })!;
  assert.deepEqual([onValue.key.name, onValue.part, onValue.table.name], ['skeleton', 'value', 'assets.animations']);
  assert.equal(keyAt(model, { line: 6, character: 1 })!.part, 'key');
  assert.equal(keyAt(model, { line: 4, character: 3 }), undefined);
  assert.equal(entryById(model, 'mesh', 'hero')?.index, 0);
});

test('syntax errors: every one reported at its line, the rest of the model kept', () => {
  const text = '[game]\nid = "x\ntitle = "T"\n[[assets.meshes]]\nid = \npath = "m.obj"\n';
  const model = parseManifest(text, 'nether.toml');
  assert.deepEqual(model.diagnostics.map((d) => [d.code, d.range!.start.line]), [['manifest/syntax', 1], ['manifest/syntax', 4]]);
  assert.equal(model.parsed, true);
  assert.deepEqual(model.game!.keys.map((k) => k.name), ['title']);
  assert.equal(stringValue(model.entries[0].fields.path), 'm.obj');
});

test('wrong types are syntax errors (the real parser refuses the file)', () => {
  const text = '[game]\ntags = "one"\nrender_mode = 1.5\ncompress_textures = "yes"\n[[build]]\n';
  const model = parseManifest(text, 'nether.toml');
  assert.deepEqual(model.diagnostics.map((d) => [d.code, d.range!.start.line, d.message.replace(/ The packer refuses the whole file\.$/, '')]), [
    ['manifest/syntax', 1, '`game.tags` must be an array of strings, found a string.'],
    ['manifest/syntax', 2, '`game.render_mode` must be an integer, found a float.'],
    ['manifest/syntax', 3, '`game.compress_textures` must be a boolean, found a string.'],
    ['manifest/syntax', 4, '`[[build]]` must be a single table `[build]`, not an array of tables.'],
  ]);
});

test('key docs cover every game key and every entry key of every asset kind', () => {
  for (const key of ['game.id', 'game.render_mode', 'game.tick_rate', 'netplay.enabled', 'build.wasm', 'assets.animations.skeleton', 'assets.meshes.skeleton', 'assets.trackers.patterns']) {
    assert.ok(MANIFEST_KEY_DOCS[key], key);
  }
  assert.match(MANIFEST_KEY_DOCS['game.render_mode'], /`0` Lambert \(default\), `1` Matcap, `2` MRBP .*, `3` SSBP/);
  assert.match(MANIFEST_KEY_DOCS['assets.animations.mesh'], /the packer ignores it/);
  assert.equal(MANIFEST_KEY_DOCS['assets.textures.skeleton'], undefined);
});

test('edit distance and nearest names (table)', () => {
  const table: [string, string, number][] = [['titel', 'title', 1], ['tick_rate', 'tickrate', 1], ['skeleton', 'skelton', 1], ['name', 'title', 4], ['', 'id', 2], ['abc', 'abc', 0]];
  for (const [a, b, d] of table) assert.equal(editDistance(a, b), d, `${a}/${b}`);
  assert.deepEqual(nearestName('max_player', ['tick_rate', 'max_players']), { name: 'max_players', distance: 1, likelyTypo: true });
  assert.equal(nearestName('zzzzzz', ['id'])!.likelyTypo, false);
});

test('paths resolve against the manifest folder like Path::join (table)', () => {
  const table: [string, string, string][] = [
    ['/p', 'assets/a.nczxanim', '/p/assets/a.nczxanim'],
    ['/p/game', '../../assets/x.png', '/assets/x.png'],
    ['/p', './a/./b/../c.wav', '/p/a/c.wav'],
    ['/p', '/abs/file.glb', '/abs/file.glb'],
    ['', 'a.obj', 'a.obj'],
    ['rel', '../../up.obj', '../up.obj'],
    ['/p', 'assets\\win\\a.wav', '/p/assets/win/a.wav'],
    ['C:/p', 'a.glb', 'C:/p/a.glb'],
    ['rel', 'a/b.obj', 'rel/a/b.obj'],
    ['/p', '', '/p'],
    ['/p/', 'a.wav', '/p/a.wav'],
    ['/', 'a.wav', '/a.wav'],
    ['/p/./q', 'a.wav', '/p/q/a.wav'],
    ['/p', 'a/', '/p/a'],
  ];
  for (const [base, rel, expected] of table) assert.equal(resolveManifestPath(base, rel), expected, `${base} + ${rel}`);
});

test("a file's key in a run's shared facts: the walk's path under a folder given as '.', './' or 'sub/../' is the manifest's resolved path (table)", () => {
  const table: [string, string][] = [
    ['./clips/c0.nczxanim', 'clips/c0.nczxanim'],
    ['sub/../clips/c0.nczxanim', 'clips/c0.nczxanim'],
    ['.//clips//c0.nczxanim', 'clips/c0.nczxanim'],
    ['/ws/./clips/../nether.toml', '/ws/nether.toml'],
    ['clips\\c0.nczxanim', 'clips/c0.nczxanim'],
    ['../up/c0.nczxanim', '../up/c0.nczxanim'],
    ['/ws/clips/c0.nczxanim', '/ws/clips/c0.nczxanim'],
    ['clips/..c0.nczxanim', 'clips/..c0.nczxanim'],
    ['.hidden/c0.nczxanim', '.hidden/c0.nczxanim'],
    ['/', '/'],
    ['clips/', 'clips'],
    ['.', '.'],
  ];
  for (const [met, key] of table) {
    assert.equal(normalisedPath(met), key, met);
    assert.equal(normalisedPath(key), key, `${key} is its own key`);
  }
  assert.equal(normalisedPath('./clips/c0.nczxanim'), resolveManifestPath('.', 'clips/c0.nczxanim'), "the manifest's resolution in the folder '.'");
});
