/**
 * `BinaryCheckPool` over `worker_threads`: one worker per core (at most 8, `defaultPoolSize`), each
 * check sent to the worker with the fewest in flight, answers matched by id, so callers keep
 * their own order (`mapInParallel` puts results in input order). A large clip is split instead:
 * one frame range per worker, merged here (`formats/clipRangeLint.ts`). Workers start on first use, or all a run
 * will use at once when it says how many files it has (`expectFiles`), and `close()` ends them. The worker script is `checkWorker.js` beside the bundle, or
 * `checkWorker.ts` when run from source (tsx): `createCheckPool` gives none where neither exists,
 * and the caller checks on its own thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BinaryFileCheck } from '../formats/checkBinaryFile';
import type { BinaryKind } from '../formats/checkBytes';
import type { BinaryCheckPool, PooledCheckOptions, PooledFile, PooledFileCheck } from '../formats/checkPool';
import type { ClipRangeRequest } from '../formats/clipRangeLint';
import type { FileStat } from '../formats/fileAccess';
import type { AssetKind } from '../formats/fileKinds';
import type { BindPose } from '../formats/manifest/bindPose';
import type { CheckReply, WorkerMessage } from './checkPoolMessages';
import { workerScriptIn } from './workerScript';

/** Worker deaths after which the pool rejects every check (the callers then check on their own thread). */
const MAX_WORKER_FAILURES = 3;

/**
 * A worker's heap kept small: its live data is a few files in flight, and a young generation of
 * V8's default size lets each worker's garbage grow by tens of MiB between collections.
 */
export const WORKER_HEAP_LIMITS = { maxYoungGenerationSizeMb: 4 };

/** How the pool starts its workers, and what its owner is told of them. */
export interface PoolOptions {
  /**
   * A worker has started (its 'online' event or its first answer, whichever is handled first).
   * Starting a worker resets the process's V8 flags to those it was launched with, undoing any
   * set at run time (`v8.setFlagsFromString`): an owner that sets some sets them again here.
   */
  workerOnline?(): void;
  /**
   * Start every worker (every one a run uses, where it told its count: `expectFiles`) with the
   * first check instead of one more each time all are busy: the
   * starts (and the flags' reset) then fall in one short span, before the checks' answers flow.
   */
  startAllAtOnce?: boolean;
  /** Clips with at least this many bytes of records are linted in ranges (default `CLIP_SPLIT_MIN_BYTES`). */
  clipSplitMinBytes?: number;
}

interface Pending {
  /** The worker's answer (a check's or a range's); an error reply rejects. */
  resolve(reply: CheckReply): void;
  reject(error: Error): void;
}

/**
 * Clips of at least this many bytes of records are linted in frame ranges, one per worker at
 * once (`formats/clipRangeLint.ts`); smaller ones by one worker, where the ranges' start and
 * merge would cost more than they save.
 */
export const CLIP_SPLIT_MIN_BYTES = 64 * 1024 * 1024;

/** Files a `checkFiles` message takes at most (fewer where that leaves each worker fewer than four). */
export const CHECK_BATCH_FILES = 64;

interface PoolWorker {
  worker: Worker;
  inFlight: Map<number, Pending>;
}

/** The worker script beside this module (bundled `.js`, or the `.ts` source under tsx). */
export function checkWorkerScript(folder = __dirname): string | undefined {
  return workerScriptIn(folder, 'checkWorker');
}

export class WorkerCheckPool implements BinaryCheckPool {
  private readonly workers: PoolWorker[] = [];
  private nextId = 0;
  /** Workers that died (failed to start, crashed): past `MAX_WORKER_FAILURES` the pool refuses work. */
  private failures = 0;
  private closing = false;
  private bindPoses: readonly BindPose[] = [];
  /** Workers started since the pool was made (ended or not). */
  started = 0;
  /** The workers a run's batches use (`expectFiles`): the pool's size until a run says how many files it has. */
  private runWorkers: number;

  constructor(
    private readonly script: string,
    readonly size: number = defaultPoolSize(),
    private readonly options: PoolOptions = {},
  ) {
    this.runWorkers = size;
  }

  /**
   * A run of `files` binary files starts the workers it will use now (`checkWorkersForFiles`), all
   * at once, instead of one and then more as its first batches wait; its batches use no more.
   */
  expectFiles(files: number): void {
    const workers = checkWorkersForFiles(files, this.size);
    this.runWorkers = Math.max(1, workers);
    if (this.failures >= MAX_WORKER_FAILURES) return;
    while (this.workers.length < workers) this.start();
  }

  async check(path: string, kind: BinaryKind, stat: FileStat, options: PooledCheckOptions): Promise<BinaryFileCheck> {
    if (this.splits(kind, stat.size)) return this.checkInRanges(path, stat, options);
    const reply = await this.post((id) => ({ id, path, kind, stat, options }));
    return reply.checked!;
  }

  /**
   * Whole files in batches (`CHECK_BATCH_FILES` at most), each worker kept two batches ahead, so
   * that a message's cost is shared by many files; a clip this pool splits comes back undefined
   * (the caller sends it to `check`), as does every file of a batch whose worker failed.
   */
  async checkFiles(files: readonly PooledFile[], options: PooledCheckOptions, each: (index: number, checked: PooledFileCheck | undefined) => void): Promise<void> {
    const workers = this.runWorkers;
    const batch = Math.max(1, Math.min(CHECK_BATCH_FILES, Math.ceil(files.length / (4 * workers))));
    const splitFrom = this.size > 1 ? this.splitMinBytes : Number.POSITIVE_INFINITY;
    let next = 0;
    const sendBatches = async (): Promise<void> => {
      while (next < files.length) {
        const from = next;
        const batchFiles = files.slice(from, from + batch);
        next += batchFiles.length;
        let checks: (PooledFileCheck | null)[] | undefined;
        try {
          checks = (await this.post((id) => ({ id, files: batchFiles, options, splitFrom }), workers)).checks;
        } catch {
          checks = undefined;
        }
        for (let i = 0; i < batchFiles.length; i++) each(from + i, checks?.[i] ?? undefined);
      }
    };
    await Promise.all(Array.from({ length: Math.min(2 * workers, Math.ceil(files.length / batch)) }, sendBatches));
  }

  /** A clip with at least `clipSplitMinBytes` (`CLIP_SPLIT_MIN_BYTES`) is linted in ranges, one per worker. */
  splits(kind: AssetKind, size: number): boolean {
    return kind === 'clip' && this.size > 1 && size >= this.splitMinBytes;
  }

  /**
   * A large clip checked here (its header) with its frame ranges linted by the workers at once
   * and merged, answered as a worker answers; a range whose worker fails is linted here
   * (`clipRangeCheck.ts`, loaded on first use).
   */
  private async checkInRanges(path: string, stat: FileStat, options: PooledCheckOptions): Promise<BinaryFileCheck> {
    const poses = this.bindPoses;
    const { checkClipInRanges } = await import('./clipRangeCheck');
    const workers = { size: this.size, splitMinBytes: this.splitMinBytes, lint: async (file: string, clipRange: ClipRangeRequest) => (await this.post((id) => ({ id, path: file, clipRange }))).range! };
    return checkClipInRanges(workers, path, stat, options, poses);
  }

  private get splitMinBytes(): number {
    return this.options.clipSplitMinBytes ?? CLIP_SPLIT_MIN_BYTES;
  }

  /** Posts `message(id)` to the least busy of at most `workers` workers; its answer, or the error it replied. */
  private post(message: (id: number) => WorkerMessage, workers = this.size): Promise<CheckReply> {
    if (this.failures >= MAX_WORKER_FAILURES) return Promise.reject(new Error('the check workers keep failing'));
    const target = this.leastBusy(workers);
    const id = this.nextId++;
    return new Promise<CheckReply>((resolve, reject) => {
      target.inFlight.set(id, { resolve, reject });
      target.worker.postMessage(message(id));
    });
  }

  knowBindPoses(poses: readonly BindPose[]): void {
    this.bindPoses = poses;
    // A worker takes messages in order: every check posted after this one sees these poses.
    for (const { worker } of this.workers) worker.postMessage({ bindPoses: poses } satisfies WorkerMessage);
  }

  /** Workers started and not ended. */
  get running(): number {
    return this.workers.length;
  }

  /**
   * Ends the workers that have no check in flight (each holds ~17 MiB while idle); the next
   * check starts them again, with the bind poses last known.
   */
  async stopIdleWorkers(): Promise<void> {
    const idle = this.workers.filter((w) => w.inFlight.size === 0);
    // Out of the list first: their exit is then no failure.
    for (const w of idle) this.workers.splice(this.workers.indexOf(w), 1);
    await Promise.all(idle.map(({ worker }) => worker.terminate()));
  }

  async close(): Promise<void> {
    this.closing = true;
    const workers = this.workers.splice(0);
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }

  private leastBusy(limit: number): PoolWorker {
    let best: PoolWorker | undefined;
    for (const w of this.workers) if (!best || w.inFlight.size < best.inFlight.size) best = w;
    if (best && (best.inFlight.size === 0 || this.workers.length >= limit)) return best;
    if (best || !this.options.startAllAtOnce) return this.start();
    while (this.workers.length < limit) this.start();
    return this.workers[0]!;
  }

  private start(): PoolWorker {
    // From source, the worker registers tsx itself: a worker's entry does not get the parent's loader hooks.
    const worker = this.script.endsWith('.ts')
      ? new Worker(`require('tsx/cjs'); require(${JSON.stringify(this.script)});`, { eval: true, resourceLimits: WORKER_HEAP_LIMITS })
      : new Worker(this.script, { resourceLimits: WORKER_HEAP_LIMITS });
    this.started++;
    const entry: PoolWorker = { worker, inFlight: new Map() };
    if (this.bindPoses.length > 0) worker.postMessage({ bindPoses: this.bindPoses } satisfies WorkerMessage);
    worker.on('message', (reply: CheckReply) => {
      const pending = entry.inFlight.get(reply.id);
      entry.inFlight.delete(reply.id);
      if (reply.error === undefined) pending?.resolve(reply);
      else pending?.reject(new Error(reply.error));
    });
    const failAll = (error: Error): void => {
      if (!this.closing) this.failures++;
      for (const pending of entry.inFlight.values()) pending.reject(error);
      entry.inFlight.clear();
      const at = this.workers.indexOf(entry);
      if (at >= 0) this.workers.splice(at, 1);
    };
    if (this.options.workerOnline) {
      // Its first answer may be handled before its 'online' event: whichever comes first tells.
      let told = false;
      const tell = (): void => {
        if (told) return;
        told = true;
        this.options.workerOnline!();
      };
      worker.once('online', tell);
      worker.once('message', tell);
    }
    worker.on('error', failAll);
    worker.on('exit', (code) => {
      if (this.workers.includes(entry)) failAll(new Error(`check worker exited (${code})`));
    });
    this.workers.push(entry);
    return entry;
  }
}

/**
 * Workers past which this thread (the walk, the stats, the manifest's rules, every answer) is
 * the bottleneck: on 16 cores, 8 checked the workspace fastest and 16 slower again.
 */
export const MAX_CHECK_WORKERS = 8;

/**
 * Binary files of a run for each check worker it starts: a worker's start (its bundle's load,
 * tens of ms of CPU) costs about what a worker's checks of this many small clips do.
 */
export const FILES_PER_CHECK_WORKER = 256;

/**
 * The workers a run of `files` binary files uses on a pool of `poolSize`: one for each
 * `FILES_PER_CHECK_WORKER` files, at least one (a small folder's few files), at most the pool;
 * none for none (a folder of manifests alone).
 */
export function checkWorkersForFiles(files: number, poolSize: number): number {
  if (files === 0) return 0;
  return Math.max(1, Math.min(poolSize, Math.floor(files / FILES_PER_CHECK_WORKER)));
}

/** One worker per core, at most `MAX_CHECK_WORKERS`. */
export function defaultPoolSize(): number {
  return Math.min(availableParallelism(), MAX_CHECK_WORKERS);
}

/** A pool sized to the machine, or undefined where the worker script is missing or one core is all there is. */
export function createCheckPool(size = defaultPoolSize(), options: PoolOptions = {}): WorkerCheckPool | undefined {
  const script = checkWorkerScript();
  return script && size > 1 ? new WorkerCheckPool(script, size, options) : undefined;
}
