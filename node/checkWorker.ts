/**
 * A worker thread of `WorkerCheckPool`: checks the binary files it is sent (read through the
 * Node file access, each once) and posts back what `checkBinaryFile` gives, a clip judged
 * against the bind poses last sent (`anim/local-space`).
 */
import { parentPort } from 'node:worker_threads';
import { checkBinaryFile } from '../formats/checkBinaryFile';
import { compactForTransfer } from '../formats/manifest/assetFacts';
import { nodeFileAccess } from './fileAccess';
import { RecycledReads } from './recycledReads';
import type { BindPose } from '../formats/manifest/bindPose';
import type { CheckReply, WorkerMessage } from './checkPoolMessages';

let bindPoses: readonly BindPose[] = [];
/** Each file is read into a buffer the worker used before (given back once its answer is posted). */
const reads = new RecycledReads(nodeFileAccess);

parentPort?.on('message', (message: WorkerMessage) => {
  if ('bindPoses' in message) return void (bindPoses = message.bindPoses);
  const request = message;
  const lease = reads.lease();
  checkBinaryFile(lease.access, request.path, request.kind, request.stat, request.options).then(
    (full) => {
      // The whole file stays here: only its signature and what the manifest's rules take cross (copied).
      const { checked, transfer } = compactForTransfer(full, bindPoses);
      parentPort!.postMessage({ id: request.id, checked } satisfies CheckReply, transfer);
    },
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies CheckReply),
  ).finally(lease.release);
});
