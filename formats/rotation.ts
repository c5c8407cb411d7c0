/**
 * Smallest-three quaternion packing, bit-exact with the upstream encoder/decoder
 * (`encode_quat_smallest_three` / `decode_quat_smallest_three`): every step is f32 arithmetic,
 * so every JavaScript operation is followed by `Math.fround`. Plain doubles give a different word
 * for roughly 1 in 10,000 random quaternions.
 *
 * Bits: [31:22] a, [21:12] b, [11:2] c, [1:0] index of the dropped (largest) component.
 */
import { lazyFloat32Table } from './bytes';
import type { Quaternion } from './records';

const fr = Math.fround;

/** `std::f32::consts::SQRT_2`. */
const SQRT_2 = fr(Math.SQRT2);
const SCALE = 511.5;
/** `1.0 / 511.5` evaluated in f32. */
const INV_SCALE = fr(1 / SCALE);
/** `1.0 / SQRT_2` evaluated in f32. */
const INV_SQRT_2 = fr(1 / SQRT_2);

/** Distance between two neighbouring decoded component values (1/(511.5*sqrt 2) ~ 0.001382). */
export const ROTATION_QUANT_STEP = fr(INV_SCALE * INV_SQRT_2);

/**
 * Worst-case angle (radians) between a unit quaternion and the decoded form of its encoding.
 *
 * Derivation: each stored component is rounded to the nearest of 1024 levels, so its error is at
 * most half a step, h = ROTATION_QUANT_STEP / 2 (no clamping happens: the three smallest
 * components of a unit quaternion lie within +-1/sqrt 2). The error vector e of the three stored
 * components has |e| <= sqrt(3) h. The dropped component d = sqrt(1 - |s|^2) is the largest, so
 * d >= 1/2; rebuilding it moves it by about -(s.e)/d, so the 4D distance between the original
 * and the decoded quaternion is at most |e| sqrt(1 + |s|^2/d^2) <= 2|e| (|s|^2/d^2 <= 3). The
 * rotation angle is twice the 4D angle: <= 4 |e| = 2 sqrt(3) * step ~ 0.00479 rad (0.274
 * degrees). A 5% margin covers second-order terms and f32 rounding. The tests check 100,000
 * seeded random unit quaternions against it (worst 0.0040 rad; 0.0044 rad over 2 million),
 * the worst cases near (0.5, 0.5, 0.5, 0.5) where the bound is tight.
 */
export const ROTATION_MAX_ANGLE_ERROR_RAD = 2 * Math.sqrt(3) * ROTATION_QUANT_STEP * 1.05;

/** Quantise one stored component: round((v*SQRT_2 + 1) * 511.5), f32 steps, half away from zero, saturating to 0..1023. */
function quantise(v: number): number {
  const scaled = fr(fr(fr(v * SQRT_2) + 1) * SCALE);
  // Rust's `as u32` maps negatives and NaN to 0; round-half-away-from-zero of a positive f32 is
  // floor(x + 0.5), exact in double for these magnitudes.
  if (!(scaled > 0)) return 0;
  const rounded = Math.floor(scaled + 0.5);
  return rounded > 1023 ? 1023 : rounded;
}

/** Pack a quaternion (components rounded to f32 first, as the upstream input is `[f32; 4]`). */
export function encodeRotation(q: Quaternion | ArrayLike<number>): number {
  const x = fr(q[0]);
  const y = fr(q[1]);
  const z = fr(q[2]);
  const w = fr(q[3]);
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  const aw = Math.abs(w);
  // Strict `>` in the order x, y, z, else w: on a tie the higher index is dropped.
  const index = ax > ay && ax > az && ax > aw ? 0 : ay > az && ay > aw ? 1 : az > aw ? 2 : 3;
  const components = [x, y, z, w];
  const sign = components[index] < 0 ? -1 : 1;
  const kept: number[] = [];
  for (let i = 0; i < 4; i++) if (i !== index) kept.push(components[i] * sign);
  return ((quantise(kept[0]) << 22) | (quantise(kept[1]) << 12) | (quantise(kept[2]) << 2) | index) >>> 0;
}

/** Decoded value of one 10-bit field: (q * (1/511.5) - 1) * (1/SQRT_2), f32 steps. */
export function decodeRotationField(field: number): number {
  return fr(fr(fr(field * INV_SCALE) - 1) * INV_SQRT_2);
}

/** `((1 - a*a) - b*b) - c*c` in f32, exactly as the decoder computes it before `max(0)` and `sqrt`. */
export function rotationRadicand(word: number): number {
  const a = decodeRotationField((word >>> 22) & 0x3ff);
  const b = decodeRotationField((word >>> 12) & 0x3ff);
  const c = decodeRotationField((word >>> 2) & 0x3ff);
  return fr(fr(fr(1 - fr(a * a)) - fr(b * b)) - fr(c * c));
}

/**
 * The sum of the three stored components squared, as the decoder effectively sees it:
 * `1 - radicand` (exact in double). Above 1 exactly when the decoder clamps the dropped
 * component to 0, i.e. when the word decodes to a non-unit quaternion.
 */
export function rotationSquareSum(word: number): number {
  return 1 - rotationRadicand(word);
}

/** True when the stored components square-sum above 1 (the decoded quaternion is not unit length). */
export function isNonUnitRotation(word: number): boolean {
  return rotationRadicand(word) < 0;
}

/** Unpack a word to [x, y, z, w] f32 values, not renormalised. Writes into `out` when given. */
export function decodeRotation<T extends Float32Array | number[] = Quaternion>(word: number, out?: T): T {
  const a = decodeRotationField((word >>> 22) & 0x3ff);
  const b = decodeRotationField((word >>> 12) & 0x3ff);
  const c = decodeRotationField((word >>> 2) & 0x3ff);
  const radicand = fr(fr(fr(1 - fr(a * a)) - fr(b * b)) - fr(c * c));
  const largest = fr(Math.sqrt(radicand > 0 ? radicand : 0));
  const q = (out ?? [0, 0, 0, 0]) as T;
  switch (word & 3) {
    case 0: q[0] = largest; q[1] = a; q[2] = b; q[3] = c; break;
    case 1: q[0] = a; q[1] = largest; q[2] = b; q[3] = c; break;
    case 2: q[0] = a; q[1] = b; q[2] = largest; q[3] = c; break;
    default: q[0] = a; q[1] = b; q[2] = c; q[3] = largest; break;
  }
  return q;
}

/** Decoded value of each of the 1024 field values (4 KiB), for the bulk paths. */
export const rotationFieldTable: () => Float32Array = lazyFloat32Table(1024, decodeRotationField);

/** f32 square of each decoded field value. */
export const rotationSquareTable: () => Float32Array = lazyFloat32Table(1024, (q) => fr(decodeRotationField(q) * decodeRotationField(q)));

/**
 * `1 - a*a` in f32 for each field value. The decoder's radicand is then
 * `fround(fround(oneMinus[a] - square[b]) - square[c])`, and because the difference of two f32
 * values never rounds to zero, a word is non-unit exactly when
 * `fround(oneMinus[a] - square[b]) < square[c]`.
 */
export const rotationOneMinusSquareTable: () => Float32Array = lazyFloat32Table(1024, (q) => fr(1 - rotationSquareTable()[q]));
