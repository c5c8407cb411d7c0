/**
 * A bone's motion as curves, without the DOM: every channel's value at every frame (decoded once
 * per bone through the core), and the per-pixel-column min/max envelope of a frame range that the
 * Curves panel draws, so that 65,535 frames cost as much to draw as the panel is wide.
 */
import { f16LookupTable } from '../../../formats/f16';
import { keyframeOffset } from '../../../formats/clip';
import { readU16LE, readU32LE } from '../../../formats/bytes';
import { decodeRotation } from '../../../formats/rotation';
import { unwrapEulerDegrees } from './eulerUnwrap';
import { ExtremaPyramid, PyramidLayout } from './extremaPyramid';

export type CurveGroup = 'rotation' | 'position' | 'scale';

export interface CurveChannel {
  /** Stable key ("euler.x"); also the series' label. */
  key: string;
  label: string;
  group: CurveGroup;
  /** Which colour: the axis (x red, y green, z blue, as the triad) or the angle's. */
  axis: 'x' | 'y' | 'z' | 'angle';
  unit: string;
}

/**
 * The channels, in the order of `BoneCurves.values`: the rotation as the angle from the first
 * frame and as Euler XYZ (the hover's convention, R = Rx·Ry·Rz), then position and scale x y z.
 */
export const CURVE_CHANNELS: readonly CurveChannel[] = [
  { key: 'angle', label: 'angle from frame 0', group: 'rotation', axis: 'angle', unit: '°' },
  { key: 'euler.x', label: 'Euler x', group: 'rotation', axis: 'x', unit: '°' },
  { key: 'euler.y', label: 'Euler y', group: 'rotation', axis: 'y', unit: '°' },
  { key: 'euler.z', label: 'Euler z', group: 'rotation', axis: 'z', unit: '°' },
  { key: 'position.x', label: 'position x', group: 'position', axis: 'x', unit: '' },
  { key: 'position.y', label: 'position y', group: 'position', axis: 'y', unit: '' },
  { key: 'position.z', label: 'position z', group: 'position', axis: 'z', unit: '' },
  { key: 'scale.x', label: 'scale x', group: 'scale', axis: 'x', unit: '' },
  { key: 'scale.y', label: 'scale y', group: 'scale', axis: 'y', unit: '' },
  { key: 'scale.z', label: 'scale z', group: 'scale', axis: 'z', unit: '' },
];

/** Indices into `CURVE_CHANNELS` of each group's channels. */
export function channelsOf(group: CurveGroup): number[] {
  return CURVE_CHANNELS.flatMap((channel, i) => (channel.group === group ? [i] : []));
}

/**
 * One bone's channels over the whole clip: `values[channel][frame]` as the hover reads them, and
 * `plotted`, what is drawn: the same arrays but for the Euler angles, unwrapped along frames
 * (eulerUnwrap.ts) so that a turn through ±180° draws without a jump.
 */
export interface BoneCurves {
  bone: number;
  frames: number;
  values: Float64Array[];
  plotted: Float64Array[];
  /** Per drawn channel (`plotted`), its min/max pyramid: what an envelope is read from. */
  extremes: ExtremaPyramid[];
}

/** A bone's curves from its channels, each drawn channel's pyramid built (once per decode). */
export function boneCurves(bone: number, values: Float64Array[], plotted: Float64Array[]): BoneCurves {
  const frames = values[0]?.length ?? 0;
  const layout = new PyramidLayout(frames);
  return { bone, frames, values, plotted, extremes: plotted.map((channel) => new ExtremaPyramid(channel, layout)) };
}

export interface ClipShape {
  boneCount: number;
  frameCount: number;
}

const DEG = 180 / Math.PI;

/**
 * Decodes `bone`'s record at every frame of the clip (`clip`: the whole file, header first). The
 * rotation's angle and Euler angles are `rotationAngleBetween` and `eulerDegrees` of
 * formats/rotationMath.ts (the hover's), computed inline here: 65,535 frames without allocating.
 */
export function decodeBoneCurves(clip: Uint8Array, shape: ClipShape, bone: number): BoneCurves {
  const frames = shape.frameCount;
  const values = CURVE_CHANNELS.map(() => new Float64Array(frames));
  const [angle, ex, ey, ez, px, py, pz, sx, sy, sz] = values;
  const half = f16LookupTable();
  const q = new Float32Array(4);
  let fx = 0, fy = 0, fz = 0, fw = 1;
  for (let frame = 0; frame < frames; frame++) {
    const at = keyframeOffset(shape, frame, bone);
    decodeRotation(readU32LE(clip, at), q);
    // normalised() of rotationMath.ts: a zero or non-finite quaternion is the identity.
    const length = Math.hypot(q[0], q[1], q[2], q[3]);
    const ok = length > 0 && Number.isFinite(length);
    const x = ok ? q[0] / length : 0, y = ok ? q[1] / length : 0, z = ok ? q[2] / length : 0, w = ok ? q[3] / length : 1;
    if (frame === 0) [fx, fy, fz, fw] = [x, y, z, w];
    angle[frame] = 2 * Math.acos(Math.min(1, Math.abs(fx * x + fy * y + fz * z + fw * w))) * DEG;
    eulerInto(x, y, z, w, frame, ex, ey, ez);
    px[frame] = half[readU16LE(clip, at + 4)];
    py[frame] = half[readU16LE(clip, at + 6)];
    pz[frame] = half[readU16LE(clip, at + 8)];
    sx[frame] = half[readU16LE(clip, at + 10)];
    sy[frame] = half[readU16LE(clip, at + 12)];
    sz[frame] = half[readU16LE(clip, at + 14)];
  }
  return boneCurves(bone, values, [angle, ...unwrapEulerDegrees(ex, ey, ez), px, py, pz, sx, sy, sz]);
}

/** `eulerDegrees` of the unit quaternion (x, y, z, w) into the three arrays at `i`. */
function eulerInto(x: number, y: number, z: number, w: number, i: number, ex: Float64Array, ey: Float64Array, ez: Float64Array): void {
  const r02 = 2 * (x * z + w * y);
  const sinY = Math.max(-1, Math.min(1, r02));
  ey[i] = Math.asin(sinY) * DEG;
  if (Math.abs(sinY) > 1 - 1e-9) {
    ex[i] = Math.atan2(2 * (y * z + w * x), 1 - 2 * (x * x + z * z)) * DEG;
    ez[i] = 0;
    return;
  }
  ex[i] = Math.atan2(-(2 * (y * z - w * x)), 1 - 2 * (x * x + y * y)) * DEG;
  ez[i] = Math.atan2(-(2 * (x * y - w * z)), 1 - 2 * (y * y + z * z)) * DEG;
}

/**
 * What is drawn for frames `first..last`: one point per frame when they fit the columns, else
 * two points per pixel column (bucketColumns), the column's extremes in the order they occur (so
 * the line sweeps from one to the other and a one-frame spike stays visible at any zoom).
 * `frames` holds each point's frame (a column's two points: its first and its last frame).
 */
export interface CurveEnvelope {
  frames: number[];
  /** Per channel (`CURVE_CHANNELS` order), one value per point. */
  values: number[][];
  /** Whether points are column extremes (true) or every frame (false). */
  reduced: boolean;
}

/**
 * The envelope of what `curves` draws (`plotted`) over frames `first..last` (clamped to the clip)
 * in `columns` pixel columns. With more frames than columns (n), pixel column c holds frames
 * [first + floor(c·n/columns), first + floor((c+1)·n/columns)), and its envelope the frames of
 * the buckets that begin in it (bucketColumns): the buckets of 2^k frames counted from frame 0,
 * 2^k the widest power of two no wider than a column, the first and last cut at the view's
 * ends. Each frame is in exactly one column, a column's ends are its pixel column's moved later
 * to the bucket grid (by under 2^k frames, under a pixel), and a column is one or two whole
 * buckets read from the pyramid (extremaPyramid.ts) without touching the samples, only the
 * view's two cut buckets being scanned (and, under 8 frames a bucket, below the pyramid's finest
 * level, a column's frames): the same values, in the same order, as a scan of its frames.
 */
export function curveEnvelope(curves: BoneCurves, first: number, last: number, columns: number): CurveEnvelope {
  return curveEnvelopes([curves], first, last, columns)[0]!;
}

/**
 * The columns of frames `lo..hi` (n > width frames) for `width` pixel columns: `level` k, where
 * 2^k·width <= n < 2^(k+1)·width, and per column its first and last frame in `frames`: from the
 * first multiple of 2^k in its pixel column (the view's first frame for the first column) to the
 * frame before the next column's (the view's last frame for the last). Every pixel column is at
 * least 2^k frames wide, so it holds one such multiple: `width` columns, none empty.
 */
export function bucketColumns(lo: number, hi: number, width: number): { level: number; frames: number[] } {
  const n = hi - lo + 1;
  let level = 0;
  while (2 ** (level + 1) * width <= n) level++;
  const size = 2 ** level;
  const columnStart = (c: number): number => (c === 0 ? lo : Math.ceil((lo + Math.floor((c * n) / width)) / size) * size);
  const frames = new Array<number>(2 * width);
  for (let c = 0, start = lo; c < width; c++) {
    const next = c + 1 < width ? columnStart(c + 1) : hi + 1;
    frames[2 * c] = start;
    frames[2 * c + 1] = next - 1;
    start = next;
  }
  return { level, frames };
}

/**
 * `curveEnvelope` of each of `bones` (all of one clip: as many frames; undefined: none), the
 * columns worked out once for all.
 */
export function curveEnvelopes(bones: readonly (BoneCurves | undefined)[], first: number, last: number, columns: number): (CurveEnvelope | undefined)[] {
  const shape = bones.find((b) => b !== undefined);
  if (!shape) return bones.map(() => undefined);
  const lo = Math.max(0, Math.floor(first));
  const hi = Math.min(shape.frames - 1, Math.ceil(last));
  const n = hi - lo + 1;
  const width = Math.max(1, Math.floor(columns));
  if (n <= 0) return bones.map((b) => b && { frames: [], values: b.plotted.map(() => []), reduced: false });
  if (n <= width) {
    const frames = Array.from({ length: n }, (_, i) => lo + i);
    return bones.map((b) => b && { frames, values: b.plotted.map((v) => Array.from(v.subarray(lo, hi + 1))), reduced: false });
  }
  const { level, frames } = bucketColumns(lo, hi, width);
  return bones.map((b) => b && {
    frames,
    values: b.extremes.map((pyramid) => {
      const out = new Array<number>(frames.length).fill(0);
      pyramid.columnExtremes(frames, level, out);
      return out;
    }),
    reduced: true,
  });
}
