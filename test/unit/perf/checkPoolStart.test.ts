/**
 * How many check workers a run starts, and when: a run that says how many binary files it has
 * (`expectFiles`, the CLI's folder walk) starts every worker it will use before its first check,
 * one for each `FILES_PER_CHECK_WORKER` files and at least one (none for none), never more than
 * the pool; its batches then use no others, so a folder of three files runs on one worker on any
 * machine.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { PooledFile, PooledFileCheck } from '../../../formats/checkPool';
import { checkWorkerScript, checkWorkersForFiles, FILES_PER_CHECK_WORKER, WorkerCheckPool } from '../../../node/checkPool';
import { tempTree } from '../cli/cliHarness';
import { clipBytes } from '../manifest/assetBytes';

const OPTIONS = { maxKeyframeProblems: 10 };

test('checkWorkersForFiles: one worker a FILES_PER_CHECK_WORKER files, at least one, at most the pool; none for none', () => {
  assert.equal(FILES_PER_CHECK_WORKER, 256);
  const cases: [files: number, poolSize: number, workers: number][] = [
    [0, 8, 0],
    [1, 8, 1],
    [3, 8, 1],
    [255, 8, 1],
    [511, 8, 1],
    [512, 8, 2],
    [767, 8, 2],
    [768, 8, 3],
    [2_047, 8, 7],
    [2_048, 8, 8],
    [10_002, 8, 8],
    [10_002, 2, 2],
    [10_002, 1, 1],
    [3, 2, 1],
  ];
  for (const [files, poolSize, workers] of cases) assert.equal(checkWorkersForFiles(files, poolSize), workers, `${files} files on a pool of ${poolSize}`);
});

/** Three small clips (one short of its last keyframe: a problem to report), each batch of the run one file. */
function threeClips(): { files: PooledFile[]; dispose: () => void } {
  const tree = tempTree({ 'a.nczxanim': clipBytes(2, 3), 'b.nczxanim': clipBytes(3, 4, 2), 'c.nczxanim': clipBytes(1, 5) });
  const files = ['a', 'b', 'c'].map((name) => ({ path: join(tree.root, `${name}.nczxanim`), kind: { kind: 'clip' as const } }));
  return { files, dispose: tree.dispose };
}

async function checkAll(pool: WorkerCheckPool, files: PooledFile[]): Promise<(PooledFileCheck | undefined)[]> {
  const answers = new Array<PooledFileCheck | undefined>(files.length);
  await pool.checkFiles(files, OPTIONS, (index, checked) => void (answers[index] = checked));
  return answers;
}

test('expectFiles of many files starts every worker at once, before any check is sent; of none, none', async () => {
  const pool = new WorkerCheckPool(checkWorkerScript()!, 3);
  try {
    pool.expectFiles(0);
    assert.equal(pool.running, 0, 'a folder without binary files starts no worker');
    pool.expectFiles(10_000);
    assert.equal(pool.running, 3);
    assert.equal(pool.started, 3);
  } finally {
    await pool.close();
  }
});

test('a pool that starts all at once starts all a run uses: after expectFiles of a few files, one', async () => {
  const { files, dispose } = threeClips();
  const pool = new WorkerCheckPool(checkWorkerScript()!, 3, { startAllAtOnce: true });
  try {
    pool.expectFiles(files.length);
    assert.equal(pool.started, 1);
    // Its idle worker ended (as the language server does between passes): the run's first batch starts one again, not three.
    await pool.stopIdleWorkers();
    assert.equal(pool.running, 0);
    const answers = await checkAll(pool, files);
    assert.equal(pool.running, 1);
    assert.equal(pool.started, 2);
    assert.deepEqual(answers.map((a) => a?.result.path), files.map((f) => f.path));
  } finally {
    await pool.close();
    dispose();
  }
});

test('expectFiles of a few files starts one worker, and the run stays on it though its batches pile up', async () => {
  const { files, dispose } = threeClips();
  const few = new WorkerCheckPool(checkWorkerScript()!, 3);
  const grown = new WorkerCheckPool(checkWorkerScript()!, 3);
  try {
    few.expectFiles(files.length);
    assert.equal(few.running, 1);
    const answers = await checkAll(few, files);
    assert.equal(few.started, 1);
    // Without the count, three batches of one file in flight grow the pool to three workers.
    const grownAnswers = await checkAll(grown, files);
    assert.equal(grown.started, 3);
    assert.deepEqual(answers, grownAnswers);
    assert.deepEqual(answers.map((a) => a?.result.path), files.map((f) => f.path), 'every file answered by the worker');
    assert.ok(answers[1]!.result.diagnostics.some((d) => d.severity === 'error'), 'the short clip has an error');
  } finally {
    await Promise.all([few.close(), grown.close()]);
    dispose();
  }
});
