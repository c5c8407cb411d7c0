/**
 * The clip diff's ranges on worker threads (node/clipDiffPool.ts): two clips compared in 3 ranges
 * (the first on the calling thread, the others on 2 workers) give one thread's result, every
 * number to the bit, and the same text; a range whose worker fails is compared on the calling
 * thread, with the same result; below the split threshold no worker starts. The threshold is
 * lowered so small clips split.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { type FileDiff, diffDocument, diffFiles, diffTextOf, isDiffFailure } from '../../../formats/diff';
import type { DiffFilesOptions } from '../../../formats/diff';
import { DIFF_SUM_CHUNK_FRAMES } from '../../../formats/diff/clipDiffTotals';
import { ClipDiffPool, clipDiffWorkerScript } from '../../../node/clipDiffPool';
import { nodeFileAccess } from '../../../node/fileAccess';
import { tempTree } from '../cli/cliHarness';
import { mutated, random, randomClip } from './randomClips';

const FRAMES = 4 * DIFF_SUM_CHUNK_FRAMES + 77;

async function diffOf(a: string, b: string, options: DiffFilesOptions = {}): Promise<FileDiff> {
  const result = await diffFiles(nodeFileAccess, a, b, options);
  if (isDiffFailure(result)) throw new Error(result.failure.message);
  return result;
}

function clips(): { a: string; b: string; dispose(): void } {
  const next = random(21);
  const a = randomClip(6, FRAMES, next, false);
  const b = mutated(a, randomClip(6, FRAMES, next, false), next);
  const tree = tempTree({ 'a.nczxanim': a, 'b.nczxanim': b });
  return { a: join(tree.root, 'a.nczxanim'), b: join(tree.root, 'b.nczxanim'), dispose: tree.dispose };
}

test('the worker script is found beside the pool (from source: clipDiffWorker.ts)', () => {
  assert.match(clipDiffWorkerScript() ?? '', /node\/clipDiffWorker\.(ts|js)$/);
});

test('3 ranges, 2 on workers and the first on the calling thread: one thread\'s result, bit for bit, and the same text', async () => {
  const { a, b, dispose } = clips();
  const pool = new ClipDiffPool(clipDiffWorkerScript()!, 3, 1);
  try {
    const one = await diffOf(a, b);
    const split = await diffOf(a, b, { rangeDiffer: pool.differ(a, b) });
    assert.equal(pool.running, 2, 'a worker for each range but the first');
    assert.deepStrictEqual(split, one);
    const names = { a: 'a', b: 'b' };
    assert.equal(diffTextOf(diffDocument(split, { names })), diffTextOf(diffDocument(one, { names })));
    assert.ok(one.kind === 'clip' && one.changedKeyframes > 6 * FRAMES * 0.5);
  } finally {
    await pool.close();
    dispose();
  }
});

test('a range whose worker fails is compared on the calling thread: the same result', async () => {
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
