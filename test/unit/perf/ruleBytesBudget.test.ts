/**
 * The bytes facts carry for `anim/local-space` (sampled frames, skeleton bytes) are bounded per
 * cache: past `RULE_BYTES_BUDGET` a file's facts keep their summary and diagnostics but not the
 * bytes (the rule reads that file again), and released or replaced facts give their share back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AssetSummaryCache, RULE_BYTES_BUDGET } from '../../../formats/manifest/summaryCache';

const stat = { size: 100, mtimeMs: 1, isDirectory: false };
const quarter = RULE_BYTES_BUDGET / 4;

function offer(cache: AssetSummaryCache, path: string, bytes: number): void {
  cache.offer(path, stat, 'animation:100', { diagnostics: [], localSpaceSamples: new Uint8Array(bytes) });
}

test('facts keep their sampled frames while all of them fit the budget, not past it', () => {
  const cache = new AssetSummaryCache();
  for (let i = 0; i < 5; i++) offer(cache, `/c${i}`, quarter);
  assert.deepEqual([0, 1, 2, 3, 4].map((i) => cache.peek(`/c${i}`)?.localSpaceSamples?.length), [quarter, quarter, quarter, quarter, undefined]);
  assert.deepEqual(cache.peek('/c4')?.diagnostics, [], 'the rest of the facts stay');
});

test('released and replaced facts give their bytes back to the budget', () => {
  const cache = new AssetSummaryCache();
  for (let i = 0; i < 4; i++) offer(cache, `/c${i}`, quarter);
  cache.releaseBytes('/c0');
  offer(cache, '/c1', quarter); // the same file again: replaces its share
  offer(cache, '/c4', quarter);
  assert.equal(cache.peek('/c4')?.localSpaceSamples?.length, quarter);
  assert.equal(cache.peek('/c0')?.localSpaceSamples, undefined);
  offer(cache, '/c5', 1);
  assert.equal(cache.peek('/c5')?.localSpaceSamples, undefined, 'the budget is full again');
});
