/**
 * `ewzanim check FILE` of a large clip, as a process: its range workers start as the process
 * starts, before the CLI's 2.6 MB bundle loads. The bin (`ewzanim-bin.cjs`) runs this module's own
 * small bundle (`dist/cli/earlyRangeWorkers.js`) first; where the command line is `check` of a
 * large clip on a machine that gives range workers (`rangeThreadsOfArgv`, the rule of
 * `checkRangeWorkers.ts`), it starts them and leaves them waiting (unref'd: unused, they end with
 * the process) for the pool `check` makes, which adopts them (`startRangeWorkersFor`). Anything
 * else starts none, and anything unsure (no worker script, an error) leaves the start to the command.
 */
import { CLIP_SPLIT_MIN_BYTES } from '../node/checkPool';
import { clipRangeWorkerScript, leaveWaitingRangeWorkers, startWaitingRangeWorker } from '../node/clipRangeWorkerStart';
import { rangeThreadsOfArgv, rangeThreadsOfMachine } from './checkRangeWorkers';

/** Starts the range workers `ewzanim ARGV...` will use, if any; how many it started. */
export function startEarlyRangeWorkers(argv: readonly string[], threads = rangeThreadsOfMachine(), splitMinBytes = CLIP_SPLIT_MIN_BYTES): number {
  try {
    const rangeThreads = rangeThreadsOfArgv(argv, threads, splitMinBytes);
    const script = rangeThreads > 1 ? clipRangeWorkerScript() : undefined;
    if (!script) return 0;
    const workers = [];
    // Numbered as the pool numbers its own: 2, 3, ... (the calling thread is 1).
    for (let thread = 2; thread <= rangeThreads; thread++) workers.push(startWaitingRangeWorker(script, thread));
    leaveWaitingRangeWorkers(workers);
    return workers.length;
  } catch {
    return 0;
  }
}
