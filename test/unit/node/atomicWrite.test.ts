import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomically } from '../../../node/atomicWrite';
import { memoryByteSource } from '../../../formats/fileAccess';
import { EditModel } from '../../../formats/editing/editModel';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'ewzanim-atomic-'));
}

test('a save streams the edited model into the file and leaves no temporary file', async () => {
  const dir = tempDir();
  try {
    const path = join(dir, 'walk.nczxanim');
    const original = new Uint8Array(readFileSync('test/fixtures/upstream/multi-skinned-rom/assets/wave2.ewzanim'));
    writeFileSync(path, original);
    const model = new EditModel(memoryByteSource(original));
    await model.apply(4 + 16 + 10, Uint8Array.of(0x00, 0x40), 'scale x = 2');
    await writeFileAtomically(path, model.chunks(100));
    const expected = new Uint8Array(original);
    expected.set([0x00, 0x40], 30);
    assert.deepEqual(new Uint8Array(readFileSync(path)), expected);
    assert.deepEqual(readdirSync(dir), ['walk.nczxanim']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a save that fails half-way leaves the old file intact and no temporary file', async () => {
  const dir = tempDir();
  try {
    const path = join(dir, 'walk.nczxanim');
    writeFileSync(path, Uint8Array.of(1, 2, 3, 4));
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Uint8Array.of(9, 9);
      throw new Error('disk full');
    }
    await assert.rejects(writeFileAtomically(path, failing()), /disk full/);
    assert.deepEqual([...readFileSync(path)], [1, 2, 3, 4]);
    assert.deepEqual(readdirSync(dir), ['walk.nczxanim']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
