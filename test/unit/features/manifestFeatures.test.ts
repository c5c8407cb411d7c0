import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { nodeFileAccess } from '../../../node/fileAccess';
import { MANIFEST_KEY_DOCS, checkManifest, type ManifestCheckResult, type TextPosition } from '../../../formats';
import { manifestFixes, type ManifestFix, type TextEditFact } from '../../../formats/manifest/service/fixes';
import { manifestHoverAt as hoverAt, type ManifestHover } from '../../../formats/manifest/service/hover';
import { pathLinks, previewLenses } from '../../../formats/manifest/service/linksAndLenses';

const FOLDER = resolve('test/fixtures/upstream/multi-skinned-rom');
const MANIFEST = `${FOLDER}/nether.toml`;
const ORIGINAL = readFileSync(MANIFEST, 'utf8');
const LINKED = ORIGINAL.replace('path = "assets/wave1.ewzanim"', 'path = "assets/wave1.ewzanim"\nskeleton = "arm1_skel"\nmesh = "arm1_mesh"');
const CROSSED = ORIGINAL.replace('path = "assets/wave2.ewzanim"', 'path = "assets/wave2.ewzanim"\nskeleton = "arm1_skel"');

function manifestHoverAt(result: ManifestCheckResult, position: TextPosition, frameRate: number): ManifestHover | undefined {
  return hoverAt(result, position, { frameRate });
}

function check(text: string): Promise<ManifestCheckResult> {
  return checkManifest(nodeFileAccess, MANIFEST, text, { maxKeyframeProblems: 100 });
}

/** The position of `needle` (its `nth` occurrence) plus `delta` characters. */
function at(text: string, needle: string, delta = 0, nth = 0): TextPosition {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, needle);
  const before = text.slice(0, offset + delta);
  return { line: before.split('\n').length - 1, character: before.length - before.lastIndexOf('\n') - 1 };
}

function applyEdits(text: string, edits: readonly TextEditFact[]): string {
  const lines = text.split('\n');
  const offsetOf = (p: TextPosition) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const sorted = [...edits].sort((a, b) => offsetOf(b.range.start) - offsetOf(a.range.start));
  for (const e of sorted) text = text.slice(0, offsetOf(e.range.start)) + e.newText + text.slice(offsetOf(e.range.end));
  return text;
}

function fixesAt(result: ManifestCheckResult, position: TextPosition): ManifestFix[] {
  return manifestFixes(result, { start: position, end: position });
}

test('hover on a clip path: kind, bones, frames, duration at the frame rate, size, problems, links', async () => {
  const result = await check(LINKED);
  const hover = manifestHoverAt(result, at(LINKED, 'assets/wave1.ewzanim'), 30);
  assert.deepEqual(hover?.range, { start: at(LINKED, '"assets/wave1.ewzanim"'), end: at(LINKED, '"assets/wave1.ewzanim"', 22) });
  assert.equal(
    hover?.markdown,
    [
      '**animation "wave1"**: `assets/wave1.ewzanim`',
      '',
      '- Keyframe clip: 3 bones x 30 frames, 1 s at 30 fps',
      '- 1444 bytes',
      '- Problems: none',
      '- With skeleton "arm1_skel" (3 bones) and mesh "arm1_mesh" (3 bones), linked by its `skeleton`/`mesh` key',
      '',
      'In this manifest:',
      '- `manifest/legacy-extension` "assets/wave1.ewzanim" has an Emberware-era extension; the current `nether pack` refuses it (the bytes are identical). Rename the file to "assets/wave1.nczxanim" and update this path.',
    ].join('\n'),
  );
  const at60 = manifestHoverAt(result, at(LINKED, 'wave2.ewzanim'), 60)?.markdown.split('\n') ?? [];
  assert.equal(at60[0], '**animation "wave2"**: `assets/wave2.ewzanim`');
  assert.equal(at60[2], '- Keyframe clip: 4 bones x 30 frames, 0.5 s at 60 fps');
  assert.match(at60.join('\n'), /`manifest\/unlinked-animation` animation "wave2" \(4 bones\) is not linked to a skeleton/);
});

test('hover on skeleton and mesh entries and on their ids (table)', async () => {
  const result = await check(ORIGINAL);
  const cases: [needle: string, second: string][] = [
    ['"arm1_skel"', '- Skeleton (inverse bind matrices): 3 bones'],
    ['assets/arm2.ewzskel', '- Skeleton (inverse bind matrices): 4 bones'],
    ['assets/arm1.ewzmesh', '- Mesh: '],
  ];
  for (const [needle, line] of cases) {
    const lines = manifestHoverAt(result, at(ORIGINAL, needle, 1), 30)?.markdown.split('\n') ?? [];
    assert.ok(lines[2]?.startsWith(line), `${needle}: ${lines[2]}`);
    assert.match(lines[3] ?? '', /^- \d+ bytes$/);
    assert.equal(lines[4], '- Problems: none');
  }
  const mesh = manifestHoverAt(result, at(ORIGINAL, 'assets/arm1.ewzmesh'), 30)?.markdown ?? '';
  assert.match(mesh, /- Mesh: \d+ vertices, \d+ indices, skinned \(bone indices up to 2\)/);
});

test('hover on game keys, entry keys and tables: meaning and allowed values from the docs table', async () => {
  const text = ORIGINAL.replace('version = "0.1.0"', 'version = "0.1.0"\ntick_rate = 60');
  const result = await check(text);
  const cases: [position: TextPosition, doc: string][] = [
    [at(text, 'title ='), MANIFEST_KEY_DOCS['game.title']],
    [at(text, 'tick_rate', 3), MANIFEST_KEY_DOCS['game.tick_rate']],
    [at(text, '= 60', 3), MANIFEST_KEY_DOCS['game.tick_rate']],
    [at(text, 'path = "assets/arm1.ewzskel"', 1), MANIFEST_KEY_DOCS['assets.skeletons.path']],
  ];
  for (const [position, doc] of cases) assert.equal(manifestHoverAt(result, position, 30)?.markdown, doc, JSON.stringify(position));
  assert.match(MANIFEST_KEY_DOCS['game.tick_rate'], /`30` 30 Hz, `60` 60 Hz \(default\), `120` 120 Hz/);
  const header = manifestHoverAt(result, at(text, '[[assets.animations]]', 3), 30)?.markdown ?? '';
  assert.ok(header.startsWith('**animation "wave1"**'), header);
  assert.ok(header.endsWith(MANIFEST_KEY_DOCS['assets.animations']));
  assert.equal(manifestHoverAt(result, at(text, '# Character 1', 3), 30), undefined, 'comments have no hover');
});

test('hover on [game]: the pack budget by asset kind, % of the cartridge, decoded animation bytes, then the table\'s meaning', async () => {
  const result = await check(ORIGINAL);
  const hover = manifestHoverAt(result, at(ORIGINAL, '[game]', 2), 30);
  // Meshes 1,668 + 2,220 bytes, skeletons 152 + 200, clips 1,444 (3 bones x 30 frames) + 1,924 (4 x 30).
  assert.equal(hover?.markdown, [
    '**Data pack budget**',
    '',
    '- Cartridge: 7.43 KiB (7,608 bytes) of 16 MiB, 0.05% (listed files; converted assets counted by file size)',
    '  - meshes: 3.8 KiB (3,888 bytes), 0.02% (2 entries)',
    '  - animations: 3.29 KiB (3,368 bytes), 0.02% (2 entries)',
    '  - skeletons: 352 bytes, 0% (2 entries)',
    '- Decoded animation: 9.84 KiB (10,080 bytes) of the 128 MiB (134,217,728 bytes) storage-buffer binding, 0.01% (2 clips, frames x bones x 48 bytes)',
    '',
    '---',
    '',
    MANIFEST_KEY_DOCS.game,
  ].join('\n'));
  assert.equal((3 * 30 + 4 * 30) * 48, 10_080);
  assert.deepEqual(hover?.range, { start: at(ORIGINAL, '[game]'), end: at(ORIGINAL, '[game]', 6) });
});

test('hover on a skeleton or mesh link value: the entry it names', async () => {
  const result = await check(LINKED);
  const skeleton = manifestHoverAt(result, at(LINKED, '"arm1_skel"', 2, 1), 30);
  assert.deepEqual(skeleton?.markdown.split('\n').slice(0, 3), ['**skeleton "arm1_skel"**: `assets/arm1.ewzskel`', '', '- Skeleton (inverse bind matrices): 3 bones']);
  assert.deepEqual(skeleton?.range?.start, at(LINKED, '"arm1_skel"', 0, 1));
  const mesh = manifestHoverAt(result, at(LINKED, '"arm1_mesh"', 2, 1), 30);
  assert.equal(mesh?.markdown.split('\n')[0], '**mesh "arm1_mesh"**: `assets/arm1.ewzmesh`');
  const unknown = await check(LINKED.replace('skeleton = "arm1_skel"', 'skeleton = "nope"'));
  assert.equal(manifestHoverAt(unknown, at(LINKED, '"arm1_skel"', 2, 1), 30)?.markdown, MANIFEST_KEY_DOCS['assets.animations.skeleton'], 'an unknown id falls back to the key\'s meaning');
});

test('document links on every path, inside the quotes, to the absolute file', async () => {
  const result = await check(ORIGINAL);
  const links = pathLinks(result);
  assert.deepEqual(links.map((l) => l.target), ['arm1.ewzskel', 'arm1.ewzmesh', 'wave1.ewzanim', 'arm2.ewzskel', 'arm2.ewzmesh', 'wave2.ewzanim'].map((n) => `${FOLDER}/assets/${n}`));
  assert.deepEqual(links[2].range, { start: at(ORIGINAL, 'assets/wave1.ewzanim'), end: at(ORIGINAL, 'assets/wave1.ewzanim', 20) });
  assert.equal(links[2].tooltip, 'Open in the annotated hex editor');
  assert.equal(links[1].tooltip, 'Open the file');
  const missing = await check(ORIGINAL.replace('assets/wave1.ewzanim', 'assets/gone.ewzanim'));
  assert.equal(pathLinks(missing).length, 5, 'no link to a file that does not exist');
});

test('"Preview animation" lenses carry the clip and, when linked, its skeleton and mesh', async () => {
  const linked = previewLenses(await check(LINKED));
  assert.deepEqual(linked.map(({ title, clip, skeleton, mesh, range }) => [title, { clip, skeleton, mesh }, range.start.line]), [
    [
      'Preview animation (with skeleton "arm1_skel" and mesh "arm1_mesh")',
      { clip: `${FOLDER}/assets/wave1.ewzanim`, skeleton: `${FOLDER}/assets/arm1.ewzskel`, mesh: `${FOLDER}/assets/arm1.ewzmesh` },
      at(LINKED, '[[assets.animations]]').line,
    ],
    ['Preview animation', { clip: `${FOLDER}/assets/wave2.ewzanim`, skeleton: undefined, mesh: undefined }, at(LINKED, '[[assets.animations]]', 0, 1).line],
  ]);
});

test('quick fix: rename an Emberware-era path and its file to the Nethercore extension', async () => {
  const result = await check(ORIGINAL);
  const [fix] = fixesAt(result, at(ORIGINAL, 'wave1.ewzanim'));
  assert.equal(fix.title, 'Rename "assets/wave1.ewzanim" to "assets/wave1.nczxanim" (file and path)');
  assert.deepEqual(fix.rename, { from: `${FOLDER}/assets/wave1.ewzanim`, to: `${FOLDER}/assets/wave1.nczxanim` });
  const fixed = applyEdits(ORIGINAL, fix.edits);
  assert.equal(fixed, ORIGINAL.replace('"assets/wave1.ewzanim"', '"assets/wave1.nczxanim"'));
  const missing = await check(ORIGINAL.replace('assets/wave1.ewzanim', 'assets/gone.ewzanim'));
  const [pathOnly] = fixesAt(missing, at(ORIGINAL, 'wave1.ewzanim'));
  assert.equal(pathOnly.title, 'Change the path to "assets/gone.nczxanim"');
  assert.equal(pathOnly.rename, undefined, 'no file to rename');
});

test('quick fix: add skeleton = "<id>" when exactly one skeleton has the clip\'s bone count', async () => {
  const result = await check(ORIGINAL);
  const fixes = fixesAt(result, at(ORIGINAL, '"wave2"', 1));
  assert.deepEqual(fixes.map((f) => f.title), ['Add skeleton = "arm2_skel" (the only skeleton with this clip\'s bone count)']);
  const fixed = applyEdits(ORIGINAL, fixes[0].edits);
  assert.ok(fixed.endsWith('path = "assets/wave2.ewzanim"\nskeleton = "arm2_skel"\n'), fixed.slice(-80));
  const after = await check(fixed);
  const unlinked = after.diagnostics.filter((d) => d.code === 'manifest/unlinked-animation').map((d) => d.message);
  assert.equal(unlinked.length, 1);
  assert.match(unlinked[0], /^animation "wave1"/, 'only wave1 is left unlinked');
  assert.deepEqual(after.links.find((l) => l.animation === 'wave2'), { animation: 'wave2', source: 'explicit', skeleton: 'arm2_skel' });
});

test('quick fix: a clip linked to the wrong skeleton is pointed at the one that fits', async () => {
  const result = await check(CROSSED);
  const mismatch = result.diagnostics.find((d) => d.code === 'manifest/bone-mismatch');
  assert.ok(mismatch?.range);
  const [fix] = fixesAt(result, mismatch.range.start);
  assert.equal(fix.title, 'Change skeleton to "arm2_skel" (the only skeleton with 4 bones)');
  const after = await check(applyEdits(CROSSED, fix.edits));
  assert.equal(after.diagnostics.filter((d) => d.code === 'manifest/bone-mismatch').length, 0);
});

test('quick fix: add a missing id, named after the file', async () => {
  const text = ORIGINAL.replace('id = "arm1_mesh"\n', '');
  const result = await check(text);
  const [fix] = fixesAt(result, at(text, '[[assets.meshes]]', 3));
  assert.equal(fix.title, 'Add id = "arm1"');
  const fixed = applyEdits(text, fix.edits);
  assert.equal(fixed, ORIGINAL.replace('id = "arm1_mesh"', 'id = "arm1"'));
  assert.equal((await check(fixed)).diagnostics.filter((d) => d.code === 'manifest/missing-id').length, 0);
});

test('quick fix: remove a duplicate entry (the one upstream silently drops)', async () => {
  const duplicate = '[[assets.animations]]\nid = "wave2"\npath = "assets/wave1.ewzanim"\n\n';
  const text = ORIGINAL.replace('# Character 2', `${duplicate}# Character 2`);
  const result = await check(text);
  const diagnostic = result.diagnostics.find((d) => d.code === 'manifest/duplicate-id');
  assert.ok(diagnostic?.range);
  const [fix] = fixesAt(result, diagnostic.range.start);
  assert.equal(fix.title, `Remove this duplicate animation "wave2" entry (line ${at(text, duplicate).line + 1})`);
  const fixed = applyEdits(text, fix.edits);
  assert.equal(fixed, ORIGINAL.replace('# Character 2', '\n# Character 2'));
  assert.equal((await check(fixed)).diagnostics.filter((d) => d.code === 'manifest/duplicate-id').length, 0);
});

test('quick fix: a misspelt key becomes the key it was meant to be', async () => {
  const text = ORIGINAL.replace('title = "Multi-Skinned ROM"', 'titel = "Multi-Skinned ROM"');
  const result = await check(text);
  const [fix] = fixesAt(result, at(text, 'titel'));
  assert.equal(fix?.title, 'Change to `title`');
  assert.equal(applyEdits(text, fix.edits), ORIGINAL);
});

test('quick fix: a missing file whose name is a likely typo of a file of the right kind', async () => {
  const { missingFileFixes } = await import('../../../formats/manifest/service/pathTypoFix');
  const cases: [written: string, offered: string | undefined][] = [
    ['assets/wav1.ewzanim', 'assets/wave1.ewzanim'],
    ['assets/Wave2.ewzanim', 'assets/wave2.ewzanim'],
    ['assets/arm1.ewzanim', undefined], // arm1.* exist, but no clip of that name: not a typo of wave1/wave2
    ['assets/walk_cycle.ewzanim', undefined],
    ['nowhere/wave1.ewzanim', undefined],
  ];
  for (const [written, offered] of cases) {
    const text = ORIGINAL.replace('assets/wave1.ewzanim', written);
    const result = await check(text);
    const fixes = await missingFileFixes(result, { start: at(text, written), end: at(text, written) }, nodeFileAccess);
    assert.deepEqual(fixes.map((f) => f.title), offered ? [`Change the path to "${offered}"`] : [], written);
    if (offered) assert.equal(applyEdits(text, fixes[0].edits), ORIGINAL.replace('assets/wave1.ewzanim', offered));
  }
});
