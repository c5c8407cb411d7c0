/**
 * A clip diff's frame ranges on worker threads (`formats/diff/clipDiffRanges.ts`): up to one
 * thread per core (at most 8, the check pool's `defaultPoolSize`), the calling thread and at most
 * one fewer workers (shared by comparisons that run at once). Each worker, once started (its
 * script loaded: it says so), takes the next range of the comparison and the next after each
 * answer, one at a time; the calling thread takes them meanwhile from the first on
 * (`diffClipRangesShared`). A range whose worker fails rejects, is
 * compared on the calling thread, and that worker takes no more. The worker script is
 * `clipDiffWorker.js` beside the bundle, or `clipDiffWorker.ts` when run from source (tsx):
 * `createClipDiffPool` gives none where neither exists, or on one core, and the diff runs on one
 * thread. Workers start on first use, are kept between comparisons, and `close()` ends them.
 */
import { Worker } from 'node:worker_threads';
import { type ClipDiffRangeRequest, type ClipRangeDiffer, RANGES_PER_THREAD } from '../formats/diff/clipDiffRanges';
import type { ClipDiffPart } from '../formats/diff/clipDiffTotals';
import { defaultPoolSize } from './checkPool';
import { workerScriptIn } from './workerScript';

/**
 * Comparisons reading at least this many bytes of records (both sides) are split over the
 * threads; smaller ones run on the calling thread, where starting the workers (~100-150 ms on a
 * loaded 2-core machine) costs more than the split saves: `bench/diffSplitProbe.ts` found the
 * split no faster below 128 MiB a side, and ~100-150 ms slower where few records differ
 * (docs/performance.md, "Diff").
 */
export const CLIP_DIFF_SPLIT_MIN_BYTES = 256 * 1024 * 1024;

/** A range to compare: the two files and what `diffClipRange` takes. */
export interface ClipDiffRangeMessage {
  id: number;
  pathA: string;
  pathB: string;
  request: ClipDiffRangeRequest;
}

/** What a worker posts: that it can take ranges, then a range's totals or why it failed. */
export type ClipDiffWorkerMessage = { kind: 'ready' } | { kind: 'part'; id: number; part: ClipDiffPart } | { kind: 'error'; id: number; error: string };

interface Pending {
  id: number;
  resolve(part: ClipDiffPart): void;
  reject(error: Error): void;
}

/** The worker script beside this module (bundled `.js`, or the `.ts` source under tsx). */
export function clipDiffWorkerScript(folder = __dirname): string | undefined {
  return workerScriptIn(folder, 'clipDiffWorker');
}

export class ClipDiffPool {
  /** Started, ready and taken by no comparison. */
  private readonly idle: Worker[] = [];
  /** Started and not ended. */
  private readonly workers = new Set<Worker>();
  /** Each worker's range in progress. */
  private readonly pending = new Map<Worker, Pending>();
  /** Comparisons' threads waiting for a worker (all `size - 1` taken). */
  private readonly waiting: { resolve(worker: Worker): void; reject(error: Error): void }[] = [];
  private nextId = 0;

  constructor(
    private readonly script: string,
    readonly size: number = defaultPoolSize(),
    /** Comparisons reading fewer bytes of records run on the calling thread. */
    readonly splitMinBytes: number = CLIP_DIFF_SPLIT_MIN_BYTES,
    /** Ranges planned per thread: the calling thread and each worker take the next as they become free. */
    readonly rangesPerThread: number = RANGES_PER_THREAD,
  ) {}

  /** The differ for clips `pathA` and `pathB` (the paths as the workers read them). */
  differ(pathA: string, pathB: string): ClipRangeDiffer {
    return {
      threadsFor: (recordBytes) => (recordBytes >= this.splitMinBytes ? this.size : 1),
      rangesPerThread: this.rangesPerThread,
      thread: async () => {
        const worker = await this.acquire();
        return {
          diff: (request) => this.post(worker, { id: this.nextId++, pathA, pathB, request }),
          release: () => this.release(worker),
        };
      },
    };
  }

  /** Workers started and not ended. */
  get running(): number {
    return this.workers.size;
  }

  async close(): Promise<void> {
    const workers = [...this.workers];
    this.idle.splice(0);
    this.rejectWaiting(new Error('clip diff pool closed'));
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  /** An idle worker; else a new one while fewer than `size - 1` run; else the next one released. */
  private acquire(): Promise<Worker> {
    const worker = this.idle.pop();
    if (worker) return Promise.resolve(worker);
    if (this.workers.size < this.size - 1) return this.start();
    return new Promise<Worker>((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** `worker` to whoever waits for one, or idle; a worker ended or mid-range is not taken back. */
  private release(worker: Worker): void {
    if (!this.workers.has(worker) || this.pending.has(worker)) return;
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve(worker);
    else this.idle.push(worker);
  }

  private rejectWaiting(error: Error): void {
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
  }

  private post(worker: Worker, message: ClipDiffRangeMessage): Promise<ClipDiffPart> {
    if (!this.workers.has(worker)) return Promise.reject(new Error('clip diff worker ended'));
    return new Promise<ClipDiffPart>((resolve, reject) => {
      this.pending.set(worker, { id: message.id, resolve, reject });
      worker.postMessage(message);
    });
  }

  /** A new worker, once its script has loaded and it can take ranges; rejects where it ends first. */
  private start(): Promise<Worker> {
    // None of the parent's Node options: a loader it was started with (`--import tsx`) would take
    // each worker ~100 ms to set up. From source, the worker registers tsx's CommonJS hook itself.
    const options = { execArgv: [] };
    const worker = this.script.endsWith('.ts')
      ? new Worker(`require('tsx/cjs'); require(${JSON.stringify(this.script)});`, { ...options, eval: true })
      : new Worker(this.script, options);
    this.workers.add(worker);
    return new Promise<Worker>((ready, notReady) => {
      worker.on('message', (message: ClipDiffWorkerMessage) => {
        if (message.kind === 'ready') return ready(worker);
        const entry = this.pending.get(worker);
        if (entry?.id !== message.id) return;
        this.pending.delete(worker);
        if (message.kind === 'part') entry.resolve(message.part);
        else entry.reject(new Error(message.error));
      });
      const fail = (error: Error): void => {
        this.workers.delete(worker);
        const at = this.idle.indexOf(worker);
        if (at >= 0) this.idle.splice(at, 1);
        this.pending.get(worker)?.reject(error);
        this.pending.delete(worker);
        notReady(error);
        // Whoever waits for a worker compares on its own thread instead.
        this.rejectWaiting(error);
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`clip diff worker exited (${code})`)));
    });
  }
}

/** A pool sized to the machine, or undefined where the worker script is missing or one core is all there is. */
export function createClipDiffPool(size = defaultPoolSize(), splitMinBytes = CLIP_DIFF_SPLIT_MIN_BYTES): ClipDiffPool | undefined {
  const script = clipDiffWorkerScript();
  return script && size > 1 ? new ClipDiffPool(script, size, splitMinBytes) : undefined;
}
