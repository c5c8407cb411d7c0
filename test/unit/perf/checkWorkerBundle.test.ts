/**
 * The check worker's bundle holds what a binary file's check needs and no more: every worker a
 * run starts loads it, so the manifest rules (the TOML parser) and the glTF reader (glTF-Transform)
 * stay out. Its batches are binary files; a manifest among them would be the caller's to check
 * (`checkPathOnce` without a manifest check throws, the worker answers null), which the
 * main thread's `checkFileOnce` checks as before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { checkFileOnce } from '../../../formats/check';
import { checkPathOnce } from '../../../formats/checkPathOnce';
import { checkWorkerScript, WorkerCheckPool } from '../../../node/checkPool';
import { nodeFileAccess } from '../../../node/fileAccess';
import { tempTree } from '../cli/cliHarness';
import { clipBytes } from '../manifest/assetBytes';

const REPO = join(__dirname, '..', '..', '..');
const OPTIONS = { maxKeyframeProblems: 10 };
const MANIFEST = '[game]\nid = "demo"\ntitle = "Demo"\n';

test('the check worker bundle takes no manifest rules, TOML parser or glTF reader, and does take the binary checks', async () => {
  const result = await esbuild.build({
    absWorkingDir: REPO,
    entryPoints: ['node/checkWorker.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    loader: { '.wasm': 'empty' },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  for (const needed of ['formats/checkBinaryFile.ts', 'formats/clipCheck.ts', 'formats/skeletonCheck.ts', 'formats/meshCheck.ts', 'formats/manifest/localSpaceFacts.ts']) assert.ok(inputs.includes(needed), `${needed} is in the bundle`);
  const heavy = inputs.filter((input) => /toml-eslint-parser|@gltf-transform|formats\/manifest\/(checkManifestFile|parseManifest|assetFacts|gltfInfo)\.ts|formats\/gltf\//.test(input));
  assert.deepEqual(heavy, []);
});

test('checkPathOnce: a binary file as checkFileOnce checks it; a manifest throws without a manifest check and is checkFileOnce\'s with one', async () => {
  const tree = tempTree({ 'a.nczxanim': clipBytes(3, 4, 2), 'nether.toml': MANIFEST });
  try {
    const clip = join(tree.root, 'a.nczxanim');
    const manifest = join(tree.root, 'nether.toml');
    const clipKind = { kind: 'clip' as const };
    assert.deepEqual(await checkPathOnce(nodeFileAccess, clip, clipKind, OPTIONS), await checkFileOnce(nodeFileAccess, clip, clipKind, OPTIONS));
    await assert.rejects(checkPathOnce(nodeFileAccess, manifest, { kind: 'manifest' }, OPTIONS), /is a manifest/);
    const { checkManifestFile } = await import('../../../formats/manifest/checkManifestFile');
    const withRules = await checkPathOnce(nodeFileAccess, manifest, { kind: 'manifest' }, OPTIONS, undefined, checkManifestFile);
    assert.deepEqual(withRules, await checkFileOnce(nodeFileAccess, manifest, { kind: 'manifest' }, OPTIONS));
    assert.equal(withRules.result.kind, 'manifest');
  } finally {
    tree.dispose();
  }
});

test('a manifest sent in a worker batch comes back for the caller to check; the clip beside it is checked there', async () => {
  const tree = tempTree({ 'a.nczxanim': clipBytes(3, 4, 2), 'nether.toml': MANIFEST });
  const pool = new WorkerCheckPool(checkWorkerScript()!, 2);
  try {
    const files = [
      { path: join(tree.root, 'nether.toml'), kind: { kind: 'manifest' as const } },
      { path: join(tree.root, 'a.nczxanim'), kind: { kind: 'clip' as const } },
    ];
    const answers = new Map<number, unknown>();
    await pool.checkFiles(files, OPTIONS, (index, checked) => void answers.set(index, checked));
    assert.ok(answers.has(0) && answers.get(0) === undefined, 'the manifest answered undefined');
    assert.equal((answers.get(1) as { result: { path: string } } | undefined)?.result.path, files[1]!.path);
  } finally {
    await pool.close();
    tree.dispose();
  }
});
