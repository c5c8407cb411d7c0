/**
 * Unsaved bytes of a binary file, kept sparse: only the 4 KiB blocks that were edited exist,
 * each with a mask of which bytes are set. A 267 MB clip with a few edits costs a few KiB.
 */

const BLOCK_SIZE = 4096;

interface OverlayBlock {
  data: Uint8Array;
  /** 1 where `data` holds an edited byte. */
  mask: Uint8Array;
}

/** One run of consecutive edited bytes, as plain data (for backups). */
export interface OverlayRun {
  offset: number;
  bytes: Uint8Array;
}

export class SparseOverlay {
  private readonly blocks = new Map<number, OverlayBlock>();

  get isEmpty(): boolean {
    return this.blocks.size === 0;
  }

  write(offset: number, bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; ) {
      const at = offset + i;
      const index = Math.floor(at / BLOCK_SIZE);
      const within = at - index * BLOCK_SIZE;
      const count = Math.min(BLOCK_SIZE - within, bytes.length - i);
      let block = this.blocks.get(index);
      if (!block) {
        block = { data: new Uint8Array(BLOCK_SIZE), mask: new Uint8Array(BLOCK_SIZE) };
        this.blocks.set(index, block);
      }
      block.data.set(bytes.subarray(i, i + count), within);
      block.mask.fill(1, within, within + count);
      i += count;
    }
  }

  /** Overwrites the bytes of `target` (which holds the file's bytes from `offset`) with edits. */
  applyTo(offset: number, target: Uint8Array): void {
    if (this.blocks.size === 0 || target.length === 0) return;
    const first = Math.floor(offset / BLOCK_SIZE);
    const last = Math.floor((offset + target.length - 1) / BLOCK_SIZE);
    for (let index = first; index <= last; index++) {
      const block = this.blocks.get(index);
      if (!block) continue;
      const blockStart = index * BLOCK_SIZE;
      const from = Math.max(offset, blockStart);
      const to = Math.min(offset + target.length, blockStart + BLOCK_SIZE);
      for (let at = from; at < to; at++) {
        if (block.mask[at - blockStart]) target[at - offset] = block.data[at - blockStart];
      }
    }
  }

  /** True when any byte of `[start, end)` is edited. */
  touches(start: number, end: number): boolean {
    if (this.blocks.size === 0) return false;
    for (let index = Math.floor(start / BLOCK_SIZE); index * BLOCK_SIZE < end; index++) {
      const block = this.blocks.get(index);
      if (!block) continue;
      const blockStart = index * BLOCK_SIZE;
      const from = Math.max(start, blockStart) - blockStart;
      const to = Math.min(end, blockStart + BLOCK_SIZE) - blockStart;
      for (let i = from; i < to; i++) if (block.mask[i]) return true;
    }
    return false;
  }

  /**
   * The edited spans inside `[start, end)` as flat `[from, to, from, to, ...]` file offsets (for
   * highlighting unsaved bytes); adjacent edited bytes form one span.
   */
  spansIn(start: number, end: number): number[] {
    const spans: number[] = [];
    if (this.blocks.size === 0) return spans;
    for (let index = Math.floor(start / BLOCK_SIZE); index * BLOCK_SIZE < end; index++) {
      const block = this.blocks.get(index);
      if (!block) continue;
      const blockStart = index * BLOCK_SIZE;
      const to = Math.min(end, blockStart + BLOCK_SIZE);
      for (let at = Math.max(start, blockStart); at < to; at++) {
        if (!block.mask[at - blockStart]) continue;
        if (spans.length > 0 && spans[spans.length - 1] === at) spans[spans.length - 1] = at + 1;
        else spans.push(at, at + 1);
      }
    }
    return spans;
  }

  /** Every run of consecutive edited bytes, in file order. */
  runs(): OverlayRun[] {
    const runs: OverlayRun[] = [];
    let pending: { offset: number; bytes: number[] } | undefined;
    for (const index of [...this.blocks.keys()].sort((a, b) => a - b)) {
      const block = this.blocks.get(index)!;
      for (let i = 0; i < BLOCK_SIZE; i++) {
        if (!block.mask[i]) continue;
        const at = index * BLOCK_SIZE + i;
        if (pending && pending.offset + pending.bytes.length === at) pending.bytes.push(block.data[i]);
        else {
          if (pending) runs.push({ offset: pending.offset, bytes: Uint8Array.from(pending.bytes) });
          pending = { offset: at, bytes: [block.data[i]] };
        }
      }
    }
    if (pending) runs.push({ offset: pending.offset, bytes: Uint8Array.from(pending.bytes) });
    return runs;
  }

  clear(): void {
    this.blocks.clear();
  }
}
