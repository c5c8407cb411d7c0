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
