/**
 * `anim/static-clip`: no bone moves in any frame (a sampled rest pose, the wrong or an empty
 * animation exported). `anim/frozen-bones`: a few bones never move while nearly all others do,
 * which in a model-space clip means they stay behind when their parents move (a channel lost in
 * export). Bones that hold still in ordinary clips would make this noise: the roots of an
 * in-place cycle come first in joint order (an exporter lists parents before children), and a
 * local-space export leaves many bones still. So only bones after the first moving bone count,
 * and only when the moving bones are at least FROZEN_MOVING_SHARE of the clip's bones.
 */
import { boneLabel, framesRange, type ClipShape, type MotionFinding, type MotionOptions } from './motionOptions';

/** Frozen bones are unusual only when at least this share of the bones moves. */
export const FROZEN_MOVING_SHARE = 0.9;

export function stillnessFindings(shape: ClipShape, options: MotionOptions, moved: Uint8Array, frames: number): MotionFinding[] {
  if (frames < 2) return [];
  const frozen: number[] = [];
  let still = 0;
  for (let bone = 0; bone < shape.boneCount; bone++) {
    if (moved[bone] !== 0) continue;
    still++;
    // Still bones before the first moving one are roots of the motion, not lost channels.
    if (still <= bone) frozen.push(bone);
  }
  const range = framesRange(shape, 0, frames - 1);
  if (still === shape.boneCount) {
    return [{
      code: 'anim/static-clip',
      frames: [0, frames - 1],
      byteRange: range,
      message:
        `All ${shape.boneCount} bones hold the same transform in all ${frames} frames: the clip is a still pose, often a rest pose ` +
        'sampled by mistake (the wrong or an empty animation exported). Expected motion: export the intended animation; ignore this for a pose meant to hold.',
      data: { bones: shape.boneCount, frames },
    }];
  }
  const moving = shape.boneCount - still;
  if (frozen.length === 0 || moving < FROZEN_MOVING_SHARE * shape.boneCount) return [];
  const names = frozen.map((bone) => boneLabel(bone, options.boneNames)).join(', ');
  return [{
    code: 'anim/frozen-bones',
    bones: frozen,
    frames: [0, frames - 1],
    byteRange: range,
    message:
      `${frozen.length === 1 ? names + ' never moves' : names + ' never move'} in ${frames} frames while ${moving} of the ${shape.boneCount} bones do: ` +
      'in a model-space clip such a bone stays behind when its parent moves. Expected it to follow: check that its channels were exported ' +
      '(and that the skin lists the right joint); ignore this for a bone meant to stay still.',
    data: { bones: frozen.join(','), frozen: frozen.length, moving, frames },
  }];
}
