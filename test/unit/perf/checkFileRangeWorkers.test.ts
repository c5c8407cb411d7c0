/**
 * `ewzanim check FILE` of a clip at least the split threshold (lowered here so small clips
 * split): range workers (`node/clipRangeWorkerPool.ts`) start with the command, the clip's ranges
 * are taken by whichever thread is free (the calling thread and the workers), and the output is
 * one thread's, byte for byte; a small file, or a folder, starts none; a range whose worker dies
 * is linted on the calling thread.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { checkCommand, runChecks } from '../../../cli/checkCommand';
import { RANGE_WORKERS_MIN_THREADS, rangeThreadsOfMachine, startRangeWorkersFor } from '../../../cli/checkRangeWorkers';
import { kindsByName } from '../../../formats/fileKinds';
import type { CliIo } from '../../../cli/io';
import { ClipRangeWorkerPool, clipRangeWorkerScript, RANGES_PER_CHECK_THREAD } from '../../../node/clipRangeWorkerPool';
import { nodeFileAccess } from '../../../node/fileAccess';
import { tempTree } from '../cli/cliHarness';
import { REPO } from '../cli/cliHarness';
import { checkOutput, singleThread } from './checkOutput';
import { planted, randomClip } from './rangeClips';

const THREADS_LINE = /^ewzanim: threads: .*\n/m;

/** `check` as the CLI runs it with Node's file access: 3 threads, range workers for named files from `clipSplitMinBytes`; its output, and the threads line apart. */
async function cliCheck(paths: string[], format: 'text' | 'json', clipSplitMinBytes: number): Promise<{ output: string; threads: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { access: nodeFileAccess, out: (t) => void (out += t), err: (t) => void (err += t) };
  const status = await checkCommand(io, paths, format, 100, REPO, { clipSplitMinBytes, threads: 3, reportThreads: true });
  const threads = THREADS_LINE.exec(err)?.[0] ?? '';
  return { output: `${status}\n${out}\n${err.replace(THREADS_LINE, '')}`, threads };
}

const CLIPS = {
  // 300 frames: at most 9 ranges (a chunk of 32 frames each), boundaries at frames 32, 64, 96, 128, 160, 192, 224 and 256.
  'pop.nczxanim': planted(300, [63, 64, 65, 95, 96, 97, 127, 128, 129, 160, 191, 192, 224], [64, 96, 97, 128, 193, 255]),
  'nan.nczxanim': planted(300, [128], [], [95, 96, 160]),
  'random.nczxanim': randomClip(8, 400, 5),
};

/** The ranges of a clip of `frames` frames on 3 threads: RANGES_PER_CHECK_THREAD a thread, but none shorter than a 32-frame chunk. */
const plannedRanges = (frames: number): number => Math.min(3 * RANGES_PER_CHECK_THREAD, Math.floor(frames / 32));
const FRAMES: Record<keyof typeof CLIPS, number> = { 'pop.nczxanim': 300, 'nan.nczxanim': 300, 'random.nczxanim': 400 };

for (const format of ['text', 'json'] as const) {
  test(`check FILE --format ${format}: a clip over the threshold, on range workers started for it, prints one thread's output byte for byte`, async () => {
    const tree = tempTree(CLIPS);
    try {
      for (const name of Object.keys(CLIPS) as (keyof typeof CLIPS)[]) {
        const path = join(tree.root, name);
        const single = await checkOutput(singleThread, [path], format);
        const split = await cliCheck([path], format, 1);
        assert.equal(split.output, single, name);
        assert.match(split.threads, /no check pool|0 of 3 check workers started/, 'a file named alone starts no check worker');
        assert.match(split.threads, /; 2 range workers started \(\d loaded\), \d+ of \d+ clip ranges linted on them/, `${name}: ${split.threads}`);
        assert.match(split.threads, new RegExp(` of ${plannedRanges(FRAMES[name])} clip ranges`), `${name}: RANGES_PER_CHECK_THREAD (${RANGES_PER_CHECK_THREAD}) a thread, at most a chunk of frames each`);
      }
      const all = await checkOutput(singleThread, Object.keys(CLIPS).map((name) => join(tree.root, name)), format);
      assert.match(all, /anim\/pop/);
      assert.match(all, /anim\/position-jump/);
      assert.match(all, /anim\/non-finite/);
      assert.match(all, /anim\/more-problems/);
      assert.equal((await cliCheck(Object.keys(CLIPS).map((name) => join(tree.root, name)), format, 1)).output, all, 'three clips named at once');
    } finally {
      tree.dispose();
    }
  });
}

test('check FILE: a file below the threshold starts no range worker; one at it starts them', async () => {
  const clip = CLIPS['pop.nczxanim'];
  const tree = tempTree({ 'pop.nczxanim': clip });
  const path = join(tree.root, 'pop.nczxanim');
  try {
    const single = await checkOutput(singleThread, [path], 'text');
    const below = await cliCheck([path], 'text', clip.length + 1);
    assert.equal(below.output, single);
    assert.match(below.threads, /; no range workers\n$/);
    const at = await cliCheck([path], 'text', clip.length);
    assert.equal(at.output, single);
    assert.match(at.threads, /; 2 range workers started/);
  } finally {
    tree.dispose();
  }
});

test('a machine gives range workers only from RANGE_WORKERS_MIN_THREADS threads (8): below, a named large clip is linted on one thread', async () => {
  assert.equal(RANGE_WORKERS_MIN_THREADS, 8);
  assert.deepEqual([1, 2, 4, 7, 8].map((poolSize) => rangeThreadsOfMachine(poolSize)), [1, 1, 1, 1, 8]);
  const clip = CLIPS['pop.nczxanim'];
  const tree = tempTree({ 'pop.nczxanim': clip });
  const path = join(tree.root, 'pop.nczxanim');
  const kindOf = kindsByName({});
  try {
    assert.equal(startRangeWorkersFor([path], kindOf, 1, 1), undefined, 'one thread: none');
    const two = startRangeWorkersFor([path], kindOf, 1, 2);
    try {
      assert.equal(two?.started, 1, 'threads given are taken as given: the calling thread and one worker');
    } finally {
      await two?.close();
    }
  } finally {
    tree.dispose();
  }
});

test('check FOLDER starts no range worker: its large clips go to the check pool', async () => {
  const tree = tempTree(CLIPS);
  try {
    const { output, threads } = await cliCheck([tree.root], 'json', 1);
    assert.equal(output, await checkOutput(singleThread, [tree.root], 'json'));
    assert.match(threads, /; no range workers\n$/);
  } finally {
    tree.dispose();
  }
});

/** `check FILE` of `path` on `pool` (started and kept between runs), as JSON. */
async function onPool(path: string, pool: ClipRangeWorkerPool): Promise<string> {
  const report = await runChecks({ access: nodeFileAccess, out: () => undefined, err: () => undefined }, [path], 100, { rangeWorkers: pool });
  return JSON.stringify(report);
}

test('range workers once loaded take ranges beside the calling thread: one thread\'s report, each range linted once', async () => {
  const tree = tempTree({ 'random.nczxanim': randomClip(8, 4000, 3) });
  const path = join(tree.root, 'random.nczxanim');
  const pool = new ClipRangeWorkerPool(clipRangeWorkerScript()!, 3, 1);
  try {
    const single = JSON.stringify(await runChecks({ access: singleThread, out: () => undefined, err: () => undefined }, [path], 100));
    pool.start();
    // Until a run finds the workers loaded (on a loaded machine a start can take seconds): bound by time.
    const deadline = Date.now() + 30_000;
    for (let round = 0; round === 0 || (pool.rangesOnWorkers === 0 && Date.now() < deadline); round++) {
      assert.equal(await onPool(path, pool), single, `round ${round}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(pool.rangesOnWorkers > 0, 'the workers linted ranges');
    assert.equal(pool.ranges % (3 * RANGES_PER_CHECK_THREAD), 0, 'RANGES_PER_CHECK_THREAD ranges a thread each run');
    assert.equal(pool.running, 2);
  } finally {
    await pool.close();
    tree.dispose();
  }
});

test('a range worker that dies holding a range: that range is linted on the calling thread, the same report', async () => {
  const tree = tempTree({
    'random.nczxanim': randomClip(8, 4000, 3),
    // Claims one range of each clip it is sent, then exits.
    'diesOnRange.js':
      "const { parentPort, workerData } = require('node:worker_threads');\n" +
      "parentPort.on('message', ({ job }) => { for (let i = 0; i < job.claims.length; i++) if (Atomics.compareExchange(job.claims, i, 0, workerData.thread) === 0) process.exit(3); });\n" +
      "parentPort.postMessage({ kind: 'ready' });\n",
  });
  const path = join(tree.root, 'random.nczxanim');
  const pool = new ClipRangeWorkerPool(join(tree.root, 'diesOnRange.js'), 3, 1);
  try {
    const single = JSON.stringify(await runChecks({ access: singleThread, out: () => undefined, err: () => undefined }, [path], 100));
    pool.start();
    const deadline = Date.now() + 30_000;
    for (let round = 0; round === 0 || (pool.running > 0 && Date.now() < deadline); round++) {
      assert.equal(await onPool(path, pool), single, `round ${round}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(pool.running, 0, 'both workers took a range and died');
    assert.equal(pool.rangesOnWorkers, 0);
    // With no worker left, a clip is linted whole on the calling thread.
    assert.equal(await onPool(path, pool), single);
  } finally {
    await pool.close();
    tree.dispose();
  }
});

test('the range worker script is found beside its pool (from source: clipRangeWorker.ts)', () => {
  assert.match(clipRangeWorkerScript() ?? '', /node\/clipRangeWorker\.(ts|js)$/);
});
