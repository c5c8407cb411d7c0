/**
 * One crafted manifest per diagnostic code: a valid in-memory pack, one edit, and exactly
 * which codes appear, where (the text the range covers), with what severity and data.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkManifest, MANIFEST_DIAGNOSTIC_CODES, type ManifestCheckResult } from '../../../formats/manifest';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { clipBytes, PNG_HEAD, skinnedMeshBytes } from './assetBytes';
import { BASE, basePack } from './craftedPack';
import { chainClip, chainSkeleton } from '../motion/plantedClips';

async function check(text: string, files: Record<string, Uint8Array | string> = {}, manifest = '/pack/nether.toml'): Promise<ManifestCheckResult> {
  const access = new MemoryFileAccess({ ...basePack(), ...files });
  return checkManifest(access, manifest, text, { maxKeyframeProblems: 10 });
}

function rangeText(text: string, d: { range?: { start: { line: number; character: number }; end: { line: number; character: number } } }): string {
  const lines = text.split('\n');
  const { start, end } = d.range!;
  if (start.line === end.line) return lines[start.line].slice(start.character, end.character);
  return [lines[start.line].slice(start.character), ...lines.slice(start.line + 1, end.line), lines[end.line].slice(0, end.character)].join('\n');
}

function edit(from: string, to: string): (t: string) => string {
  return (t) => {
    assert.ok(t.includes(from), `base contains ${JSON.stringify(from)}`);
    return t.replace(from, to);
  };
}

interface Case {
  name: string;
  change: (text: string) => string;
  files?: Record<string, Uint8Array | string>;
  /** Every code the result has (sorted, unique). */
  codes: string[];
  code: string;
  severity: string;
  at: string;
  data?: Record<string, string | number | boolean>;
  message?: RegExp;
}

const append = (extra: string) => (t: string) => `${t}\n${extra}\n`;

const CASES: Case[] = [
  { name: 'missing value', change: edit('title = "Demo"', 'title = '), codes: ['manifest/missing-field', 'manifest/syntax'], code: 'manifest/syntax', severity: 'error', at: 'title = ' },
  { name: 'key of the wrong type', change: edit('version = "0.1.0"', 'version = 1'), codes: ['manifest/syntax'], code: 'manifest/syntax', severity: 'error', at: '1', message: /`game.version` must be a string, found an integer/ },
  { name: 'asset kind as a plain table', change: edit('[[assets.sounds]]', '[assets.sounds]'), codes: ['manifest/syntax'], code: 'manifest/syntax', severity: 'error', at: '[assets.sounds]' },
  { name: 'duplicate key', change: edit('author = "Me"', 'author = "Me"\nauthor = "You"'), codes: ['manifest/syntax'], code: 'manifest/syntax', severity: 'error', at: 'author = "You"' },
  { name: 'no [game]', change: (t) => t.slice(t.indexOf('[[assets.textures]]')), codes: ['manifest/missing-field'], code: 'manifest/missing-field', severity: 'error', at: '', data: { table: 'game' } },
  { name: 'required key missing', change: edit('author = "Me"\n', ''), codes: ['manifest/missing-field'], code: 'manifest/missing-field', severity: 'error', at: '[game]', data: { table: 'game', key: 'author' } },
  { name: 'required key empty', change: edit('title = "Demo"', 'title = "  "'), codes: ['manifest/missing-field'], code: 'manifest/missing-field', severity: 'error', at: '"  "' },
  { name: 'entry without path', change: edit('path = "sfx/jump.wav"\n', ''), codes: ['manifest/missing-field'], code: 'manifest/missing-field', severity: 'error', at: '[[assets.sounds]]', data: { key: 'path' } },
  { name: 'unsafe game id', change: edit('id = "demo"', 'id = "../evil"'), codes: ['manifest/invalid-value'], code: 'manifest/invalid-value', severity: 'error', at: '"../evil"', message: /contains "\/"/ },
  { name: 'game id with a trailing dot', change: edit('id = "demo"', 'id = "demo."'), codes: ['manifest/invalid-value'], code: 'manifest/invalid-value', severity: 'error', at: '"demo."' },
  { name: 'render_mode 4', change: edit('version = "0.1.0"', 'version = "0.1.0"\nrender_mode = 4'), codes: ['manifest/invalid-value'], code: 'manifest/invalid-value', severity: 'error', at: '4' },
  { name: 'tick_rate 45', change: edit('version = "0.1.0"', 'version = "0.1.0"\ntick_rate = 45'), codes: ['manifest/invalid-value'], code: 'manifest/invalid-value', severity: 'error', at: '45' },
  { name: 'max_players 5', change: edit('version = "0.1.0"', 'version = "0.1.0"\nmax_players = 5'), codes: ['manifest/invalid-value'], code: 'manifest/invalid-value', severity: 'error', at: '5' },
  { name: 'netplay with one player', change: edit('version = "0.1.0"', 'version = "0.1.0"\nmax_players = 1'), codes: ['manifest/netplay-single-player'], code: 'manifest/netplay-single-player', severity: 'warning', at: '1' },
  { name: 'sound without id', change: edit('id = "jump"\n', ''), codes: ['manifest/missing-id'], code: 'manifest/missing-id', severity: 'error', at: '[[assets.sounds]]', data: { key: 'id' } },
  { name: 'native clip without id or animation_name', change: edit('id = "walk"\n', ''), codes: ['manifest/missing-id'], code: 'manifest/missing-id', severity: 'error', at: '"anim/walk.nczxanim"' },
  {
    name: 'two sounds with one id', change: edit('[[assets.trackers]]', '[[assets.sounds]]\nid = "jump"\npath = "sfx/jump.wav"\n\n[[assets.trackers]]'),
    codes: ['manifest/duplicate-id'], code: 'manifest/duplicate-id', severity: 'warning', at: '"jump"', data: { id: 'jump', kind: 'sound' }, message: /silently keeps only the last one \(line 28\)/,
  },
  { name: 'missing file', change: edit('sfx/jump.wav', 'sfx/missing.wav'), codes: ['manifest/missing-file'], code: 'manifest/missing-file', severity: 'error', at: '"sfx/missing.wav"', data: { resolvedPath: '/pack/sfx/missing.wav' } },
  { name: 'path is a folder', change: edit('sfx/jump.wav', 'sfx'), codes: ['manifest/missing-file'], code: 'manifest/missing-file', severity: 'error', at: '"sfx"' },
  { name: 'skeleton file listed as a mesh', change: edit('mesh/hero.nczxmesh', 'skel/hero.nczxskel'), codes: ['manifest/wrong-kind'], code: 'manifest/wrong-kind', severity: 'error', at: '"skel/hero.nczxskel"', message: /is a skeleton file; `\[\[assets.meshes\]\]` takes \.nczxmesh/ },
  { name: 'PNG bytes in a .wav', change: edit('sfx/jump.wav', 'sfx/fake.wav'), files: { '/pack/sfx/fake.wav': PNG_HEAD }, codes: ['manifest/wrong-kind'], code: 'manifest/wrong-kind', severity: 'error', at: '"sfx/fake.wav"', message: /is a PNG image, not a \.wav file/ },
  { name: 'glTF bytes in a native clip', change: edit('anim/walk.nczxanim', 'anim/fake.nczxanim'), files: { '/pack/anim/fake.nczxanim': 'glTF\u0002\u0000\u0000\u0000' }, codes: ['manifest/wrong-kind'], code: 'manifest/wrong-kind', severity: 'error', at: '"anim/fake.nczxanim"' },
  {
    name: 'Emberware extension in nether.toml', change: edit('anim/walk.nczxanim', 'anim/walk.ewzanim'), files: { '/pack/anim/walk.ewzanim': clipBytes(3) },
    codes: ['manifest/legacy-extension'], code: 'manifest/legacy-extension', severity: 'warning', at: '"anim/walk.ewzanim"', data: { newPath: 'anim/walk.nczxanim' },
  },
  { name: 'typo in a game key', change: edit('title = "Demo"', 'titel = "Demo"'), codes: ['manifest/missing-field', 'manifest/unknown-key'], code: 'manifest/unknown-key', severity: 'warning', at: 'titel', data: { key: 'titel', suggestion: 'title' } },
  { name: 'fonts table', change: append('[[assets.fonts]]\nid = "f"\npath = "tex/hero.png"'), codes: ['manifest/unknown-key'], code: 'manifest/unknown-key', severity: 'warning', at: '[[assets.fonts]]', data: { table: 'assets.fonts' } },
  { name: 'patterns on a mesh', change: edit('path = "mesh/hero.nczxmesh"', 'path = "mesh/hero.nczxmesh"\npatterns = false'), codes: ['manifest/unknown-key'], code: 'manifest/unknown-key', severity: 'warning', at: 'patterns', message: /has no effect on `\[\[assets.meshes\]\]`/ },
  { name: 'id_prefix beside an id', change: edit('path = "anim/walk.nczxanim"', 'path = "anim/walk.nczxanim"\nid_prefix = "hero_"'), codes: ['manifest/unknown-key'], code: 'manifest/unknown-key', severity: 'warning', at: 'id_prefix', message: /only prefixes the ids of an import of every animation/ },
  { name: 'stray top-level key', change: (t) => `title = "x"\n${t}`, codes: ['manifest/unknown-key'], code: 'manifest/unknown-key', severity: 'warning', at: 'title' },
  {
    name: 'truncated clip', change: (t) => t, files: { '/pack/anim/walk.nczxanim': clipBytes(3, 2, 5) }, codes: ['manifest/asset-invalid'], code: 'manifest/asset-invalid', severity: 'error',
    at: '"anim/walk.nczxanim"', data: { errorCount: 1, firstCode: 'anim/truncated' }, message: /animation "walk" \(anim\/walk.nczxanim\) has 1 error; first: anim\/truncated/,
  },
  {
    name: '4-bone clip on the only 3-bone skeleton', change: (t) => t, files: { '/pack/anim/walk.nczxanim': clipBytes(4) }, codes: ['manifest/bone-mismatch'], code: 'manifest/bone-mismatch', severity: 'warning',
    at: '"walk"', data: { clipBones: 4, skeletonBones: 3, source: 'single-skeleton' }, message: /extra 1 bone \(bone 3\) moves no vertex .*; if a mesh used it, on the console, bone 3 takes its inverse bind from past the skeleton/,
  },
  {
    name: '2-bone clip on the only 3-bone skeleton', change: (t) => t, files: { '/pack/anim/walk.nczxanim': clipBytes(2) }, codes: ['manifest/bone-mismatch'], code: 'manifest/bone-mismatch', severity: 'warning',
    at: '"walk"', data: { clipBones: 2, skeletonBones: 3, source: 'single-skeleton' },
    message: /skeleton's bone 2 do not get the identity on the console: bone 2 is skinned with the next frames' matrices \(bone 2 with the next frame's bone 0\)/,
  },
  {
    name: 'mesh bone index beyond its explicit skeleton', change: edit('path = "mesh/hero.nczxmesh"', 'path = "mesh/hero.nczxmesh"\nskeleton = "hero_skel"'), files: { '/pack/mesh/hero.nczxmesh': skinnedMeshBytes(5) },
    codes: ['manifest/bone-mismatch'], code: 'manifest/bone-mismatch', severity: 'error', at: '"hero_skel"', data: { meshBones: 6, skeletonBones: 3, source: 'explicit' },
    message: /: on the console, bones 3\.\.5 take their inverse binds from past the skeleton/,
  },
  {
    name: 'link to an unknown skeleton', change: edit('path = "anim/walk.nczxanim"', 'path = "anim/walk.nczxanim"\nskeleton = "hero_skeleton"'), codes: ['manifest/unknown-link'], code: 'manifest/unknown-link', severity: 'error',
    at: '"hero_skeleton"', data: { suggestion: 'hero_skel' },
  },
  {
    name: 'local-space clip on its skeleton', change: (t) => t, files: { '/pack/anim/walk.nczxanim': chainClip('local'), '/pack/skel/hero.nczxskel': chainSkeleton() },
    codes: ['anim/local-space'], code: 'anim/local-space', severity: 'warning', at: '"anim/walk.nczxanim"', data: { connected: 0, tested: 3, skeleton: 'hero_skel' },
    message: /looks like local-space joint transforms: .* only 0 of its 3 joints stay attached .* Re-export the clip in model space/,
  },
  {
    name: 'two skeletons, clip unlinked', change: append('[[assets.skeletons]]\nid = "other"\npath = "skel/hero.nczxskel"'), codes: ['manifest/unlinked-animation'], code: 'manifest/unlinked-animation', severity: 'information',
    at: '"walk"', data: { candidates: 'hero_skel,other', boneCount: 3 },
  },
];

test('every code the validator can produce has a crafted case below, in gltf.test.ts, budget.test.ts or gltfExport.test.ts', () => {
  const covered = new Set([...CASES.map((c) => c.code), 'manifest/gltf-missing', 'manifest/wildcard-collision', 'manifest/rom-budget', 'manifest/animation-budget', 'manifest/gltf-local-space']);
  assert.deepEqual(MANIFEST_DIAGNOSTIC_CODES.map((c) => c.code).filter((c) => !covered.has(c)), []);
});

test('the base pack is clean and links walk to hero_skel and hero (single skeleton)', async () => {
  const result = await check(BASE);
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(result.links, [{ animation: 'walk', skeleton: 'hero_skel', mesh: 'hero', source: 'single-skeleton' }]);
  assert.deepEqual(result.assets.map((a) => [a.id, a.exists, a.boneCount]), [
    ['hero_tex', true, undefined], ['hero', true, 3], ['hero_skel', true, 3], ['walk', true, 3], ['jump', true, undefined], ['song', true, undefined],
  ]);
});

for (const c of CASES) {
  test(`${c.code}: ${c.name}`, async () => {
    const text = c.change(BASE);
    const result = await check(text, c.files);
    assert.deepEqual([...new Set(result.diagnostics.map((d) => d.code))].sort(), c.codes, JSON.stringify(result.diagnostics.map((d) => d.message)));
    const d = result.diagnostics.find((x) => x.code === c.code)!;
    assert.equal(d.severity, c.severity);
    assert.equal(rangeText(text, d), c.at);
    if (c.data) for (const [k, v] of Object.entries(c.data)) assert.equal(d.data?.[k], v, `data.${k}`);
    if (c.message) assert.match(d.message, c.message);
  });
}

test('Emberware extensions are fine in an ember.toml', async () => {
  const text = edit('anim/walk.nczxanim', 'anim/walk.ewzanim')(BASE);
  const result = await check(text, { '/pack/anim/walk.ewzanim': clipBytes(3) }, '/pack/ember.toml');
  assert.deepEqual(result.diagnostics, []);
});

test('[netplay] enabled = false silences the single-player warning', async () => {
  const result = await check(`${edit('version = "0.1.0"', 'version = "0.1.0"\nmax_players = 1')(BASE)}\n[netplay]\nenabled = false\n`);
  assert.deepEqual(result.diagnostics, []);
});

test('syntax errors do not stop the rest of the file from being checked', async () => {
  const text = edit('title = "Demo"', 'title = "Demo')(BASE).replace('sfx/jump.wav', 'sfx/none.wav');
  const result = await check(text);
  const codes = result.diagnostics.map((d) => d.code);
  assert.ok(codes.includes('manifest/syntax'));
  assert.ok(codes.includes('manifest/missing-file'), 'entries after the error are still checked');
  assert.equal(result.diagnostics.find((d) => d.code === 'manifest/syntax')!.range!.start.line, 2);
});
