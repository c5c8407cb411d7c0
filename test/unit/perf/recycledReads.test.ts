/**
 * A check worker reads whole small files into buffers it used before: a lease's reads are views
 * of recycled buffers until it is released, a later lease gets the same buffers back, a file
 * shorter than asked gives a short view, and large reads get buffers of their own.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FileAccess } from '../../../formats/fileAccess';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { RecycledReads } from '../../../node/recycledReads';

const memory = new MemoryFileAccess({ '/a': new Uint8Array([1, 2, 3, 4]), '/b': new Uint8Array([9, 8]), '/big': new Uint8Array(5 * 1024 * 1024).fill(7) });
/** The memory files with `readInto`, as Node's file access has it. */
const files: FileAccess = {
  stat: (path) => memory.stat(path),
  read: (path, offset, length) => memory.read(path, offset, length),
  readDirectory: (path) => memory.readDirectory(path),
  readInto: async (path, offset, target) => {
    const bytes = await memory.read(path, offset, target.length);
    target.set(bytes);
    return bytes.length;
  },
};

test('a released lease gives its buffers to the next one; each read sees its own file', async () => {
  const reads = new RecycledReads(files);
  const first = reads.lease();
  const a = await first.access.read('/a', 0, 4);
  assert.deepEqual([...a], [1, 2, 3, 4]);
  first.release();
  const second = reads.lease();
  const b = await second.access.read('/b', 0, 2);
  assert.deepEqual([...b], [9, 8]);
  assert.equal(b.buffer, a.buffer, 'the same buffer, used again');
  // Two reads of one lease are both in use: two buffers.
  const a2 = await second.access.read('/a', 1, 3);
  assert.deepEqual([...a2], [2, 3, 4]);
  assert.notEqual(a2.buffer, b.buffer);
  assert.deepEqual([...b], [9, 8], 'the first read of the lease is untouched');
  second.release();
});

test('a file shorter than the read asks gives a short view; reads past 4 MiB are not recycled', async () => {
  const reads = new RecycledReads(files);
  const lease = reads.lease();
  assert.deepEqual([...(await lease.access.read('/b', 0, 100))], [9, 8]);
  const big = await lease.access.read('/big', 0, 5 * 1024 * 1024);
  assert.equal(big.length, 5 * 1024 * 1024);
  lease.release();
  const next = reads.lease();
  assert.notEqual((await next.access.read('/a', 0, 4)).buffer, big.buffer);
});
