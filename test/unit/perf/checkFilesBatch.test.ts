/**
 * `WorkerCheckPool.checkFiles`: whole files checked on the workers many to a message give what
 * `checkFileOnce` gives on this thread (stat, diagnostics, summary, the signature bytes, a clip's
 * local-space verdicts), whatever the file: a missing one, a folder or a loop of links under a
 * clip's name, a truncated clip. A clip the pool splits, and every file of a pool whose workers
 * cannot start, come back undefined for the caller to check; each file is answered once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { checkFileOnce, type FileCheck } from '../../../formats/check';
import type { PooledFile, PooledFileCheck } from '../../../formats/checkPool';
import { kindsByName } from '../../../formats/fileKinds';
import { compactForTransfer, offerCheckedFacts } from '../../../formats/manifest/assetFacts';
import { AssetSummaryCache } from '../../../formats/manifest/summaryCache';
import { checkWorkerScript, WorkerCheckPool } from '../../../node/checkPool';
import { nodeFileAccess } from '../../../node/fileAccess';
import { tempTree, uniformClip, IDENTITY_RECORD } from '../cli/cliHarness';
import { clipBytes } from '../manifest/assetBytes';
import { plantedPack } from './plantedPack';

const OPTIONS = { maxKeyframeProblems: 100 };
/** Larger than every other clip here: the only one the pool below splits. */
const LARGE_CLIP = uniformClip(40, 60, IDENTITY_RECORD);

function corpus(): { root: string; files: PooledFile[]; dispose: () => void } {
  const contents: Record<string, Uint8Array | string> = { ...plantedPack(), 'anim/short.nczxanim': clipBytes(3, 4, 2), 'anim/large.nczxanim': LARGE_CLIP };
  // Enough copies that the files span several batches of each worker.
  for (let i = 0; i < 150; i++) contents[`many/c${i}.nczxanim`] = uniformClip(2 + (i % 5), 3 + (i % 7), IDENTITY_RECORD);
  const tree = tempTree(contents);
  mkdirSync(join(tree.root, 'anim/folder.nczxanim'));
  symlinkSync('loop-b.nczxanim', join(tree.root, 'anim/loop-a.nczxanim'));
  symlinkSync('loop-a.nczxanim', join(tree.root, 'anim/loop-b.nczxanim'));
  const kindOf = kindsByName();
  const names = [...Object.keys(contents).filter((path) => path !== 'nether.toml'), 'anim/missing.nczxanim', 'anim/folder.nczxanim', 'anim/loop-a.nczxanim'];
  const files = names.map((name) => ({ path: join(tree.root, name), kind: kindOf(name)! }));
  return { root: tree.root, files, dispose: tree.dispose };
}

/** Every file through `checkFiles`, by path; fails on a file answered twice or never. */
async function pooledChecks(pool: WorkerCheckPool, files: PooledFile[]): Promise<Map<string, PooledFileCheck | undefined>> {
  const answers = new Map<string, PooledFileCheck | undefined>();
  await pool.checkFiles(files, OPTIONS, (index, checked) => {
    assert.ok(!answers.has(files[index]!.path), `${files[index]!.path} answered twice`);
    answers.set(files[index]!.path, checked);
  });
  assert.equal(answers.size, files.length, 'every file answered');
  return answers;
}

/** What a worker sends for a check made here: the stat, the compacted check. */
function asSent(check: FileCheck, poses: Parameters<typeof compactForTransfer>[1]): PooledFileCheck {
  const { stat, ...full } = check;
  const { checked } = compactForTransfer(full, poses);
  return stat ? { ...checked, stat } : checked;
}

test('checkFiles: each file as checkFileOnce checks it on this thread, bind poses known; a clip the pool splits is left to the caller', async () => {
  const { files, dispose } = corpus();
  const large = files.find((f) => f.path.endsWith('large.nczxanim'))!;
  const pool = new WorkerCheckPool(checkWorkerScript()!, 2, { clipSplitMinBytes: LARGE_CLIP.length });
  try {
    // The skeleton first, as the walk does: clips are then judged against its bind pose.
    const facts = new AssetSummaryCache({ oneRun: true });
    const skeleton = files.filter((f) => f.kind.kind === 'skeleton');
    for (const checked of (await pooledChecks(pool, skeleton)).values()) offerCheckedFacts(facts, checked!, checked!.stat!, OPTIONS.maxKeyframeProblems);
    const poses = facts.bindPoses();
    assert.equal(poses.length, 1);
    pool.knowBindPoses(poses);

    const answers = await pooledChecks(pool, files);
    assert.equal(answers.get(large.path), undefined, 'the large clip is left for its ranges');
    for (const file of files.filter((f) => f !== large)) {
      const here = asSent(await checkFileOnce(nodeFileAccess, file.path, file.kind, OPTIONS), poses);
      assert.deepEqual(answers.get(file.path), here, file.path);
    }
    const codes = [...answers.values()].flatMap((c) => c?.result.diagnostics.map((d) => d.code) ?? []);
    for (const code of ['anim/truncated', 'anim/non-finite', 'anim/pop', 'file/unreadable']) assert.ok(codes.includes(code), `${code} in ${codes.join(', ')}`);
    const walk = answers.get(files.find((f) => f.path.endsWith('walk.nczxanim'))!.path);
    assert.equal(Object.keys(walk?.ruleBytes?.localSpaceVerdicts ?? {}).length, 1, 'the clip is judged against the skeleton as it is read');
  } finally {
    await pool.close();
    dispose();
  }
});

test('checkFiles on a pool whose workers cannot start: every file comes back undefined, once', async () => {
  const { root, files, dispose } = corpus();
  const broken = new WorkerCheckPool(join(root, 'no-such-worker.js'), 2);
  try {
    const answers = await pooledChecks(broken, files);
    assert.deepEqual([...answers.values()].filter((c) => c !== undefined), []);
  } finally {
    await broken.close();
    dispose();
  }
});
