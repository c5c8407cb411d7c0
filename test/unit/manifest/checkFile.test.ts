/** Manifests through the core's `checkFile` dispatch and as whole packs (what the CLI runs). */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { nodeFileAccess } from '../../../node/fileAccess';
import { checkFile } from '../../../formats/check';
import { checkManifestFile } from '../../../formats/manifest';
import { checkManifestPack } from '../../../formats/checkPack';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { clipBytes } from './assetBytes';
import { BASE, basePack } from './craftedPack';

test('checkFile on nether.toml runs the manifest rules', async () => {
  const access = new MemoryFileAccess({ ...basePack(), '/pack/nether.toml': BASE.replace('sfx/jump.wav', 'sfx/gone.wav') });
  const result = await checkFile(access, '/pack/nether.toml', { maxKeyframeProblems: 10 });
  assert.equal(result.kind, 'manifest');
  assert.deepEqual(result.diagnostics.map((d) => d.code), ['manifest/missing-file']);
});

test('a missing manifest is file/unreadable, not an exception', async () => {
  const result = await checkManifestFile(new MemoryFileAccess(), '/nowhere/ember.toml', { maxKeyframeProblems: 10 });
  assert.deepEqual(result.diagnostics.map((d) => d.code), ['file/unreadable']);
  assert.equal(result.manifest, undefined);
});

test('a pack: the manifest, then each listed native asset once, with its own diagnostics', async () => {
  const text = `${BASE}\n[[assets.animations]]\nid = "walk2"\npath = "anim/walk.nczxanim"\n`;
  const access = new MemoryFileAccess({ ...basePack(), '/pack/nether.toml': text, '/pack/anim/walk.nczxanim': clipBytes(3, 2, 5) });
  const results = await checkManifestPack(access, '/pack/nether.toml', { maxKeyframeProblems: 10 });
  assert.deepEqual(results.map((r) => [r.path, r.kind, r.diagnostics.map((d) => d.code)]), [
    ['/pack/nether.toml', 'manifest', ['manifest/asset-invalid', 'manifest/asset-invalid']],
    ['/pack/mesh/hero.nczxmesh', 'mesh', []],
    ['/pack/skel/hero.nczxskel', 'skeleton', []],
    ['/pack/anim/walk.nczxanim', 'clip', ['anim/truncated']],
  ]);
  // Each binary is read once: the pack reuses what the manifest check learned.
  assert.equal(access.reads.filter((p) => p === '/pack/anim/walk.nczxanim').length, 1);
});

test('the real multi-skinned pack from disk: manifest plus its six binaries, no errors', async () => {
  const results = await checkManifestPack(nodeFileAccess, resolve('test/fixtures/upstream/multi-skinned-rom/nether.toml'), { maxKeyframeProblems: 100 });
  assert.deepEqual(results.map((r) => r.kind), ['manifest', 'skeleton', 'mesh', 'clip', 'skeleton', 'mesh', 'clip']);
  assert.ok(results.every((r) => r.diagnostics.every((d) => d.severity !== 'error')));
});

test('ewzanim check on a folder with a manifest: the manifest plus every file once', async () => {
  const { checkPath } = await import('../../../cli/checkPath');
  const folder = 'test/fixtures/upstream/multi-skinned-rom';
  const checked = await checkPath(nodeFileAccess, folder, { maxKeyframeProblems: 100 });
  assert.deepEqual(checked.problems, []);
  const paths = checked.files.map((f) => f.path).sort();
  assert.deepEqual(paths, [...new Set(paths)]);
  assert.deepEqual(checked.files.map((f) => f.kind).sort(), ['clip', 'clip', 'manifest', 'mesh', 'mesh', 'rom', 'skeleton', 'skeleton']);
  const manifest = checked.files.find((f) => f.kind === 'manifest')!;
  assert.equal(manifest.path, `${folder}/nether.toml`);
  assert.equal(manifest.diagnostics.filter((d) => d.code === 'manifest/legacy-extension').length, 6);
});
