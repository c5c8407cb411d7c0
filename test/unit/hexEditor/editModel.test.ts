import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { memoryByteSource, type ByteSource } from '../../../formats/fileAccess';
import { EditModel, EditRefused } from '../../../formats/editing/editModel';

const WAVE = new Uint8Array(readFileSync('test/fixtures/upstream/animation-demo/assets/wave.ewzanim'));

async function allBytes(model: EditModel, chunkSize?: number): Promise<Uint8Array> {
  const out = new Uint8Array(model.size);
  let at = 0;
  for await (const chunk of model.chunks(chunkSize)) {
    out.set(chunk, at);
    at += chunk.length;
  }
  assert.equal(at, model.size);
  return out;
}

test('apply, undo and redo change exactly the edited bytes of a real clip', async () => {
  const model = new EditModel(memoryByteSource(WAVE));
  // Scale x of frame 2, bone 1: record 2*3+1 = 7 at 4 + 7*16, scale x at +10.
  const at = 4 + 7 * 16 + 10;
  const edit = await model.apply(at, Uint8Array.of(0x00, 0x40), 'scale x = 2');
  assert.deepEqual([...edit.before], [WAVE[at], WAVE[at + 1]]);
  assert.equal(model.isDirty, true);

  const edited = new Uint8Array(WAVE);
  edited.set([0x00, 0x40], at);
  assert.deepEqual(await allBytes(model, 100), edited);
  assert.deepEqual([...(await model.read(at - 1, 4))], [WAVE[at - 1], 0x00, 0x40, WAVE[at + 2]]);

  assert.equal(model.undo(), edit);
  assert.equal(model.isDirty, false);
  assert.deepEqual(await allBytes(model), WAVE);
  assert.equal(model.redo(), edit);
  assert.deepEqual(await allBytes(model), edited);
  assert.equal(model.redo(), undefined);
});

test('a new edit clears the redo stack; overlapping edits undo in order', async () => {
  const model = new EditModel(memoryByteSource(new Uint8Array(64)));
  await model.apply(10, Uint8Array.of(1, 2, 3, 4), 'a');
  await model.apply(12, Uint8Array.of(9, 9, 9), 'b');
  assert.deepEqual([...(await model.read(10, 6))], [1, 2, 9, 9, 9, 0]);
  model.undo();
  assert.deepEqual([...(await model.read(10, 6))], [1, 2, 3, 4, 0, 0]);
  await model.apply(0, Uint8Array.of(7), 'c');
  assert.equal(model.canRedo, false);
  model.undo();
  model.undo();
  assert.deepEqual(await allBytes(model), new Uint8Array(64));
  assert.equal(model.canUndo, false);
});

test('edits outside the file are refused and change nothing', async () => {
  const model = new EditModel(memoryByteSource(new Uint8Array(16)));
  for (const [offset, length] of [[15, 2], [-1, 1], [16, 1], [0, 0], [1.5, 1]] as const) {
    await assert.rejects(model.apply(offset, new Uint8Array(length), 'x'), EditRefused);
  }
  assert.equal(model.canUndo, false);
  assert.equal(model.isDirty, false);
});

test('after a save, undo restores the bytes the file had before the edit', async () => {
  const model = new EditModel(memoryByteSource(new Uint8Array(32)));
  await model.apply(4, Uint8Array.of(0xaa, 0xbb), 'edit');
  const saved = await allBytes(model);
  model.markSaved(memoryByteSource(saved));
  assert.equal(model.isDirty, false);
  assert.equal(model.isEdited(0, 32), false);
  model.undo();
  assert.equal(model.isDirty, true);
  assert.deepEqual(await allBytes(model), new Uint8Array(32));
  model.redo();
  assert.equal(model.isDirty, false);
  assert.deepEqual(await allBytes(model), saved);
});

test('backup and restore carry only the edited runs', async () => {
  const model = new EditModel(memoryByteSource(WAVE));
  await model.apply(4, Uint8Array.of(1, 2, 3), 'a');
  await model.apply(5000 - 4000 + 100, Uint8Array.of(0xff), 'b');
  const backup = JSON.parse(JSON.stringify(model.backup()));
  assert.deepEqual(backup.runs, [
    { offset: 4, hex: '010203' },
    { offset: 1100, hex: 'ff' },
  ]);
  const restored = new EditModel(memoryByteSource(WAVE));
  restored.restore(backup);
  assert.equal(restored.isDirty, true);
  assert.deepEqual(await allBytes(restored), await allBytes(model));
  assert.equal(backup.version, 2);
  // The file shrank since the backup: the runs that fit come back, the rest is reported.
  const shrunk = new EditModel(memoryByteSource(new Uint8Array(1000)));
  assert.deepEqual(shrunk.restore(backup), { droppedBytes: 1 });
  assert.deepEqual([...(await shrunk.read(3, 5))], [0, 1, 2, 3, 0]);
  assert.equal(shrunk.isDirty, true);
  assert.throws(() => restored.restore({ ...backup, version: 9 }), EditRefused);
});

test('undo and redo act only on the edit they belong to (VS Code keeps edits from before a revert)', async () => {
  const model = new EditModel(memoryByteSource(new Uint8Array(16)));
  const stale = await model.apply(0, Uint8Array.of(1), 'before the revert');
  model.revert(memoryByteSource(new Uint8Array(16).fill(7)));
  const fresh = await model.apply(1, Uint8Array.of(2), 'after the revert');
  assert.equal(model.undoEdit(stale), false, 'not the latest edit: nothing happens');
  assert.equal(model.undoEdit(fresh), true);
  assert.equal(model.undoEdit(stale), false);
  assert.equal(model.redoEdit(stale), false, 'must not redo the fresh edit in its place');
  assert.deepEqual([...(await model.read(0, 3))], [7, 7, 7]);
  assert.equal(model.redoEdit(fresh), true);
  assert.deepEqual([...(await model.read(0, 3))], [7, 2, 7]);
});

test('edited spans: the unsaved bytes of a range, for highlighting', async () => {
  const model = new EditModel(memoryByteSource(new Uint8Array(10_000)));
  await model.apply(10, Uint8Array.of(1, 2), 'a');
  await model.apply(12, Uint8Array.of(3), 'b');
  await model.apply(4094, Uint8Array.of(1, 2, 3, 4), 'across a 4 KiB block');
  assert.deepEqual(model.editedSpans(0, 100), [10, 13]);
  assert.deepEqual(model.editedSpans(11, 4096), [11, 13, 4094, 4096]);
  assert.deepEqual(model.editedSpans(4000, 5000), [4094, 4098]);
  assert.deepEqual(model.editedSpans(20, 4000), []);
});

test('rebase keeps the edits over new bytes (a file rewritten in place)', async () => {
  const model = new EditModel(memoryByteSource(new Uint8Array(8)));
  await model.apply(2, Uint8Array.of(9), 'edit');
  model.rebase(memoryByteSource(new Uint8Array(12).fill(5)));
  assert.equal(model.size, 12);
  assert.deepEqual([...(await allBytes(model))], [5, 5, 9, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
  assert.equal(model.isDirty, true);
});

test('the largest legal clip is edited without ever holding it in memory', async () => {
  const size = 267_382_804;
  let largestRead = 0;
  // The file on "disk": every byte is its offset's low 8 bits, computed on demand.
  const disk: ByteSource = {
    size,
    read: async (offset, length) => {
      largestRead = Math.max(largestRead, length);
      const n = Math.max(0, Math.min(length, size - offset));
      return Uint8Array.from({ length: n }, (_, i) => (offset + i) & 0xff);
    },
  };
  const model = new EditModel(disk);
  const last = size - 16;
  await model.apply(last, new Uint8Array(16).fill(0x3c), 'last record');
  const tail = await model.read(size - 20, 100);
  assert.equal(tail.length, 20);
  assert.deepEqual([...tail.subarray(0, 4)], [(size - 20) & 0xff, (size - 19) & 0xff, (size - 18) & 0xff, (size - 17) & 0xff]);
  assert.ok(tail.subarray(4).every((b) => b === 0x3c));
  assert.equal(model.backup().runs.length, 1);
  assert.ok(largestRead <= 20, `read ${largestRead} bytes at once`);
});
