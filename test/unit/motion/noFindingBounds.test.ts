/**
 * The judging's shortcuts: where most steps around a candidate lie beyond a bound
 * (`noPopBelow`, `noJumpAbove`), their median does too and the rule surely finds nothing, so the
 * median is not sorted out. Checked against the rules themselves: a window the shortcut skips is
 * never a finding when judged with its exact median, on windows made to sit at the bound.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NO_FINDING_MARGIN, judgePop, noPopBelow, turnDegrees } from '../../../formats/motion/popRule';
import { judgePositionJump, noJumpAbove, noJumpInClip } from '../../../formats/motion/positionJumpRule';
import { DEFAULT_MOTION_OPTIONS, type MotionOptions } from '../../../formats/motion/motionOptions';
import { StepRing } from '../../../formats/motion/stepWindow';
import { random } from './randomClips';

const SHAPE = { boneCount: 1, frameCount: 40 };

/** A ring of one bone holding `values` as the steps ending at frames 0, 1, 2, ... */
function ringOf(values: readonly number[]): StepRing {
  const ring = new StepRing(1);
  values.forEach((value, frame) => ring.set(0, frame, value));
  return ring;
}

test('noPopBelow: a typical |dot| at the bound, or one f32 step beyond it, is no pop; a bound exists for every real candidate', () => {
  for (const options of [DEFAULT_MOTION_OPTIONS, { ...DEFAULT_MOTION_OPTIONS, popMinDegrees: 20, jumpRatio: 2 }, { ...DEFAULT_MOTION_OPTIONS, popMinDegrees: 0, jumpRatio: 1 }]) {
    for (const degrees of [0.05, 1, 20, 59.9, 60, 61, 90, 135, 179.9, 180]) {
      const cos = Math.fround(Math.cos((degrees * Math.PI) / 360));
      const bound = noPopBelow(options, cos);
      if ((turnDegrees(cos) / options.jumpRatio) * (1 + NO_FINDING_MARGIN) >= 180) {
        // A typical turn can never reach the step's over the ratio: no bound.
        assert.equal(bound, -1, `${degrees}° at ratio ${options.jumpRatio}`);
        continue;
      }
      assert.ok(bound > 0 && bound < 1, `${degrees}° at ratio ${options.jumpRatio}: bound ${bound}`);
      // The bound's turn, times the ratio, is just above the step's (by the margin, not more).
      const ratioOfTurns = (options.jumpRatio * turnDegrees(bound)) / turnDegrees(cos);
      assert.ok(ratioOfTurns > 1 && ratioOfTurns < 1 + 10 * NO_FINDING_MARGIN, `${degrees}°: ratio of turns ${ratioOfTurns}`);
      for (const typical of [bound, Math.fround(bound) < bound ? Math.fround(bound) : Math.fround(bound - 2 ** -24)]) {
        assert.equal(judgePop(SHAPE, options, 0, 5, cos, typical), undefined, `${degrees}° with typical |dot| ${typical}`);
      }
    }
  }
  // No bound is proved for a ratio of 0 (every large turn is a pop) or NaN.
  assert.equal(noPopBelow({ ...DEFAULT_MOTION_OPTIONS, jumpRatio: 0 }, 0.5), -1);
  assert.equal(noPopBelow(DEFAULT_MOTION_OPTIONS, Number.NaN), -1);
});

test("noPopBelow of the largest turn (|dot| 0) bounds every candidate's: a typical |dot| at it is no pop whatever the step", () => {
  for (const options of [DEFAULT_MOTION_OPTIONS, { ...DEFAULT_MOTION_OPTIONS, popMinDegrees: 20, jumpRatio: 2 }, { ...DEFAULT_MOTION_OPTIONS, popMinDegrees: 0, jumpRatio: 1.5 }]) {
    const bound = noPopBelow(options, 0);
    assert.ok(bound > 0 && bound < 1, `ratio ${options.jumpRatio}: bound ${bound}`);
    for (let i = 0; i <= 4000; i++) {
      // Every |dot| from 0 to 1 (and the f32 steps next to 0), as the scanner's candidates hold them.
      const cos = i < 4 ? Math.fround(i * 2 ** -149) : Math.fround(i / 4000);
      assert.equal(judgePop(SHAPE, options, 0, 5, cos, bound), undefined, `ratio ${options.jumpRatio}, |dot| ${cos}`);
      assert.ok(noPopBelow(options, cos) === -1 || noPopBelow(options, cos) >= bound, `the candidate's own bound is no tighter (|dot| ${cos})`);
    }
  }
  // Ratio 1: the largest turn has no typical turn beyond it.
  assert.equal(noPopBelow({ ...DEFAULT_MOTION_OPTIONS, jumpRatio: 1 }, 0), -1);
});

test('noJumpAbove: a typical squared step at the bound is no jump, whatever the clip typical step and size; none for 0 or an underflow', () => {
  for (const ratio of [5, 2, 1, 1e-3]) {
    const options: MotionOptions = { ...DEFAULT_MOTION_OPTIONS, jumpRatio: ratio };
    for (const squared of [1e-12, 0.01, 1, 4, 1e6, 3e38]) {
      const bound = noJumpAbove(options, squared, NO_FINDING_MARGIN);
      assert.ok(bound < Infinity, `ratio ${ratio}, squared ${squared}`);
      const jump = { bone: 0, frame: 5, squared, typicalSquared: bound };
      assert.equal(judgePositionJump(SHAPE, options, jump, 0, 0), undefined, `ratio ${ratio}, squared ${squared}`);
    }
  }
  assert.equal(noJumpAbove(DEFAULT_MOTION_OPTIONS, 0, NO_FINDING_MARGIN), Infinity);
  assert.equal(noJumpAbove({ ...DEFAULT_MOTION_OPTIONS, jumpRatio: 1e200 }, 1e-30, NO_FINDING_MARGIN), Infinity);
  assert.equal(noJumpAbove({ ...DEFAULT_MOTION_OPTIONS, jumpRatio: 0 }, 1, NO_FINDING_MARGIN), Infinity);
});

test('windows most of whose steps lie beyond the bound are never findings when judged with their exact median', () => {
  const next = random(24);
  let popsSkipped = 0, jumpsSkipped = 0, popsFound = 0, jumpsFound = 0;
  for (let trial = 0; trial < 4000; trial++) {
    const options = trial % 2 === 0 ? DEFAULT_MOTION_OPTIONS : { ...DEFAULT_MOTION_OPTIONS, popMinDegrees: 20, jumpRatio: 2 };
    // At most a ring's 17 steps, so none is overwritten.
    const frames = 2 + Math.floor(next() * 16);
    const frame = 1 + Math.floor(next() * (frames - 1));
    // Turns: the candidate's, then steps scattered around its bound (some at it exactly, NaN, 1).
    const cos = Math.fround(Math.cos(((options.popMinDegrees + next() * (180 - options.popMinDegrees)) * Math.PI) / 360));
    const bound = noPopBelow(options, cos);
    const turnPool = [Math.fround(bound), Math.fround(bound - 2 ** -24), Math.fround(bound + 2 ** -24), 1, Number.NaN, 0];
    const turns = Array.from({ length: frames }, (_, f) => (f === frame ? cos : next() < 0.5 ? turnPool[Math.floor(next() * turnPool.length)] : Math.fround(next())));
    const turnRing = ringOf(turns);
    assert.equal(turnRing.readAround(0, frame, 1, frames - 1), cos);
    const median = turnRing.medianRead();
    assert.ok(Object.is(median, turnRing.medianAround(0, frame, 1, frames - 1)));
    const pop = judgePop(SHAPE, options, 0, frame, cos, median);
    turnRing.readAround(0, frame, 1, frames - 1);
    if (turnRing.mostBelow(bound)) {
      popsSkipped++;
      assert.equal(pop, undefined, `turns ${JSON.stringify(turns)} at frame ${frame}`);
    } else if (pop) popsFound++;
    // Moves: the candidate's, then steps around its bound.
    const squared = Math.fround(next() * 4);
    const above = noJumpAbove(options, squared, NO_FINDING_MARGIN);
    const movePool = [Math.fround(above), Math.fround(above + above * 2 ** -23), Math.fround(above - above * 2 ** -23), 0];
    const moves = Array.from({ length: frames }, (_, f) => (f === frame ? squared : next() < 0.5 ? movePool[Math.floor(next() * movePool.length)] : Math.fround(next() * 0.2)));
    const moveRing = ringOf(moves);
    moveRing.readAround(0, frame, 1, frames - 1);
    const jump = judgePositionJump(SHAPE, options, { bone: 0, frame, squared, typicalSquared: moveRing.medianRead() }, 0, 0);
    if (moveRing.mostAbove(above)) {
      jumpsSkipped++;
      assert.equal(jump, undefined, `moves ${JSON.stringify(moves)} at frame ${frame}`);
    } else if (jump) jumpsFound++;
  }
  assert.ok(popsSkipped > 500 && jumpsSkipped > 300 && popsFound > 100 && jumpsFound > 100, `${popsSkipped} / ${jumpsSkipped} skipped, ${popsFound} / ${jumpsFound} found`);
});

test('mostBelow and mostAbove count the window medianAround takes, the step itself left out, NaN never below nor above', () => {
  const ring = ringOf([1, 0.1, 0.1, 0.9, 0.9, 0.1]);
  // Frame 3 of steps 1..5: 0.1 0.1 0.9 0.1 (the 0.9 at frame 3 left out): three of four below 0.5.
  ring.readAround(0, 3, 1, 5);
  assert.equal(ring.mostBelow(0.5), true);
  assert.equal(ring.mostAbove(0.5), false);
  // Frame 2: 0.1 0.9 0.9 0.1: two of four are no majority either way.
  ring.readAround(0, 2, 1, 5);
  assert.equal(ring.mostBelow(0.5), false);
  assert.equal(ring.mostAbove(0.5), false);
  const withNaN = ringOf([1, 0.9, Number.NaN, 0.9, 0.9, 0.1]);
  withNaN.readAround(0, 5, 1, 5);
  assert.equal(withNaN.mostAbove(0.5), false, 'a NaN sorts last: the median may be it');
  assert.equal(withNaN.mostBelow(0.95), true);
  // No step besides the frame's own: no majority.
  ring.readAround(0, 1, 1, 1);
  assert.equal(ring.mostBelow(2), false);
});

test('noJumpInClip: a step it rules out is no jump whatever the bone\'s typical step; one it keeps can be', () => {
  const clip = { typical: 0.5, size: 10 };
  const options: MotionOptions[] = [DEFAULT_MOTION_OPTIONS, { ...DEFAULT_MOTION_OPTIONS, jumpRatio: 2 }, { ...DEFAULT_MOTION_OPTIONS, jumpRatio: 0 }, { ...DEFAULT_MOTION_OPTIONS, jumpRatio: -1 }];
  const typicals = [Number.NaN, 0, 1e-6, 0.01, 0.25, 4, 1e6];
  let ruledOut = 0, kept = 0;
  for (const option of options) {
    // Around each bound: ratio x the clip's typical step, 5% of its size; zero, NaN and infinity.
    const distances = [0, 0.1, 0.49999, 0.5, 0.50001, 1.4999, 1.5, 1.50001, 2, 3, 50];
    for (const squared of [...distances.map((d) => Math.fround(d * d)), Number.NaN, Number.POSITIVE_INFINITY]) {
      if (noJumpInClip(option, squared, clip.typical, clip.size)) {
        ruledOut++;
        for (const typicalSquared of typicals) {
          assert.equal(judgePositionJump(SHAPE, option, { bone: 0, frame: 5, squared, typicalSquared }, clip.typical, clip.size), undefined, `ratio ${option.jumpRatio}, squared ${squared}, typical ${typicalSquared}`);
        }
      } else {
        kept++;
        // With no typical step of its own, a kept step is judged by the clip's bounds alone: a jump.
        const finding = judgePositionJump(SHAPE, option, { bone: 0, frame: 5, squared, typicalSquared: 0 }, clip.typical, clip.size);
        assert.notEqual(finding, undefined, `ratio ${option.jumpRatio}, squared ${squared}`);
      }
    }
  }
  assert.ok(ruledOut > 10 && kept > 10, `${ruledOut} ruled out, ${kept} kept`);
});
