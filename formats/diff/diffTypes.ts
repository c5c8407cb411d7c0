/** The vocabulary shared by every diff of the core: failures, spans, extremes and gates. */

/** Why two files could not be compared (stable codes, for the CLI's message and a future view). */
export type DiffFailureCode =
  /** Nothing (or a folder) at one path. */
  | 'diff/no-such-file'
  /** Reading one file failed. */
  | 'diff/unreadable'
  /** The two files are of different kinds (a clip and a mesh). */
  | 'diff/kind-mismatch'
  /** A kind with nothing to compare by meaning (packed ROMs, manifests) or an unknown file. */
  | 'diff/unsupported'
  /** A header too short or unusable (zero bones or frames, the legacy clip layout, no NRes model). */
  | 'diff/bad-header';

export interface DiffFailure {
  failure: { code: DiffFailureCode; message: string };
}

export function diffFailure(code: DiffFailureCode, message: string): DiffFailure {
  return { failure: { code, message } };
}

export function isDiffFailure(value: unknown): value is DiffFailure {
  return typeof value === 'object' && value !== null && 'failure' in value;
}

/** Half-open `[start, end)` of indices (bones, frames, vertices, keys). */
export interface IndexSpan {
  start: number;
  end: number;
}

/** A count that differs between the two files: what the header (or the layout) says on each side. */
export interface CountChange {
  field: string;
  a: number;
  b: number;
}

/** The span `[common, count)` when `count` exceeds the common range, else undefined. */
export function spanPast(common: number, count: number): IndexSpan | undefined {
  return count > common ? { start: common, end: count } : undefined;
}

/** The thresholds of `ewzanim diff --max-angle/--max-position/--max-scale`: above one fails. */
export interface DiffGates {
  /** Degrees. */
  maxAngle?: number;
  /** File units (clip and MSH positions, mesh positions, skeleton translations). */
  maxPosition?: number;
  /** Ratio, 1 or more (1.01 allows 1% either way). */
  maxScale?: number;
}

/** The largest difference of one measure over the compared range, where it is; index -1 when none. */
export interface Extreme {
  value: number;
  /** Bone, vertex, node... (what the diff compares by). */
  index: number;
  /** Frame or key (clips, MSH); -1 where there is no second axis. */
  frame: number;
}

export const NO_EXTREME: Readonly<Extreme> = { value: 0, index: -1, frame: -1 };
