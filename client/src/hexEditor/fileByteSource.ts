import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import type { ByteSource } from '../../../formats/fileAccess';
import { SAME_BYTES_LIMIT, sameBytes, type DiskVersion } from './diskAccess';

/** Bytes hashed at each end of a file for its fingerprint: cheap even for a 267 MB clip. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * A file on disk read in pieces through one open handle: the hex editor never loads a whole
 * clip. The handle keeps the version it opened readable even when the path is replaced (an
 * atomic save by another tool) or deleted; `rewrittenInPlace` says when that version itself
 * changed under it.
 */
export interface FileByteSource extends ByteSource {
  /** The version opened (fingerprinted when it was opened). */
  readonly version: DiskVersion;
  /** True when the opened file itself was written to since (not replaced: changed in place). */
  rewrittenInPlace(): Promise<boolean>;
  close(): Promise<void>;
}

async function readFully(handle: FileHandle, offset: number, length: number): Promise<Uint8Array> {
  const buffer = new Uint8Array(Math.max(0, length));
  let done = 0;
  while (done < buffer.length) {
    const { bytesRead } = await handle.read(buffer, done, buffer.length - done, offset + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done === buffer.length ? buffer : buffer.subarray(0, done);
}

async function versionOf(handle: FileHandle): Promise<DiskVersion> {
  const stats = await handle.stat();
  const hash = createHash('sha1');
  hash.update(await readFully(handle, 0, Math.min(SAMPLE_BYTES, stats.size)));
  if (stats.size > SAMPLE_BYTES) {
    const tail = Math.max(SAMPLE_BYTES, stats.size - SAMPLE_BYTES);
    hash.update(await readFully(handle, tail, stats.size - tail));
  }
  const sample = hash.digest('hex');
  const { size, mtimeMs, dev, ino } = stats;
  return { size, mtimeMs, dev, ino, sample, key: `${size}:${mtimeMs}:${dev}:${ino}:${sample}` };
}

/** Runs `use` on the file at `path`, opened for reading and closed after; `missing` when it cannot be opened. */
async function withOpenFile<T>(path: string, missing: T, use: (handle: FileHandle) => Promise<T>): Promise<T> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return missing;
  }
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/** The version of the file at `path` now; undefined when nothing is there. */
export function readDiskVersion(path: string): Promise<DiskVersion | undefined> {
  return withOpenFile<DiskVersion | undefined>(path, undefined, versionOf);
}

/**
 * True when the bytes at `path` under each run equal `base`'s (the version the edits were made
 * on). Reads only the runs (at most `limitBytes` of them; beyond that the fingerprint decides).
 */
export function sameBytesUnder(path: string, base: ByteSource, runs: readonly { offset: number; bytes: Uint8Array }[], limitBytes = SAME_BYTES_LIMIT): Promise<boolean> {
  return withOpenFile(path, true, (handle) => sameBytes({ size: Number.MAX_SAFE_INTEGER, read: (offset, length) => readFully(handle, offset, length) }, base, runs, limitBytes));
}

export async function openFileByteSource(path: string): Promise<FileByteSource> {
  const handle: FileHandle = await open(path, 'r');
  const version = await versionOf(handle);
  const size = version.size;
  return {
    size,
    version,
    read: (offset, length) => readFully(handle, offset, Math.max(0, Math.min(length, size - offset))),
    rewrittenInPlace: async () => {
      const now = await handle.stat();
      return now.size !== version.size || now.mtimeMs !== version.mtimeMs;
    },
    close: () => handle.close(),
  };
}
