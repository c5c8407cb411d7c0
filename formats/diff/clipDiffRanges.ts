/**
 * A clip diff in frame ranges: the planner (ranges of about equal frames, each starting on a
 * chunk of the per-bone sums), one range's comparison (its own reads of both files, a window at a
 * time, memory bounded by the window), and the ranges handed out to the calling thread and other
 * threads (`node/clipDiffPool.ts`) as each becomes free. `mergeClipDiffParts` (clipDiffMerge.ts)
 * gives exactly what one range over every frame gives, bit for bit, whatever the number of ranges.
 */
import type { ByteSource } from '../fileAccess';
import { compareClipsTs } from './clipDiffReference';
import type { ClipShape } from './clipDiffParts';
import { type ClipDiffDimensions, type ClipDiffPart, type ClipDiffRange, ClipRangeTotals, DIFF_SUM_CHUNK_FRAMES } from './clipDiffTotals';
import { compareClipsWasm } from './clipDiffWasm';
import type { ComparedClips } from './clipWindows';

/** Records read per window from each file by default (4 MiB a side). */
export const DEFAULT_WINDOW_RECORDS = 1 << 18;

/**
 * Records read per window by default by a range of a split comparison (1 MiB a side): each range
 * has its own kernel, whose fresh memory costs its first touch: on one thread the 267 MB worst
 * case in 32 ranges took ~13 ms more CPU a range than in one with 4 MiB windows, ~2-3 ms with
 * these; in one range the CPU time is the same with either (2 cores, load ~5).
 */
export const SPLIT_WINDOW_RECORDS = 1 << 16;

/** What one range's comparison takes (the differ knows the files): plain data, to cross threads. */
export interface ClipDiffRangeRequest {
  shapeA: ClipShape;
  shapeB: ClipShape;
  dimensions: ClipDiffDimensions;
  range: ClipDiffRange;
  /** Records read per window from each file (default DEFAULT_WINDOW_RECORDS for every frame, SPLIT_WINDOW_RECORDS for a part). */
  windowRecords?: number;
}

/**
 * Compares ranges of one pair of clips on other threads; `threadsFor` says how many threads pay.
 * The calling thread and each other thread take the next range as they become free.
 */
export interface ClipRangeDiffer {
  /** Threads to compare a comparison reading `recordBytes` bytes of records (both sides) on, the calling thread included (below 2: one range, here). */
  threadsFor(recordBytes: number): number;
  /** Ranges planned per thread (default RANGES_PER_THREAD; never below one chunk each). */
  rangesPerThread?: number;
  /** Another thread, once it can take a range; rejects where none could start (the calling thread then compares the rest). */
  thread(): Promise<ClipRangeThread>;
}

/** One other thread, taking one range at a time. */
export interface ClipRangeThread {
  /** The range's totals; rejects where it could not run there (the caller then compares it itself and uses this thread no more). */
  diff(request: ClipDiffRangeRequest): Promise<ClipDiffPart>;
  /** Done with this thread for this comparison. */
  release(): void;
}

/** Ranges planned per thread: a thread that starts late, or runs slower, leaves the others the rest instead of idling them. */
export const RANGES_PER_THREAD = 4;

/**
 * The totals of every request (ranges of one comparison), in the requests' order whatever order
 * they are answered in. The calling thread (`here`) starts at once and takes the next range until
 * none is left; each of `threads - 1` other threads of `differ` takes the next once it has started
 * and after each answer. A range another thread could not compare is compared here, and that
 * thread takes no more. Returns once every range is answered: a thread still starting then takes
 * none (it is released when it has started).
 */
export async function diffClipRangesShared(
  requests: readonly ClipDiffRangeRequest[],
  here: (request: ClipDiffRangeRequest) => Promise<ClipDiffPart>,
  differ: ClipRangeDiffer | undefined,
  threads: number,
): Promise<ClipDiffPart[]> {
  const parts = new Array<ClipDiffPart>(requests.length);
  const failed: number[] = [];
  const elsewhere = new Set<Promise<boolean>>();
  let next = 0;
  const take = (): number | undefined => (next < requests.length ? next++ : undefined);
  const otherThread = async (thread: ClipRangeThread): Promise<void> => {
    try {
      for (let index = take(); index !== undefined; index = take()) {
        const answer: Promise<boolean> = thread.diff(requests[index]!).then(
          (part) => {
            parts[index] = part;
            elsewhere.delete(answer);
            return true;
          },
          () => {
            failed.push(index);
            elsewhere.delete(answer);
            return false;
          },
        );
        elsewhere.add(answer);
        if (!(await answer)) return;
      }
    } finally {
      thread.release();
    }
  };
  if (differ && requests.length > 1) {
    for (let t = 1; t < Math.min(threads, requests.length); t++) void differ.thread().then(otherThread, () => undefined);
  }
  for (;;) {
    const index = failed.shift() ?? take();
    if (index !== undefined) parts[index] = await here(requests[index]!);
    else if (elsewhere.size > 0) await Promise.race(elsewhere);
    else return parts;
  }
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
  const whole = range.from === 0 && range.to >= dimensions.frames;
  const windowRecords = request.windowRecords ?? (whole ? DEFAULT_WINDOW_RECORDS : SPLIT_WINDOW_RECORDS);
  const framesPerWindow = Math.max(1, Math.floor(windowRecords / Math.max(shapeA.boneCount, shapeB.boneCount)));
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
