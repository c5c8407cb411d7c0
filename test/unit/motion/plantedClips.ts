/**
 * Clips with one known motion problem planted in smooth, ordinary motion: every bone turns a few
 * degrees a frame about its own axis and drifts along a small circle. Written with the core's
 * encoder, so the bytes are what an exporter would write.
 */
import { CLIP_HEADER_SIZE, KEYFRAME_SIZE, encodeKeyframe, keyframeOffset, type BoneTransform } from '../../../formats';

export interface SmoothClipShape {
  bones: number;
  frames: number;
}

/** The smooth pose of `bone` at `frame`: about 4 degrees a frame, positions within 1 unit. */
export function smoothTransform(bone: number, frame: number): BoneTransform {
  const angle = 0.6 * Math.sin(frame / 8 + bone) + bone * 0.1;
  const axis = [Math.sin(bone), Math.cos(bone), 0.5];
  const length = Math.hypot(...axis);
  const s = Math.sin(angle / 2) / length;
  return {
    rotation: [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)],
    position: [bone * 0.3 + 0.2 * Math.cos(frame / 10), 1 + 0.2 * Math.sin(frame / 10), 0.1 * bone],
    scale: [1, 1, 1],
  };
}

/** A clip of `shape` whose record of (frame, bone) is `transform(bone, frame)`. */
export function clipOf(shape: SmoothClipShape, transform: (bone: number, frame: number) => BoneTransform = smoothTransform): Uint8Array {
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + shape.bones * shape.frames * KEYFRAME_SIZE);
  bytes.set([shape.bones, 0, shape.frames & 0xff, shape.frames >>> 8]);
  const header = { boneCount: shape.bones };
  for (let frame = 0; frame < shape.frames; frame++) {
    for (let bone = 0; bone < shape.bones; bone++) encodeKeyframe(transform(bone, frame), bytes, keyframeOffset(header, frame, bone));
  }
  return bytes;
}

/** `q` turned a further `degrees` about z. */
function turned(q: readonly number[], degrees: number): [number, number, number, number] {
  const h = (degrees * Math.PI) / 360;
  const [x, y, z, w] = q;
  const c = Math.cos(h), s = Math.sin(h);
  // q * (0, 0, sin h, cos h)
  return [x * c + y * s, y * c - x * s, z * c + w * s, w * c - z * s];
}

export const SHAPE: SmoothClipShape = { bones: 16, frames: 60 };

/** Bone 12's frame 34 turned 171° further: a pop between frames 33 and 34. */
export function poppedClip(): Uint8Array {
  return clipOf(SHAPE, (bone, frame) => {
    const t = smoothTransform(bone, frame);
    return bone === 12 && frame === 34 ? { ...t, rotation: turned(t.rotation, 171) } : t;
  });
}

/** Bone 5 sits 10 units away in frame 20 only: a teleport between frames 19 and 20. */
export function teleportedClip(): Uint8Array {
  return clipOf(SHAPE, (bone, frame) => {
    const t = smoothTransform(bone, frame);
    return bone === 5 && frame === 20 ? { ...t, position: [t.position[0] + 10, t.position[1], t.position[2]] } : t;
  });
}

/** Every frame is frame 0: a sampled rest pose. */
export function staticClip(): Uint8Array {
  return clipOf(SHAPE, (bone) => smoothTransform(bone, 0));
}

/** Bone 9 holds its frame-0 transform throughout while the 15 others move. */
export function frozenBoneClip(): Uint8Array {
  return clipOf(SHAPE, (bone, frame) => smoothTransform(bone, bone === 9 ? 0 : frame));
}

/** Each pose held for 3 frames: a 10 fps source stored at 30 fps. */
export function repeatedFramesClip(): Uint8Array {
  return clipOf(SHAPE, (bone, frame) => smoothTransform(bone, frame - (frame % 3)));
}

/** Degrees each joint of the chain turns about z at `frame`. */
const chainAngle = (frame: number): number => 25 * Math.sin(frame / 5);

/**
 * A 3-bone chain along y (joints at 0, 1.5 and 3 units, as upstream's arm), each joint bending
 * about z: the skeleton's inverse binds and the clip in model space (each joint carried by its
 * parent) or in local space (each joint's offset from its parent), as the exporter's two spaces.
 */
export function chainSkeleton(): Uint8Array {
  const bytes = new Uint8Array(8 + 3 * 48);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 3, true);
  for (let bone = 0; bone < 3; bone++) {
    [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -1.5 * bone, 0].forEach((v, i) => view.setFloat32(8 + bone * 48 + i * 4, v, true));
  }
  return bytes;
}

export function chainClip(space: 'model' | 'local', frames = 30): Uint8Array {
  return clipOf({ bones: 3, frames }, (bone, frame) => {
    const step = (chainAngle(frame) * Math.PI) / 180;
    if (space === 'local') {
      const h = step / 2;
      return { rotation: [0, 0, Math.sin(h), Math.cos(h)], position: [0, bone === 0 ? 0 : 1.5, 0], scale: [1, 1, 1] };
    }
    // Model space: joint k turned k + 1 steps, placed at the end of its parent.
    let x = 0, y = 0;
    for (let k = 0; k < bone; k++) {
      x -= 1.5 * Math.sin((k + 1) * step);
      y += 1.5 * Math.cos((k + 1) * step);
    }
    const h = ((bone + 1) * step) / 2;
    return { rotation: [0, 0, Math.sin(h), Math.cos(h)], position: [x, y, 0], scale: [1, 1, 1] };
  });
}
