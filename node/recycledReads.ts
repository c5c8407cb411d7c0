/**
 * Reads of whole small files into buffers used again from one check to the next: a check worker
 * reads thousands of files of a few dozen KiB, and a fresh buffer for each left the process's
 * native heap (one malloc arena per thread) holding far more than the files in flight.
 */
import type { FileAccess } from '../formats/fileAccess';

/** Reads larger than this get buffers of their own (a streamed check reuses its own piece buffer). */
const RECYCLED_MAX_BYTES = 4 * 1024 * 1024;
/** Free buffers kept at most: about the checks a worker has in flight. */
const KEPT_FREE = 16;

export class RecycledReads {
  private readonly free: Uint8Array[] = [];

  constructor(private readonly base: FileAccess) {}

  /**
   * A file access whose `read`s land in recycled buffers until `release()`, which gives them
   * back: nothing read through it may be used after that (copy what must outlive the check).
   */
  lease(): { access: FileAccess; release(): void } {
    const taken: Uint8Array[] = [];
    const base = this.base;
    const readInto = base.readInto?.bind(base);
    const access: FileAccess = {
      ...base,
      read: async (path, offset, length) => {
        if (!readInto || length > RECYCLED_MAX_BYTES) return base.read(path, offset, length);
        const buffer = this.take(length);
        taken.push(buffer);
        return buffer.subarray(0, await readInto(path, offset, buffer.subarray(0, length)));
      },
    };
    return { access, release: () => this.giveBack(taken.splice(0)) };
  }

  private take(length: number): Uint8Array {
    const at = this.free.findIndex((buffer) => buffer.length >= length);
    if (at >= 0) return this.free.splice(at, 1)[0]!;
    // Powers of two from 64 KiB: a buffer serves any smaller file later.
    return new Uint8Array(Math.max(65536, 2 ** Math.ceil(Math.log2(Math.max(1, length)))));
  }

  private giveBack(buffers: Uint8Array[]): void {
    for (const buffer of buffers) if (this.free.length < KEPT_FREE) this.free.push(buffer);
  }
}
