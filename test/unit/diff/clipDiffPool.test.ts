/**
 * The clip diff's ranges on worker threads (node/clipDiffPool.ts): two clips of 5 chunks compared
 * on 3 threads (the calling thread and 2 workers) in more ranges than threads, each thread taking
 * the next as it becomes free, give one thread's result, every number to the bit, and the same
 * text; ranges answered out of order merge in clip order; a range whose worker fails (at its
 * start or on a range) is compared on the calling thread, with the same result; below the split
 * threshold no worker starts. The threshold is lowered so small clips split.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { type FileDiff, diffClips, diffDocument, diffFiles, diffTextOf, isDiffFailure } from '../../../formats/diff';
import { type ClipRangeDiffer, diffClipRange } from '../../../formats/diff/clipDiffRanges';
import type { DiffFilesOptions } from '../../../formats/diff';
import { DIFF_SUM_CHUNK_FRAMES } from '../../../formats/diff/clipDiffTotals';
import { ClipDiffPool, clipDiffWorkerScript } from '../../../node/clipDiffPool';
import { memoryByteSource } from '../../../formats/fileAccess';
import { nodeFileAccess } from '../../../node/fileAccess';
import { tempTree } from '../cli/cliHarness';
import { mutated, random, randomClip } from './randomClips';

const FRAMES = 4 * DIFF_SUM_CHUNK_FRAMES + 77;

async function diffOf(a: string, b: string, options: DiffFilesOptions = {}): Promise<FileDiff> {
  const result = await diffFiles(nodeFileAccess, a, b, options);
  if (isDiffFailure(result)) throw new Error(result.failure.message);
  return result;
}

function clipBytes(): { a: Uint8Array; b: Uint8Array } {
  const next = random(21);
  const a = randomClip(6, FRAMES, next, false);
  return { a, b: mutated(a, randomClip(6, FRAMES, next, false), next) };
}

function clips(): { a: string; b: string; dispose(): void } {
  const { a, b } = clipBytes();
  const tree = tempTree({ 'a.nczxanim': a, 'b.nczxanim': b });
  return { a: join(tree.root, 'a.nczxanim'), b: join(tree.root, 'b.nczxanim'), dispose: tree.dispose };
}

/** `differ`, recording the first frame of each range its threads answered, in the order answered. */
function answered(differ: ClipRangeDiffer): ClipRangeDiffer & { froms: number[] } {
  const froms: number[] = [];
  return {
    ...differ,
    froms,
    thread: async () => {
      const thread = await differ.thread();
      return {
        release: () => thread.release(),
        diff: async (request) => {
          const part = await thread.diff(request);
          froms.push(request.range.from);
          return part;
        },
      };
    },
  };
}

test('the worker script is found beside the pool (from source: clipDiffWorker.ts)', () => {
  assert.match(clipDiffWorkerScript() ?? '', /node\/clipDiffWorker\.(ts|js)$/);
});

test('3 threads, 5 ranges (one a chunk), each taken by the next free thread: one thread\'s result, bit for bit, and the same text', async () => {
  const { a, b, dispose } = clips();
  const pool = new ClipDiffPool(clipDiffWorkerScript()!, 3, 1);
  try {
    const one = await diffOf(a, b);
    const names = { a: 'a', b: 'b' };
    // The first comparison starts the workers (this thread may compare every range before they
    // have started); later ones find them started, and they take ranges.
    let onWorkers = 0;
    for (let round = 0; round < 40 && onWorkers === 0; round++) {
      const differ = answered(pool.differ(a, b));
      const split = await diffOf(a, b, { rangeDiffer: differ });
      assert.deepStrictEqual(split, one, `round ${round}`);
      assert.equal(diffTextOf(diffDocument(split, { names })), diffTextOf(diffDocument(one, { names })), `round ${round}`);
      assert.ok(differ.froms.every((from) => from > 0 && from % DIFF_SUM_CHUNK_FRAMES === 0), `round ${round}: the first range stays here`);
      assert.equal(new Set(differ.froms).size, differ.froms.length, `round ${round}: no range compared twice`);
      onWorkers = differ.froms.length;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(onWorkers > 0, 'the workers took ranges');
    assert.equal(pool.running, 2, 'a worker for each thread but the calling one, kept between comparisons');
    assert.ok(one.kind === 'clip' && one.changedKeyframes > 6 * FRAMES * 0.5);
  } finally {
    await pool.close();
    dispose();
  }
});

test('ranges answered out of order merge in clip order: one thread\'s result', async () => {
  const { a, b } = clipBytes();
  const source = (bytes: Uint8Array) => memoryByteSource(bytes);
  // 3 threads, 2 ranges each: 5 ranges (5 chunks); a later range answers sooner.
  const differ = answered({
    threadsFor: () => 3,
    rangesPerThread: 2,
    thread: async () => ({
      release: () => {},
      diff: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, ((FRAMES - request.range.from) / DIFF_SUM_CHUNK_FRAMES) * 40));
        return diffClipRange(source(a), source(b), request);
      },
    }),
  });
  const one = await diffClips(source(a), source(b));
  assert.deepStrictEqual(await diffClips(source(a), source(b), { rangeDiffer: differ }), one);
  assert.ok(
    differ.froms.some((from, k) => k > 0 && from < differ.froms[k - 1]!),
    `answered out of order: ranges from ${differ.froms.join(', ')}`,
  );
});

test('a worker that fails on a range: that range and the rest are compared on the calling thread, the same result', async () => {
  const { a, b, dispose } = clips();
  const failing = tempTree({
    'failsOnRange.js': "const { parentPort } = require('node:worker_threads');\nparentPort.on('message', () => process.exit(3));\nparentPort.postMessage({ kind: 'ready' });\n",
  });
  const pool = new ClipDiffPool(join(failing.root, 'failsOnRange.js'), 3, 1);
  try {
    const one = await diffOf(a, b);
    // Until the workers, once started, have taken a range each and ended. A worker that becomes
    // ready after a round's ranges are all compared waits idle for the next round, and on a loaded
    // machine a start can take seconds: the bound is time, not a count of rounds.
    const deadline = Date.now() + 30_000;
    for (let round = 0; round === 0 || (Date.now() < deadline && pool.running > 0); round++) {
      assert.deepStrictEqual(await diffOf(a, b, { rangeDiffer: pool.differ(a, b) }), one, `round ${round}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(pool.running, 0, 'both workers took a range and ended');
  } finally {
    await pool.close();
    failing.dispose();
    dispose();
  }
});

test('a worker that ends at its start: every range is compared on the calling thread, the same result', async () => {
  const { a, b, dispose } = clips();
  const broken = tempTree({ 'failing.js': 'process.exit(3);\n' });
  const pool = new ClipDiffPool(join(broken.root, 'failing.js'), 3, 1);
  try {
    assert.deepStrictEqual(await diffOf(a, b, { rangeDiffer: pool.differ(a, b) }), await diffOf(a, b));
  } finally {
    await pool.close();
    broken.dispose();
    dispose();
  }
});

test('below the split threshold the diff runs on the calling thread: no worker starts', async () => {
  const { a, b, dispose } = clips();
  const pool = new ClipDiffPool(clipDiffWorkerScript()!, 3, 64 * 1024 * 1024);
  try {
    assert.deepStrictEqual(await diffOf(a, b, { rangeDiffer: pool.differ(a, b) }), await diffOf(a, b));
    assert.equal(pool.running, 0);
  } finally {
    await pool.close();
    dispose();
  }
});
