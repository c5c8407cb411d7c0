/**
 * The clip's sum of squared position steps (what `anim/position-jump` measures a jump against),
 * defined so that any split of the clip into frame ranges on chunk boundaries gives it bit for
 * bit: records are summed in chunks of STEP_SUM_CHUNK_FRAMES frames, each chunk in four f64
 * lanes by clip record index (records 4k, 4k+1, 4k+2, 4k+3, each lane from zero in record
 * order), a chunk's lanes added in one fixed order, and the chunks' totals added in chunk order.
 * The WebAssembly pass and the TypeScript loop both sum this way; a range reports its chunks'
 * totals and the merge adds them as one thread does (`formats/clipRangeLint.ts`).
 */

/** Frames per chunk of the step sums (a multiple of 4, so a chunk starts at a record 4k whatever the bone count). */
export const STEP_SUM_CHUNK_FRAMES = 32;

/** A chunk's total from its lanes (records 4k, 4k+1, 4k+2, 4k+3 of the clip). */
export function chunkTotal(lane0: number, lane1: number, lane2: number, lane3: number): number {
  return lane0 + lane1 + (lane2 + lane3);
}

/** The clip's sum of squared steps: its chunks' totals added in chunk order. */
export function stepTotal(chunks: readonly number[]): number {
  let total = 0;
  for (const chunk of chunks) total += chunk;
  return total;
}

/** Whether frame `frame` of the clip starts a chunk. */
export function startsStepChunk(frame: number): boolean {
  return frame % STEP_SUM_CHUNK_FRAMES === 0;
}

/**
 * The totals of the chunks a scan has ended, in order. The scan's records start at clip frame
 * `firstFrame`, whose own steps are not its (they step from itself): a chunk holding that frame
 * alone (a range's lead frame, the last of the chunk before the range) is not kept.
 */
export class StepChunks {
  readonly totals: number[] = [];

  constructor(private readonly firstFrame: number) {}

  /** The chunk ending before clip frame `endFrame` (or the scan's last records) totals `total`. */
  ended(endFrame: number, total: number): void {
    if (this.firstFrame > 0 && endFrame <= this.firstFrame + 1) return;
    this.totals.push(total);
  }

  /** The totals, with the chunk still open (ending before `endFrame`) last. */
  withOpen(endFrame: number, total: number): number[] {
    const chunks = this.totals.slice();
    if (!(this.firstFrame > 0 && endFrame <= this.firstFrame + 1)) chunks.push(total);
    return chunks;
  }
}
