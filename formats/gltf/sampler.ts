/**
 * Sampling of glTF animation channels, exactly as the glTF 2.0 specification (section 3.11 and
 * Appendix C) defines it, and the frame grid the exporter samples on.
 *
 * - Before the first key a channel holds its first value; after the last, its last value.
 * - STEP: the value of the last key at or before t (a key exactly at t applies from t on).
 * - LINEAR: lerp for translation and scale; for rotations slerp along the shorter arc.
 * - CUBICSPLINE: each key stores in-tangent a, value v, out-tangent b. Between keys k and k+1,
 *   with td = t(k+1) - t(k) and s = (t - t(k)) / td:
 *   p(s) = (2s^3 - 3s^2 + 1) v(k) + td (s^3 - 2s^2 + s) b(k) + (-2s^3 + 3s^2) v(k+1) + td (s^3 - s^2) a(k+1)
 * - Rotations are normalised after every interpolation (and quantised keys on the way in).
 *
 * Key times are f32 in the file (and tools round them further: COLLADA-converted files carry
 * k/24 s off by a few 1e-8 s) while frame times are exact fractions f / fps, so "at a key" means
 * within `keyTimeTolerance(t, fps)`: a ten-thousandth of a frame, or 16 f32 ulps of t where
 * that is more. A key stored as f32(10/30) lies on frame 10 at 30 fps; a frame within the
 * tolerance of a key takes the key's value exactly.
 */
import { normalizeQuaternion, slerpShortest } from './transforms';

export type Interpolation = 'STEP' | 'LINEAR' | 'CUBICSPLINE';
export type TargetPath = 'translation' | 'rotation' | 'scale';

export const INTERPOLATIONS: readonly Interpolation[] = ['STEP', 'LINEAR', 'CUBICSPLINE'];

/** One channel's keys, ready to sample: times ascending, values denormalised. */
export interface KeyTrack {
  path: TargetPath;
  interpolation: Interpolation;
  times: Float64Array;
  /**
   * `width` components per element; CUBICSPLINE stores 3 elements per key (in-tangent, value,
   * out-tangent), the others one.
   */
  values: Float64Array;
  width: 3 | 4;
}

/** How far (seconds) a frame time may lie from a key time and still count as on it. */
export function keyTimeTolerance(t: number, fps: number): number {
  return Math.max(Math.abs(t) * 2 ** -20, 1e-4 / fps);
}

/**
 * The number of frames from t = 0 to `lastKeyTime` inclusive at `fps`: the smallest N such that
 * frame N - 1 (at (N - 1) / fps) is at or after the last key time (within the key tolerance).
 * When the last key time lies on the frame grid that frame samples it exactly; when it lies
 * between two frames, one more frame is added after it, which holds every channel's last value:
 * the pose at the last key time. So the last key is always sampled and no pose is invented.
 */
export function frameCountFor(lastKeyTime: number, fps: number): number {
  const limit = lastKeyTime - keyTimeTolerance(lastKeyTime, fps);
  let last = Math.max(0, Math.ceil(limit * fps));
  while (last > 0 && (last - 1) / fps >= limit) last--;
  while (last / fps < limit) last++;
  return last + 1;
}

/** The time of frame `f`: f / fps. */
export function frameTime(frame: number, fps: number): number {
  return frame / fps;
}

/**
 * Samples one track at increasing times in amortised O(1) (a cursor that moves forward; a
 * time earlier than the last one starts it over).
 */
export class TrackSampler {
  private key = 0;
  private lastTime = -Infinity;

  /** `fps` sets the tolerance within which a time counts as on a key (see `keyTimeTolerance`). */
  constructor(
    readonly track: KeyTrack,
    private readonly fps: number,
  ) {}

  private valueOffset(key: number): number {
    const { width } = this.track;
    return this.track.interpolation === 'CUBICSPLINE' ? (key * 3 + 1) * width : key * width;
  }

  private copyKey(key: number, out: Float64Array, offset: number): void {
    const from = this.valueOffset(key);
    for (let i = 0; i < this.track.width; i++) out[offset + i] = this.track.values[from + i];
  }

  /** Writes the track's value at time `t` to `out[offset..offset+width]`. */
  sample(t: number, out: Float64Array, offset: number): void {
    const { times, interpolation, path } = this.track;
    if (t < this.lastTime) this.key = 0;
    this.lastTime = t;
    const tolerance = keyTimeTolerance(t, this.fps);
    const last = times.length - 1;
    while (this.key < last && times[this.key + 1] <= t + tolerance) this.key++;
    const k = this.key;
    if (k === last || times[k] >= t - tolerance || times[0] > t + tolerance) {
      // On a key, after the last one, or before the first: that key's value as it is.
      this.copyKey(times[0] > t + tolerance ? 0 : k, out, offset);
    } else {
      const t0 = times[k], t1 = times[k + 1];
      const s = Math.min(1, Math.max(0, (t - t0) / (t1 - t0)));
      if (interpolation === 'STEP') this.copyKey(k, out, offset);
      else if (interpolation === 'LINEAR') this.linear(k, s, out, offset);
      else this.cubic(k, s, t1 - t0, out, offset);
    }
    if (path === 'rotation') normalizeQuaternion(out, offset);
  }

  private readonly qa = new Float64Array(4);
  private readonly qb = new Float64Array(4);
  private readonly qs = new Float64Array(4);

  private linear(k: number, s: number, out: Float64Array, offset: number): void {
    const { values, width, path } = this.track;
    const a = k * width, b = (k + 1) * width;
    if (path === 'rotation') {
      for (let i = 0; i < 4; i++) {
        this.qa[i] = values[a + i];
        this.qb[i] = values[b + i];
      }
      // Quantised keys need not be unit: slerp is defined between unit quaternions.
      normalizeQuaternion(this.qa);
      normalizeQuaternion(this.qb);
      slerpShortest(this.qs, this.qa, this.qb, s);
      for (let i = 0; i < 4; i++) out[offset + i] = this.qs[i];
      return;
    }
    for (let i = 0; i < width; i++) out[offset + i] = values[a + i] + s * (values[b + i] - values[a + i]);
  }

  private cubic(k: number, s: number, td: number, out: Float64Array, offset: number): void {
    const { values, width } = this.track;
    const s2 = s * s, s3 = s2 * s;
    const h00 = 2 * s3 - 3 * s2 + 1, h10 = td * (s3 - 2 * s2 + s), h01 = -2 * s3 + 3 * s2, h11 = td * (s3 - s2);
    const v0 = (k * 3 + 1) * width, b0 = (k * 3 + 2) * width;
    const a1 = (k + 1) * 3 * width, v1 = ((k + 1) * 3 + 1) * width;
    for (let i = 0; i < width; i++) {
      out[offset + i] = h00 * values[v0 + i] + h10 * values[b0 + i] + h01 * values[v1 + i] + h11 * values[a1 + i];
    }
  }
}
