/**
 * `ewzanim check` on worker threads reports what it reports on one thread, byte for byte and in
 * the same order: a planted corpus (the pack with local-space, NaN and pop clips, the server's
 * planted problems, the real upstream fixtures) checked with and without the pool, in each
 * output format. A pool whose workers cannot start changes nothing either.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { checkWorkerScript, WorkerCheckPool } from '../../../node/checkPool';
import { nodeFileAccess } from '../../../node/fileAccess';
import { checkOutput, singleThread } from './checkOutput';
import { REPO, tempTree, UPSTREAM } from '../cli/cliHarness';
import { plantedProblems } from '../server/plantedFiles';
import { plantedPack } from './plantedPack';
import { skeletonBytes } from '../manifest/assetBytes';

function corpus(extraSkeletons = 0): { root: string; dispose: () => void } {
  const files: Record<string, Uint8Array | string> = {};
  for (let i = 0; i < extraSkeletons; i++) files[`rigs/rig${i}.nczxskel`] = skeletonBytes(3 + i);
  for (const [path, content] of Object.entries(plantedPack())) files[`pack/${path}`] = content;
  for (const planted of plantedProblems()) files[planted.path] = planted.content;
  const tree = tempTree(files);
  cpSync(join(REPO, UPSTREAM), join(tree.root, 'upstream'), { recursive: true });
  return tree;
}


test('the worker script is found beside the pool (from source: checkWorker.ts)', () => {
  assert.match(checkWorkerScript() ?? '', /node\/checkWorker\.(ts|js)$/);
});

for (const format of ['text', 'json', 'sarif', 'github'] as const) {
  test(`check --format ${format}: pooled output equals single-thread output byte for byte`, async () => {
    const tree = corpus();
    const pool = new WorkerCheckPool(checkWorkerScript()!, 2);
    try {
      const paths = [tree.root, join(tree.root, 'pack', 'nether.toml')];
      const single = await checkOutput(singleThread, paths, format);
      const pooled = await checkOutput(nodeFileAccess, paths, format, pool);
      assert.equal(pooled, single);
      assert.match(single, /anim\/local-space/);
      assert.match(single, /anim\/truncated/);
    } finally {
      await pool.close();
      tree.dispose();
    }
  });
}

test('a folder of more skeletons than the calling thread takes (9 more): they go to the pool first, the same output', async () => {
  const tree = corpus(9);
  const pool = new WorkerCheckPool(checkWorkerScript()!, 2);
  try {
    const single = await checkOutput(singleThread, [tree.root], 'json');
    assert.equal(await checkOutput(nodeFileAccess, [tree.root], 'json', pool), single);
    assert.match(single, /rigs\/rig8\.nczxskel/);
    assert.match(single, /anim\/local-space/);
  } finally {
    await pool.close();
    tree.dispose();
  }
});

test('a pool whose workers cannot start: every file still checked, on this thread, same output', async () => {
  const tree = corpus();
  const broken = new WorkerCheckPool(join(tree.root, 'no-such-worker.js'), 2);
  try {
    const single = await checkOutput(singleThread, [tree.root], 'json');
    assert.equal(await checkOutput(nodeFileAccess, [tree.root], 'json', broken), single);
  } finally {
    await broken.close();
    tree.dispose();
  }
});
