/**
 * A large clip checked by the pool is linted in frame ranges, one per worker at once, and
 * `ewzanim check` reports exactly what it reports on one thread: clips with pops, jumps and NaNs
 * planted at the range boundaries, random records past the problem cap, a clip cut short; a
 * range whose worker fails is linted on the calling thread. The split threshold is lowered so
 * small clips split.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkBinaryFile } from '../../../formats/checkBinaryFile';
import type { ClipFrameRange } from '../../../formats/clipRangeLint';
import { compactForTransfer } from '../../../formats/manifest/assetFacts';
import { checkWorkerScript, WorkerCheckPool } from '../../../node/checkPool';
import { checkClipInRanges } from '../../../node/clipRangeCheck';
import { nodeFileAccess } from '../../../node/fileAccess';
import { checkOutput, singleThread } from './checkOutput';
import { tempTree } from '../cli/cliHarness';
import { planted, randomClip } from './rangeClips';

for (const format of ['text', 'json'] as const) {
  test(`check --format ${format}: clips linted in ranges by 3 workers equal one thread's output byte for byte`, async () => {
    const tree = tempTree({
      // 3 ranges of 100 frames: problems at, before and after the boundaries 100 and 200.
      'pop.nczxanim': planted(300, [92, 99, 100, 101, 108, 199, 200, 207], [93, 100, 109, 201]),
      'nan.nczxanim': planted(300, [100], [], [99, 200]),
      'random.nczxanim': randomClip(8, 400, 5),
    });
    const pool = new WorkerCheckPool(checkWorkerScript()!, 3, { clipSplitMinBytes: 1 });
    try {
      const single = await checkOutput(singleThread, [tree.root], format);
      const pooled = await checkOutput(nodeFileAccess, [tree.root], format, pool);
      assert.equal(pooled, single);
      assert.match(single, /anim\/pop/);
      assert.match(single, /anim\/position-jump/);
      assert.match(single, /anim\/non-finite/);
      assert.match(single, /anim\/more-problems/);
      assert.equal(pool.running, 3, 'every worker took a range');
    } finally {
      await pool.close();
      tree.dispose();
    }
  });
}

test('ranges whose workers fail are linted on the calling thread: the same answer as a whole check', async () => {
  const tree = tempTree({ 'pop.nczxanim': planted(300, [99, 100, 200], [101]) });
  try {
    const path = `${tree.root}/pop.nczxanim`;
    const stat = await nodeFileAccess.stat(path);
    assert.ok(stat, 'the clip was written');
    const asked: ClipFrameRange[] = [];
    const failing = { size: 3, splitMinBytes: 1, lint: async (_path: string, request: { range: ClipFrameRange }) => (asked.push(request.range), Promise.reject(new Error('worker died'))) };
    const split = await checkClipInRanges(failing, path, stat, { maxKeyframeProblems: 100 }, []);
    const whole = compactForTransfer(await checkBinaryFile(nodeFileAccess, path, 'clip', stat, { maxKeyframeProblems: 100 }), []).checked;
    assert.equal(asked.length, 3, 'three ranges were asked for');
    assert.equal(JSON.stringify(split), JSON.stringify(whole));
    assert.match(JSON.stringify(split.result.diagnostics), /anim\/pop/);
  } finally {
    tree.dispose();
  }
});

test('check FILE: a large clip named alone is linted in ranges by workers already running, with the output of one thread', async () => {
  const tree = tempTree({ 'pop.nczxanim': planted(300, [99, 100, 200], [101, 199]) });
  const pool = new WorkerCheckPool(checkWorkerScript()!, 3, { clipSplitMinBytes: 1 });
  try {
    const path = `${tree.root}/pop.nczxanim`;
    const single = await checkOutput(singleThread, [path], 'json');
    // The folder's check starts the workers (as the language server's workspace scan does).
    await checkOutput(nodeFileAccess, [tree.root], 'json', pool);
    assert.equal(pool.running, 3, 'every worker took a range of the folder\'s clip');
    assert.equal(await checkOutput(nodeFileAccess, [path], 'json', pool), single);
    assert.match(single, /anim\/pop/);
    assert.match(single, /anim\/position-jump/);
  } finally {
    await pool.close();
    tree.dispose();
  }
});

test('check FILE: a file named alone starts no worker: a clip the pool would split checks on the calling thread while the pool is cold, as does one it would not split', async () => {
  const clip = planted(300, [150], []);
  const tree = tempTree({ 'small.nczxanim': clip });
  const path = `${tree.root}/small.nczxanim`;
  try {
    const single = await checkOutput(singleThread, [path], 'text');
    assert.match(single, /anim\/pop/);
    // One byte short of the split threshold, and at it.
    for (const clipSplitMinBytes of [clip.length + 1, clip.length]) {
      const pool = new WorkerCheckPool(checkWorkerScript()!, 3, { clipSplitMinBytes });
      try {
        assert.equal(await checkOutput(nodeFileAccess, [path], 'text', pool), single);
        assert.equal(pool.running, 0, `no worker started (split from ${clipSplitMinBytes} B)`);
      } finally {
        await pool.close();
      }
    }
  } finally {
    tree.dispose();
  }
});
