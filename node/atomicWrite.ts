import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file from pieces to a temporary file beside it, flushes it, then renames it over the
 * target: a crash or a full disk mid-save leaves the old file intact, never a half-written clip.
 */
export async function writeFileAtomically(path: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const handle = await open(temporary, 'wx');
  try {
    for await (const chunk of chunks) {
      let written = 0;
      while (written < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, written, chunk.length - written);
        written += bytesWritten;
      }
    }
    await handle.sync();
    await handle.close();
    await rename(temporary, path);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}
