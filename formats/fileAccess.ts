/**
 * The only way the core touches files. Adapters (CLI, language server, webview host, tests)
 * implement it over `fs`, over VS Code's workspace API or over memory. Paths are POSIX-style
 * ('/'-separated, absolute or relative to whatever root the adapter chose).
 */

export interface FileStat {
  size: number;
  /** Modification time in ms since the epoch: part of the cache key for asset summaries. */
  mtimeMs: number;
  isDirectory: boolean;
  /**
   * Optional: a regular file (false for a FIFO, socket or device, which a read could block on or
   * never finish). Undefined means unknown: treated as a file.
   */
  isFile?: boolean;
}

/** One name in a directory and what it is itself (a symbolic link is 'symlink', whatever it points to). */
export interface DirectoryEntry {
  name: string;
  type: 'file' | 'directory' | 'symlink' | 'other';
}

export interface FileAccess {
  /** `undefined` when nothing exists at `path`. */
  stat(path: string): Promise<FileStat | undefined>;
  /** Up to `length` bytes from `offset`; fewer only at the end of the file. */
  read(path: string, offset: number, length: number): Promise<Uint8Array>;
  /**
   * Optional: fills `target` from `offset` and returns how many bytes it wrote (fewer only at
   * the end of the file). Streaming checks use it to reuse one buffer instead of allocating
   * (and page-faulting) a fresh one per piece.
   */
  readInto?(path: string, offset: number, target: Uint8Array): Promise<number>;
  /** Entry names (not paths) of a directory. */
  readDirectory(path: string): Promise<string[]>;
  /**
   * Optional: a directory's entries with their types, without a stat per entry. The workspace
   * walk uses it to see symbolic links (and to skip FIFOs and devices); without it every entry
   * is stat'ed and links look like what they point to.
   */
  readDirectoryEntries?(path: string): Promise<DirectoryEntry[]>;
  /**
   * Optional: the canonical path of an existing file or folder, every symbolic link resolved.
   * The workspace walk uses it to enter each real folder once and report each real file once.
   */
  realPath?(path: string): Promise<string>;
}

/** Random access to the bytes of one file, on disk or in an editor's unsaved edit model. */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
  /** Optional, as `FileAccess.readInto`. */
  readInto?(offset: number, target: Uint8Array): Promise<number>;
}

export function byteSourceOf(access: FileAccess, path: string, size: number): ByteSource {
  const source: ByteSource = { size, read: (offset, length) => access.read(path, offset, length) };
  const readInto = access.readInto?.bind(access);
  if (readInto) source.readInto = (offset, target) => readInto(path, offset, target);
  return source;
}

export function memoryByteSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
  };
}
