/**
 * The clip diff's WebAssembly pass (formats/wasm/diffKernel.wat) against the TypeScript reference
 * it replaces (kept as the fallback where WebAssembly is unavailable): the whole result, every
 * number to the bit (deepStrictEqual compares numbers with Object.is), on planted changes, on
 * random clips of unit rotations with every kind of channel change, and on random words
 * (non-unit rotations, infinite, NaN and zero halves, -0 written for 0), with bone and frame
 * counts that differ, a truncated side, small windows and several grid widths. Its acos is
 * fdlibm's, the same bits as Math.acos on every branch; its f16 decode (integer lane operations, no
 * table) gives every half's value.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type ClipDiff, type ClipDiffOptions, diffClips, isDiffFailure } from '../../../formats/diff';
import { f16LookupTable } from '../../../formats/f16';
import { memoryByteSource } from '../../../formats/fileAccess';
import { createClipDiffKernel } from '../../../formats/wasm/diffKernel';
import { DIFF_KERNEL_WASM } from '../../../formats/wasm/diffKernel.generated';
import { axisAngle, basePose, multiply, planted, writeClip } from './clipBuilder';
import { random, randomClip, mutated } from './randomClips';

async function diffBoth(a: Uint8Array, b: Uint8Array, options: ClipDiffOptions = {}): Promise<{ kernel: ClipDiff; reference: ClipDiff }> {
  const kernel = await diffClips(memoryByteSource(a), memoryByteSource(b), options);
  const reference = await diffClips(memoryByteSource(a), memoryByteSource(b), { ...options, webAssembly: null });
  if (isDiffFailure(kernel) || isDiffFailure(reference)) throw new Error('the test clips did not compare');
  return { kernel, reference };
}

async function assertSameResult(a: Uint8Array, b: Uint8Array, what: string): Promise<ClipDiff> {
  let first: ClipDiff | undefined;
  for (const options of [{}, { windowRecords: 1, gridColumns: 1 }, { windowRecords: 37, gridColumns: 5 }, { gridColumns: 1_000_000 }]) {
    const { kernel, reference } = await diffBoth(a, b, options);
    assert.deepStrictEqual(kernel, reference, `${what}, ${JSON.stringify(options)}`);
    first ??= kernel;
  }
  return first!;
}

test('the kernel loads in Node, and without WebAssembly there is none (the TypeScript reference runs)', () => {
  const shape = { bonesA: 3, bonesB: 3, bones: 3, frames: 2, columns: 2, windowFrames: 2 };
  assert.ok(createClipDiffKernel(shape), 'WebAssembly should load in Node');
  assert.equal(createClipDiffKernel(shape, null), undefined);
  assert.ok(DIFF_KERNEL_WASM.length < 4096, `${DIFF_KERNEL_WASM.length} bytes: small enough for a synchronous compile in a browser's main thread`);
});

test('its acos is Math.acos to the bit on every branch of fdlibm\'s, and on random inputs', () => {
  const kernel = createClipDiffKernel({ bonesA: 1, bonesB: 1, bones: 1, frames: 1, columns: 1, windowFrames: 1 })!;
  const next = random(7);
  const inputs = [0, -0, 1, -1, 0.5, -0.5, 2 ** -57, 2 ** -56, -(2 ** -57), 0.5 - 2 ** -54, 0.5 + 2 ** -53, 1 - 2 ** -53, -1 + 2 ** -53, NaN, 2, -Infinity, Infinity];
  for (let k = 0; k < 200_000; k++) inputs.push(next() * 2 - 1, 1 - next() * 2 ** -(k % 60), next() * 2 ** -(k % 70));
  for (const x of inputs) assert.ok(Object.is(kernel.acos(x), Math.acos(x)), `acos(${x}): ${kernel.acos(x)}, Math.acos gives ${Math.acos(x)}`);
});

test('its f16 decode gives f16.ts\'s value for every one of the 65,536 halves (subnormals, zeros, infinities, NaN as NaN)', () => {
  const kernel = new WebAssembly.Instance(new WebAssembly.Module(DIFF_KERNEL_WASM)).exports as unknown as {
    memory: WebAssembly.Memory;
    halves(at: number, vectors: number): void;
  };
  const lanes = new Uint32Array(kernel.memory.buffer, 0, 65536);
  for (let half = 0; half < 65536; half++) lanes[half] = half;
  kernel.halves(0, 65536 / 4);
  const decoded = new Float32Array(kernel.memory.buffer, 0, 65536);
  const table = f16LookupTable();
  for (let half = 0; half < 65536; half++) {
    assert.ok(Object.is(decoded[half], table[half]), `half 0x${half.toString(16)}: ${decoded[half]}, f16.ts gives ${table[half]}`);
  }
  assert.equal(decoded[0x0001], 2 ** -24);
  assert.ok(Object.is(decoded[0x8000], -0));
  assert.equal(decoded[0xfc00], -Infinity);
});

test('planted changes: the same result as the reference, with the measures the reference gives', async () => {
  const base = writeClip(6, 40, basePose);
  const turned = writeClip(6, 40, planted(basePose, 17, 2, (t) => ({ ...t, rotation: multiply(axisAngle([0, 0, 1], 30), t.rotation) })));
  const d = await assertSameResult(base, turned, 'one bone turned 30°');
  assert.deepEqual(d.changedBones, [2]);
  assert.equal(d.worst.rotation.frame, 17);
  assert.ok(Math.abs(d.worst.rotation.value - 30) < 0.2, `about 30°, got ${d.worst.rotation.value}`);
  const moved = writeClip(6, 40, planted(basePose, 3, 5, (t) => ({ ...t, position: [t.position[0] + 0.5, t.position[1], t.position[2]], scale: [1, 2, 1] })));
  const m = await assertSameResult(base, moved, 'one bone moved and stretched');
  assert.deepEqual([m.worst.position.index, m.worst.position.frame, m.worst.scale.value], [5, 3, 2]);
  assert.equal((await assertSameResult(base, base.slice(), 'a clip against its copy')).identical, true);
});

test('random clips of unit rotations, every kind of channel change: the same result, bit for bit', async () => {
  for (const seed of [1, 2, 3]) {
    const next = random(seed);
    const a = randomClip(9, 50, next, false);
    const b = mutated(a, randomClip(9, 50, next, false), next);
    const d = await assertSameResult(a, b, `seed ${seed}`);
    assert.ok(d.changedKeyframes > 100, `seed ${seed}: ${d.changedKeyframes} changed`);
  }
});

test('random words (non-unit rotations, infinite, NaN and zero halves), other bone and frame counts, a truncated side', async () => {
  for (const seed of [11, 12, 13]) {
    const next = random(seed);
    const a = randomClip(7, 31, next, true);
    const b = mutated(a, randomClip(7, 31, next, true), next);
    await assertSameResult(a, b, `seed ${seed}`);
    const fewerBones = randomClip(5, 29, next, true);
    await assertSameResult(a, fewerBones, `seed ${seed}, 7 bones against 5`);
    await assertSameResult(fewerBones, a, `seed ${seed}, 5 bones against 7`);
    await assertSameResult(a, b.subarray(0, b.length - 16 * 7 * 3 - 5), `seed ${seed}, B truncated`);
  }
});
