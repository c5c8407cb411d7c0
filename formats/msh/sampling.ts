/**
 * Reference sampling of MSH animation, not bit-exact with the x87 runtime: the runtime's rules
 * (frame index, fallback keys, exact-time hits, lerp and slerp with its linear threshold, the
 * two-pose blend, the 4x4 matrix) with every stored value rounded to f32 (`Math.fround`). The
 * runtime keeps 80-bit intermediates and its own acos/sin, so results can differ in the last
 * bits; the choices (which key, which branch, which sign) follow the rules exactly.
 *
 * Where the runtime would read out of bounds (it checks nothing), these functions report
 * `out-of-bounds` instead of inventing a pose.
 */
import { boneMatrix } from '../clip';
import type { Vec3 } from '../records';
import { type MshAnimation, type MshQuaternion, decodeMshQuaternion } from './animation';
import { NO_MAP, NO_PARENT } from './layout';
import { NODE_WORDS } from './model';

const fr = Math.fround;

/** The label every surface that shows a sampled pose carries (one wording for all). */
export const MSH_SAMPLING_CAVEAT = 'reference sampling, not bit-exact with the x87 runtime';

/** The slerp's linear threshold, `1 - d <= 9.9999997e-6` (the f32 nearest 1e-5). */
export const MSH_SLERP_LINEAR_THRESHOLD = fr(1e-5);

/** x87 `FISTP` of a value that does not fit an i32 (NaN, infinities, overflow): the "integer indefinite". */
const INTEGER_INDEFINITE = -0x80000000;

export interface MshPose {
  position: Vec3;
  rotation: MshQuaternion;
}

/**
 * The frame index the runtime uses for time `t`: `t - 0.5` in f32, rounded to the nearest
 * integer with ties to even (FISTP under the engine's control word). Can be negative (compared
 * as unsigned, it is then out of range) or the integer indefinite (-2^31) for NaN and overflow.
 */
export function mshFrameIndex(t: number): number {
  const x = fr(fr(t) - 0.5);
  if (!Number.isFinite(x) || Math.abs(x) >= 2147483647.5) return INTEGER_INDEFINITE;
  let rounded = Math.round(x); // ties towards +infinity
  if (rounded - x === 0.5 && rounded % 2 !== 0) rounded -= 1; // a tie that went to an odd integer: take the even one
  return rounded === 0 ? 0 : rounded;
}

export type MshFallbackReason = 'frame-out-of-range' | 'no-map' | 'map-at-fallback';

/** How a node's pose at one time was found. */
export type MshSample =
  | { kind: 'fallback'; reason: MshFallbackReason; frame: number; key: number; pose: MshPose }
  | { kind: 'exact'; frame: number; key: number; pose: MshPose }
  | { kind: 'interpolated'; frame: number; key0: number; key1: number; alpha: number; pose: MshPose }
  | { kind: 'out-of-bounds'; frame: number; what: string };

function keyPose(animation: MshAnimation, key: number): MshPose {
  const p = animation.positions;
  return {
    position: [p[key * 3], p[key * 3 + 1], p[key * 3 + 2]],
    rotation: decodeMshQuaternion(animation.rotations.subarray(key * 4, key * 4 + 4)),
  };
}

/** `(1 - a) * p0 + a * p1` with f32 steps. */
function lerpPosition(p0: Vec3, p1: Vec3, a: number): Vec3 {
  const b = fr(1 - a);
  return [0, 1, 2].map((i) => fr(fr(b * p0[i]) + fr(a * p1[i]))) as Vec3;
}

/**
 * The runtime's rotation interpolation (keys and blends alike): `d = dot4(q0, q1)`; a negative d
 * is negated and its sign remembered; weights `(1 - a, a)` when `1 - d <= 9.9999997e-6`, else
 * `theta = acos(d)`, `w1 = sin(a theta) / sin(theta)`, `w0 = cos(a theta) - w1 d`; the sign goes
 * to w1; the result `w0 q0 + w1 q1` is not normalised.
 */
export function interpolateMshRotation(q0: MshQuaternion, q1: MshQuaternion, a: number): MshQuaternion {
  let d = fr(fr(fr(fr(q0[0] * q1[0]) + fr(q0[1] * q1[1])) + fr(q0[2] * q1[2])) + fr(q0[3] * q1[3]));
  let sign = 1;
  if (d < 0) {
    d = -d;
    sign = -1;
  }
  let w0: number;
  let w1: number;
  if (fr(1 - d) <= MSH_SLERP_LINEAR_THRESHOLD) {
    w0 = fr(1 - a);
    w1 = a;
  } else {
    const theta = fr(Math.acos(d));
    const at = fr(a * theta);
    w1 = fr(fr(Math.sin(at)) / fr(Math.sin(theta)));
    w0 = fr(fr(Math.cos(at)) - fr(w1 * d));
  }
  w1 = sign * w1;
  return [0, 1, 2, 3].map((i) => fr(fr(w0 * q0[i]) + fr(w1 * q1[i]))) as MshQuaternion;
}

/**
 * Samples node `node` at time `t` (in frames) by the runtime's rules: frame index; fallback key
 * when the frame is out of range, the node has no map, or `map[mapStart + frame] >= fallback`;
 * else k0 = that map value, exact hits on k0 then k0 + 1 (float equality), else lerp and slerp at
 * `a = (t - t0) / (t1 - t0)`.
 */
export function sampleMshNode(animation: MshAnimation, node: number, t: number): MshSample {
  const time = fr(t);
  const frame = mshFrameIndex(time);
  if (!(node >= 0 && node < animation.nodeCount)) return { kind: 'out-of-bounds', frame, what: `node ${node} (the model has ${animation.nodeCount})` };
  const mapStart = animation.nodeWords[node * NODE_WORDS + 2];
  const fallback = animation.nodeWords[node * NODE_WORDS + 3];
  let reason: MshFallbackReason | undefined;
  let key0 = 0;
  const unsignedFrame = frame >>> 0; // the runtime compares and indexes with the frame as unsigned
  if (unsignedFrame >= animation.frameCount) reason = 'frame-out-of-range';
  else if (mapStart === NO_MAP) reason = 'no-map';
  else {
    const word = mapStart + unsignedFrame;
    if (word >= animation.wordCount) return { kind: 'out-of-bounds', frame, what: `map word ${word} (Res19 has ${animation.wordCount})` };
    key0 = animation.map[word];
    if (key0 >= fallback) reason = 'map-at-fallback';
  }
  if (reason) {
    if (fallback >= animation.keyCount) return { kind: 'out-of-bounds', frame, what: `fallback key ${fallback} (Res8 has ${animation.keyCount})` };
    return { kind: 'fallback', reason, frame, key: fallback, pose: keyPose(animation, fallback) };
  }
  if (key0 >= animation.keyCount) return { kind: 'out-of-bounds', frame, what: `key ${key0} (Res8 has ${animation.keyCount})` };
  const t0 = animation.times[key0];
  if (time === t0) return { kind: 'exact', frame, key: key0, pose: keyPose(animation, key0) };
  const key1 = key0 + 1;
  if (key1 >= animation.keyCount) return { kind: 'out-of-bounds', frame, what: `key ${key1} (Res8 has ${animation.keyCount})` };
  const t1 = animation.times[key1];
  if (time === t1) return { kind: 'exact', frame, key: key1, pose: keyPose(animation, key1) };
  const alpha = fr(fr(time - t0) / fr(t1 - t0));
  const a = keyPose(animation, key0);
  const b = keyPose(animation, key1);
  return {
    kind: 'interpolated',
    frame,
    key0,
    key1,
    alpha,
    pose: { position: lerpPosition(a.position, b.position, alpha), rotation: interpolateMshRotation(a.rotation, b.rotation, alpha) },
  };
}

/** The pose of a sample, when it has one. */
export function samplePose(sample: MshSample): MshPose | undefined {
  return sample.kind === 'out-of-bounds' ? undefined : sample.pose;
}

export interface MshTimedPose {
  time: number;
  /** Undefined when the sample had no pose (out of bounds). */
  pose: MshPose | undefined;
}

export type MshBlend =
  | { used: 'none' }
  | { used: 'a' | 'b'; pose: MshPose }
  | { used: 'both'; pose: MshPose; flipped: boolean };

/**
 * Blends pose A (time tA) and pose B (time tB) with weight `blend`: A takes part when
 * `blend < 1 && tA >= 0`, B when `blend > 0 && tB >= 0`; one alone is returned as is. Both: qB
 * is negated when `|qA + qB|^2 < |qA - qB|^2`, the rotations interpolate as keys do at `blend`
 * and the positions are `(1 - blend) pA + blend pB`. A pose that is missing does not take part.
 */
export function blendMshPoses(a: MshTimedPose, b: MshTimedPose, blend: number): MshBlend {
  const weight = fr(blend);
  const useA = weight < 1 && fr(a.time) >= 0 && a.pose !== undefined;
  const useB = weight > 0 && fr(b.time) >= 0 && b.pose !== undefined;
  if (useA && !useB) return { used: 'a', pose: a.pose as MshPose };
  if (useB && !useA) return { used: 'b', pose: b.pose as MshPose };
  if (!useA || !useB) return { used: 'none' };
  const pa = a.pose as MshPose;
  const pb = b.pose as MshPose;
  let sum = 0;
  let difference = 0;
  for (let i = 0; i < 4; i++) {
    const s = fr(pa.rotation[i] + pb.rotation[i]);
    const d = fr(pa.rotation[i] - pb.rotation[i]);
    sum = fr(sum + fr(s * s));
    difference = fr(difference + fr(d * d));
  }
  const flipped = sum < difference;
  const qb = flipped ? (pb.rotation.map((c) => -c) as MshQuaternion) : pb.rotation;
  return {
    used: 'both',
    flipped,
    pose: { position: lerpPosition(pa.position, pb.position, weight), rotation: interpolateMshRotation(pa.rotation, qb, weight) },
  };
}

/** Samples a node at two times and blends them (the runtime's two-pose blend). */
export function sampleMshNodeBlended(animation: MshAnimation, node: number, timeA: number, timeB: number, blend: number): MshBlend {
  return blendMshPoses(
    { time: timeA, pose: samplePose(sampleMshNode(animation, node, timeA)) },
    { time: timeB, pose: samplePose(sampleMshNode(animation, node, timeB)) },
    blend,
  );
}

/**
 * The row-major 4x4 matrix of a pose: the usual rotation formula from `[w, x, y, z]` (not
 * normalised, f32 steps; the same formula as the clip's bone matrix) and the translation in
 * cells 3, 7, 11; the last row is 0 0 0 1.
 */
export function mshPoseMatrix(pose: MshPose, out: Float32Array = new Float32Array(16)): Float32Array {
  const [w, x, y, z] = pose.rotation;
  boneMatrix({ rotation: [x, y, z, w], position: pose.position, scale: [1, 1, 1] }, out.subarray(0, 12));
  out[12] = 0;
  out[13] = 0;
  out[14] = 0;
  out[15] = 1;
  return out;
}

/** `a * b` of row-major 4x4 matrices (column vectors: b applies first), f32 results. */
function multiplyRowMajor(a: Float32Array, ai: number, b: Float32Array, bi: number, out: Float32Array, oi: number): void {
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[ai + r * 4 + k] * b[bi + k * 4 + c];
      out[oi + r * 4 + c] = sum;
    }
  }
}

export interface MshModelPose {
  /** The sample of every node. */
  samples: MshSample[];
  /** Row-major 4x4 local matrices (16 f32 a node; identity where a sample is out of bounds). */
  local: Float32Array;
  /** World matrices: parent world x local, parents first (a link that is not a smaller index is treated as a root). */
  world: Float32Array;
}

/**
 * Every node of an animation at time `t`, or blended between `t` and `blendTo.time` when
 * `blendTo` is given, with the hierarchy composed from the parent links (the runtime's order of
 * composition is not documented: this is the usual parent x local with column vectors).
 */
export function poseMshModel(animation: MshAnimation, t: number, blendTo?: { time: number; blend: number }): MshModelPose {
  const count = animation.nodeCount;
  const samples: MshSample[] = [];
  const local = new Float32Array(count * 16);
  const world = new Float32Array(count * 16);
  for (let node = 0; node < count; node++) {
    const sample = sampleMshNode(animation, node, t);
    samples.push(sample);
    const pose = blendTo ? blendedPose(animation, node, t, sample, blendTo) : samplePose(sample);
    const matrix = local.subarray(node * 16, node * 16 + 16);
    if (pose) mshPoseMatrix(pose, matrix);
    else matrix.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    const parent = animation.nodeWords[node * NODE_WORDS + 1];
    if (parent !== NO_PARENT && parent < node) multiplyRowMajor(world, parent * 16, local, node * 16, world, node * 16);
    else world.set(matrix, node * 16);
  }
  return { samples, local, world };
}

function blendedPose(animation: MshAnimation, node: number, t: number, sample: MshSample, blendTo: { time: number; blend: number }): MshPose | undefined {
  const blend = blendMshPoses({ time: t, pose: samplePose(sample) }, { time: blendTo.time, pose: samplePose(sampleMshNode(animation, node, blendTo.time)) }, blendTo.blend);
  return blend.used === 'none' ? undefined : blend.pose;
}
