/**
 * The mixer's arithmetic on flat arrays (no objects, so an update allocates nothing): spherical
 * interpolation of quaternions along the shorter arc, and normalisation. A double passed as an
 * argument to a call V8 does not inline is boxed (a heap allocation per call), so the blend
 * factor is read from a Float64Array slot instead of passed by value.
 */

/** Below this angle's cosine distance, slerp's sin(theta) is too small to divide by: lerp, then normalise. */
const NEARLY_PARALLEL = 1 - 1e-6;

/**
 * Writes slerp(a, b, t) along the shorter arc into `out[o..o+4]`, t = `factors[fi]`; a and b are
 * read from `a[ao..]` and `b[bo..]` (out may alias a). If b is on the far hemisphere (dot < 0) it is
 * negated first, so the blend never takes the long way round. Not normalised here: quaternions
 * decoded from smallest-three are within ~1e-3 of unit, and the mixer normalises its result.
 */
export function slerpShortest(a: Float32Array, ao: number, b: Float32Array, bo: number, factors: Float64Array, fi: number, out: Float32Array, o: number): void {
  const t = factors[fi];
  const ax = a[ao], ay = a[ao + 1], az = a[ao + 2], aw = a[ao + 3];
  let bx = b[bo], by = b[bo + 1], bz = b[bo + 2], bw = b[bo + 3];
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx; by = -by; bz = -bz; bw = -bw;
  }
  let s0: number;
  let s1: number;
  if (cos >= NEARLY_PARALLEL) {
    s0 = 1 - t;
    s1 = t;
  } else {
    const theta = Math.acos(cos);
    const sin = Math.sqrt(1 - cos * cos);
    s0 = Math.sin((1 - t) * theta) / sin;
    s1 = Math.sin(t * theta) / sin;
  }
  out[o] = s0 * ax + s1 * bx;
  out[o + 1] = s0 * ay + s1 * by;
  out[o + 2] = s0 * az + s1 * bz;
  out[o + 3] = s0 * aw + s1 * bw;
}

/** Scales `q[o..o+4]` to unit length (the identity for a zero quaternion). */
export function normalizeQuaternion(q: Float32Array, o: number): void {
  // Not Math.hypot: a builtin call would box its four arguments (an allocation per bone).
  const length = Math.sqrt(q[o] * q[o] + q[o + 1] * q[o + 1] + q[o + 2] * q[o + 2] + q[o + 3] * q[o + 3]);
  if (!(length > 0) || !Number.isFinite(length)) {
    q[o] = 0; q[o + 1] = 0; q[o + 2] = 0; q[o + 3] = 1;
    return;
  }
  q[o] /= length; q[o + 1] /= length; q[o + 2] /= length; q[o + 3] /= length;
}
