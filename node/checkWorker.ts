/**
 * A worker thread of `WorkerCheckPool`: checks the binary files it is sent (read through the
 * Node file access, each once) and posts back what `checkBinaryFile` gives, a clip judged
 * against the bind poses last sent (`anim/local-space`); or lints the frame range of a large
 * clip it is sent (`lintClipRange`).
 */
import { parentPort } from 'node:worker_threads';
import { checkBinaryFile } from '../formats/checkBinaryFile';
import { lintClipRange } from '../formats/clipRangeLint';
import { byteSourceOf } from '../formats/fileAccess';
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
  const lease = reads.lease();
  if ('clipRange' in message) {
    const { id, path, clipRange } = message;
    lintClipRange(byteSourceOf(lease.access, path, clipRange.size), clipRange.header, clipRange.range, clipRange.options).then(
      (range) => parentPort!.postMessage({ id, range } satisfies CheckReply),
      (error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies CheckReply),
    ).finally(lease.release);
    return;
  }
  const request = message;
  checkBinaryFile(lease.access, request.path, request.kind, request.stat, request.options).then(
    (full) => {
      // The whole file stays here: only its signature and what the manifest's rules take cross (copied).
      const { checked, transfer } = compactForTransfer(full, bindPoses);
      parentPort!.postMessage({ id: request.id, checked } satisfies CheckReply, transfer);
    },
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies CheckReply),
  ).finally(lease.release);
});
