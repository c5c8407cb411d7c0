/**
 * A clip's frames cut into parts, each part's runs taken in brief (`RepeatedFrames.runsSoFar`)
 * and followed one after the other (`follow`), leave the rule as the frames fed one by one do:
 * the same runs counted, the same `anim/repeated-frames` finding or none, wherever the cuts fall
 * (inside a run, at a changed frame, parts with no change, more run lengths than are kept).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MOTION_OPTIONS } from '../../../formats/motion/motionOptions';
import { RepeatedFrames, type FrameRuns } from '../../../formats/motion/repeatedFramesRule';

const SHAPE = { boneCount: 4, frameCount: 0 };

/** Frames after the first, `1` where the frame changed, from a pattern of runs such as "100 100 10". */
function framesOf(pattern: string): boolean[] {
  return [...pattern.replace(/ /g, '')].map((c) => c === '1');
}

function fedOneByOne(frames: readonly boolean[]): RepeatedFrames {
  const repeated = new RepeatedFrames();
  for (const changed of frames) repeated.frame(changed);
  return repeated;
}

/** The parts `cuts` make of `frames`, each in brief (as a range's scan gives them), followed in order. */
function followedInParts(frames: readonly boolean[], cuts: readonly number[]): RepeatedFrames {
  const merged = new RepeatedFrames();
  const bounds = [0, ...cuts, frames.length];
  for (let k = 0; k + 1 < bounds.length; k++) merged.follow(fedOneByOne(frames.slice(bounds[k], bounds[k + 1])).runsSoFar());
  return merged;
}

/** What the rule's state says, its run lengths in order (only their counts matter, and none once irregular). */
function stateOf(runs: FrameRuns): FrameRuns {
  return { ...runs, lengths: runs.irregular ? [] : [...runs.lengths].sort((a, b) => a[0] - b[0]) };
}

const CLIPS: [name: string, pattern: string, finding: boolean][] = [
  ['runs of 3', '100 100 100 100 100 100 100 1', true],
  ['runs of 2 or 3 after a cut first run', '00 10 100 10 100 10 100 1', true],
  ['every frame changed', '1111111111111111', false],
  ['no frame changed', '0000000000000', false],
  ['a long still lead, then runs of 4', '0000000 1000 1000 1000 1000 1', true],
  ['nine run lengths: irregular', '1 10 100 1000 10000 100000 1000000 10000000 100000000 1000000000 1', false],
  ['runs of 3 then of 5: no one rate', '100 100 100 10000 10000 10000 1', false],
];

for (const [name, pattern, hasFinding] of CLIPS) {
  test(`repeated frames followed in parts, ${name}: the state and finding of one pass at every cut`, () => {
    const frames = framesOf(pattern);
    const whole = fedOneByOne(frames);
    const finding = whole.finding(SHAPE, DEFAULT_MOTION_OPTIONS, frames.length + 1);
    assert.equal(finding !== undefined, hasFinding);
    for (let a = 0; a <= frames.length; a++) {
      for (const cuts of [[a], [a, Math.min(frames.length, a + 3)], [Math.floor(a / 2), a]]) {
        const merged = followedInParts(frames, cuts);
        assert.deepEqual(stateOf(merged.runsSoFar()), stateOf(whole.runsSoFar()), `cut at ${cuts.join(', ')}`);
        assert.deepEqual(merged.finding(SHAPE, DEFAULT_MOTION_OPTIONS, frames.length + 1), finding, `cut at ${cuts.join(', ')}`);
      }
    }
  });
}

/**
 * The frames of `frames` handed over as the WebAssembly pass hands a block's: a byte per frame
 * (any non-zero value a change, as the kernel's flags), `[from, to)` of a buffer whose bytes
 * outside it belong to other frames (set here to changes, which must not count).
 */
function fedInBlocks(frames: readonly boolean[], block: number): RepeatedFrames {
  const repeated = new RepeatedFrames();
  for (let at = 0; at < frames.length; at += block) {
    const part = frames.slice(at, at + block);
    const from = 2;
    const flags = new Uint8Array(from + part.length + 2).fill(7);
    part.forEach((changed, i) => (flags[from + i] = changed ? 1 + (i % 3) : 0));
    repeated.frames(flags, from, from + part.length);
  }
  return repeated;
}

for (const [name, pattern] of CLIPS) {
  test(`repeated frames handed over a block of flags at a time, ${name}: the state of one frame at a time`, () => {
    const frames = framesOf(pattern);
    const whole = fedOneByOne(frames);
    for (const block of [1, 2, 3, 5, frames.length]) {
      assert.deepEqual(stateOf(fedInBlocks(frames, block).runsSoFar()), stateOf(whole.runsSoFar()), `blocks of ${block}`);
    }
  });
}
