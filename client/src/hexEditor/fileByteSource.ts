import { open, type FileHandle } from 'node:fs/promises';
import type { ByteSource } from '../../../formats/fileAccess';

/**
 * A file on disk read in pieces through one open handle: the hex editor never loads a whole
 * clip. After an atomic save the path names a new file, so the document opens a new source.
 */
export interface FileByteSource extends ByteSource {
  readonly mtimeMs: number;
  close(): Promise<void>;
}

export async function openFileByteSource(path: string): Promise<FileByteSource> {
  const handle: FileHandle = await open(path, 'r');
  const stats = await handle.stat();
  return {
    size: stats.size,
    mtimeMs: stats.mtimeMs,
    read: async (offset, length) => {
      const n = Math.max(0, Math.min(length, stats.size - offset));
      const buffer = new Uint8Array(n);
      let done = 0;
      while (done < n) {
        const { bytesRead } = await handle.read(buffer, done, n - done, offset + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return done === n ? buffer : buffer.subarray(0, done);
    },
    close: () => handle.close(),
  };
}
