/** The messages between `WorkerCheckPool` and its workers (`checkWorker.ts`). */
import type { BinaryFileCheck } from '../formats/checkBinaryFile';
import type { BinaryKind } from '../formats/checkBytes';
import type { ClipRangeRequest, ClipRangeResult } from '../formats/clipRangeLint';
import type { PooledCheckOptions } from '../formats/checkPool';
import type { FileStat } from '../formats/fileAccess';
import type { BindPose } from '../formats/manifest/bindPose';
import type { PooledFile, PooledFileCheck } from '../formats/checkPool';

export interface CheckRequest {
  id: number;
  path: string;
  kind: BinaryKind;
  stat: FileStat;
  options: PooledCheckOptions;
}

/** The skeletons later checks judge clips against (replacing those sent before). */
export interface BindPosesMessage {
  bindPoses: readonly BindPose[];
}

/** Frames of one large clip to lint (`formats/clipRangeLint.ts`), the rest of it linted by other workers. */
export interface ClipRangeMessage {
  id: number;
  path: string;
  clipRange: ClipRangeRequest;
}

/**
 * Whole files to check in one message, each stat and all, as `checkFileOnce` checks them; a clip
 * of `splitFrom` bytes or more is left to the pool (its ranges go to every worker).
 */
export interface CheckFilesRequest {
  id: number;
  files: readonly PooledFile[];
  options: PooledCheckOptions;
  splitFrom: number;
}

export type WorkerMessage = CheckRequest | BindPosesMessage | ClipRangeMessage | CheckFilesRequest;

/** A check's answer, a range's, a batch's (null: a file left to the pool), or why it failed. */
export type CheckReply =
  | { id: number; checked: BinaryFileCheck; range?: undefined; checks?: undefined; error?: undefined }
  | { id: number; range: ClipRangeResult; checked?: undefined; checks?: undefined; error?: undefined }
  | { id: number; checks: (PooledFileCheck | null)[]; checked?: undefined; range?: undefined; error?: undefined }
  | { id: number; error: string; checked?: undefined; range?: undefined; checks?: undefined };
