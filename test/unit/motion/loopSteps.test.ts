/**
 * The TypeScript loop's steps are exactly `exactStep.ts`'s (which the WebAssembly path judges
 * with), and so are the steps the kernel computes for a clip held in one block (`steps`):
 * every rotation word's dropped index in turn, unit and non-unit words, non-finite halves,
 * unchanged rotations or positions, and the first frame's decode that the next steps are
 * measured from.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stepMove, stepTurn } from '../../../formats/motion/exactStep';
import { DEFAULT_MOTION_OPTIONS } from '../../../formats/motion/motionOptions';
import { MotionScanner } from '../../../formats/motion/motionScanner';
import type { StepRing } from '../../../formats/motion/stepWindow';
import { MOTION_KERNEL_PREFIX, createMotionKernel } from '../../../formats/wasm/motionKernel';

/** The loop's rings of steps (private: what it judges candidates with). */
function ringsOf(scanner: MotionScanner): { turns: StepRing; moves: StepRing } {
  return scanner as unknown as { turns: StepRing; moves: StepRing };
}

/** Random record words of `bones` x `frames`; some keep the rotation or the position of the frame before. */
function randomWords(seed: number, bones: number, frames: number): Uint32Array {
  // mulberry32: every bit random (an LCG's low bits, the dropped index, would cycle).
  const next = (): number => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  const words = new Uint32Array(bones * frames * 4);
  for (let r = 0; r < bones * frames; r++) {
    const before = r >= bones ? words.subarray((r - bones) * 4, (r - bones + 1) * 4) : undefined;
    const kind = next() % 8;
    words[r * 4] = before && kind === 0 ? before[0] : next();
    words[r * 4 + 1] = before && kind === 1 ? before[1] : next();
    words[r * 4 + 2] = before && kind === 1 ? before[2] : next();
    words[r * 4 + 3] = next();
  }
  return words;
}

test("the loop's turn and move of every step equal exactStep's, bit for bit, for random words of every dropped index", () => {
  const bones = 7, frames = 16;
  for (let trial = 0; trial < 200; trial++) {
    const words = randomWords(0x10095 + trial, bones, frames);
    const scanner = new MotionScanner({ boneCount: bones, frameCount: frames }, DEFAULT_MOTION_OPTIONS, null);
    scanner.feed(words, bones * frames);
    const { turns, moves } = ringsOf(scanner);
    for (let frame = 1; frame < frames; frame++) {
      for (let bone = 0; bone < bones; bone++) {
        const at = (frame * bones + bone) * 4, before = at - bones * 4;
        const turn = Math.fround(stepTurn(words[before], words[at]));
        const move = Math.fround(stepMove(words[before + 1], words[before + 2], words[at + 1], words[at + 2]));
        assert.ok(Object.is(turns.get(bone, frame), turn), `trial ${trial}, frame ${frame}, bone ${bone}: turn ${turns.get(bone, frame)} against ${turn}`);
        assert.ok(Object.is(moves.get(bone, frame), move), `trial ${trial}, frame ${frame}, bone ${bone}: move ${moves.get(bone, frame)} against ${move}`);
      }
    }
  }
});

test("the kernel's exact steps of a clip in one block equal exactStep's in double precision, bit for bit", () => {
  for (const [bones, frames] of [[4, 30], [7, 61], [40, 60], [255, 16]]) {
    const kernel = createMotionKernel(bones);
    assert.ok(kernel, 'WebAssembly should load in Node');
    const words = randomWords(bones * 1000 + frames, bones, frames);
    const records = bones * frames;
    // Records from position MOTION_KERNEL_PREFIX of slot 0, frame 0 again before them, the last group padded.
    const base = kernel.slotWord(0);
    kernel.words.set(words, base + MOTION_KERNEL_PREFIX * 4);
    kernel.words.set(words.subarray(0, bones * 4), base + (MOTION_KERNEL_PREFIX - bones) * 4);
    for (let r = records; r % 4 !== 0; r++) kernel.words.set(words.subarray((r - bones) * 4, (r - bones + 1) * 4), base + (MOTION_KERNEL_PREFIX + r) * 4);
    kernel.steps(base, MOTION_KERNEL_PREFIX, records, 0.9, 25);
    for (let r = 0; r < records; r++) {
      const at = r * 4, before = r < bones ? at : at - bones * 4;
      const turn = stepTurn(words[before], words[at]);
      const move = stepMove(words[before + 1], words[before + 2], words[at + 1], words[at + 2]);
      assert.ok(Object.is(kernel.exactTurns[MOTION_KERNEL_PREFIX + r], turn), `${bones} bones, record ${r}: turn ${kernel.exactTurns[MOTION_KERNEL_PREFIX + r]} against ${turn}`);
      assert.ok(Object.is(kernel.exactMoves[MOTION_KERNEL_PREFIX + r], move), `${bones} bones, record ${r}: move ${kernel.exactMoves[MOTION_KERNEL_PREFIX + r]} against ${move}`);
    }
    kernel.release();
  }
});
