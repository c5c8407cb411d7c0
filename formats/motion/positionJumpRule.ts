/**
 * `anim/position-jump`: a bone's position teleports between two frames. The same logic as a pop
 * in the clip's own units: a step is judged when it is `jumpRatio` times the bone's step before
 * it (the scanner's gate), and is a jump when it is also `jumpRatio` times both the bone's
 * typical step (the median of its steps up to 8 frames either side) and the clip's typical step
 * (the root mean square of every bone's steps, known once the clip has been read), and at least
 * JUMP_MIN_SHARE of the clip's size (the farthest any position lies from the origin), so that
 * f16 rounding in a clip that barely translates is no teleport.
 */
import { formatPrecision } from '../numberText';
import { boneLabel, recordRange, rounded, type ClipShape, type MotionFinding, type MotionOptions } from './motionOptions';

/** A jump covers at least this share of the clip's size. */
export const JUMP_MIN_SHARE = 0.05;

export interface JumpCandidate {
  bone: number;
  /** The frame the bone jumps to. */
  frame: number;
  /** Squared distance of the step, and the median squared step around it. */
  squared: number;
  typicalSquared: number;
}

function units(value: number): string {
  return `${formatPrecision(value, 3).replace(/\.?0+$/, '')} units`;
}

/**
 * A squared step at or above which a bone's typical step surely makes a step of `squared` no
 * jump: its distance is then below `jumpRatio` times the typical distance by more than
 * `margin` / 4 of it, so `judgePositionJump` gives undefined whatever the clip's typical step and
 * size. Infinity where no such bound is proved (a ratio of 0, an underflow, NaN).
 */
export function noJumpAbove(options: MotionOptions, squared: number, margin: number): number {
  const ratio = options.jumpRatio;
  const bound = (squared / (ratio * ratio)) * (1 + margin);
  // Checked as judgePositionJump computes it: the ratio times the bound's distance above the step's.
  return bound > 0 && bound < Infinity && ratio * Math.sqrt(bound) > Math.sqrt(squared) * (1 + margin / 4) ? bound : Infinity;
}

/**
 * Whether a step of `squared` is surely no jump in a clip of typical step `clipTypical` and size
 * `clipSize` whatever the bone's typical step: `judgePositionJump`'s tests that need no window.
 */
export function noJumpInClip(options: MotionOptions, squared: number, clipTypical: number, clipSize: number): boolean {
  const distance = Math.sqrt(squared);
  // With a negative ratio, the larger of the two typical steps need not give the larger bound.
  return !(distance > 0) || (options.jumpRatio >= 0 && distance < options.jumpRatio * clipTypical) || distance < JUMP_MIN_SHARE * clipSize;
}

export function judgePositionJump(shape: ClipShape, options: MotionOptions, jump: JumpCandidate, clipTypical: number, clipSize: number): MotionFinding | undefined {
  const distance = Math.sqrt(jump.squared);
  const typical = Number.isNaN(jump.typicalSquared) ? 0 : Math.sqrt(jump.typicalSquared);
  if (noJumpInClip(options, jump.squared, clipTypical, clipSize) || distance < options.jumpRatio * Math.max(typical, clipTypical)) return undefined;
  const { bone, frame } = jump;
  return {
    code: 'anim/position-jump',
    bone,
    frames: [frame - 1, frame],
    byteRange: recordRange(shape, frame, bone),
    message:
      `${boneLabel(bone, options.boneNames)} moves ${units(distance)} between frames ${frame - 1} and ${frame} (its typical step is ${units(typical)}, ` +
      `the clip's ${units(clipTypical)}), so it teleports on the console. Expected a step near its typical one: look for a wrong or missing ` +
      `translation key at that time in the source animation and re-export, or correct the position of frame ${frame} in the hex editor.`,
    data: { bone, from: frame - 1, to: frame, distance: rounded(distance, 6), typicalDistance: rounded(typical, 6), clipTypicalDistance: rounded(clipTypical, 6) },
  };
}
