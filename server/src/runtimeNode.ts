/** The language server's runtime on Node: the disk through node/fileAccess, a pool of check workers, the process's own facts. */
import { createCheckPool } from '../../node/checkPool';
import { nodeFileAccess } from '../../node/fileAccess';
import type { RuntimeEnvironment } from './runtime';

export const nodeRuntime: RuntimeEnvironment = {
  files: nodeFileAccess,
  // The workers read through nodeFileAccess, which is `files`: the script is dist/server/checkWorker.js.
  createCheckPool: () => createCheckPool(),
  processInfo: () => ({ pid: process.pid, uptimeMs: Math.round(process.uptime() * 1000) }),
  onUnhandledRejection: (report) => void process.on('unhandledRejection', report),
};
