/**
 * What the motion rules take and give: their thresholds (the `ewzanim.motion.*` settings) and a
 * finding as plain data, which the lint turns into diagnostics and the preview draws as it is.
 */
import { KEYFRAME_SIZE, recordOffset } from '../clip';
import type { ByteRange } from '../diagnostics';

export type MotionCode = 'anim/pop' | 'anim/position-jump' | 'anim/static-clip' | 'anim/frozen-bones' | 'anim/repeated-frames';

export interface MotionOptions {
  /** A rotation step smaller than this never is a pop (degrees, default 60). */
  popMinDegrees: number;
  /** A pop or jump is a step this many times the bone's typical step around it, or more (default 5). */
  jumpRatio: number;
  /** Frames per second, only for the source rate the repeated-frames rule names (default 30). */
  frameRate: number;
  /** Names of the bones, bone 0 first (from the export record); "bone N" where absent. */
  boneNames?: readonly string[];
  /** Findings reported per code (default 20); the last one says how many more there are. */
  maxFindingsPerCode?: number;
}

export const DEFAULT_MOTION_OPTIONS: Readonly<MotionOptions> = Object.freeze({ popMinDegrees: 60, jumpRatio: 5, frameRate: 30 });

/** Frames on each side of a step that make its bone's typical step (the median of those 2 x 8 steps). */
export const MOTION_WINDOW = 8;
export const DEFAULT_MAX_FINDINGS_PER_CODE = 20;

export interface MotionFinding {
  code: MotionCode;
  /** The bone, for rules about one bone. */
  bone?: number;
  /** The bones involved (frozen bones). */
  bones?: number[];
  /** First and last frame involved (a pop: the frames either side of the step). */
  frames: [number, number];
  /** The keyframe bytes involved: the two records of a step, or the frames' records. */
  byteRange: ByteRange;
  /** What was found, what is expected and what to do. */
  message: string;
  /** The measured values (degrees, units, rates) behind the message. */
  data: Record<string, number | string>;
}

/** "bone 12 (LeftHand)", or "bone 12" without names. */
export function boneLabel(bone: number, names: readonly string[] | undefined): string {
  const name = names?.[bone];
  return name ? `bone ${bone} (${name})` : `bone ${bone}`;
}

export interface ClipShape {
  boneCount: number;
  frameCount: number;
}

/** Byte range of the record of `frame`, `bone`. */
export function recordRange(shape: ClipShape, frame: number, bone: number): ByteRange {
  const start = recordOffset(frame * shape.boneCount + bone);
  return { start, end: start + KEYFRAME_SIZE };
}

/** Byte range of the records of frames `[first, last]`, all bones. */
export function framesRange(shape: ClipShape, first: number, last: number): ByteRange {
  return { start: recordOffset(first * shape.boneCount), end: recordOffset((last + 1) * shape.boneCount) };
}

/** Rounded for a finding's data (3 places by default). */
export function rounded(value: number, places = 3): number {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}
