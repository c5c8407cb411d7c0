/**
 * `FileAccess` over Node's synchronous `fs` calls, for a check worker's small files: a stat and
 * one open, read and close of a file of a few dozen KiB cost a few microseconds done here, where
 * the promise API sends each of them to libuv's thread pool and back (four hand-offs a file, and
 * the threads that take them compete with the workers for the same cores). Only for a thread
 * that does nothing else meanwhile (a check worker): the calls block it. Same answers as
 * `nodeFileAccess` (a missing file's stat is undefined, a short file gives a short read, errors
 * carry the same messages); folders are listed through `nodeFileAccess`.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { FileAccess, FileStat } from '../formats/fileAccess';
import { isMissing, nodeFileAccess, SMALL_READ_BYTES } from './fileAccess';

/** Fills `target` from `offset` until it is full or the file ends; returns the bytes written. */
function fillSync(fd: number, offset: number, target: Uint8Array): number {
  let filled = 0;
  while (filled < target.length) {
    // One read may return less than asked (pipes, network file systems): keep going to EOF.
    const bytesRead = readSync(fd, target, filled, target.length - filled, offset + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

/** Runs `use` on the file open for reading, closing it after. */
function withOpenFile<T>(path: string, use: (fd: number) => T): T {
  const fd = openSync(path, 'r');
  try {
    return use(fd);
  } finally {
    closeSync(fd);
  }
}

export function statFileSync(path: string): FileStat | undefined {
  try {
    const s = statSync(path);
    return { size: s.size, mtimeMs: s.mtimeMs, isDirectory: s.isDirectory(), isFile: s.isFile() };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export const syncNodeFileAccess: FileAccess = {
  stat: async (path) => statFileSync(path),
  read: async (path, offset, length) =>
    withOpenFile(path, (fd) => {
      // Never allocate more than the file still holds, however much the caller asked for (a small
      // piece is allocated as asked, as `nodeFileAccess` does).
      const available = length <= SMALL_READ_BYTES ? length : fstatSync(fd).size - offset;
      const buffer = new Uint8Array(Math.max(0, Math.min(length, available)));
      const filled = fillSync(fd, offset, buffer);
      return filled === buffer.length ? buffer : buffer.subarray(0, filled);
    }),
  readInto: async (path, offset, target) => withOpenFile(path, (fd) => fillSync(fd, offset, target)),
  readDirectory: (path) => nodeFileAccess.readDirectory(path),
  readDirectoryEntries: (path) => nodeFileAccess.readDirectoryEntries!(path),
  realPath: (path) => nodeFileAccess.realPath!(path),
};

/** Reads of at most this many bytes are synchronous in `blockingSmallReads`; larger ones (a streamed clip's pieces) are not. */
const BLOCKING_READ_MAX_BYTES = 1024 * 1024;

/**
 * Node's file access for a thread that only waits while its checks read (the command-line check
 * on one thread): stats and reads of up to 1 MiB synchronous, larger reads through the promise
 * API as `nodeFileAccess` (a streamed clip's next piece is read while the last is linted).
 */
export const blockingSmallReads: FileAccess = {
  ...nodeFileAccess,
  stat: syncNodeFileAccess.stat,
  read: (path, offset, length) => (length <= BLOCKING_READ_MAX_BYTES ? syncNodeFileAccess : nodeFileAccess).read(path, offset, length),
  readInto: (path, offset, target) => (target.length <= BLOCKING_READ_MAX_BYTES ? syncNodeFileAccess : nodeFileAccess).readInto!(path, offset, target),
};
