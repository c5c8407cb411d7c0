/**
 * fileByteSources: the compare view opens each clip through the client's file access. Where reads
 * are ranged the source reads each piece from the file as asked; where a read takes the whole
 * file (workspace.fs) the file is read once and the pieces come from memory. A missing file or a
 * folder is an error naming its path.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { fileByteSources } from '../../../client/src/clipDiff/byteSources';
import type { UriFileAccess } from '../../../client/src/uriFileAccess';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';

const CLIP = '/work/walk.nczxanim';
const bytes = Uint8Array.from({ length: 64 }, (_, i) => i * 3);

function uri(path: string): vscode.Uri {
  return { path } as vscode.Uri;
}

function opener(rangedReads: boolean): { files: MemoryFileAccess; open: ReturnType<typeof fileByteSources> } {
  const files = new MemoryFileAccess({ [CLIP]: bytes, '/work/clips/run.nczxanim': 'x' });
  const access: UriFileAccess = { files, rangedReads, pathOf: (u) => u.path, uriOf: uri };
  return { files, open: fileByteSources(() => access) };
}

for (const rangedReads of [true, false]) {
  test(`rangedReads ${rangedReads}: the source has the file's size and each piece's bytes`, async () => {
    const { open } = opener(rangedReads);
    const source = await open(uri(CLIP));
    assert.equal(source.size, 64);
    assert.deepEqual([...(await source.read(10, 4))], [30, 33, 36, 39]);
    assert.deepEqual([...(await source.read(62, 8))], [186, 189]);
  });

  test(`rangedReads ${rangedReads}: a missing file and a folder are errors naming the path`, async () => {
    const { open } = opener(rangedReads);
    await assert.rejects(open(uri('/work/gone.nczxanim')), { message: '/work/gone.nczxanim is not a file' });
    await assert.rejects(open(uri('/work/clips')), { message: '/work/clips is not a file' });
  });
}

test('ranged reads: nothing is read at open, each piece is one read of the file', async () => {
  const { files, open } = opener(true);
  const source = await open(uri(CLIP));
  assert.equal(files.reads.length, 0);
  await source.read(0, 8);
  await source.read(8, 8);
  assert.deepEqual(files.reads, [CLIP, CLIP]);
});

test('whole-file reads: the file is read once at open, its pieces come from memory', async () => {
  const { files, open } = opener(false);
  const source = await open(uri(CLIP));
  await source.read(0, 8);
  await source.read(8, 8);
  assert.deepEqual(files.reads, [CLIP]);
});
