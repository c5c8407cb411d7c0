/**
 * A range worker of `ClipRangeWorkerPool`: lints the frame ranges of large clips and nothing
 * else, so its bundle (`dist/cli/clipRangeWorker.js`) loads the clip lint alone (no CLI, manifest,
 * glTF or TOML code) and starts in a fraction of the check worker's time. Says it is ready once
 * loaded; for each clip it is sent, takes ranges no other thread has taken until none is left
 * (`takeRanges`), posting each range's lint as it ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { adoptThreadStart, takeRanges, type ClipRangeWorkerMessage, type ClipRangeWorkerReply } from './clipRangeWorkerJob';

/** This worker's number in the jobs' claims (`ClipRangeWorkerPool` gives each its own). */
const thread = (workerData as { thread: number }).thread;
/** Jobs run one after the other: a job's ranges are claimed only once this worker can lint them. */
let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', ({ job }: ClipRangeWorkerMessage) => {
  if (job.start) adoptThreadStart(job.start);
  queue = queue.then(() =>
    takeRanges(
      job,
      thread,
      (index, result) => parentPort!.postMessage({ kind: 'range', job: job.id, index, result } satisfies ClipRangeWorkerReply),
      (index, error) => parentPort!.postMessage({ kind: 'error', job: job.id, index, error: error instanceof Error ? error.message : String(error) } satisfies ClipRangeWorkerReply),
    ),
  );
});
parentPort?.postMessage({ kind: 'ready' } satisfies ClipRangeWorkerReply);
