/**
 * A clip diff in frame ranges: the planner (ranges of about equal frames, each starting on a
 * chunk of the per-bone sums), one range's comparison (its own reads of both files, a window at a
 * time, memory bounded by the window), and what runs ranges elsewhere (other threads:
 * `node/clipDiffPool.ts`). `mergeClipDiffParts` (clipDiffMerge.ts) gives exactly what one range
 * over every frame gives, bit for bit, whatever the number of ranges.
 */
import type { ByteSource } from '../fileAccess';
import { compareClipsTs } from './clipDiffReference';
import type { ClipShape } from './clipDiffParts';
import { type ClipDiffDimensions, type ClipDiffPart, type ClipDiffRange, ClipRangeTotals, DIFF_SUM_CHUNK_FRAMES } from './clipDiffTotals';
import { compareClipsWasm } from './clipDiffWasm';
import type { ComparedClips } from './clipWindows';

/** Records read per window from each file by default (4 MiB a side). */
export const DEFAULT_WINDOW_RECORDS = 1 << 18;

/** What one range's comparison takes (the differ knows the files): plain data, to cross threads. */
export interface ClipDiffRangeRequest {
  shapeA: ClipShape;
  shapeB: ClipShape;
  dimensions: ClipDiffDimensions;
  range: ClipDiffRange;
  /** Records read per window from each file (default DEFAULT_WINDOW_RECORDS). */
  windowRecords?: number;
}

/**
 * Compares ranges of one pair of clips somewhere (other threads); `partsFor` says how many pay.
 * The calling thread compares the first range itself, the differ the others.
 */
export interface ClipRangeDiffer {
  /** Ranges to split a comparison reading `recordBytes` bytes of records (both sides) into, the calling thread's included (below 2: one range, here). */
  partsFor(recordBytes: number): number;
  /** The range's totals; rejects where it could not run there (the caller then compares it itself). */
  diff(request: ClipDiffRangeRequest): Promise<ClipDiffPart>;
}

/**
 * `parts` ranges of about equal frames covering `[0, frames)`, each starting on a chunk of the
 * per-bone sums (DIFF_SUM_CHUNK_FRAMES), never empty; fewer where the clip has fewer chunks, and
 * one (`[0, frames)`) for `parts` below 2.
 */
export function planClipDiffRanges(frames: number, parts: number): ClipDiffRange[] {
  const chunks = Math.ceil(frames / DIFF_SUM_CHUNK_FRAMES);
  const count = Math.max(1, Math.min(Math.floor(parts), chunks));
  const boundary = (k: number): number => (k === count ? frames : Math.floor((k * chunks) / count) * DIFF_SUM_CHUNK_FRAMES);
  return Array.from({ length: count }, (_, k) => ({ from: boundary(k), to: boundary(k + 1) }));
}

/**
 * Compares `request.range` of clips `a` and `b` in WebAssembly (or with `webAssembly` null, or
 * where it cannot run, the TypeScript reference); the range's totals for the merge.
 */
export async function diffClipRange(a: ByteSource, b: ByteSource, request: ClipDiffRangeRequest, webAssembly?: typeof WebAssembly | null): Promise<ClipDiffPart> {
  const { shapeA, shapeB, dimensions, range } = request;
  const framesPerWindow = Math.max(1, Math.floor((request.windowRecords ?? DEFAULT_WINDOW_RECORDS) / Math.max(shapeA.boneCount, shapeB.boneCount)));
  const clips: ComparedClips = {
    a,
    shapeA,
    b,
    shapeB,
    ...dimensions,
    ...range,
    framesPerWindow,
    windowFrames: Math.min(framesPerWindow, Math.max(1, range.to - range.from)),
  };
  const totals = new ClipRangeTotals(dimensions, range);
  if (!(await compareClipsWasm(clips, totals, webAssembly))) await compareClipsTs(clips, totals);
  return totals.part();
}
