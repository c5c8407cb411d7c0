/**
 * The range workers `ewzanim check` starts for the files named on its command line: only where a
 * named file is large enough to split (its stat, taken before anything else is read) and its name
 * says a clip or no kind at all (a clip known by its magic), and only on a machine with threads
 * enough for cold workers to repay their start (`RANGE_WORKERS_MIN_THREADS`); started at once, so
 * that they load while the check reads the clip's stat and header. None for small files, or for
 * folders: a folder's large clips go to the check pool's workers, already running for its other
 * files.
 */
import type { KindOfPath } from '../formats/fileKinds';
import { CLIP_SPLIT_MIN_BYTES, defaultPoolSize } from '../node/checkPool';
import { createClipRangeWorkerPool, type ClipRangeWorkerPool } from '../node/clipRangeWorkerPool';
import { statFileSync } from '../node/syncFileAccess';
import { namesTomlFile } from './checkPath';

/** Whether `path` is a file of at least `minBytes` (a path that cannot be stat'ed is not: the check says why). */
function isLargeFile(path: string, minBytes: number): boolean {
  try {
    const stat = statFileSync(path);
    return stat !== undefined && !stat.isDirectory && stat.size >= minBytes;
  } catch {
    return false;
  }
}

/**
 * Threads the machine must give the check (`defaultPoolSize`: one per core, at most 8) before
 * `check FILE` starts range workers for a clip it names. A range worker of a process starts cold:
 * it is ready only after its thread and bundle load, then lints its first range in V8's baseline
 * tiers (the motion rules' loops; the f16 table and the kernel's compiled module it takes from the
 * calling thread), and the process's own thread is as cold. The calling thread takes a range at once, so a worker
 * repays its start only where the clip's other ranges are shared among enough of them. Measured
 * as processes (`bench/cliScaling.ts`): with 2 threads (the 2-core machine) one range worker made
 * the check slower than one thread, in wall and CPU time; with 8 (a 16-core host, in process) 7
 * workers were 1.00-1.39x as fast as one thread at 4.7x its CPU. 3 to 7 threads are not measured.
 */
export const RANGE_WORKERS_MIN_THREADS = 8;

/** The machine's threads for a named clip's ranges: the check pool's size where range workers repay their start, else 1 (one thread). */
export function rangeThreadsOfMachine(poolSize = defaultPoolSize()): number {
  return poolSize >= RANGE_WORKERS_MIN_THREADS ? poolSize : 1;
}

/**
 * A range worker pool, its workers starting now, where a named file may be a clip to split; else
 * undefined. `threads` given (tests, benches) is taken as it is; by default the machine's
 * (`rangeThreadsOfMachine`).
 */
export function startRangeWorkersFor(paths: readonly string[], kindOf: KindOfPath, splitMinBytes = CLIP_SPLIT_MIN_BYTES, threads = rangeThreadsOfMachine()): ClipRangeWorkerPool | undefined {
  if (threads <= 1) return undefined;
  const large = paths.some((path) => {
    const kind = kindOf(path);
    return (kind === undefined ? !namesTomlFile(path) : kind.kind === 'clip') && isLargeFile(path, splitMinBytes);
  });
  const pool = large ? createClipRangeWorkerPool(threads, splitMinBytes) : undefined;
  pool?.start();
  return pool;
}
