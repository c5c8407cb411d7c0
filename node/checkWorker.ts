/**
 * A worker thread of `WorkerCheckPool`: checks the binary files it is sent (read through the
 * Node file access, each once) and posts back what `checkBinaryFile` gives.
 */
import { parentPort } from 'node:worker_threads';
import { checkBinaryFile } from '../formats/checkBinaryFile';
import { nodeFileAccess } from './fileAccess';
import type { CheckRequest, CheckReply } from './checkPoolMessages';

parentPort?.on('message', (request: CheckRequest) => {
  checkBinaryFile(nodeFileAccess, request.path, request.kind, request.stat, request.options).then(
    (checked) => parentPort!.postMessage({ id: request.id, checked } satisfies CheckReply),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies CheckReply),
  );
});
