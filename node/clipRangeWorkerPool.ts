/**
 * Range workers for `ewzanim check FILE` of a large clip: the calling thread and up to one fewer
 * workers than the check pool's size (`defaultPoolSize`: one thread per core, at most 8) lint the
 * clip's frame ranges (`formats/clipRangeLint.ts`), `RANGES_PER_CHECK_THREAD` a thread, each
 * thread taking the next unclaimed range as it becomes free (`clipRangeWorkerJob.ts`): the calling
 * thread starts at once, a worker as soon as it has loaded (one still loading when the other
 * threads have taken every range takes none). The workers run `clipRangeWorker.js` (a small
 * bundle: the clip lint alone), so the command can start them for one file (`start()`, as soon as
 * a stat says a named file is large enough) and still gain. A range whose worker fails is linted
 * on the calling thread. The worker script is `clipRangeWorker.js` beside the bundle, or
 * `clipRangeWorker.ts` when run from source (tsx): `createClipRangeWorkerPool` gives none where
 * neither exists, or on one core, and the clip is linted on one thread.
 */
import { Worker } from 'node:worker_threads';
import type { ClipRangeLinter, ClipRangeRequest, ClipRangeResult } from '../formats/clipRangeLint';
import { CLIP_SPLIT_MIN_BYTES, defaultPoolSize, WORKER_HEAP_LIMITS } from './checkPool';
import { CALLING_THREAD, claimSlots, lintRangeOnWorker, takeRanges, threadStartOfThisThread, type ClipRangeJob, type ClipRangeWorkerMessage, type ClipRangeWorkerReply, type ThreadStart } from './clipRangeWorkerJob';
import { workerScriptIn } from './workerScript';

/**
 * Ranges planned per thread (fewer where the clip has too few frames: `planClipRanges`). The
 * workers load while the calling thread lints alone (on a 16-core host their spawn to loaded took
 * about 35-55 ms, 7 at once; one empty worker alone 24-35 ms), and a worker's first range runs
 * cold (its WebAssembly instance and memory, its JIT: 8-14 ms against 4-5 for a warm thread's,
 * with the f16 table and the kernel's module taken from the calling thread, `ThreadStart`); its
 * later ranges run as fast as a warm thread's, the kernel's memory reused. Smaller claims let the
 * calling thread keep taking ranges until the workers arrive and leave no thread a long last range
 * while the others wait: on that host four a thread took the largest clip's check 1-11% less wall
 * time than one in five of six runs paired in one process (2% more in the sixth); eight were
 * slower than four (each range scans its own seam). On the loaded 2-core machine, as cold
 * processes, two a thread took 60-130 ms more CPU than one, but range workers start only from
 * `RANGE_WORKERS_MIN_THREADS` threads.
 */
export const RANGES_PER_CHECK_THREAD = 4;

interface Deferred {
  resolve(result: ClipRangeResult): void;
  reject(error: unknown): void;
}

/** A clip's ranges in progress: who waits for each, and which have their lint. */
interface ActiveJob {
  job: ClipRangeJob;
  waiting: Deferred[];
  settled: boolean[];
  left: number;
}

/** The range worker script beside this module (bundled `.js`, or the `.ts` source under tsx). */
export function clipRangeWorkerScript(folder = __dirname): string | undefined {
  return workerScriptIn(folder, 'clipRangeWorker');
}

export class ClipRangeWorkerPool {
  /** Live workers by their number in a job's claims (2, 3, ...; the calling thread is 1). */
  private readonly workers = new Map<number, Worker>();
  private readonly jobs = new Map<number, ActiveJob>();
  private nextJob = 0;
  private nextThread = CALLING_THREAD + 1;
  private closing = false;
  /** What the workers take from this thread (made with the first job). */
  private threadStart?: ThreadStart;
  /** Workers started since the pool was made (ended or not). */
  started = 0;
  /** Workers that said they had loaded. */
  ready = 0;
  /** Clip ranges planned, and those linted on a worker (the rest on the calling thread). */
  ranges = 0;
  rangesOnWorkers = 0;

  constructor(
    private readonly script: string,
    /** Threads a clip's ranges go to: the calling thread and `size - 1` workers. */
    readonly size: number = defaultPoolSize(),
    /** Files of fewer bytes are clips the caller lints whole on its own thread (`linter` is not asked). */
    readonly splitMinBytes: number = CLIP_SPLIT_MIN_BYTES,
    readonly rangesPerThread: number = RANGES_PER_CHECK_THREAD,
  ) {}

  /** Starts the workers now (once): they load while the caller reads the clip's stat and header. */
  start(): void {
    if (this.started > 0 || this.closing) return;
    for (let i = 1; i < this.size; i++) this.startWorker();
  }

  /** Workers started and not ended. */
  get running(): number {
    return this.workers.size;
  }

  /**
   * Where the ranges of the clip at `path` (as the workers read it) are linted, split wherever a
   * worker lives: the caller asks only for a clip of at least `splitMinBytes` (its file's size).
   * `formats/clipRangeLint.ts` asks for every range of the clip at once, in clip order, its last
   * marked `last`: the job starts then.
   */
  linter(path: string): ClipRangeLinter {
    let requests: ClipRangeRequest[] = [];
    let waiting: Deferred[] = [];
    return {
      partsFor: () => {
        this.start();
        return this.workers.size > 0 ? (this.workers.size + 1) * this.rangesPerThread : 1;
      },
      lint: (request) =>
        new Promise<ClipRangeResult>((resolve, reject) => {
          requests.push(request);
          waiting.push({ resolve, reject });
          if (!request.range.last) return;
          this.run(path, requests, waiting);
          requests = [];
          waiting = [];
        }),
    };
  }

  async close(): Promise<void> {
    this.closing = true;
    const workers = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  /** Every worker is sent the clip's ranges and this thread takes them too, until none is left. */
  private run(path: string, requests: ClipRangeRequest[], waiting: Deferred[]): void {
    // This thread needs the table and the module for its own ranges now; the workers, once loaded.
    this.threadStart ??= threadStartOfThisThread();
    const job: ClipRangeJob = { id: this.nextJob++, path, requests, claims: claimSlots(requests.length), start: this.threadStart };
    const active: ActiveJob = { job, waiting, settled: requests.map(() => false), left: requests.length };
    this.jobs.set(job.id, active);
    this.ranges += requests.length;
    for (const worker of this.workers.values()) worker.postMessage({ job } satisfies ClipRangeWorkerMessage);
    void takeRanges(
      job,
      CALLING_THREAD,
      (index, result) => this.settle(active, index, result),
      (index, error) => this.settle(active, index, undefined, error),
      // Between its ranges this thread takes in the workers' answers (they would queue until it had
      // no range left: each cloned and settled after its last, delaying the merge).
      nextTurn,
    );
  }

  private settle(active: ActiveJob, index: number, result: ClipRangeResult | undefined, error?: unknown): void {
    if (active.settled[index]) return;
    active.settled[index] = true;
    if (--active.left === 0) this.jobs.delete(active.job.id);
    if (result) active.waiting[index]!.resolve(result);
    else active.waiting[index]!.reject(error);
  }

  /** A range a worker could not lint, linted on this thread. */
  private lintHere(active: ActiveJob, index: number): void {
    if (active.settled[index]) return;
    lintRangeOnWorker(active.job.path, active.job.requests[index]!).then(
      (result) => this.settle(active, index, result),
      (error: unknown) => this.settle(active, index, undefined, error),
    );
  }

  private startWorker(): void {
    const thread = this.nextThread++;
    // None of the parent's Node options: a loader it was started with (`--import tsx`) would take
    // each worker ~100 ms to set up. From source, the worker registers tsx's CommonJS hook itself.
    const options = { execArgv: [], workerData: { thread }, resourceLimits: WORKER_HEAP_LIMITS };
    const worker = this.script.endsWith('.ts')
      ? new Worker(`require('tsx/cjs'); require(${JSON.stringify(this.script)});`, { ...options, eval: true })
      : new Worker(this.script, options);
    this.started++;
    this.workers.set(thread, worker);
    worker.on('message', (reply: ClipRangeWorkerReply) => {
      if (reply.kind === 'ready') return void this.ready++;
      const active = this.jobs.get(reply.job);
      if (!active) return;
      if (reply.kind === 'range' && !active.settled[reply.index]) {
        this.rangesOnWorkers++;
        this.settle(active, reply.index, reply.result);
      } else if (reply.kind === 'error') this.lintHere(active, reply.index);
    });
    const fail = (): void => {
      if (!this.workers.delete(thread)) return;
      // The ranges it had taken and not answered are linted here.
      for (const active of this.jobs.values()) {
        active.job.claims.forEach((claimant, index) => {
          if (claimant === thread) this.lintHere(active, index);
        });
      }
    };
    worker.on('error', fail);
    worker.on('exit', fail);
  }
}

/** Resolves once the event loop has run what was due (messages from the workers among them). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A pool sized to the machine, or undefined where the worker script is missing or one core is all there is. */
export function createClipRangeWorkerPool(size = defaultPoolSize(), splitMinBytes = CLIP_SPLIT_MIN_BYTES): ClipRangeWorkerPool | undefined {
  const script = clipRangeWorkerScript();
  return script && size > 1 ? new ClipRangeWorkerPool(script, size, splitMinBytes) : undefined;
}
