/**
 * `FileAccess` over Node's `fs/promises`: the core's only window on disk for the CLI, the
 * language server and the bench. Reads exactly the requested piece through a FileHandle, so a
 * 267 MB clip is never loaded whole. The Node adapters (CLI, server, client) share it from `node/`.
 */
import { open, readdir, realpath, stat, type FileHandle } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import type { DirectoryEntry, FileAccess, FileStat } from '../formats/fileAccess';

/** A path with nothing there (or below a file): a stat of it is undefined, not an error. */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Fills `target` from `offset` until it is full or the file ends; returns the bytes written. */
async function fill(handle: FileHandle, offset: number, target: Uint8Array): Promise<number> {
  let filled = 0;
  while (filled < target.length) {
    // One read may return less than asked (pipes, network file systems): keep going to EOF.
    const { bytesRead } = await handle.read(target, filled, target.length - filled, offset + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

/** Pieces up to this size are allocated as asked, without asking the file's size first. */
export const SMALL_READ_BYTES = 256 * 1024;

/** Reads `length` bytes at `offset`; fewer only where the file ends. */
export async function readFilePiece(path: string, offset: number, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    // Never allocate more than the file still holds, however much the caller asked for; a
    // small piece (a whole small file) needs no stat to know that.
    const available = length <= SMALL_READ_BYTES ? length : (await handle.stat()).size - offset;
    const buffer = new Uint8Array(Math.max(0, Math.min(length, available)));
    const filled = await fill(handle, offset, buffer);
    return filled === buffer.length ? buffer : buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/** Reads into the caller's buffer (reused across pieces by streaming checks). */
export async function readFileInto(path: string, offset: number, target: Uint8Array): Promise<number> {
  const handle = await open(path, 'r');
  try {
    return await fill(handle, offset, target);
  } finally {
    await handle.close();
  }
}

export const nodeFileAccess: FileAccess = {
  async stat(path: string): Promise<FileStat | undefined> {
    try {
      const s = await stat(path);
      return { size: s.size, mtimeMs: s.mtimeMs, isDirectory: s.isDirectory(), isFile: s.isFile() };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  },
  read: readFilePiece,
  readInto: readFileInto,
  async readDirectory(path: string): Promise<string[]> {
    return readdir(path);
  },
  async readDirectoryEntries(path: string): Promise<DirectoryEntry[]> {
    return (await readdir(path, { withFileTypes: true })).map((d) => ({ name: d.name, type: entryType(d) }));
  },
  realPath: (path: string) => realpath(path),
};

function entryType(d: Dirent): DirectoryEntry['type'] {
  if (d.isSymbolicLink()) return 'symlink';
  if (d.isDirectory()) return 'directory';
  return d.isFile() ? 'file' : 'other';
}
