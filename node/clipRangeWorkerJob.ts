/**
 * The frame ranges of one large clip, taken one at a time by whichever thread is free: the
 * calling thread and each range worker (`clipRangeWorker.ts`) claim the next unclaimed range in
 * memory they all share, so a worker that finishes loading late simply takes fewer ranges, and
 * no thread waits for a message to learn what to do next (the calling thread, busy with a range,
 * hands out nothing). Each claim names its thread, so the ranges a failed worker held are known
 * and linted again elsewhere. Small on purpose: a range worker loads this and the clip lint only.
 */
import { lintClipRange, type ClipRangeRequest, type ClipRangeResult } from '../formats/clipRangeLint';
import { adoptF16LookupTable, f16LookupTableIfMade } from '../formats/f16';
import { byteSourceOf } from '../formats/fileAccess';
import { adoptMotionKernelModule, motionKernelModule } from '../formats/wasm/motionKernel';
import { syncNodeFileAccess } from './syncFileAccess';

/** The claim slot of a range no thread has taken. */
const UNCLAIMED = 0;

/** The calling thread's number in a job's claims; workers are 1, 2, ... */
export const CALLING_THREAD = 1;

/** One clip's ranges, sent whole to every range worker: plain data and shared memory. */
export interface ClipRangeJob {
  id: number;
  path: string;
  requests: readonly ClipRangeRequest[];
  /** One slot per range (over a `SharedArrayBuffer`): 0 while unclaimed, else the number of the thread that took it. */
  claims: Int32Array;
  /** What the calling thread has built that a worker would build again, cold (`ThreadStart`). */
  start?: ThreadStart;
}

/**
 * What a range worker takes from the calling thread instead of making its own before its first
 * range: the f16 table (shared memory, not copied) where the calling thread has one, and the
 * motion kernel's compiled module (its code shared with the thread that compiled it, optimised
 * functions included).
 */
export interface ThreadStart {
  f16?: Float32Array;
  motionKernel?: WebAssembly.Module;
}

/**
 * This thread's `ThreadStart` for the range workers: its f16 table copied once into shared memory
 * if it has one. None is built for them: with the motion kernel a range's lint decodes in
 * WebAssembly and needs no table, and a worker that does builds its own only then.
 */
export function threadStartOfThisThread(): ThreadStart {
  const table = f16LookupTableIfMade();
  const motionKernel = motionKernelModule();
  return { ...(table && { f16: sharedCopyOf(table) }), ...(motionKernel && { motionKernel }) };
}

/** `table` copied into shared memory (a worker then reads it where it lies, not a clone). */
function sharedCopyOf(table: Float32Array): Float32Array {
  const copy = new Float32Array(new SharedArrayBuffer(table.byteLength));
  copy.set(table);
  return copy;
}

/** Takes another thread's `ThreadStart` as this thread's (where this one has built nothing of it yet). */
export function adoptThreadStart(start: ThreadStart): void {
  if (start.f16) adoptF16LookupTable(start.f16);
  if (start.motionKernel) adoptMotionKernelModule(start.motionKernel);
}

/** What a range worker posts: that it has loaded, a range's lint, or why one failed. */
export type ClipRangeWorkerReply =
  | { kind: 'ready' }
  | { kind: 'range'; job: number; index: number; result: ClipRangeResult }
  | { kind: 'error'; job: number; index: number; error: string };

/** What a range worker is sent: a clip's ranges (its own number in their claims comes as `workerData.thread`). */
export interface ClipRangeWorkerMessage {
  job: ClipRangeJob;
}

/** A new job's claim slots, in memory the range workers share. */
export function claimSlots(ranges: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * ranges));
}

/** The next range no thread has taken, now taken by `thread`; undefined once all are taken. */
export function claimNextRange(claims: Int32Array, thread: number): number | undefined {
  for (let index = 0; index < claims.length; index++) {
    if (Atomics.load(claims, index) === UNCLAIMED && Atomics.compareExchange(claims, index, UNCLAIMED, thread) === UNCLAIMED) return index;
  }
  return undefined;
}

/**
 * A range linted on this thread through synchronous reads (`syncFileAccess.ts`): a thread that
 * lints a range has nothing else to do while a piece is read, and the pieces do not queue on
 * libuv's threads, which every worker shares.
 */
export function lintRangeOnWorker(path: string, request: ClipRangeRequest): Promise<ClipRangeResult> {
  return lintClipRange(byteSourceOf(syncNodeFileAccess, path, request.size), request.header, request.range, request.options, request.tally);
}

/**
 * Takes `job`'s ranges as `thread` until none is left, each linted here and handed to `done`
 * (or its error to `failed`) as it ends, then `between` awaited before the next is claimed.
 */
export async function takeRanges(
  job: ClipRangeJob,
  thread: number,
  done: (index: number, result: ClipRangeResult) => void,
  failed: (index: number, error: unknown) => void,
  between?: () => Promise<void>,
): Promise<void> {
  for (let index = claimNextRange(job.claims, thread); index !== undefined; index = claimNextRange(job.claims, thread)) {
    try {
      done(index, await lintRangeOnWorker(job.path, job.requests[index]!));
    } catch (error) {
      failed(index, error);
    }
    await between?.();
  }
}
