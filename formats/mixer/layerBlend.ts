/**
 * How the mixer's layers combine, on flat pose arrays (TRANSFORM_FLOATS per bone: qx qy qz qw,
 * px py pz, sx sy sz) with one summed weight per bone. A layer's actions are first summed into a
 * layer pose (rotations by successive slerps, positions and scales times their weights); the
 * lowest layer is then normalised into the pose (identity where no weight reached a bone), and
 * each higher layer's normalised result overrides the pose below by min(1, its weight at the
 * bone). Additive actions add their change since their clip's first keyframe on top. Nothing here
 * allocates: doubles that cross a call travel in a Float64Array (see blend.ts).
 */
import { TRANSFORM_FLOATS } from '../clip';
import { normalizeQuaternion, slerpShortest } from './blend';

const STRIDE = TRANSFORM_FLOATS;

/** The identity transform (no rotation, at the origin, scale 1) into bone `b`. */
export function writeIdentityBone(pose: Float32Array, b: number): void {
  const o = b * STRIDE;
  pose[o] = 0; pose[o + 1] = 0; pose[o + 2] = 0; pose[o + 3] = 1;
  pose[o + 4] = 0; pose[o + 5] = 0; pose[o + 6] = 0;
  pose[o + 7] = 1; pose[o + 8] = 1; pose[o + 9] = 1;
}

/**
 * Turns summed bone `b` of `pose` into its weighted mean: rotation normalised, position and scale
 * divided by `weights[b]`; the identity where the weight is 0.
 */
export function normaliseBone(pose: Float32Array, weights: Float64Array, b: number): void {
  const total = weights[b];
  if (!(total > 0)) {
    writeIdentityBone(pose, b);
    return;
  }
  const o = b * STRIDE;
  normalizeQuaternion(pose, o);
  for (let k = 4; k < STRIDE; k++) pose[o + k] /= total;
}

/**
 * Overrides bone `b` of `pose` by the summed `layer`: its weighted mean, blended over the pose by
 * min(1, `weights[b]`) (rotation by shortest-path slerp, then normalised; position and scale
 * linearly). A bone the layer does not reach keeps the pose below. `factors[slot]` is scratch.
 */
export function overlayBone(pose: Float32Array, layer: Float32Array, weights: Float64Array, b: number, factors: Float64Array, slot: number): void {
  const total = weights[b];
  if (!(total > 0)) return;
  normaliseBone(layer, weights, b);
  const o = b * STRIDE;
  const alpha = total < 1 ? total : 1;
  factors[slot] = alpha;
  slerpShortest(pose, o, layer, o, factors, slot, pose, o);
  normalizeQuaternion(pose, o);
  for (let k = 4; k < STRIDE; k++) pose[o + k] += (layer[o + k] - pose[o + k]) * alpha;
}

/**
 * Adds to bone `b` of `pose` the change of `sample` (one transform at `so`) since `reference`
 * (the clip's first keyframe of that bone, at `ro`), scaled by `factors[slot]`: the rotation
 * slerp(identity, sample x reference^-1, w) is applied before the pose's rotation (records are
 * model space), position and scale gain w x (sample - reference). `scratch` holds 8 floats.
 */
export function addBone(pose: Float32Array, b: number, sample: Float32Array, so: number, reference: Float32Array, ro: number, factors: Float64Array, slot: number, scratch: Float32Array): void {
  const w = factors[slot];
  const o = b * STRIDE;
  // delta = sample * conjugate(reference), into scratch[4..8]; scratch[0..4] is the identity.
  const ax = sample[so], ay = sample[so + 1], az = sample[so + 2], aw = sample[so + 3];
  const bx = -reference[ro], by = -reference[ro + 1], bz = -reference[ro + 2], bw = reference[ro + 3];
  scratch[0] = 0; scratch[1] = 0; scratch[2] = 0; scratch[3] = 1;
  scratch[4] = aw * bx + ax * bw + ay * bz - az * by;
  scratch[5] = aw * by - ax * bz + ay * bw + az * bx;
  scratch[6] = aw * bz + ax * by - ay * bx + az * bw;
  scratch[7] = aw * bw - ax * bx - ay * by - az * bz;
  slerpShortest(scratch, 0, scratch, 4, factors, slot, scratch, 4);
  multiplyQuaternionInto(scratch, 4, pose, o);
  normalizeQuaternion(pose, o);
  for (let k = 4; k < STRIDE; k++) pose[o + k] += (sample[so + k] - reference[ro + k]) * w;
}

/** `q[qo..] = d[do..] x q[qo..]` (Hamilton product, d applied after q). */
function multiplyQuaternionInto(d: Float32Array, dOffset: number, q: Float32Array, qo: number): void {
  const ax = d[dOffset], ay = d[dOffset + 1], az = d[dOffset + 2], aw = d[dOffset + 3];
  const bx = q[qo], by = q[qo + 1], bz = q[qo + 2], bw = q[qo + 3];
  q[qo] = aw * bx + ax * bw + ay * bz - az * by;
  q[qo + 1] = aw * by - ax * bz + ay * bw + az * bx;
  q[qo + 2] = aw * bz + ax * by - ay * bx + az * bw;
  q[qo + 3] = aw * bw - ax * bx - ay * by - az * bz;
}
