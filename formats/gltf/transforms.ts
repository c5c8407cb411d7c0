/**
 * Double-precision transform arithmetic for the exporter: glTF's column-major 4x4 matrices,
 * local = T * R * S, global = parent global * local (gl-matrix on Float64Array), and the
 * decomposition of a global matrix back into translation, rotation and scale.
 */
import { mat3, mat4, quat } from 'gl-matrix';

/** translation xyz, rotation xyzw, scale xyz: one node's TRS in 10 doubles. */
export const TRS_SIZE = 10;
export const T = 0;
export const R = 3;
export const S = 7;

export function identityTrs(out: Float64Array = new Float64Array(TRS_SIZE), offset = 0): Float64Array {
  out.fill(0, offset, offset + TRS_SIZE);
  out[offset + R + 3] = 1;
  out[offset + S] = out[offset + S + 1] = out[offset + S + 2] = 1;
  return out;
}

const scratchQ = new Float64Array(4);

/** T * R * S of the TRS at `trs[offset..]` into `out` (the rotation normalised first). */
export function composeTrs(out: Float64Array, trs: Float64Array, offset = 0): Float64Array {
  const x = trs[offset + R], y = trs[offset + R + 1], z = trs[offset + R + 2], w = trs[offset + R + 3];
  const length = Math.hypot(x, y, z, w);
  scratchQ[0] = x / length;
  scratchQ[1] = y / length;
  scratchQ[2] = z / length;
  scratchQ[3] = w / length;
  return mat4.fromRotationTranslationScale(out, scratchQ, trs.subarray(offset + T, offset + T + 3), trs.subarray(offset + S, offset + S + 3)) as Float64Array;
}

export function multiply(out: Float64Array, a: Float64Array, b: Float64Array): Float64Array {
  return mat4.multiply(out, a, b) as Float64Array;
}

/** Normalises the quaternion at `q[offset..offset+4]` in place; returns its former length. */
export function normalizeQuaternion(q: Float64Array | number[], offset = 0): number {
  const length = Math.hypot(q[offset], q[offset + 1], q[offset + 2], q[offset + 3]);
  if (length > 0) for (let i = 0; i < 4; i++) q[offset + i] /= length;
  return length;
}

const rotationPart = new Float64Array(9);

/**
 * Splits the affine matrix `m` (column-major 4x4) into `out` = [t, q, s] (TRS layout). Scale is
 * the length of each basis column, negated on x when the matrix mirrors (negative determinant),
 * so that the remaining rotation is proper; a zero column is rebuilt from the other two (or the
 * rotation is the identity when two are zero). With shear (a non-uniformly scaled parent of a
 * rotated child) no TRS equals `m`: the result is the rotation of the normalised columns, and
 * the quantisation report measures the difference as the shear contribution.
 */
export function decomposeAffine(m: ArrayLike<number>, out: Float64Array, offset = 0): Float64Array {
  out[offset + T] = m[12];
  out[offset + T + 1] = m[13];
  out[offset + T + 2] = m[14];
  let sx = Math.hypot(m[0], m[1], m[2]);
  const sy = Math.hypot(m[4], m[5], m[6]);
  const sz = Math.hypot(m[8], m[9], m[10]);
  const det = m[0] * (m[5] * m[10] - m[6] * m[9]) - m[4] * (m[1] * m[10] - m[2] * m[9]) + m[8] * (m[1] * m[6] - m[2] * m[5]);
  if (det < 0) sx = -sx;
  out[offset + S] = sx;
  out[offset + S + 1] = sy;
  out[offset + S + 2] = sz;
  const scales = [sx, sy, sz];
  const zero = scales.map((s) => !(Math.abs(s) > 0));
  const zeros = zero.filter(Boolean).length;
  if (zeros >= 2 || !Number.isFinite(sx * sy * sz)) {
    out.set([0, 0, 0, 1], offset + R);
    return out;
  }
  for (let c = 0; c < 3; c++) {
    for (let r = 0; r < 3; r++) rotationPart[c * 3 + r] = zero[c] ? 0 : m[c * 4 + r] / scales[c];
  }
  if (zeros === 1) {
    // The missing column is the cross product of the next two (x = y cross z, y = z cross x, z = x cross y).
    const c = zero.indexOf(true);
    const a = ((c + 1) % 3) * 3, b = ((c + 2) % 3) * 3;
    rotationPart[c * 3] = rotationPart[a + 1] * rotationPart[b + 2] - rotationPart[a + 2] * rotationPart[b + 1];
    rotationPart[c * 3 + 1] = rotationPart[a + 2] * rotationPart[b] - rotationPart[a] * rotationPart[b + 2];
    rotationPart[c * 3 + 2] = rotationPart[a] * rotationPart[b + 1] - rotationPart[a + 1] * rotationPart[b];
  }
  const q = quat.fromMat3(scratchQ, rotationPart as unknown as mat3) as Float64Array;
  normalizeQuaternion(q);
  out.set(q, offset + R);
  return out;
}

/** Spherical interpolation along the shorter arc (glTF LINEAR for rotations); `out` may alias. */
export function slerpShortest(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, s: number): Float64Array {
  return quat.slerp(out, a as quat, b as quat, s) as Float64Array;
}
