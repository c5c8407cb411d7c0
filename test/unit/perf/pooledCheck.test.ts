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
import { checkCommand } from '../../../cli/checkCommand';
import type { CliIo } from '../../../cli/io';
import type { FileAccess } from '../../../formats/fileAccess';
import { checkWorkerScript, WorkerCheckPool } from '../../../node/checkPool';
import { nodeFileAccess } from '../../../node/fileAccess';
import { REPO, tempTree, UPSTREAM } from '../cli/cliHarness';
import { plantedProblems } from '../server/plantedFiles';
import { plantedPack } from './plantedPack';

function corpus(): { root: string; dispose: () => void } {
  const files: Record<string, Uint8Array | string> = {};
  for (const [path, content] of Object.entries(plantedPack())) files[`pack/${path}`] = content;
  for (const planted of plantedProblems()) files[planted.path] = planted.content;
  const tree = tempTree(files);
  cpSync(join(REPO, UPSTREAM), join(tree.root, 'upstream'), { recursive: true });
  return tree;
}

/** Runs `check` and captures stdout, stderr and the exit status. */
async function check(access: FileAccess, paths: string[], format: 'text' | 'json' | 'sarif' | 'github', pool?: WorkerCheckPool): Promise<string> {
  let out = '';
  let err = '';
  const io: CliIo = { access, out: (t) => void (out += t), err: (t) => void (err += t) };
  const status = await checkCommand(io, paths, format, 100, REPO, { pool });
  return `${status}\n${out}\n${err}`;
}

/** Node's file access under another identity: `check` then starts no pool of its own. */
const singleThread: FileAccess = { ...nodeFileAccess };

test('the worker script is found beside the pool (from source: checkWorker.ts)', () => {
  assert.match(checkWorkerScript() ?? '', /node\/checkWorker\.(ts|js)$/);
});

for (const format of ['text', 'json', 'sarif', 'github'] as const) {
  test(`check --format ${format}: pooled output equals single-thread output byte for byte`, async () => {
    const tree = corpus();
    const pool = new WorkerCheckPool(checkWorkerScript()!, 2);
    try {
      const paths = [tree.root, join(tree.root, 'pack', 'nether.toml')];
      const single = await check(singleThread, paths, format);
      const pooled = await check(nodeFileAccess, paths, format, pool);
      assert.equal(pooled, single);
      assert.match(single, /anim\/local-space/);
      assert.match(single, /anim\/truncated/);
    } finally {
      await pool.close();
      tree.dispose();
    }
  });
}

test('a pool whose workers cannot start: every file still checked, on this thread, same output', async () => {
  const tree = corpus();
  const broken = new WorkerCheckPool(join(tree.root, 'no-such-worker.js'), 2);
  try {
    const single = await check(singleThread, [tree.root], 'json');
    assert.equal(await check(nodeFileAccess, [tree.root], 'json', broken), single);
  } finally {
    await broken.close();
    tree.dispose();
  }
});
