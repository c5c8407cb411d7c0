/** Re-validation reads only what changed: summaries cached by path, size and mtime. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AssetSummaryCache, checkManifest } from '../../../formats/manifest';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { clipBytes } from './assetBytes';
import { BASE, basePack } from './craftedPack';

test('second validation reads no asset; after one clip changes only that clip is read', async () => {
  const access = new MemoryFileAccess(basePack());
  const cache = new AssetSummaryCache();
  const run = () => checkManifest(access, '/pack/nether.toml', BASE, { maxKeyframeProblems: 10, cache });

  const first = await run();
  assert.equal(cache.misses, 6);
  assert.equal(new Set(access.reads).size, 6);

  access.reads.length = 0;
  const second = await run();
  assert.equal(cache.misses, 6);
  assert.deepEqual(access.reads, []);
  assert.deepEqual(second.diagnostics, first.diagnostics);

  access.write('/pack/anim/walk.nczxanim', clipBytes(4));
  const third = await run();
  assert.equal(cache.misses, 7);
  assert.deepEqual([...new Set(access.reads)], ['/pack/anim/walk.nczxanim']);
  assert.deepEqual(third.diagnostics.map((d) => [d.code, d.data?.clipBones]), [['manifest/bone-mismatch', 4]]);
});

test('a different problem limit is a different question: recomputed, not served stale', async () => {
  const access = new MemoryFileAccess(basePack());
  const cache = new AssetSummaryCache();
  await checkManifest(access, '/pack/nether.toml', BASE, { maxKeyframeProblems: 10, cache });
  await checkManifest(access, '/pack/nether.toml', BASE, { maxKeyframeProblems: 20, cache });
  assert.equal(cache.misses, 12);
  cache.invalidate('/pack/anim/walk.nczxanim');
  await checkManifest(access, '/pack/nether.toml', BASE, { maxKeyframeProblems: 20, cache });
  assert.equal(cache.misses, 13);
  assert.equal(cache.size, 6);
});

test('an unchanged manifest text reuses its parse; any edit parses again', async () => {
  const access = new MemoryFileAccess(basePack());
  const cache = new AssetSummaryCache();
  const first = await checkManifest(access, '/pack/nether.toml', BASE, { maxKeyframeProblems: 10, cache });
  const same = await checkManifest(access, '/pack/nether.toml', `${BASE}`, { maxKeyframeProblems: 10, cache });
  assert.equal(same.model, first.model);
  const edited = await checkManifest(access, '/pack/nether.toml', BASE.replace('"Demo"', '"Demo 2"'), { maxKeyframeProblems: 10, cache });
  assert.notEqual(edited.model, first.model);
  assert.equal(edited.model.game!.keys[1].value.value, 'Demo 2');
  // The reused model is not polluted by the rules of earlier runs.
  assert.deepEqual(first.model.diagnostics, []);
});

test('one file named by several entries is read once', async () => {
  const access = new MemoryFileAccess(basePack());
  const cache = new AssetSummaryCache();
  const text = `${BASE}\n[[assets.animations]]\nid = "walk_again"\npath = "anim/walk.nczxanim"\n\n[[assets.animations]]\nid = "walk_third"\npath = "anim/./walk.nczxanim"\n`;
  await checkManifest(access, '/pack/nether.toml', text, { maxKeyframeProblems: 10, cache });
  assert.equal(cache.misses, 6);
  // One computation, one read: the clip is read whole (signature, header, records, sampled frames).
  assert.equal(access.reads.filter((p) => p === '/pack/anim/walk.nczxanim').length, 1);
});
