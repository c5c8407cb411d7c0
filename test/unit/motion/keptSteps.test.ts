/**
 * KeptSteps, the steps the WebAssembly pass judges from its kept records: a window's steps read
 * in one pass (`medianAround`, as the judge of each candidate reads them) are the steps `get`
 * gives one at a time, for turns and moves, across blocks that lie in any slot, from frame 0.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KeptSteps } from '../../../formats/motion/keptSteps';
import { StepWindow } from '../../../formats/motion/stepWindow';
import { MOTION_KERNEL_BLOCK, MOTION_KERNEL_PREFIX, MOTION_KERNEL_SLOTS, createMotionKernel } from '../../../formats/wasm/motionKernel';

/** The steps of `steps`, read one `get` at a time (StepWindow's own reading). */
class OneAtATime extends StepWindow {
  constructor(private readonly source: StepWindow) {
    super();
  }

  get(bone: number, frame: number): number {
    return this.source.get(bone, frame);
  }
}

/**
 * Three blocks of 37-bone records in the kernel's slots in a shuffled order (a block's slot is its
 * base, whatever it is): a third repeat the bone's record a frame earlier (no turn, no move), some
 * halves are not finite. With the kept steps over them and a seeded random source.
 */
function keptBlocks(): { kept: KeptSteps; bones: number; frames: number; next: () => number } {
  const bones = 37;
  const kernel = createMotionKernel(bones);
  assert.ok(kernel, 'WebAssembly should load in Node');
  // Blocks 0-2 in the slots in a shuffled order (a block's slot is its base, whatever it is).
  const bases = [2, 0, 1].map((slot) => kernel.slotWord(slot));
  let seed = 0xc0ffee;
  const next = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed;
  };
  const records = MOTION_KERNEL_SLOTS * MOTION_KERNEL_BLOCK;
  const wordOf = (record: number): number => bases[Math.floor(record / MOTION_KERNEL_BLOCK)] + (MOTION_KERNEL_PREFIX + (record % MOTION_KERNEL_BLOCK)) * 4;
  for (let record = 0; record < records; record++) {
    const at = wordOf(record);
    // A third of the records repeat the bone's record a frame earlier (no turn, no move); some halves are not finite.
    if (record >= bones && next() % 3 === 0) kernel.words.copyWithin(at, wordOf(record - bones), wordOf(record - bones) + 4);
    else for (let w = 0; w < 4; w++) kernel.words[at + w] = next() % 50 === 0 ? 0x7c00fc01 : next();
  }
  return { kept: new KeptSteps(kernel, bases), bones, frames: Math.floor(records / bones), next };
}

test('a window of kept steps read in one pass has the median of its steps read one at a time', () => {
  const { kept, bones, frames, next } = keptBlocks();
  for (const [name, steps] of [['turns', kept], ['moves', kept.moves]] as const) {
    const reference = new OneAtATime(steps);
    for (let trial = 0; trial < 3000; trial++) {
      const bone = next() % bones;
      const frame = 1 + (next() % (frames - 1));
      const last = Math.min(frames - 1, frame + (next() % 9));
      assert.ok(Object.is(steps.medianAround(bone, frame, 1, last), reference.medianAround(bone, frame, 1, last)), `${name}: bone ${bone}, frame ${frame}, last ${last}`);
    }
  }
});

test("the kernel's window computes the steps turnAt and moveAt give, bit for bit, and counts them as mostBelow and mostAbove judge", () => {
  const { kept, bones, frames, next } = keptBlocks();
  for (let trial = 0; trial < 3000; trial++) {
    const n = 1 + (next() % 17);
    const from = 1 + (next() % (frames - n));
    const to = from + n - 1;
    const bone = next() % bones;
    // The left-out step where StepWindow's window around it is [from, to] (at most 8 either side).
    const skip = Math.max(0, n - 9) + (next() % (Math.min(8, n - 1) - Math.max(0, n - 9) + 1));
    const frame = from + skip;
    for (const kind of [0, 1] as const) {
      const exact = (f: number): number => (kind === 0 ? kept.turnAt(f * bones + bone) : kept.moveAt(f * bones + bone));
      const f32 = Array.from({ length: n }, (_, i) => Math.fround(exact(from + i)));
      // A limit among the steps (ties), between them, or none (NaN, infinite).
      const limits = [f32[next() % n], kind === 0 ? (next() % 1000) / 1000 : (next() % 1000) / 10, Number.NaN, Infinity, -Infinity];
      const counted = kept.window(kind, to * bones + bone, n, skip, limits[0]);
      for (let i = 0; i < n; i++) assert.ok(Object.is(kept.computed[i], exact(from + i)), `kind ${kind}, bone ${bone}, frame ${from + i}`);
      const window = kind === 0 ? kept : kept.moves;
      window.readAround(bone, frame, from, to);
      for (const [l, limit] of limits.entries()) {
        const count = l === 0 ? counted : kept.countComputed(kind, n, skip, limit);
        const others = f32.filter((_, i) => i !== skip);
        const expected = kind === 0 ? others.filter((v) => v < limit).length : others.some((v) => Number.isNaN(v)) ? -1 : others.filter((v) => v > limit).length;
        assert.equal(count, expected, `kind ${kind}, bone ${bone}, frames ${from}-${to}, skip ${skip}, limit ${limit}`);
        assert.equal(2 * count > n - 1, kind === 0 ? window.mostBelow(limit) : window.mostAbove(limit));
      }
    }
  }
});
