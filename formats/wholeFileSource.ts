/**
 * A file no larger than one piece, read once: the first read of any part loads the whole file
 * (one open, one read) and every later read is a view of those bytes. A check of a small file
 * (the header, then the records) then costs the file system one read instead of two or more.
 * A file that shrank since its stat gives short views, as pieces read from it one by one would.
 */
import type { ByteSource, FileAccess } from './fileAccess';

export interface WholeFileSource extends ByteSource {
  /** The bytes, once some read loaded them. */
  readonly loaded: Uint8Array | undefined;
}

export function wholeFileSource(access: FileAccess, path: string, size: number): WholeFileSource {
  let whole: Promise<Uint8Array> | undefined;
  let loaded: Uint8Array | undefined;
  return {
    size,
    get loaded() {
      return loaded;
    },
    async read(offset, length) {
      whole ??= access.read(path, 0, size).then((bytes) => (loaded = bytes));
      const bytes = await whole;
      return bytes.subarray(Math.min(offset, bytes.length), Math.min(bytes.length, offset + length));
    },
  };
}
