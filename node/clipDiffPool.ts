/**
 * A clip diff's frame ranges on worker threads (`formats/diff/clipDiffRanges.ts`): one range per
 * core (at most 8, the check pool's `defaultPoolSize`), the calling thread comparing the first
 * and a worker each of the others, each range sent to an idle worker (one started where none is
 * idle), answers matched by id; the ranges merge on the calling thread. A
 * range whose worker fails rejects, and `diffClips` compares it on the calling thread. The
 * worker script is `clipDiffWorker.js` beside the bundle, or `clipDiffWorker.ts` when run from
 * source (tsx): `createClipDiffPool` gives none where neither exists, or on one core, and the
 * diff runs on one thread. Workers start on first use and `close()` ends them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ClipDiffRangeRequest, ClipRangeDiffer } from '../formats/diff/clipDiffRanges';
import type { ClipDiffPart } from '../formats/diff/clipDiffTotals';
import { defaultPoolSize } from './checkPool';

/**
 * Comparisons reading at least this many bytes of records (both sides) are split, one range per
 * worker; smaller ones run on the calling thread, where starting the workers (~100-150 ms on a
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

/** A range's totals, or why it failed. */
export type ClipDiffRangeReply = { id: number; part: ClipDiffPart; error?: undefined } | { id: number; error: string; part?: undefined };

interface Pending {
  resolve(part: ClipDiffPart): void;
  reject(error: Error): void;
}

/** The worker script beside this module (bundled `.js`, or the `.ts` source under tsx). */
export function clipDiffWorkerScript(folder = __dirname): string | undefined {
  for (const name of ['clipDiffWorker.js', 'clipDiffWorker.ts']) {
    const path = join(folder, name);
    if (existsSync(path)) return path;
  }
  return undefined;
}

export class ClipDiffPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Map<number, Pending>>();
  private nextId = 0;

  constructor(
    private readonly script: string,
    readonly size: number = defaultPoolSize(),
    /** Comparisons reading fewer bytes of records run on the calling thread. */
    readonly splitMinBytes: number = CLIP_DIFF_SPLIT_MIN_BYTES,
  ) {}

  /** The differ for clips `pathA` and `pathB` (the paths as the workers read them). */
  differ(pathA: string, pathB: string): ClipRangeDiffer {
    return {
      partsFor: (recordBytes) => (recordBytes >= this.splitMinBytes ? this.size : 1),
      diff: (request) => this.post({ id: this.nextId++, pathA, pathB, request }),
    };
  }

  /** Workers started and not ended. */
  get running(): number {
    return this.idle.length + this.busy.size;
  }

  async close(): Promise<void> {
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    this.busy.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private post(message: ClipDiffRangeMessage): Promise<ClipDiffPart> {
    const worker = this.idle.pop() ?? this.start();
    return new Promise<ClipDiffPart>((resolve, reject) => {
      const pending = this.busy.get(worker) ?? new Map<number, Pending>();
      pending.set(message.id, { resolve, reject });
      this.busy.set(worker, pending);
      worker.postMessage(message);
    });
  }

  private start(): Worker {
    // None of the parent's Node options: a loader it was started with (`--import tsx`) would take
    // each worker ~100 ms to set up. From source, the worker registers tsx's CommonJS hook itself.
    const options = { execArgv: [] };
    const worker = this.script.endsWith('.ts')
      ? new Worker(`require('tsx/cjs'); require(${JSON.stringify(this.script)});`, { ...options, eval: true })
      : new Worker(this.script, options);
    worker.on('message', (reply: ClipDiffRangeReply) => {
      const pending = this.busy.get(worker);
      const entry = pending?.get(reply.id);
      pending?.delete(reply.id);
      if (pending?.size === 0) {
        this.busy.delete(worker);
        this.idle.push(worker);
      }
      if (reply.error === undefined) entry?.resolve(reply.part);
      else entry?.reject(new Error(reply.error));
    });
    const failAll = (error: Error): void => {
      for (const entry of this.busy.get(worker)?.values() ?? []) entry.reject(error);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`clip diff worker exited (${code})`)));
    return worker;
  }
}

/** A pool sized to the machine, or undefined where the worker script is missing or one core is all there is. */
export function createClipDiffPool(size = defaultPoolSize(), splitMinBytes = CLIP_DIFF_SPLIT_MIN_BYTES): ClipDiffPool | undefined {
  const script = clipDiffWorkerScript();
  return script && size > 1 ? new ClipDiffPool(script, size, splitMinBytes) : undefined;
}
