/**
 * A range worker starts from what the calling thread has built (`ThreadStart`): the f16 table in
 * shared memory (none built for them where the calling thread has none), equal to the table the thread built, and the motion kernel's compiled module; the
 * worker takes both as its own instead of building them cold. A table of the wrong length is not
 * taken. (That a range worker's lint stays the one thread's, byte for byte: checkFileRangeWorkers.)
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { adoptF16LookupTable, f16LookupTable, f16LookupTableIfMade } from '../../../formats/f16';
import { threadStartOfThisThread } from '../../../node/clipRangeWorkerJob';

const ROOT = join(__dirname, '..', '..', '..');

test('a calling thread that has no f16 table builds none for the workers, and hands on the motion kernel module', () => {
  assert.equal(f16LookupTableIfMade(), undefined);
  const start = threadStartOfThisThread();
  assert.equal(start.f16, undefined);
  assert.equal(f16LookupTableIfMade(), undefined);
  assert.ok(start.motionKernel instanceof WebAssembly.Module);
});

test('the calling thread hands on its f16 table in shared memory, value for value, and the motion kernel module', () => {
  f16LookupTable();
  const start = threadStartOfThisThread();
  assert.ok(start.f16);
  assert.ok(start.f16.buffer instanceof SharedArrayBuffer);
  assert.deepEqual(new Uint32Array(start.f16.buffer), new Uint32Array(f16LookupTable().buffer));
  assert.ok(start.motionKernel instanceof WebAssembly.Module);
});

test('a worker given a ThreadStart decodes with that very table and kernel module', async () => {
  const start = threadStartOfThisThread();
  const source = `
    require('tsx/cjs');
    const { parentPort, workerData } = require('node:worker_threads');
    const { adoptThreadStart } = require(${JSON.stringify(join(ROOT, 'node', 'clipRangeWorkerJob.ts'))});
    const { f16LookupTable } = require(${JSON.stringify(join(ROOT, 'formats', 'f16.ts'))});
    const { motionKernelModule } = require(${JSON.stringify(join(ROOT, 'formats', 'wasm', 'motionKernel.ts'))});
    adoptThreadStart(workerData.start);
    parentPort.postMessage({ table: f16LookupTable() === workerData.start.f16, module: motionKernelModule() === workerData.start.motionKernel, one: f16LookupTable()[0x3c00] });
  `;
  const worker = new Worker(source, { eval: true, execArgv: [], workerData: { start } });
  try {
    const reply = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    assert.deepEqual(reply, { table: true, module: true, one: 1 });
  } finally {
    await worker.terminate();
  }
});

test('a table of the wrong length is not taken: the thread builds its own', () => {
  adoptF16LookupTable(new Float32Array(10));
  assert.equal(f16LookupTable().length, 65536);
  assert.equal(f16LookupTable()[0x3c00], 1);
});
