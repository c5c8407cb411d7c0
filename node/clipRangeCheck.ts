/**
 * A large clip checked on the calling thread (its header) with its frame ranges linted by the
 * pool's workers at once and merged (`formats/clipRangeLint.ts`), answered as a worker answers
 * (`compactForTransfer`). Loaded by
 * `checkPool.ts` only when a clip is that large, so a pool of small checks loads none of the
 * check's modules on its own thread.
 */
import { checkBinaryFile, type BinaryFileCheck } from '../formats/checkBinaryFile';
import type { PooledCheckOptions } from '../formats/checkPool';
import { recordsByteLength } from '../formats/clip';
import { lintClipRange, type ClipRangeLinter, type ClipRangeRequest, type ClipRangeResult } from '../formats/clipRangeLint';
import { byteSourceOf, type FileStat } from '../formats/fileAccess';
import { compactForTransfer } from '../formats/manifest/assetFacts';
import type { BindPose } from '../formats/manifest/bindPose';
import { nodeFileAccess } from './fileAccess';

/** The workers a clip's ranges go to. */
export interface RangeWorkers {
  /** Workers, and so ranges per clip. */
  readonly size: number;
  /** Clips with fewer bytes of records are linted whole on this thread's check. */
  readonly splitMinBytes: number;
  /** Lints a range on a worker; rejects where the worker failed. */
  lint(path: string, request: ClipRangeRequest): Promise<ClipRangeResult>;
}

export async function checkClipInRanges(workers: RangeWorkers, path: string, stat: FileStat, options: PooledCheckOptions, poses: readonly BindPose[]): Promise<BinaryFileCheck> {
  const linter: ClipRangeLinter = {
    partsFor: (records) => (recordsByteLength(records) >= workers.splitMinBytes ? workers.size : 1),
    lint: (request) => lintRange(workers, path, request),
  };
  const full = await checkBinaryFile(nodeFileAccess, path, 'clip', stat, { ...options, rangeLinter: linter });
  return compactForTransfer(full, poses).checked;
}

/** A range linted by a worker, or on this thread where its worker failed. */
async function lintRange(workers: RangeWorkers, path: string, request: ClipRangeRequest): Promise<ClipRangeResult> {
  try {
    return await workers.lint(path, request);
  } catch {
    return lintClipRange(byteSourceOf(nodeFileAccess, path, request.size), request.header, request.range, request.options, request.tally);
  }
}

