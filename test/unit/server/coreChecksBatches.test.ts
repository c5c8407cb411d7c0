/**
 * The server's batch of binary checks on a pool (`CoreChecks.checkAssets`): each file answered
 * once, with what its check on this thread gives; a file the pool leaves (a clip it splits, a
 * worker that failed) checked here; a batch's answers taken a few to a turn of the event loop,
 * so that a request that arrives with a batch is answered before the whole batch is.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { checkFileOnce } from '../../../formats/check';
import type { BinaryCheckPool, PooledFileCheck } from '../../../formats/checkPool';
import type { FormatDiagnostic } from '../../../formats/diagnostics';
import { kindOfPath, type FileKind } from '../../../formats/fileKinds';
import { nodeFileAccess } from '../../../node/fileAccess';
import { createCoreChecks, type AssetCheck } from '../../../server/src/coreChecks';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { tempTree } from '../cli/cliHarness';
import { clipBytes, skeletonBytes } from '../manifest/assetBytes';

/** 20 files: clean clips, truncated ones (an error each), a skeleton. */
function files(): Record<string, Uint8Array> {
  const tree: Record<string, Uint8Array> = { 'rig.nczxskel': skeletonBytes(2) };
  for (let i = 0; i < 19; i++) tree[`c${i}.nczxanim`] = i % 3 === 0 ? clipBytes(2, 4, 16) : clipBytes(2, 4);
  return tree;
}

/** A pool that checks a batch on this thread and answers it all at once, as a worker's reply; `leaves` it does not take. */
function batchPool(leaves: (index: number) => boolean, onBatch: () => void = () => undefined): BinaryCheckPool {
  return {
    size: 2,
    check: () => Promise.reject(new Error('whole files go in batches')),
    async checkFiles(batch, options, each) {
      const checks: (PooledFileCheck | undefined)[] = [];
      for (const [index, { path, kind }] of batch.entries()) checks.push(leaves(index) ? undefined : await checkFileOnce(nodeFileAccess, path, kind, options));
      onBatch();
      checks.forEach((checked, index) => each(index, checked));
    },
  };
}

async function answersOf(pool: BinaryCheckPool, root: string, log: string[] = []): Promise<(readonly FormatDiagnostic[] | undefined)[]> {
  const core = createCoreChecks(nodeFileAccess, () => DEFAULT_SETTINGS, pool);
  const assets = Object.keys(files()).map((name) => ({ path: join(root, name), kind: kindOfPath(name) as FileKind }));
  const answers: (readonly FormatDiagnostic[] | undefined)[] = new Array(assets.length);
  await core.checkAssets!(assets, (index, checked: AssetCheck) => {
    assert.equal(answers[index], undefined, `file ${index} answered once`);
    answers[index] = 'diagnostics' in checked ? checked.diagnostics : [];
    log.push(`answer ${index}`);
  });
  return answers;
}

test('each file of a batch is answered once, with what its check on this thread gives; files the pool leaves are checked here', async () => {
  const tree = tempTree(files());
  try {
    const alone = createCoreChecks(nodeFileAccess, () => DEFAULT_SETTINGS);
    const expected = await Promise.all(Object.keys(files()).map((name) => alone.checkAsset(join(tree.root, name), kindOfPath(name) as FileKind)));
    assert.deepEqual(expected.map((d) => d.map((x) => x.code)).filter((codes) => codes.length > 0).length, 7, 'the truncated clips have problems');
    assert.deepEqual(await answersOf(batchPool(() => false), tree.root), expected);
    assert.deepEqual(await answersOf(batchPool((index) => index % 4 === 1), tree.root), expected);
  } finally {
    tree.dispose();
  }
});

test('a request that arrives with a batch is answered after the first 8 of its answers, not after all 20', async () => {
  const tree = tempTree(files());
  try {
    const log: string[] = [];
    await answersOf(batchPool(() => false, () => setImmediate(() => log.push('request'))), tree.root, log);
    assert.equal(log.indexOf('request'), 8, log.join(', '));
    assert.equal(log.length, 21);
  } finally {
    tree.dispose();
  }
});
