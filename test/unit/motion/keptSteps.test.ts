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

test('a window of kept steps read in one pass has the median of its steps read one at a time', () => {
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
  const kept = new KeptSteps(kernel, bases);
  const frames = Math.floor(records / bones);
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
