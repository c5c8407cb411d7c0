/**
 * `ewzanim check` reads each file once per run: the folder walk's checks leave their facts for
 * the manifest's asset rules and `anim/local-space`, and a manifest alone reads each listed file
 * once. What it reports is what a run that shares nothing reports (every stat a new version and
 * the motion thresholds given, so no fact is offered or reused), byte for byte.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { FileAccess } from '../../../formats/fileAccess';
import { checkWorkerScript, WorkerCheckPool } from '../../../node/checkPool';
import { nodeFileAccess } from '../../../node/fileAccess';
import { checkOutput, singleThread } from './checkOutput';
import { countingAccess } from './countingAccess';
import { runCli, tempTree } from '../cli/cliHarness';
import { plantedPack } from './plantedPack';

/** Every stat a new modification time: no cached fact is ever fresh, so nothing is shared. */
function sharingNothing(base: FileAccess): FileAccess {
  let version = 0;
  return { ...base, stat: async (path) => {
    const stat = await base.stat(path);
    return stat && { ...stat, mtimeMs: stat.mtimeMs + ++version };
  } };
}

const CASES: { name: string; args: (root: string) => string[] }[] = [
  { name: 'check FOLDER (the folder holds the manifest)', args: (root) => [root] },
  { name: 'check FOLDER/anim FOLDER/skel FOLDER/nether.toml', args: (root) => [join(root, 'anim'), join(root, 'skel'), join(root, 'nether.toml')] },
  { name: 'check FOLDER/nether.toml', args: (root) => [join(root, 'nether.toml')] },
];

for (const c of CASES) {
  test(`${c.name}: each file read once, the same report as a run that shares nothing`, async () => {
    const tree = tempTree(plantedPack());
    try {
      const { access, reads } = countingAccess(nodeFileAccess);
      const run = await runCli(['check', '--json', ...c.args(tree.root)], access);
      // Motion thresholds given (the defaults) also keep the walk from offering facts.
      const reference = await runCli(['check', '--json', '--pop-degrees', '60', '--jump-ratio', '5', ...c.args(tree.root)], sharingNothing(nodeFileAccess));
      assert.equal(run.stdout, reference.stdout);
      assert.equal(run.status, 1, 'the NaN clip is an error');
      const codes = (JSON.parse(run.stdout) as { files: { diagnostics: { code: string }[] }[] }).files.flatMap((f) => f.diagnostics.map((d) => d.code));
      for (const code of ['anim/local-space', 'manifest/asset-invalid', 'anim/non-finite', 'anim/pop']) assert.ok(codes.includes(code), `${code} in ${codes.join(', ')}`);
      assert.deepEqual(
        [...reads.entries()].filter(([, n]) => n !== 1),
        [],
        'every file read exactly once',
      );
      assert.equal(reads.size, Object.keys(plantedPack()).length);
    } finally {
      tree.dispose();
    }
  });
}

test('check FOLDER on the pool: this thread reads the manifest once (parsed while the workers check the clips) and its one skeleton, no clip; the report of one thread', async () => {
  const tree = tempTree(plantedPack());
  const pool = new WorkerCheckPool(checkWorkerScript()!, 2);
  try {
    const { access, reads } = countingAccess(nodeFileAccess);
    const pooled = await checkOutput(access, [tree.root], 'json', pool);
    assert.equal(pooled, await checkOutput(singleThread, [tree.root], 'json'));
    assert.match(pooled, /anim\/local-space/);
    assert.deepEqual([...reads.entries()].sort(), [[join(tree.root, 'nether.toml'), 1], [join(tree.root, 'skel/hero.nczxskel'), 1]], 'the workers read the clips');
  } finally {
    await pool.close();
    tree.dispose();
  }
});
