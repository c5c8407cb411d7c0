/**
 * What a file check takes and gives: below `check.ts` (which dispatches) so that the manifest
 * and binary checks it dispatches to can name these without importing the dispatcher.
 */
import type { FormatDiagnostic } from './diagnostics';
import type { ClipRangeLinter } from './clipRangeLint';
import type { AssetKind, KindOptions } from './fileKinds';
import type { BoneNameLookup } from './motion/boneNames';
import type { MotionOptions } from './motion/motionOptions';
import { DEFAULT_MAX_KEYFRAME_PROBLEMS } from './problemCollector';
import type { AssetSummary } from './records';

export interface CheckOptions {
  /** Per-record problems reported per file before one summary diagnostic (default 100). */
  maxKeyframeProblems: number;
  /** Bytes read per piece while linting content (default 4 MiB; whole records). */
  chunkBytes?: number;
  /** Which extensions name MSH files (`fileKinds`); default `.msh` only. */
  kinds?: KindOptions;
  /** Clips: the motion rules' thresholds and bone names (`formats/motion/`); `false` skips them. */
  motion?: Partial<MotionOptions> | false;
  /** Clips: the joint names of a clip with a motion finding (the export record beside it); "bone N" without. */
  boneNamesOf?: BoneNameLookup;
  /** A large clip: where its frame ranges are linted at once (`clipRangeLint.ts`); this thread without. */
  rangeLinter?: ClipRangeLinter;
}

export const DEFAULT_CHECK_OPTIONS: CheckOptions = { maxKeyframeProblems: DEFAULT_MAX_KEYFRAME_PROBLEMS };

export interface FileCheckResult {
  path: string;
  /** 'unknown' only for a path whose extension no rule knows (with `file/unknown-kind`). */
  kind: AssetKind | 'unknown';
  diagnostics: FormatDiagnostic[];
  summary?: AssetSummary;
}
