import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { nodeFileAccess } from '../../../node/fileAccess';
import { IDENTITY_RECORD, tempTree, uniformClip } from '../cli/cliHarness';
import { byteSourceOf, checkBytes } from '../../../formats/index';

test('nodeFileAccess reads exactly the requested piece, fewer bytes only at the end', async () => {
  const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i & 0xff);
  const tree = tempTree({ 'f.bin': bytes, 'd/x': 'x' });
  try {
    const path = join(tree.root, 'f.bin');
    const cases: [number, number, number[]][] = [
      [0, 4, [0, 1, 2, 3]],
      [254, 4, [254, 255, 0, 1]],
      [998, 10, [230, 231]],
      [1000, 4, []],
      [5000, 4, []],
      [10, 0, []],
    ];
    for (const [offset, length, expected] of cases) {
      assert.deepEqual([...(await nodeFileAccess.read(path, offset, length))], expected, `read(${offset}, ${length})`);
    }
    // Asking for far more than the file holds allocates only what is there.
    assert.equal((await nodeFileAccess.read(path, 0, 2 ** 31)).length, 1000);
    assert.deepEqual(await nodeFileAccess.stat(path).then((s) => [s?.size, s?.isDirectory]), [1000, false]);
    assert.equal((await nodeFileAccess.stat(join(tree.root, 'd')))?.isDirectory, true);
    assert.equal(await nodeFileAccess.stat(join(tree.root, 'missing')), undefined);
    assert.equal(await nodeFileAccess.stat(join(path, 'below-a-file')), undefined);
    assert.deepEqual((await nodeFileAccess.readDirectory(tree.root)).sort(), ['d', 'f.bin']);
    await assert.rejects(nodeFileAccess.read(join(tree.root, 'missing'), 0, 4), /ENOENT/);
  } finally {
    tree.dispose();
  }
});

test('readInto fills the caller buffer; fewer bytes only at the end', async () => {
  const bytes = Uint8Array.from({ length: 100 }, (_, i) => i);
  const tree = tempTree({ 'f.bin': bytes });
  try {
    const target = new Uint8Array(8).fill(0xee);
    assert.equal(await nodeFileAccess.readInto!(join(tree.root, 'f.bin'), 10, target), 8);
    assert.deepEqual([...target], [10, 11, 12, 13, 14, 15, 16, 17]);
    target.fill(0xee);
    assert.equal(await nodeFileAccess.readInto!(join(tree.root, 'f.bin'), 97, target), 3);
    assert.deepEqual([...target], [97, 98, 99, 0xee, 0xee, 0xee, 0xee, 0xee]);
  } finally {
    tree.dispose();
  }
});

test('a clip linted through the reused readInto buffer gives the same diagnostics as through read', async () => {
  // 3 bones x 400 frames; a problem every 97th record, across many 1 KiB chunks.
  const bytes = uniformClip(3, 400, IDENTITY_RECORD);
  for (let r = 0; r < 1200; r += 97) bytes[4 + r * 16 + 5] = 0x7c;
  const tree = tempTree({ 'c.nczxanim': bytes });
  try {
    const path = join(tree.root, 'c.nczxanim');
    const options = { maxKeyframeProblems: 1000, chunkBytes: 1024 };
    const withReadInto = await checkBytes('clip', byteSourceOf(nodeFileAccess, path, bytes.length), path, options);
    const { readInto: _unused, ...plain } = nodeFileAccess;
    const withRead = await checkBytes('clip', byteSourceOf(plain, path, bytes.length), path, options);
    assert.equal(withReadInto.diagnostics.length, 13);
    assert.deepEqual(withReadInto.diagnostics, withRead.diagnostics);
    assert.deepEqual(withReadInto.diagnostics.map((d) => d.byteRange?.start), Array.from({ length: 13 }, (_, k) => 4 + k * 97 * 16 + 4));
  } finally {
    tree.dispose();
  }
});
