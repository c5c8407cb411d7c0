/**
 * The webview's window on the file: fixed-size pages of bytes asked from the extension host on
 * demand, at most `maxPages` kept (least recently used dropped). Memory stays constant whatever
 * the file size: 64 pages of 16 KiB = 1 MiB.
 */
export type FetchBytes = (offset: number, length: number) => Promise<Uint8Array>;

export class PageCache {
  private readonly pages = new Map<number, Uint8Array>();
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
      return page.subarray(from, from + (end - offset));
    }
    const out = new Uint8Array(end - offset);
    for (let index = first; index <= last; index++) {
      const page = this.touch(index);
      if (!page) return undefined;
      const pageStart = index * this.pageBytes;
      const from = Math.max(offset, pageStart);
      const to = Math.min(end, pageStart + page.length);
      out.set(page.subarray(from - pageStart, to - pageStart), from - offset);
    }
    return out;
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
    const promise = this.fetch(start, Math.min(this.pageBytes, this.size - start)).then((bytes) => {
      if (generation !== this.generation) return;
      this.loading.delete(index);
      this.pages.set(index, bytes);
      while (this.pages.size > this.maxPages) this.pages.delete(this.pages.keys().next().value as number);
    });
    this.loading.set(index, promise);
    return promise;
  }

  /** A cached page, marked as most recently used. */
  private touch(index: number): Uint8Array | undefined {
    const page = this.pages.get(index);
    if (page) {
      this.pages.delete(index);
      this.pages.set(index, page);
    }
    return page;
  }
}
