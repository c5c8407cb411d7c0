/**
 * The synchronous file access of the check workers (and of the command-line check on one thread)
 * answers as Node's promise-based access does: the same stats, the same bytes, a short read where
 * the file ends, undefined for a missing file, and the same errors for what cannot be read.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { FileAccess } from '../../../formats/fileAccess';
import { nodeFileAccess } from '../../../node/fileAccess';
import { blockingSmallReads, syncNodeFileAccess } from '../../../node/syncFileAccess';
import { tempTree } from '../cli/cliHarness';

const BYTES = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) & 0xff);
const LARGE = Uint8Array.from({ length: 1536 * 1024 }, (_, i) => (i * 13) & 0xff);

function withFiles(run: (root: string) => Promise<void>): Promise<void> {
  const tree = tempTree({ 'a.bin': BYTES, 'large.bin': LARGE, 'empty.bin': new Uint8Array(0) });
  mkdirSync(join(tree.root, 'folder.nczxanim'));
  symlinkSync('loop-b', join(tree.root, 'loop-a'));
  symlinkSync('loop-a', join(tree.root, 'loop-b'));
  return run(tree.root).finally(tree.dispose);
}

/** What `access` answers, or the message it fails with. */
async function answer<T>(access: FileAccess, ask: (access: FileAccess) => Promise<T>): Promise<T | { error: string }> {
  try {
    return await ask(access);
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const QUESTIONS: { name: string; ask: (root: string) => (access: FileAccess) => Promise<unknown> }[] = [
  { name: 'stat of a file', ask: (root) => (a) => a.stat(join(root, 'a.bin')) },
  { name: 'stat of a folder', ask: (root) => (a) => a.stat(join(root, 'folder.nczxanim')) },
  { name: 'stat of a missing file', ask: (root) => (a) => a.stat(join(root, 'missing.bin')) },
  { name: 'stat below a file (ENOTDIR)', ask: (root) => (a) => a.stat(join(root, 'a.bin', 'inside')) },
  { name: 'stat of a loop of links', ask: (root) => (a) => a.stat(join(root, 'loop-a')) },
  { name: 'a whole file', ask: (root) => async (a) => [...(await a.read(join(root, 'a.bin'), 0, 3000))] },
  { name: 'a piece from an offset', ask: (root) => async (a) => [...(await a.read(join(root, 'a.bin'), 1000, 16))] },
  { name: 'more than the file holds (a short read)', ask: (root) => async (a) => [...(await a.read(join(root, 'a.bin'), 2990, 100))] },
  { name: 'past the end', ask: (root) => async (a) => [...(await a.read(join(root, 'a.bin'), 5000, 10))] },
  { name: 'an empty file', ask: (root) => async (a) => [...(await a.read(join(root, 'empty.bin'), 0, 10))] },
  { name: 'a large file whole', ask: (root) => async (a) => Buffer.from(await a.read(join(root, 'large.bin'), 0, LARGE.length)).toString('base64') },
  { name: 'a read of a folder', ask: (root) => (a) => a.read(join(root, 'folder.nczxanim'), 0, 16) },
  { name: 'a read of a missing file', ask: (root) => (a) => a.read(join(root, 'missing.bin'), 0, 16) },
  { name: 'a read of a loop of links', ask: (root) => (a) => a.read(join(root, 'loop-a'), 0, 16) },
  {
    name: 'readInto, the file shorter than the target',
    ask: (root) => async (a) => {
      const target = new Uint8Array(4000);
      const filled = await a.readInto!(join(root, 'a.bin'), 10, target);
      return { filled, bytes: [...target.subarray(0, filled)], after: target[filled] };
    },
  },
  {
    name: 'readInto past 1 MiB',
    ask: (root) => async (a) => {
      const target = new Uint8Array(LARGE.length);
      return { filled: await a.readInto!(join(root, 'large.bin'), 0, target), same: Buffer.compare(target, LARGE) === 0 };
    },
  },
];

for (const { name, ask } of QUESTIONS) {
  test(`${name}: the synchronous accesses answer as nodeFileAccess`, () =>
    withFiles(async (root) => {
      const expected = await answer(nodeFileAccess, ask(root));
      assert.deepEqual(await answer(syncNodeFileAccess, ask(root)), expected);
      assert.deepEqual(await answer(blockingSmallReads, ask(root)), expected);
    }));
}

test('the answers are real: a short read ends at the file, errors name the path', () =>
  withFiles(async (root) => {
    assert.deepEqual([...(await syncNodeFileAccess.read(join(root, 'a.bin'), 2998, 10))], [...BYTES.subarray(2998)]);
    assert.equal((await syncNodeFileAccess.stat(join(root, 'a.bin')))?.size, 3000);
    assert.equal(await syncNodeFileAccess.stat(join(root, 'missing.bin')), undefined);
    await assert.rejects(syncNodeFileAccess.read(join(root, 'folder.nczxanim'), 0, 16), /EISDIR/);
    await assert.rejects(syncNodeFileAccess.stat(join(root, 'loop-a')), /ELOOP.*loop-a/);
  }));
