/**
 * A worker thread of `WorkerCheckPool`: checks the binary files it is sent (read through the
 * Node file access, each once) and posts back what `checkBinaryFile` gives.
 */
import { parentPort } from 'node:worker_threads';
import { checkBinaryFile } from '../formats/checkBinaryFile';
import { compactForTransfer } from '../formats/manifest/assetFacts';
import { nodeFileAccess } from './fileAccess';
import type { CheckRequest, CheckReply } from './checkPoolMessages';

parentPort?.on('message', (request: CheckRequest) => {
  checkBinaryFile(nodeFileAccess, request.path, request.kind, request.stat, request.options).then(
    (full) => {
      // The whole file stays here: only its signature and what the manifest's rules take cross.
      const { checked, transfer } = compactForTransfer(full);
      parentPort!.postMessage({ id: request.id, checked } satisfies CheckReply, transfer);
    },
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies CheckReply),
  );
});
