/** Clips whose problems sit at the boundaries of the frame ranges a split check lints apart. */
import { CLIP_HEADER_SIZE, KEYFRAME_SIZE, type BoneTransform } from '../../../formats';
import { clipOf, smoothTransform } from '../motion/plantedClips';
import { specialRecords } from '../formats/clipKernelInputs';

/** Bone `frame % 16` of each frame in `frames` turned half a turn about x (a pop), or moved 8 units (a jump). */
export function planted(frames: number, pops: readonly number[], jumps: readonly number[], nan: readonly number[] = []): Uint8Array {
  return clipOf({ bones: 16, frames }, (bone, frame): BoneTransform => {
    const t = smoothTransform(bone, frame);
    if (bone !== frame % 16) return t;
    if (pops.includes(frame)) return { ...t, rotation: [t.rotation[3], t.rotation[2], -t.rotation[1], -t.rotation[0]] };
    if (jumps.includes(frame)) return { ...t, position: [t.position[0] + 8, t.position[1], t.position[2]] };
    if (nan.includes(frame)) return { ...t, scale: [Number.NaN, 1, 1] };
    return t;
  });
}

/** `bones` x `frames` records of every special kind (NaNs, zero scales, odd rotations), and `extraRecords` of a frame cut short. */
export function randomClip(bones: number, frames: number, extraRecords: number): Uint8Array {
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + (bones * frames + extraRecords) * KEYFRAME_SIZE);
  bytes.set([bones, 0, (frames + 1) & 0xff, (frames + 1) >>> 8]);
  bytes.set(specialRecords(bones * frames + extraRecords, 5), CLIP_HEADER_SIZE);
  return bytes;
}
