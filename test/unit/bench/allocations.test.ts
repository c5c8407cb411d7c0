/** The allocation counter the mixer bench relies on: it sees one small allocation per call, and none where there is none. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { measureAllocations } from '../../../bench/allocations';

test('measureAllocations sees the heap objects of one small typed array per call', async () => {
  const kept: Float32Array[] = [];
  function makesOne(): void {
    const a = new Float32Array(4);
    if (kept.length < 4) kept.push(a);
  }
  for (let i = 0; i < 1000; i++) makesOne();
  const result = await measureAllocations(makesOne, 20_000, ['makesOne']);
  // A small Float32Array is about three heap objects in V8 (the view, its ArrayBuffer, its on-heap elements).
  assert.ok(result.count >= 1 && result.count <= 4, `${result.count} allocations per call`);
  assert.ok(result.bytes > 16, `${result.bytes} bytes per call`);
});

test('measureAllocations finds none in arithmetic on a preallocated array', async () => {
  const out = new Float64Array(64);
  function makesNone(): void {
    for (let i = 0; i < out.length; i++) out[i] = out[i] * 0.5 + i;
  }
  for (let i = 0; i < 5000; i++) makesNone();
  const result = await measureAllocations(makesNone, 20_000, ['makesNone']);
  // Concurrent compilation of other code may land a rare allocation in the window (the bench
  // runs its probe --single-threaded for that reason); far below one per hundred calls.
  assert.ok(result.count < 0.01, `${result.count} allocations per call`);
});
