/**
 * The CPU mirror of shaders/bones.wgsl: the same keyframe_bind semantics, every f32 step in the
 * same order. The WebGL2 fallback draws with it, and the GPU parity tests compare the WGSL's
 * read-back matrices with it. Pure (no DOM, no GPU), decoding through the core.
 */
import { boneMatrix, decodeKeyframe } from '../../formats/clip';
import type { BoneTransform } from '../../formats/records';

const fr = Math.fround;

/** The most bones a clip (255) or skeleton (256) can have. */
export const MAX_OUTPUT_BONES = 256;
/** Per bone: model matrix rows (3 x vec4), then skinning matrix rows (3 x vec4). */
export const BONE_OUTPUT_FLOATS = 24;

/** Which pose to build: one exact frame (stamp) or a blend of two. */
export interface FrameRequest {
  frame: number;
  /** The frame blended towards (equal to `frame` in stamp mode). */
  nextFrame: number;
  /** 0..1 weight of `nextFrame`; ignored unless `blended`. */
  blend: number;
  blended: boolean;
}

export interface PoseInputs {
  clip: Uint8Array;
  clipBones: number;
  /** Inverse bind matrices (12 f32 column-major per bone); undefined = raw mode. */
  inverseBinds?: Float32Array;
  skeletonBones: number;
}

/** max(clip bones, skeleton bones): the bones keyframe_bind leaves bound. */
export function outputBoneCount(inputs: PoseInputs): number {
  return Math.min(MAX_OUTPUT_BONES, Math.max(inputs.clipBones, inputs.inverseBinds ? inputs.skeletonBones : 0));
}

const IDENTITY_ROWS = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/**
 * Fills `out` (BONE_OUTPUT_FLOATS per bone) exactly as build_bones does: model matrix of each
 * clip bone (identity past the clip's bones), skinning matrix = model (raw mode) or model times
 * inverse bind (skeleton mode; identity for bones the clip or the skeleton lacks).
 */
export function buildPose(inputs: PoseInputs, request: FrameRequest, out: Float32Array): number {
  const count = outputBoneCount(inputs);
  const model = new Float32Array(12);
  for (let bone = 0; bone < count; bone++) {
    const o = bone * BONE_OUTPUT_FLOATS;
    if (bone < inputs.clipBones) {
      let t = recordTransform(inputs, request.frame, bone);
      if (request.blended) t = blendTransforms(t, recordTransform(inputs, request.nextFrame, bone), request.blend);
      boneMatrix(t, model);
    } else {
      model.set(IDENTITY_ROWS);
    }
    out.set(model, o);
    if (!inputs.inverseBinds) out.set(model, o + 12);
    else if (bone < inputs.clipBones && bone < inputs.skeletonBones) timesInverseBind(model, inputs.inverseBinds, bone * 12, out, o + 12);
    else out.set(IDENTITY_ROWS, o + 12);
  }
  return count;
}

function recordTransform(inputs: PoseInputs, frame: number, bone: number): BoneTransform {
  return decodeKeyframe(inputs.clip, 4 + (frame * inputs.clipBones + bone) * 16);
}

/** Shortest-path normalised lerp of rotations, lerp of position and scale (blend_transforms). */
export function blendTransforms(t0: BoneTransform, t1: BoneTransform, f: number): BoneTransform {
  const q0 = t0.rotation;
  let q1 = t1.rotation;
  const d = fr(fr(fr(fr(q0[0] * q1[0]) + fr(q0[1] * q1[1])) + fr(q0[2] * q1[2])) + fr(q0[3] * q1[3]));
  if (d < 0) q1 = [-q1[0], -q1[1], -q1[2], -q1[3]];
  const q = [0, 1, 2, 3].map((i) => lerp(q0[i], q1[i], f));
  const len = fr(Math.sqrt(fr(fr(fr(fr(q[0] * q[0]) + fr(q[1] * q[1])) + fr(q[2] * q[2])) + fr(q[3] * q[3]))));
  return {
    rotation: [fr(q[0] / len), fr(q[1] / len), fr(q[2] / len), fr(q[3] / len)],
    position: [lerp(t0.position[0], t1.position[0], f), lerp(t0.position[1], t1.position[1], f), lerp(t0.position[2], t1.position[2], f)],
    scale: [lerp(t0.scale[0], t1.scale[0], f), lerp(t0.scale[1], t1.scale[1], f), lerp(t0.scale[2], t1.scale[2], f)],
  };
}

/** a + (b - a) * f in f32 steps. */
function lerp(a: number, b: number, f: number): number {
  return fr(a + fr(fr(b - a) * f));
}

/**
 * Row-major 3x4 `m` times the column-major inverse bind at `ib[k..k+12]` (implicit bottom row
 * 0 0 0 1), written row-major into `out` at `o` (times_inverse_bind in keyframe.wgsl).
 */
export function timesInverseBind(m: ArrayLike<number>, ib: ArrayLike<number>, k: number, out: Float32Array, o: number): void {
  for (let row = 0; row < 3; row++) {
    const r0 = m[row * 4];
    const r1 = m[row * 4 + 1];
    const r2 = m[row * 4 + 2];
    for (let col = 0; col < 4; col++) {
      const c = k + col * 3;
      let v = fr(fr(fr(r0 * ib[c]) + fr(r1 * ib[c + 1])) + fr(r2 * ib[c + 2]));
      if (col === 3) v = fr(v + m[row * 4 + 3]);
      out[o + row * 4 + col] = v;
    }
  }
}
