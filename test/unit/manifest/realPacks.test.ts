/**
 * The real upstream data packs and manifests (test/fixtures, attribution in its README):
 * no false alarms on them, and the bone cross-check on the multi-skinned pack.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { nodeFileAccess } from '../../../node/fileAccess';
import { assetById, checkManifest, skeletonsMatchingBoneCount, type ManifestCheckResult } from '../../../formats/manifest';

const UPSTREAM = resolve('test/fixtures/upstream');
const MANIFESTS = resolve('test/fixtures/upstream-manifests');
const temp = mkdtempSync(join(tmpdir(), 'ewzanim-manifest-'));
after(() => rmSync(temp, { recursive: true, force: true }));

async function checkPath(path: string, text = readFileSync(path, 'utf8')): Promise<ManifestCheckResult> {
  return checkManifest(nodeFileAccess, path, text, { maxKeyframeProblems: 100 });
}

const codesOf = (r: ManifestCheckResult, severity?: string) =>
  r.diagnostics.filter((d) => !severity || d.severity === severity).map((d) => d.code);

/** A copy of the multi-skinned pack whose manifest has `extra` lines after the given path lines. */
function multiSkinnedCopy(name: string, edit: (text: string) => string): string {
  const folder = join(temp, name);
  cpSync(join(UPSTREAM, 'multi-skinned-rom'), folder, { recursive: true });
  const manifest = join(folder, 'nether.toml');
  writeFileSync(manifest, edit(readFileSync(manifest, 'utf8')));
  return manifest;
}

function addAfter(text: string, line: string, extra: string): string {
  assert.ok(text.includes(`${line}\n`), `fixture has ${line}`);
  return text.replace(`${line}\n`, `${line}\n${extra}\n`);
}

test('the two real data packs have no errors (only the legacy-extension warnings of .ewz* paths)', async () => {
  for (const pack of ['animation-demo', 'multi-skinned-rom']) {
    const result = await checkPath(join(UPSTREAM, pack, 'nether.toml'));
    assert.deepEqual(codesOf(result, 'error'), [], pack);
    assert.ok(codesOf(result, 'warning').every((c) => c === 'manifest/legacy-extension'), pack);
    assert.ok(result.assets.every((a) => a.exists && a.summary && a.summary.errorCount === 0), pack);
  }
});

test('real bone counts: arm1 3 bones, arm2 4 bones, wave1 3, wave2 4', async () => {
  const result = await checkPath(join(UPSTREAM, 'multi-skinned-rom', 'nether.toml'));
  assert.deepEqual(result.assets.map((a) => [a.kind, a.id, a.boneCount]), [
    ['skeleton', 'arm1_skel', 3], ['mesh', 'arm1_mesh', 3], ['animation', 'wave1', 3],
    ['skeleton', 'arm2_skel', 4], ['mesh', 'arm2_mesh', 4], ['animation', 'wave2', 4],
  ]);
  // Two skeletons, no keys: nothing links, but each clip gets the one matching candidate.
  assert.deepEqual(result.links, []);
  const hints = result.diagnostics.filter((d) => d.code === 'manifest/unlinked-animation');
  assert.deepEqual(hints.map((d) => d.data?.skeleton), ['arm1_skel', 'arm2_skel']);
  // What the "add skeleton = <id>" quick fix and the preview's pickers ask.
  assert.deepEqual([3, 4, 5].map((n) => skeletonsMatchingBoneCount(result, n)), [['arm1_skel'], ['arm2_skel'], []]);
  assert.equal(assetById(result, 'mesh', 'arm2_mesh')?.path, join(UPSTREAM, 'multi-skinned-rom/assets/arm2.ewzmesh'));
  assert.equal(assetById(result, 'animation', 'nope'), undefined);
});

test('explicit skeleton/mesh keys pair arm1/wave1 and arm2/wave2 with no mismatch', async () => {
  const manifest = multiSkinnedCopy('paired', (t) =>
    addAfter(addAfter(t, 'path = "assets/wave1.ewzanim"', 'skeleton = "arm1_skel"\nmesh = "arm1_mesh"'),
      'path = "assets/wave2.ewzanim"', 'skeleton = "arm2_skel"\nmesh = "arm2_mesh"'));
  const result = await checkPath(manifest);
  assert.deepEqual(result.links, [
    { animation: 'wave1', skeleton: 'arm1_skel', mesh: 'arm1_mesh', source: 'explicit' },
    { animation: 'wave2', skeleton: 'arm2_skel', mesh: 'arm2_mesh', source: 'explicit' },
  ]);
  assert.deepEqual(codesOf(result, 'error'), []);
  assert.ok(!codesOf(result).includes('manifest/bone-mismatch'));
  assert.ok(!codesOf(result).includes('manifest/unknown-key'), 'our link keys are known keys');
});

test('crossed (wave2 on arm1): the mismatch names both assets, both counts (4 vs 3) and the link', async () => {
  const manifest = multiSkinnedCopy('crossed', (t) => addAfter(t, 'path = "assets/wave2.ewzanim"', 'skeleton = "arm1_skel"'));
  const result = await checkPath(manifest);
  const mismatch = result.diagnostics.filter((d) => d.code === 'manifest/bone-mismatch');
  assert.equal(mismatch.length, 1);
  const [d] = mismatch;
  assert.equal(d.severity, 'warning');
  assert.deepEqual(d.data, { clipBones: 4, skeletonBones: 3, source: 'explicit' });
  assert.match(d.message, /animation "wave2" has 4 bones but skeleton "arm1_skel" has 3 bones \(linked by its `skeleton`\/`mesh` key\)/);
  assert.match(d.message, /the clip's extra 1 bone \(bone 3\) moves no vertex bound to the skeleton's bones; if a mesh used it, on the console, bone 3 takes its inverse bind from past the skeleton/);
  // Reported on the `skeleton = "arm1_skel"` value (line 44, after `path` on line 43).
  const text = readFileSync(manifest, 'utf8').split('\n');
  assert.equal(text[d.range!.start.line].slice(d.range!.start.character, d.range!.end.character), '"arm1_skel"');
  // No mesh names arm1_skel and there are two skeletons: the link has no mesh.
  assert.deepEqual(result.links, [{ animation: 'wave2', skeleton: 'arm1_skel', source: 'explicit' }]);
});

test('crossed mesh (arm2_mesh on wave1): bone index 3 beyond a 3-bone clip is an error', async () => {
  const manifest = multiSkinnedCopy('crossed-mesh', (t) => addAfter(t, 'path = "assets/wave1.ewzanim"', 'mesh = "arm2_mesh"'));
  const result = await checkPath(manifest);
  const d = result.diagnostics.find((x) => x.code === 'manifest/bone-mismatch');
  assert.ok(d);
  assert.equal(d.severity, 'error');
  assert.deepEqual(d.data, { meshBones: 4, clipBones: 3, source: 'explicit' });
  assert.match(d.message, /mesh "arm2_mesh" uses bone index 3 \(needs 4 bones\) but animation "wave1" has 3 bones/);
  assert.match(d.message, /: on the console, bone 3 is skinned with the next frames' matrices \(bone 3 with the next frame's bone 0\), and near the last frame with whatever the console loaded after this clip/);
});

test('single-skeleton rule: the only skeleton is checked against every clip and skinned mesh', async () => {
  const manifest = multiSkinnedCopy('single', (t) => t.replace('[[assets.skeletons]]\nid = "arm2_skel"\npath = "assets/arm2.ewzskel"\n', ''));
  const result = await checkPath(manifest);
  const mismatches = result.diagnostics.filter((d) => d.code === 'manifest/bone-mismatch');
  assert.deepEqual(mismatches.map((d) => [d.severity, d.data?.source, d.data?.skeletonBones]), [
    ['error', 'single-skeleton', 3],
    ['warning', 'single-skeleton', 3],
  ]);
  assert.match(mismatches[0].message, /mesh "arm2_mesh" uses bone index 3 .* skeleton "arm1_skel" has 3 bones \(linked because it is the only skeleton in the pack\)/);
  assert.match(mismatches[1].message, /animation "wave2" has 4 bones but skeleton "arm1_skel" has 3 bones/);
  assert.deepEqual(result.links.map((l) => [l.animation, l.skeleton, l.source]), [['wave1', 'arm1_skel', 'single-skeleton'], ['wave2', 'arm1_skel', 'single-skeleton']]);
  assert.deepEqual(result.meshLinks, [
    { mesh: 'arm1_mesh', skeleton: 'arm1_skel', source: 'single-skeleton' },
    { mesh: 'arm2_mesh', skeleton: 'arm1_skel', source: 'single-skeleton' },
  ]);
});

const manifestFiles = readdirSync(MANIFESTS).filter((f) => f.endsWith('.toml')).sort();
/** Upstream's C and Zig hello-worlds use `name`/`entry` and lack id/title/author: the real packer refuses them too. */
const UPSTREAM_BROKEN = new Set(['examples_1-getting-started_hello-world-c.nether.toml', 'examples_1-getting-started_hello-world-zig.nether.toml']);

test(`all ${manifestFiles.length} upstream manifests: no syntax errors; errors are missing files only`, async () => {
  assert.equal(manifestFiles.length, 40);
  let missingFiles = 0;
  for (const file of manifestFiles) {
    const result = await checkPath(join(MANIFESTS, file));
    assert.ok(!codesOf(result).includes('manifest/syntax'), file);
    if (UPSTREAM_BROKEN.has(file)) {
      assert.deepEqual(result.diagnostics.map((d) => [d.code, d.data?.key]), [
        ['manifest/missing-field', 'id'], ['manifest/missing-field', 'title'], ['manifest/missing-field', 'author'],
        ['manifest/unknown-key', 'name'], ['manifest/unknown-key', 'entry'],
      ], file);
      continue;
    }
    assert.deepEqual([...new Set(codesOf(result))].filter((c) => c !== 'manifest/missing-file'), [], file);
    missingFiles += codesOf(result).length;
    assert.equal(result.assets.filter((a) => !a.exists).length, result.model.entries.length, file);
  }
  assert.ok(missingFiles >= 100, `${missingFiles} missing files reported`);
});

test('a [[assets.fonts]] table is reported as ignored (unknown-key warning)', async () => {
  const file = join(MANIFESTS, 'examples_6-assets_font-demo.nether.toml');
  const text = `${readFileSync(file, 'utf8')}\n[[assets.fonts]]\nid = "font"\npath = "../../assets/font.png"\n`;
  const result = await checkPath(file, text);
  const fonts = result.diagnostics.filter((d) => d.code === 'manifest/unknown-key');
  assert.equal(fonts.length, 1);
  assert.equal(fonts[0].severity, 'warning');
  assert.equal(fonts[0].data?.table, 'assets.fonts');
  assert.match(fonts[0].message, /`\[\[assets\.fonts\]\]` is ignored by the packer/);
  const lines = text.split('\n');
  assert.equal(lines[fonts[0].range!.start.line], '[[assets.fonts]]');
});
