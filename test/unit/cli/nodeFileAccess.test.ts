import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { nodeFileAccess } from '../../../cli/nodeFileAccess';
import { tempTree } from './cliHarness';

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
