import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PageCache } from '../../../webview/hex/pageCache';

/** A 267 MB "file" whose byte i is i & 0xff, with a log of what was fetched. */
function fakeHost(size: number) {
  const fetched: [number, number][] = [];
  const fetch = async (offset: number, length: number) => {
    fetched.push([offset, length]);
    return { bytes: Uint8Array.from({ length: Math.min(length, size - offset) }, (_, i) => (offset + i) & 0xff), edited: [] };
  };
  return { fetched, fetch };
}

test('peek misses until ensure loads exactly the pages of the range', async () => {
  const size = 267_382_804;
  const host = fakeHost(size);
  const cache = new PageCache(host.fetch, size, 1024, 8);
  assert.equal(cache.peek(2000, 100), undefined);
  await cache.ensure(2000, 100);
  assert.deepEqual(host.fetched, [[1024, 1024], [2048, 1024]]);
  const bytes = cache.peek(2000, 100)!;
  assert.deepEqual([...bytes.subarray(0, 3)], [2000 & 0xff, 2001 & 0xff, 2002 & 0xff]);
  assert.equal(bytes.length, 100);
  // The last keyframe: one short page at the very end.
  await cache.ensure(size - 16, 16);
  const lastPage = Math.floor((size - 16) / 1024) * 1024;
  assert.deepEqual(host.fetched.at(-1), [lastPage, size - lastPage], 'never asks past the end');
  assert.deepEqual([...cache.peek(size - 16, 100)!], Array.from({ length: 16 }, (_, i) => (size - 16 + i) & 0xff));
});

test('concurrent ensures share one request; the cache never holds more than maxPages', async () => {
  const host = fakeHost(1 << 20);
  const cache = new PageCache(host.fetch, 1 << 20, 1024, 4);
  await Promise.all([cache.ensure(0, 10), cache.ensure(5, 10)]);
  assert.equal(host.fetched.length, 1);
  for (let page = 0; page < 20; page++) await cache.ensure(page * 1024, 1);
  assert.equal(cache.cachedPages, 4);
  assert.equal(cache.peek(0, 1), undefined, 'oldest page dropped');
  assert.notEqual(cache.peek(19 * 1024, 1), undefined);
});

test('reset drops pages and ignores answers to older requests', async () => {
  let release: () => void = () => undefined;
  const cache = new PageCache(
    (offset, length) => new Promise((resolve) => (release = () => resolve({ bytes: new Uint8Array(length).fill(offset === 0 ? 1 : 2), edited: [] }))),
    4096, 1024, 8,
  );
  const pending = cache.ensure(0, 1);
  cache.reset(4096);
  release();
  await pending;
  assert.equal(cache.peek(0, 1), undefined, 'stale answer not stored');
});

test('the host\'s unsaved spans come with the page: edited bytes are known without asking again', async () => {
  const cache = new PageCache(async (offset, length) => ({ bytes: new Uint8Array(length), edited: offset === 1024 ? [1030, 1032, 2000, 2001] : [] }), 4096, 1024, 8);
  await cache.ensure(1024, 1024);
  assert.deepEqual([1029, 1030, 1031, 1032, 2000].map((at) => cache.isEdited(at)), [false, true, true, false, true]);
  assert.equal(cache.isEdited(10), false, 'a page that is not here reads as not edited');
});
