/**
 * An in-memory `FileAccess` for unit tests: files by absolute POSIX path, folders implied by
 * the files under them. Counts reads so tests can prove what was (not) read.
 */
import type { FileAccess, FileStat } from '../../../formats/fileAccess';

export class MemoryFileAccess implements FileAccess {
  private readonly files = new Map<string, { bytes: Uint8Array; mtimeMs: number }>();
  /** Paths passed to `read`, in order. */
  readonly reads: string[] = [];
  private clock = 1_000;

  constructor(files: Record<string, Uint8Array | string> = {}) {
    for (const [path, content] of Object.entries(files)) this.write(path, content);
  }

  /** Adds or replaces a file; each write gets a later modification time. */
  write(path: string, content: Uint8Array | string): void {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    this.files.set(path, { bytes, mtimeMs: this.clock++ });
  }

  delete(path: string): void {
    this.files.delete(path);
  }

  private isDirectory(path: string): boolean {
    const prefix = path.endsWith('/') ? path : `${path}/`;
    for (const key of this.files.keys()) if (key.startsWith(prefix)) return true;
    return false;
  }

  async stat(path: string): Promise<FileStat | undefined> {
    const file = this.files.get(path);
    if (file) return { size: file.bytes.length, mtimeMs: file.mtimeMs, isDirectory: false };
    return this.isDirectory(path) ? { size: 0, mtimeMs: 0, isDirectory: true } : undefined;
  }

  async read(path: string, offset: number, length: number): Promise<Uint8Array> {
    const file = this.files.get(path);
    if (!file) throw new Error(`ENOENT: ${path}`);
    this.reads.push(path);
    return file.bytes.slice(offset, Math.min(file.bytes.length, offset + length));
  }

  async readDirectory(path: string): Promise<string[]> {
    const prefix = path.endsWith('/') ? path : `${path}/`;
    const names = new Set<string>();
    for (const key of this.files.keys()) if (key.startsWith(prefix)) names.add(key.slice(prefix.length).split('/')[0]);
    return [...names];
  }
}
