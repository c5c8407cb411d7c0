/** The language server's runtime on Node: the disk through node/fileAccess, `file:` URIs, a pool of check workers, the process's own facts. */
import { createCheckPool, defaultPoolSize } from '../../node/checkPool';
import { nodeFileAccess } from '../../node/fileAccess';
import { keepYoungGenerationSmall } from './nodeHeap';
import type { RuntimeEnvironment } from './runtime';
import * as fileUris from './uris';

/**
 * Check workers of the language server, fewer than `ewzanim check`'s: each costs about 17 MiB
 * of resident memory while it runs (they end after each pass's binary checks). On 16 cores,
 * 10,000 clips of 40x60, before the young generation was held small: one thread 3.7 s to the
 * last publish (peak 184 MiB), 2 workers 2.2 s (186 MiB), 4 workers 1.4 s (219 MiB), 8 workers
 * 1.2 s (288 MiB); with 2 workers the peak is now ~127 MiB.
 */
export const SERVER_CHECK_WORKERS = 2;

export const nodeRuntime: RuntimeEnvironment = {
  files: nodeFileAccess,
  uris: fileUris,
  tuneHeap: keepYoungGenerationSmall,
  // The workers read through nodeFileAccess, which is `files`: the script is dist/server/checkWorker.js.
  createCheckPool: () => createCheckPool(Math.min(defaultPoolSize(), SERVER_CHECK_WORKERS), { workerOnline: keepYoungGenerationSmall, startAllAtOnce: true }),
  processInfo: () => ({ pid: process.pid, uptimeMs: Math.round(process.uptime() * 1000) }),
  onUnhandledRejection: (report) => void process.on('unhandledRejection', report),
};
