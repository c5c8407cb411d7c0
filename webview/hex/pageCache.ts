/**
 * The webview's window on the file: fixed-size pages of bytes asked from the extension host on
 * demand, at most `maxPages` kept (least recently used dropped). Memory stays constant whatever
 * the file size: 64 pages of 16 KiB = 1 MiB.
 */
export interface FetchedBytes {
  bytes: Uint8Array;
  /** Unsaved spans inside the piece, as flat `[from, to, ...]` file offsets. */
  edited: number[];
}

export type FetchBytes = (offset: number, length: number) => Promise<FetchedBytes>;

interface Page {
  bytes: Uint8Array;
  edited: number[];
}

export class PageCache {
  private readonly pages = new Map<number, Page>();
  private readonly loading = new Map<number, Promise<void>>();
  /** Bumped by `reset`: answers to older requests are dropped. */
  private generation = 0;

  constructor(
    private readonly fetch: FetchBytes,
    private size: number,
    readonly pageBytes = 16 * 1024,
    readonly maxPages = 64,
  ) {}

  get cachedPages(): number {
    return this.pages.size;
  }

  /** Forget every page (the bytes changed, or the file has a new size). */
  reset(size: number): void {
    this.generation++;
    this.size = size;
    this.pages.clear();
    this.loading.clear();
  }

  /** The bytes of `[offset, offset + length)` (clipped to the file) if every page is here. */
  peek(offset: number, length: number): Uint8Array | undefined {
    const end = Math.min(this.size, offset + length);
    if (offset >= end) return new Uint8Array(0);
    const first = Math.floor(offset / this.pageBytes);
    const last = Math.floor((end - 1) / this.pageBytes);
    if (first === last) {
      const page = this.touch(first);
      if (!page) return undefined;
      const from = offset - first * this.pageBytes;
      return page.bytes.subarray(from, from + (end - offset));
    }
    const out = new Uint8Array(end - offset);
    for (let index = first; index <= last; index++) {
      const page = this.touch(index);
      if (!page) return undefined;
      const pageStart = index * this.pageBytes;
      const from = Math.max(offset, pageStart);
      const to = Math.min(end, pageStart + page.bytes.length);
      out.set(page.bytes.subarray(from - pageStart, to - pageStart), from - offset);
    }
    return out;
  }

  /** True when byte `offset` is an unsaved edit (false when its page is not here). */
  isEdited(offset: number): boolean {
    const spans = this.pages.get(Math.floor(offset / this.pageBytes))?.edited;
    if (!spans) return false;
    for (let i = 0; i < spans.length; i += 2) if (offset >= spans[i] && offset < spans[i + 1]) return true;
    return false;
  }

  /** Loads every page of `[offset, offset + length)` that is not here yet. */
  async ensure(offset: number, length: number): Promise<void> {
    const end = Math.min(this.size, offset + length);
    if (offset >= end) return;
    const waits: Promise<void>[] = [];
    for (let index = Math.floor(offset / this.pageBytes); index * this.pageBytes < end; index++) {
      if (this.pages.has(index)) continue;
      waits.push(this.loading.get(index) ?? this.load(index));
    }
    await Promise.all(waits);
  }

  private load(index: number): Promise<void> {
    const generation = this.generation;
    const start = index * this.pageBytes;
    const promise = this.fetch(start, Math.min(this.pageBytes, this.size - start)).then((page) => {
      if (generation !== this.generation) return;
      this.loading.delete(index);
      this.pages.set(index, page);
      while (this.pages.size > this.maxPages) this.pages.delete(this.pages.keys().next().value as number);
    });
    this.loading.set(index, promise);
    return promise;
  }

  /** A cached page, marked as most recently used. */
  private touch(index: number): Page | undefined {
    const page = this.pages.get(index);
    if (page) {
      this.pages.delete(index);
      this.pages.set(index, page);
    }
    return page;
  }
}
