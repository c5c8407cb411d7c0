/**
 * A worker thread of `ClipDiffPool`: says it is ready once loaded, then compares each frame range
 * of two clips it is sent (`diffClipRange`, reading both files through the Node file access, a
 * window at a time) and posts back the range's totals, their buffers transferred.
 */
import { parentPort } from 'node:worker_threads';
import { diffClipRange } from '../formats/diff/clipDiffRanges';
import type { ClipDiffPart } from '../formats/diff/clipDiffTotals';
import { byteSourceOf } from '../formats/fileAccess';
import type { ClipDiffRangeMessage, ClipDiffWorkerMessage } from './clipDiffPool';
import { nodeFileAccess } from './fileAccess';

/** The buffers of `part`'s arrays (each its own), handed over instead of copied. */
function buffersOf(part: ClipDiffPart): ArrayBuffer[] {
  return Object.values(part).filter((value): value is Float64Array => ArrayBuffer.isView(value)).map((view) => view.buffer as ArrayBuffer);
}

parentPort?.on('message', ({ id, pathA, pathB, request }: ClipDiffRangeMessage) => {
  const a = byteSourceOf(nodeFileAccess, pathA, request.shapeA.size);
  const b = byteSourceOf(nodeFileAccess, pathB, request.shapeB.size);
  diffClipRange(a, b, request).then(
    (part) => parentPort!.postMessage({ kind: 'part', id, part } satisfies ClipDiffWorkerMessage, buffersOf(part)),
    (error: unknown) => parentPort!.postMessage({ kind: 'error', id, error: error instanceof Error ? error.message : String(error) } satisfies ClipDiffWorkerMessage),
  );
});
parentPort?.postMessage({ kind: 'ready' } satisfies ClipDiffWorkerMessage);
