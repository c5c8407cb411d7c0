/**
 * A worker thread of `WorkerCheckPool`: checks the binary files it is sent and posts back what
 * `checkBinaryFile` gives, a clip judged against the bind poses last sent (`anim/local-space`),
 * compacted (`compactForTransfer`); a batch of whole files (stat and all, as `checkFileOnce`),
 * answered in one message; or lints the frame range of a large clip it is sent (`lintRangeOnWorker`).
 * A batch's files are read with synchronous calls (`syncFileAccess.ts`): this thread has nothing
 * else to do meanwhile. Each file is read once, into buffers used again.
 */
import { parentPort } from 'node:worker_threads';
// A batch holds binary files only: the check without the manifest rules (a manifest would throw,
// left to the caller), so that this bundle holds no TOML parser or glTF reader.
import { checkPathOnce as checkFileOnce } from '../formats/checkPathOnce';
import { checkBinaryFile } from '../formats/checkBinaryFile';
import type { PooledCheckOptions, PooledFile, PooledFileCheck } from '../formats/checkPool';
import type { FileAccess } from '../formats/fileAccess';
import { compactForTransfer } from '../formats/manifest/localSpaceFacts';
import { lintRangeOnWorker } from './clipRangeWorkerJob';
import { nodeFileAccess } from './fileAccess';
import { RecycledReads } from './recycledReads';
import { syncNodeFileAccess } from './syncFileAccess';
import type { BindPose } from '../formats/manifest/bindPose';
import type { CheckFilesRequest, CheckReply, WorkerMessage } from './checkPoolMessages';

let bindPoses: readonly BindPose[] = [];
/** A check a message reads through the promise API (a streamed file's next piece read while the last is linted). A clip's range reads synchronously (`lintRangeOnWorker`). */
const asyncReads = new RecycledReads(nodeFileAccess);
/** A batch's files: synchronous reads into recycled buffers. */
const wholeReads = new RecycledReads(syncNodeFileAccess);

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

parentPort?.on('message', (message: WorkerMessage) => {
  if ('bindPoses' in message) return void (bindPoses = message.bindPoses);
  if ('files' in message) return void checkFiles(message);
  if ('clipRange' in message) {
    const { id, path, clipRange } = message;
    lintRangeOnWorker(path, clipRange).then(
      (range) => parentPort!.postMessage({ id, range } satisfies CheckReply),
      (error: unknown) => parentPort!.postMessage({ id, error: errorText(error) } satisfies CheckReply),
    );
    return;
  }
  const request = message;
  // One file a message (the language server's checks) reads through the promise API, as before
  // batches: with synchronous reads the server's scan measured no faster on the loaded 2-core
  // machine and its requests' round trips no steadier.
  const lease = asyncReads.lease();
  checkBinaryFile(lease.access, request.path, request.kind, request.stat, request.options).then(
    (full) => {
      // The whole file stays here: only its signature and what the manifest's rules take cross (copied).
      const { checked, transfer } = compactForTransfer(full, bindPoses);
      parentPort!.postMessage({ id: request.id, checked } satisfies CheckReply, transfer);
    },
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: errorText(error) } satisfies CheckReply),
  ).finally(lease.release);
});

/** A batch's files one after the other, answered in one message. */
async function checkFiles({ id, files, options, splitFrom }: CheckFilesRequest): Promise<void> {
  const checks: (PooledFileCheck | null)[] = [];
  const transfer: ArrayBuffer[] = [];
  for (const file of files) {
    const checked = await checkWholeFile(file, options, splitFrom);
    if (checked) transfer.push(...checked.transfer);
    checks.push(checked && checked.check);
  }
  parentPort!.postMessage({ id, checks } satisfies CheckReply, transfer);
}

/**
 * One file as `checkFileOnce` checks it, compacted for the other thread; null where the caller
 * checks it itself: a clip of `splitFrom` bytes or more (linted in ranges), or a check that threw.
 */
async function checkWholeFile(file: PooledFile, options: PooledCheckOptions, splitFrom: number): Promise<{ check: PooledFileCheck; transfer: ArrayBuffer[] } | null> {
  const lease = wholeReads.lease();
  try {
    // One stat: the split's size and the check's (a failure is the check's unreadable diagnostic).
    const known = lease.access.stat(file.path);
    const size = (await known.catch(() => undefined))?.size ?? 0;
    if (file.kind.kind === 'clip' && size >= splitFrom) return null;
    const access: FileAccess = { ...lease.access, stat: (path) => (path === file.path ? known : lease.access.stat(path)) };
    const { stat, ...full } = await checkFileOnce(access, file.path, file.kind, options);
    const { checked, transfer } = compactForTransfer(full, bindPoses);
    return { check: stat ? { ...checked, stat } : checked, transfer };
  } catch {
    return null;
  } finally {
    lease.release();
  }
}
