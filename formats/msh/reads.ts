/**
 * How the MSH readers get bytes: each reader is a generator of read requests (`ReadSteps`), so
 * one piece of code runs over a `ByteSource` in pieces (`runOnSource`, asynchronous) or over
 * bytes already in memory (`runOnBytes`, synchronous: no promise per read). A small source
 * (at most one piece) can be read whole first and then parsed synchronously.
 */
import type { ByteSource } from '../fileAccess';
import { DEFAULT_CHUNK_BYTES } from '../problemCollector';

/** A request for `length` bytes at absolute `offset`; the answer may be shorter at the end of the data. */
export interface ReadRequest {
  offset: number;
  length: number;
}

export type ReadSteps<T> = Generator<ReadRequest, T, Uint8Array>;

/** The bytes at `offset` (fewer at the end of the data). */
export function* readStep(offset: number, length: number): ReadSteps<Uint8Array> {
  return yield { offset, length };
}

/**
 * Calls `visit` with consecutive pieces of `[start, start + count * recordSize)`, each a whole
 * number of records and at most `chunkBytes` long (at least one record); stops quietly where the
 * data ends early.
 */
export function* eachRecordChunk(
  start: number,
  count: number,
  recordSize: number,
  chunkBytes: number,
  visit: (bytes: Uint8Array, firstRecord: number, records: number) => void,
): ReadSteps<void> {
  const perChunk = Math.max(1, Math.floor(chunkBytes / recordSize));
  for (let first = 0; first < count; first += perChunk) {
    const records = Math.min(perChunk, count - first);
    const bytes = yield* readStep(start + first * recordSize, records * recordSize);
    const whole = Math.min(records, Math.floor(bytes.length / recordSize));
    if (whole > 0) visit(bytes, first, whole);
    if (whole < records) return;
  }
}

/** Runs `steps` over bytes in memory (synchronously). */
export function runOnBytes<T>(steps: ReadSteps<T>, bytes: Uint8Array): T {
  let step = steps.next();
  while (!step.done) {
    const { offset, length } = step.value;
    const start = Math.max(0, Math.min(bytes.length, offset));
    step = steps.next(bytes.subarray(start, Math.min(bytes.length, start + Math.max(0, length))));
  }
  return step.value;
}

/**
 * Runs `steps` over a source, one read a request; with `wholeUpTo`, a source of at most that many
 * bytes is read in one piece first and the steps run over it in memory.
 */
export async function runOnSource<T>(steps: ReadSteps<T>, source: ByteSource, wholeUpTo = 0): Promise<T> {
  if (source.size <= wholeUpTo) return runOnBytes(steps, await source.read(0, source.size));
  let step = steps.next();
  while (!step.done) {
    const { offset, length } = step.value;
    step = steps.next(length > 0 ? await source.read(offset, length) : new Uint8Array(0));
  }
  return step.value;
}

/** The whole-file threshold the checks use: one piece of the chunked reads. */
export function wholeFileLimit(chunkBytes: number | undefined): number {
  return chunkBytes ?? DEFAULT_CHUNK_BYTES;
}
