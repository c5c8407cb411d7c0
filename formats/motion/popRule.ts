/**
 * `anim/pop`: a bone's rotation jumps between two frames far beyond its own motion around them.
 * A step is judged when it turns at least `popMinDegrees` while the step before it did not (the
 * scanner's gate), and is a pop when it is also at least `jumpRatio` times the bone's typical
 * step: the median of its steps up to 8 frames either side. One finding per pop, on the record
 * of the frame the bone jumps to.
 */
import { formatFixed } from '../numberText';
import { boneLabel, recordRange, rounded, type ClipShape, type MotionFinding, type MotionOptions } from './motionOptions';

/** Degrees a bone turns between two rotations whose |dot| is `cos` (the cosine of half the angle). */
export function turnDegrees(cos: number): number {
  return (2 * Math.acos(Math.min(1, cos)) * 180) / Math.PI;
}

/**
 * Relative margin of the shortcuts below: far above the rounding of `turnDegrees` (and of the
 * square roots of `judgePositionJump`), a few units in the last place of a double.
 */
export const NO_FINDING_MARGIN = 1e-6;

/**
 * A |dot| at or below which a typical step surely makes the step of |dot| `cos` no pop: its turn
 * is then below `jumpRatio` times the typical turn by more than NO_FINDING_MARGIN / 2 of it, so
 * `judgePop` gives undefined whatever the exact median. -1 where no such bound is proved (a ratio
 * of 0, a turn of 180 degrees or more at the bound, NaN): the median is then judged.
 */
export function noPopBelow(options: MotionOptions, cos: number): number {
  const degrees = turnDegrees(cos);
  const ratio = options.jumpRatio;
  if (!(ratio > 0)) return -1;
  const limit = (degrees / ratio) * (1 + NO_FINDING_MARGIN);
  if (!(limit < 180)) return -1;
  const bound = Math.cos((limit * Math.PI) / 360);
  // Checked as judgePop computes it: the bound's own turn, times the ratio, above the step's.
  return ratio * turnDegrees(bound) > degrees * (1 + NO_FINDING_MARGIN / 4) ? bound : -1;
}

export function judgePop(shape: ClipShape, options: MotionOptions, bone: number, frame: number, cos: number, typicalCos: number): MotionFinding | undefined {
  const degrees = turnDegrees(cos);
  const typical = Number.isNaN(typicalCos) ? 0 : turnDegrees(typicalCos);
  if (degrees < options.popMinDegrees || degrees < options.jumpRatio * typical) return undefined;
  const who = boneLabel(bone, options.boneNames);
  return {
    code: 'anim/pop',
    bone,
    frames: [frame - 1, frame],
    byteRange: recordRange(shape, frame, bone),
    message:
      `${who} turns ${formatFixed(degrees, 0)}° between frames ${frame - 1} and ${frame} (its typical step is ${formatFixed(typical, 0)}°), ` +
      `so it snaps on the console. Expected a step near its typical one: look for a flipped or missing key at that time in the source ` +
      `animation and re-export, or correct the rotation of frame ${frame} in the hex editor.`,
    data: { bone, from: frame - 1, to: frame, degrees: rounded(degrees), typicalDegrees: rounded(typical) },
  };
}
