/**
 * How a range worker's thread starts (`clipRangeWorker.js` beside the bundle, or its `.ts` source
 * under tsx), apart from the pool that gives it ranges (`clipRangeWorkerPool.ts`), so that the CLI
 * can start workers before the module that holds the pool has loaded (`cli/earlyRangeWorkers.ts`):
 * this module imports no lint code.
 */
import { Worker } from 'node:worker_threads';
import { WORKER_HEAP_LIMITS } from './checkPool';
import { workerScriptIn } from './workerScript';

/** The range worker script beside this module (bundled `.js`, or the `.ts` source under tsx). */
export function clipRangeWorkerScript(folder = __dirname): string | undefined {
  return workerScriptIn(folder, 'clipRangeWorker');
}

/** A range worker's thread, its number in a job's claims `thread` (2, 3, ...; the calling thread is 1). */
export function startClipRangeWorker(script: string, thread: number): Worker {
  // None of the parent's Node options: a loader it was started with (`--import tsx`) would take
  // each worker ~100 ms to set up. From source, the worker registers tsx's CommonJS hook itself.
  const options = { execArgv: [], workerData: { thread }, resourceLimits: WORKER_HEAP_LIMITS };
  return script.endsWith('.ts') ? new Worker(`require('tsx/cjs'); require(${JSON.stringify(script)});`, { ...options, eval: true }) : new Worker(script, options);
}

/**
 * A range worker started before any pool took it: it holds the process open for no one (unref'd,
 * so one never taken ends with the process) and remembers whether it said it had loaded, or
 * ended, while it waited (`ClipRangeWorkerPool.adopt` takes it over).
 */
export interface WaitingRangeWorker {
  readonly worker: Worker;
  readonly thread: number;
  readonly ready: boolean;
  readonly ended: boolean;
  /** Stops listening: the pool that takes the worker listens from now on. */
  handOver(): void;
}

/** Starts a range worker that waits, unref'd, for a pool to adopt it. */
export function startWaitingRangeWorker(script: string, thread: number): WaitingRangeWorker {
  const worker = startClipRangeWorker(script, thread);
  const state = { ready: false, ended: false };
  const onMessage = (reply: { kind?: string }): void => {
    if (reply.kind === 'ready') state.ready = true;
  };
  // An error with no listener would end the process; here it only makes the worker one to skip.
  const onEnd = (): void => {
    state.ended = true;
  };
  worker.on('message', onMessage);
  worker.on('error', onEnd);
  worker.on('exit', onEnd);
  // After the listeners: a 'message' listener refs the worker's port again.
  worker.unref();
  return {
    worker,
    thread,
    get ready() {
      return state.ready;
    },
    get ended() {
      return state.ended;
    },
    handOver() {
      worker.off('message', onMessage);
      worker.off('error', onEnd);
      worker.off('exit', onEnd);
    },
  };
}

/** Where the workers started before the CLI's bundle loaded wait for its pool: one slot a process, shared by the bundles. */
const WAITING = Symbol.for('ewzanim.waitingRangeWorkers');
const processSlot = globalThis as { [WAITING]?: WaitingRangeWorker[] };

/** Leaves `workers` for the pool this process makes next (`takeWaitingRangeWorkers`). */
export function leaveWaitingRangeWorkers(workers: readonly WaitingRangeWorker[]): void {
  processSlot[WAITING] = [...(processSlot[WAITING] ?? []), ...workers];
}

/** The workers left waiting in this process (none where none were started); the slot is empty after. */
export function takeWaitingRangeWorkers(): WaitingRangeWorker[] {
  const waiting = processSlot[WAITING] ?? [];
  delete processSlot[WAITING];
  return waiting;
}

/** Ends workers no pool will take. */
export function endWaitingRangeWorkers(workers: readonly WaitingRangeWorker[]): void {
  for (const early of workers) {
    early.handOver();
    void early.worker.terminate();
  }
}
