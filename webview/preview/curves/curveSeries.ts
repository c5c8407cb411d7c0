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
  return { bone, frames, values, plotted: [angle, ...unwrapEulerDegrees(ex, ey, ez), px, py, pz, sx, sy, sz] };
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
 * two points per pixel column, the column's extremes in the order they occur (so the line
 * sweeps from one to the other and a one-frame spike stays visible at any zoom). `frames` holds
 * each point's frame (a column's two points: its first and its last frame).
 */
export interface CurveEnvelope {
  frames: number[];
  /** Per channel (`CURVE_CHANNELS` order), one value per point. */
  values: number[][];
  /** Whether points are column extremes (true) or every frame (false). */
  reduced: boolean;
}

/**
 * The envelope of what `curves` draws (`plotted`) over frames `first..last` (clamped to the clip) in `columns` pixel
 * columns. Column c holds frames [first + floor(c·n/columns), first + floor((c+1)·n/columns)),
 * n frames in all: each frame in exactly one column.
 */
export function curveEnvelope(curves: BoneCurves, first: number, last: number, columns: number): CurveEnvelope {
  const lo = Math.max(0, Math.floor(first));
  const hi = Math.min(curves.frames - 1, Math.ceil(last));
  const n = hi - lo + 1;
  const width = Math.max(1, Math.floor(columns));
  const drawn = curves.plotted;
  if (n <= 0) return { frames: [], values: drawn.map(() => []), reduced: false };
  if (n <= width) {
    const frames = Array.from({ length: n }, (_, i) => lo + i);
    return { frames, values: drawn.map((v) => Array.from(v.subarray(lo, hi + 1))), reduced: false };
  }
  const frames = new Array<number>(2 * width);
  for (let c = 0; c < width; c++) {
    frames[2 * c] = lo + Math.floor((c * n) / width);
    frames[2 * c + 1] = lo + Math.floor(((c + 1) * n) / width) - 1;
  }
  return { frames, values: drawn.map((v) => columnExtremes(v, frames)), reduced: true };
}

/**
 * For each column [frames[2c], frames[2c + 1]] of `v`: its min and max, the earlier-occurring
 * one first (NaN is skipped; a column of NaN only gives NaN twice).
 */
function columnExtremes(v: Float64Array, frames: readonly number[]): number[] {
  const out = new Array<number>(frames.length);
  for (let c = 0; c < frames.length; c += 2) {
    const start = frames[c];
    const end = frames[c + 1] + 1;
    let min = Infinity;
    let max = -Infinity;
    let minAt = start;
    let maxAt = start;
    for (let i = start; i < end; i++) {
      const x = v[i];
      if (x < min) { min = x; minAt = i; }
      if (x > max) { max = x; maxAt = i; }
    }
    if (min > max) { out[c] = NaN; out[c + 1] = NaN; }
    else if (minAt <= maxAt) { out[c] = min; out[c + 1] = max; }
    else { out[c] = max; out[c + 1] = min; }
  }
  return out;
}
