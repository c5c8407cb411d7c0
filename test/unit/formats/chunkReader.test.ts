import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reusingChunkReader } from '../../../formats/problemCollector';
import type { ByteSource } from '../../../formats/fileAccess';

/** A source of bytes 0..size-1 (mod 256) with readInto, logging every readInto call. */
function loggingSource(size: number, failAt?: number): { source: ByteSource; calls: [number, number][] } {
  const bytes = Uint8Array.from({ length: size }, (_, i) => i & 0xff);
  const calls: [number, number][] = [];
  const source: ByteSource = {
    size,
    read: async (offset, length) => bytes.slice(offset, offset + length),
    readInto: async (offset, target) => {
      calls.push([offset, target.length]);
      if (offset === failAt) throw new Error(`EIO at ${offset}`);
      const piece = bytes.subarray(offset, offset + target.length);
      target.set(piece);
      return piece.length;
    },
  };
  return { source, calls };
}

const expected = (offset: number, length: number): number[] => Array.from({ length }, (_, i) => (offset + i) & 0xff);

test('reusingChunkReader: consecutive pieces are right, the next one is read ahead, never past the end', async () => {
  const { source, calls } = loggingSource(1000);
  const read = reusingChunkReader(source, 900);
  for (let offset = 100; offset < 900; offset += 300) {
    const length = Math.min(300, 900 - offset);
    assert.deepEqual([...(await read(offset, length))], expected(offset, length));
  }
  assert.deepEqual(calls, [[100, 300], [400, 300], [700, 200]]);
});

test('reusingChunkReader: reads into the buffers offered, in turn, and into its own where none is offered', async () => {
  const { source } = loggingSource(1000);
  const memory = new Uint8Array(1024);
  const offered = (index: number, length: number): Uint8Array | undefined => (length <= 300 ? memory.subarray(index * 512, index * 512 + length) : undefined);
  const read = reusingChunkReader(source, 1000, offered);
  const pieces = [await read(0, 300), await read(300, 300), await read(600, 300)];
  assert.deepEqual(pieces.map((piece) => [piece.buffer === memory.buffer, piece.byteOffset]), [[true, 0], [true, 512], [true, 0]]);
  assert.deepEqual([...pieces[2]], expected(600, 300));
  const large = reusingChunkReader(source, 1000, offered);
  assert.notEqual((await large(0, 400)).buffer, memory.buffer);
});

test('reusingChunkReader: a jump elsewhere still returns the right bytes', async () => {
  const { source } = loggingSource(1000);
  const read = reusingChunkReader(source);
  assert.deepEqual([...(await read(0, 10))], expected(0, 10));
  assert.deepEqual([...(await read(500, 10))], expected(500, 10));
  assert.deepEqual([...(await read(510, 10))], expected(510, 10));
  assert.deepEqual([...(await read(995, 10))], expected(995, 5));
});

test('reusingChunkReader: a failed read-ahead surfaces only when that piece is asked for', async () => {
  const { source } = loggingSource(1000, 20);
  const read = reusingChunkReader(source);
  assert.deepEqual([...(await read(0, 10))], expected(0, 10));
  assert.deepEqual([...(await read(10, 10))], expected(10, 10)); // this started the failing read of 20..30
  await assert.rejects(read(20, 10), /EIO at 20/);
});

test('reusingChunkReader: without readInto it is plain read', async () => {
  const { source, calls } = loggingSource(100);
  const read = reusingChunkReader({ size: source.size, read: source.read });
  assert.deepEqual([...(await read(5, 3))], [5, 6, 7]);
  assert.deepEqual(calls, []);
});
