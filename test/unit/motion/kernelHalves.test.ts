/**
 * The motion kernel's f16 -> f32 conversions of a record's position halves, in its scan (the
 * clip's sums and the gate) and its steps (the exact steps), against f16.ts's f16ToF32 for every
 * one of the 65,536 halves in each of the three position slots: the same bits, subnormals, zeros
 * and -0 included (any other way to convert, such as one that avoids the multiply's subnormal
 * inputs, must keep these bits).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { f16LookupTable } from '../../../formats/f16';
import { MOTION_KERNEL_BLOCK, MOTION_KERNEL_PREFIX } from '../../../formats/wasm/motionKernel';
import { MOTION_KERNEL_WASM } from '../../../formats/wasm/motionKernel.generated';

/** The kernel's layout: a block's first position and its records (motionKernel.ts), the position arrays (motionKernel.wat's header). */
const FIRST = MOTION_KERNEL_PREFIX;
const BLOCK = MOTION_KERNEL_BLOCK;
const BONES = 4;
const SCAN_POSITIONS_AT = [295168, 313616, 332064];
const STEPS_POSITIONS_AT = [332064, 350512, 368960];

interface RawMotionKernel {
  memory: WebAssembly.Memory;
  scan(raw: number, first: number, count: number, bones: number, bone: number, cosHi: number, cosLo: number,
    ratio: number, judging: number, small: number, split: number, chunk: number): number;
  steps(raw: number, first: number, count: number, bones: number, cosHalfMin: number, ratioSquared: number): number;
}

function rawKernel(): RawMotionKernel {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(MOTION_KERNEL_WASM), {});
  return instance.exports as unknown as RawMotionKernel;
}

/** Block `block` of the 65,536 halves: position FIRST + i holds half block * 4096 + i in x, y and z (a unit rotation word). */
function writeBlock(kernel: RawMotionKernel, block: number, finiteOnly: boolean): number[] {
  const words = new Uint32Array(kernel.memory.buffer, 0, (FIRST + BLOCK) * 4);
  const halves: number[] = [];
  for (let i = 0; i < BLOCK; i++) {
    let half = block * BLOCK + i;
    if (finiteOnly && (half & 0x7c00) === 0x7c00) half = 0x3c00;
    halves.push(half);
    const at = (FIRST + i) * 4;
    words[at] = 0x7fdff800;
    words[at + 1] = half | (half << 16);
    words[at + 2] = half | (0x3c00 << 16);
    words[at + 3] = 0x3c00 | (0x3c00 << 16);
  }
  return halves;
}

function assertPositions(kernel: RawMotionKernel, arraysAt: number[], halves: number[], label: string): void {
  const table = f16LookupTable();
  for (const [axis, at] of arraysAt.entries()) {
    const decoded = new Float32Array(kernel.memory.buffer, at + FIRST * 4, BLOCK);
    const bits = new Uint32Array(kernel.memory.buffer, at + FIRST * 4, BLOCK);
    for (let i = 0; i < BLOCK; i++) {
      const half = halves[i];
      const expected = table[half];
      assert.ok(Object.is(decoded[i], expected) && (Number.isNaN(expected) || bits[i] === new Uint32Array(new Float32Array([expected]).buffer)[0]),
        `${label}, axis ${axis}, half 0x${half.toString(16)}: ${decoded[i]}, f16ToF32 gives ${expected}`);
    }
  }
}

test("scan's positions are f16ToF32 of every finite half, in each slot (subnormals, zeros and -0 included)", () => {
  const kernel = rawKernel();
  for (let block = 0; block < 65536 / BLOCK; block++) {
    const halves = writeBlock(kernel, block, true);
    kernel.scan(0, FIRST, BLOCK, BONES, 0, 0, 0, 1, 1, -1, -1, 128);
    assertPositions(kernel, SCAN_POSITIONS_AT, halves, `block ${block}`);
  }
  const subnormal = new Float32Array(kernel.memory.buffer, SCAN_POSITIONS_AT[0] + FIRST * 4, 1);
  writeBlock(kernel, 0, true);
  kernel.scan(0, FIRST, BLOCK, BONES, 0, 0, 0, 1, 1, -1, -1, 128);
  assert.equal(subnormal[0], 0);
  assert.equal(new Float32Array(kernel.memory.buffer, SCAN_POSITIONS_AT[0] + (FIRST + 1) * 4, 1)[0], 2 ** -24);
});

test("steps' positions are f16ToF32 of every one of the 65,536 halves, in each slot (infinities and NaN too)", () => {
  const kernel = rawKernel();
  for (let block = 0; block < 65536 / BLOCK; block++) {
    const halves = writeBlock(kernel, block, false);
    kernel.steps(0, FIRST, BLOCK, BONES, 0.5, 4);
    assertPositions(kernel, STEPS_POSITIONS_AT, halves, `block ${block}`);
  }
});
