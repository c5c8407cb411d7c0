/**
 * How far apart two decoded values are, in the units people think in: a rotation as the angle
 * between two quaternions (degrees), a position as a distance, a scale as a ratio (1 = equal).
 * Every measure is 0 (ratio 1) for equal inputs, never NaN: a non-finite input on one side only
 * is infinitely far.
 */

const DEGREES_PER_RADIAN = 180 / Math.PI;

/**
 * The angle in degrees (0..180) of the rotation from quaternion `a` to `b`, each read as x y z w
 * at `ai` / `bi` and normalised first (a decoded smallest-three word is not quite unit). `q` and
 * `-q` are the same rotation.
 */
export function rotationAngleDeg(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number {
  const ax = a[ai], ay = a[ai + 1], az = a[ai + 2], aw = a[ai + 3];
  const bx = b[bi], by = b[bi + 1], bz = b[bi + 2], bw = b[bi + 3];
  if (ax === bx && ay === by && az === bz && aw === bw) return 0;
  const norms = Math.sqrt((ax * ax + ay * ay + az * az + aw * aw) * (bx * bx + by * by + bz * bz + bw * bw));
  if (!(norms > 0) || !Number.isFinite(norms)) return Infinity;
  const cosine = Math.min(1, Math.abs(ax * bx + ay * by + az * bz + aw * bw) / norms);
  return 2 * Math.acos(cosine) * DEGREES_PER_RADIAN;
}

/** Euclidean distance between the 3-vectors at `ai` and `bi`; Infinity when it is not finite. */
export function distance3(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number {
  const dx = a[ai] - b[bi], dy = a[ai + 1] - b[bi + 1], dz = a[ai + 2] - b[bi + 2];
  if (dx === 0 && dy === 0 && dz === 0) return 0;
  const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
  return Number.isFinite(d) ? d : sameBits3(a, ai, b, bi) ? 0 : Infinity;
}

/** Euclidean distance between the 2-vectors at `ai` and `bi` (UVs). */
export function distance2(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number {
  const d = Math.hypot(a[ai] - b[bi], a[ai + 1] - b[bi + 1]);
  return Number.isFinite(d) ? d : Infinity;
}

/** NaN equals NaN here: the same stored value on both sides. */
function sameBits3(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): boolean {
  for (let k = 0; k < 3; k++) if (!Object.is(a[ai + k], b[bi + k])) return false;
  return true;
}

/** `max(y/x, x/y)` of one axis: 1 when equal, Infinity without a ratio (a sign flip, a zero, a non-finite value). */
function axisRatio(x: number, y: number): number {
  if (x === y) return 1;
  const ratio = x / y;
  if (ratio > 0 && ratio !== Infinity) return ratio >= 1 ? ratio : 1 / ratio;
  return Number.isNaN(x) && Number.isNaN(y) ? 1 : Infinity;
}

/**
 * The scale ratio of two 3-vectors: the largest per-axis `max(b/a, a/b)`, so 1 means equal and
 * 1.01 a 1% change either way. A sign flip (a mirror), a zero on one side or a non-finite value
 * has no ratio: Infinity.
 */
export function scaleRatio(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number {
  return Math.max(axisRatio(a[ai], b[bi]), axisRatio(a[ai + 1], b[bi + 1]), axisRatio(a[ai + 2], b[bi + 2]));
}

/** The angle in degrees (0..180) between two 3-vectors (normals); 0 when both are zero, 180 when one is. */
export function vectorAngleDeg(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number {
  const ax = a[ai], ay = a[ai + 1], az = a[ai + 2], bx = b[bi], by = b[bi + 1], bz = b[bi + 2];
  if (ax === bx && ay === by && az === bz) return 0;
  const norms = Math.sqrt((ax * ax + ay * ay + az * az) * (bx * bx + by * by + bz * bz));
  if (!(norms > 0)) return 180;
  const cosine = Math.max(-1, Math.min(1, (ax * bx + ay * by + az * bz) / norms));
  return Math.acos(cosine) * DEGREES_PER_RADIAN;
}
