/**
 * The CPU mirror of shaders/bones.wgsl: the same keyframe_bind semantics, every f32 step in the
 * same order, the bone-count rule from the core (formats/keyframeBind.ts). The WebGL2 fallback
 * draws with it, and the GPU parity tests compare the WGSL's read-back matrices with it. Pure
 * (no DOM, no GPU), decoding through the core.
 */
import { boneMatrix, decodeKeyframe, keyframeOffset, MATRIX_FLOATS, transformMatrices } from '../../formats/clip';
import { aloneMatrix, consoleKeyframeRead, skinningSource, type BindRule, type BindShape, type InverseBindRead, type KeyframeRead } from '../../formats/keyframeBind';
import type { BoneTransform } from '../../formats/records';
import { INVERSE_BIND_FLOATS } from '../../formats/skeleton';

const fr = Math.fround;

/** The most bones a clip (255), a skeleton (256) or a mesh's u8 bone index (256) can name. */
export const MAX_OUTPUT_BONES = 256;
/** Per bone: model matrix rows (3 x vec4), then skinning matrix rows (3 x vec4). */
export const BONE_OUTPUT_FLOATS = 2 * MATRIX_FLOATS;

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
  frameCount: number;
  /** Inverse bind matrices (`INVERSE_BIND_FLOATS` f32, column-major, per bone); undefined = raw mode. */
  inverseBinds?: Float32Array;
  skeletonBones: number;
  /** Bones the mesh names (its highest bone index + 1; 0 without a skinned mesh). */
  meshBones?: number;
  /** How bones the clip or skeleton lacks are skinned (default: the design document's rule). */
  rule?: BindRule;
}

/** max(clip bones, skeleton bones, mesh bones): the bones keyframe_bind leaves bound. */
export function outputBoneCount(inputs: PoseInputs): number {
  return Math.min(MAX_OUTPUT_BONES, Math.max(inputs.clipBones, inputs.inverseBinds ? inputs.skeletonBones : 0, inputs.meshBones ?? 0));
}

function shapeOf(inputs: PoseInputs): BindShape {
  return { clipBones: inputs.clipBones, frameCount: inputs.frameCount, skeletonBones: inputs.inverseBinds ? inputs.skeletonBones : 0 };
}

const IDENTITY_ROWS = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/**
 * Fills `out` (BONE_OUTPUT_FLOATS per bone) exactly as build_bones does: the model matrix of
 * each clip bone (identity past the clip's bones), and the skinning matrix the rule gives: model
 * (raw mode) or model times inverse bind (skeleton mode), identity for bones the clip or the
 * skeleton lacks (design), or the records the console's addressing reaches (console).
 */
export function buildPose(inputs: PoseInputs, request: FrameRequest, out: Float32Array): number {
  const count = outputBoneCount(inputs);
  const shape = shapeOf(inputs);
  const rule = inputs.rule ?? 'design';
  const model = new Float32Array(MATRIX_FLOATS);
  for (let bone = 0; bone < count; bone++) {
    const o = bone * BONE_OUTPUT_FLOATS;
    if (bone < inputs.clipBones) keyframeMatrix(inputs, request, request.frame, request.nextFrame, bone, bone, model);
    else model.set(IDENTITY_ROWS);
    out.set(model, o);
    const source = skinningSource(rule, shape, request.frame, bone);
    if (source.kind === 'identity') {
      out.set(IDENTITY_ROWS, o + MATRIX_FLOATS);
    } else if (rule === 'design') {
      if (source.inverseBind) timesInverseBind(model, inputs.inverseBinds!, bone * INVERSE_BIND_FLOATS, out, o + MATRIX_FLOATS);
      else out.set(model, o + MATRIX_FLOATS);
    } else {
      consoleSkin(inputs, request, source.keyframe, source.inverseBind, bone, out, o + MATRIX_FLOATS);
    }
  }
  return count;
}

/**
 * The pose buffer for transforms mixed on the CPU (the mixer's pose: TRANSFORM_FLOATS per clip
 * bone): model matrices through the core's `transformMatrices`, skinning matrices by the design
 * document's rule (the console cannot mix clips in keyframe_bind; a mixed pose reaches it through
 * set_bones). Returns the bones written.
 */
export function buildMixedPose(inputs: PoseInputs, transforms: Float32Array, out: Float32Array): number {
  const count = outputBoneCount(inputs);
  const models = transformMatrices(transforms, inputs.clipBones, new Float32Array(inputs.clipBones * MATRIX_FLOATS));
  const shape = shapeOf(inputs);
  for (let bone = 0; bone < count; bone++) {
    const o = bone * BONE_OUTPUT_FLOATS;
    const model = bone < inputs.clipBones ? models.subarray(bone * MATRIX_FLOATS, (bone + 1) * MATRIX_FLOATS) : IDENTITY_ROWS;
    out.set(model, o);
    const source = skinningSource('design', shape, 0, bone);
    if (source.kind === 'identity') out.set(IDENTITY_ROWS, o + MATRIX_FLOATS);
    else if (source.inverseBind) timesInverseBind(model, inputs.inverseBinds!, bone * INVERSE_BIND_FLOATS, out, o + MATRIX_FLOATS);
    else out.set(model, o + MATRIX_FLOATS);
  }
  return count;
}

/** The transform `bone` has for `request`: its record at the frame, blended towards the next frame when asked (the readouts). */
export function transformAt(inputs: PoseInputs, request: FrameRequest, bone: number): BoneTransform {
  return keyframeTransform(inputs, request, request.frame, request.nextFrame, bone, bone);
}

function keyframeTransform(inputs: PoseInputs, request: FrameRequest, frame: number, nextFrame: number, bone0: number, bone1: number): BoneTransform {
  const t = recordTransform(inputs, frame, bone0);
  return request.blended ? blendTransforms(t, recordTransform(inputs, nextFrame, bone1), request.blend) : t;
}

/** The (blended) bone matrix of `bone0` at `frame`, towards `bone1` at `nextFrame`, into `m`. */
function keyframeMatrix(inputs: PoseInputs, request: FrameRequest, frame: number, nextFrame: number, bone0: number, bone1: number, m: Float32Array): void {
  boneMatrix(keyframeTransform(inputs, request, frame, nextFrame, bone0, bone1), m);
}

/**
 * The console rule's skinning matrix (console_skin in bones.wgsl), with only this skeleton and
 * clip loaded (`aloneMatrix`): zeros past the clip; an inverse bind past the skeleton is a clip
 * record's bone matrix, or zeros (leaving the keyframe's translation).
 */
function consoleSkin(inputs: PoseInputs, request: FrameRequest, read: KeyframeRead, inverseBind: InverseBindRead | undefined, bone: number, out: Float32Array, o: number): void {
  const shape = shapeOf(inputs);
  const nextRead = request.blended ? consoleKeyframeRead(shape, request.nextFrame, bone) : read;
  const at = aloneMatrix(shape, read);
  const nextAt = aloneMatrix(shape, nextRead);
  if (at.kind === 'zero' || nextAt.kind === 'zero') {
    out.fill(0, o, o + MATRIX_FLOATS);
    return;
  }
  const key = new Float32Array(MATRIX_FLOATS);
  keyframeMatrix(inputs, request, at.frame, nextAt.frame, at.bone, nextAt.bone, key);
  if (!inverseBind) {
    out.set(key, o);
    return;
  }
  if (inverseBind.kind === 'skeleton') {
    timesInverseBind(key, inputs.inverseBinds!, inverseBind.bone * INVERSE_BIND_FLOATS, out, o);
    return;
  }
  const ib = aloneMatrix(shape, inverseBind);
  if (ib.kind === 'zero') {
    out.fill(0, o, o + MATRIX_FLOATS);
    for (let row = 0; row < 3; row++) out[o + row * 4 + 3] = key[row * 4 + 3];
    return;
  }
  const rows = boneMatrix(recordTransform(inputs, ib.frame, ib.bone));
  timesInverseBind(key, columnMajor(rows), 0, out, o);
}

/** Row-major 3x4 to the column-major order inverse binds are stored in. */
function columnMajor(rows: Float32Array): Float32Array {
  const out = new Float32Array(INVERSE_BIND_FLOATS);
  for (let col = 0; col < 4; col++) for (let row = 0; row < 3; row++) out[col * 3 + row] = rows[row * 4 + col];
  return out;
}

function recordTransform(inputs: PoseInputs, frame: number, bone: number): BoneTransform {
  return decodeKeyframe(inputs.clip, keyframeOffset({ boneCount: inputs.clipBones }, frame, bone));
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
