/** Clips for the diff tests, written by the core's encoder: a base motion and planted changes. */
import { CLIP_HEADER_SIZE, clipByteLength, encodeKeyframe, keyframeOffset } from '../../../formats/clip';
import type { BoneTransform } from '../../../formats/records';

export type Pose = (frame: number, bone: number) => BoneTransform;

/** A rotation of `degrees` about the unit axis `axis`, as x y z w. */
export function axisAngle(axis: [number, number, number], degrees: number): [number, number, number, number] {
  const half = (degrees * Math.PI) / 360;
  const s = Math.sin(half);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(half)];
}

/** Hamilton product a * b (x y z w). */
export function multiply(a: readonly number[], b: readonly number[]): [number, number, number, number] {
  const [ax, ay, az, aw] = a, [bx, by, bz, bw] = b;
  return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz];
}

/** Every bone turns about y a little more each frame, sits at (bone, frame / 10, 0), scale 1. */
export const basePose: Pose = (frame, bone) => ({
  rotation: axisAngle([0, 1, 0], frame * 5 + bone * 10),
  position: [bone, frame / 10, 0],
  scale: [1, 1, 1],
});

export function writeClip(bones: number, frames: number, pose: Pose): Uint8Array {
  const bytes = new Uint8Array(clipByteLength(bones, frames));
  bytes.set([bones, 0, frames & 0xff, frames >> 8]);
  const header = { boneCount: bones };
  for (let frame = 0; frame < frames; frame++) for (let bone = 0; bone < bones; bone++) encodeKeyframe(pose(frame, bone), bytes, keyframeOffset(header, frame, bone));
  return bytes;
}

/** `pose`, except at `frame`, `bone`, where `change` rewrites it. */
export function planted(pose: Pose, frame: number, bone: number, change: (t: BoneTransform) => BoneTransform): Pose {
  return (f, b) => (f === frame && b === bone ? change(pose(f, b)) : pose(f, b));
}

export { CLIP_HEADER_SIZE };
