/** The language server's runtime on Node: the disk through node/fileAccess, the process's own facts. */
import { nodeFileAccess } from '../../node/fileAccess';
import type { RuntimeEnvironment } from './runtime';

export const nodeRuntime: RuntimeEnvironment = {
  files: nodeFileAccess,
  processInfo: () => ({ pid: process.pid, uptimeMs: Math.round(process.uptime() * 1000) }),
  onUnhandledRejection: (report) => void process.on('unhandledRejection', report),
};
