/**
 * Drives the motion rules' WebAssembly pass (`motionKernel.wat`) for the scanner: buffers the fed
 * records into the kernel's blocks (or, for a piece the lint read into one of the kernel's piece
 * buffers, scans its whole blocks where they lie and keeps only its last two blocks' records),
 * fills each block's prefix (the frame before it) and padding,
 * scans it, reports the content lint's suspect records, and hands the scanner the candidates
 * among the records the gate flagged (judged exactly in the kernel, `MotionKernel.candidates`)
 * and the frames completed, a block at a time. The steps around a candidate are read back from
 * the records the kernel keeps (`KeptSteps`).
 */
import { MOTION_KERNEL_BLOCK, MOTION_KERNEL_PREFIX, MOTION_KERNEL_SLOTS, type MotionKernel } from '../wasm/motionKernel';
import { KeptSteps } from './keptSteps';
import { STEP_SUM_CHUNK_FRAMES, StepChunks, chunkTotal } from './stepSums';

/** Margins of the kernel's gate around the thresholds: far above its f32 rounding (below 1e-6). */
const GATE_COS_MARGIN = 1e-5;
const GATE_RATIO_SHARE = 1 - 1e-5;
/** The largest finite f32 (the gate's ratio is an f32). */
const F32_MAX = 3.4e38;
/** A rotation field's step in its component: 1 / (511.5 sqrt 2). */
const FIELD_STEP = 1 / (511.5 * Math.SQRT2);
/** The small-turn bound's margin on |dot|: far above the decode's f32 rounding (below 1e-6). */
const SMALL_TURN_MARGIN = 1e-4;

/**
 * The largest change of each of a rotation word's three fields (its dropped index unchanged)
 * that surely turns less than a pop's |dot| `cosHalfMin`, so the kernel need not decode it; -1
 * where none does (a threshold of 0 degrees). Two such rotations q1, q2 (fields delta apart, each
 * within 1/sqrt 2 of zero, sums of squares s1, s2, the dropped component sqrt(max(0, 1 - s)), so
 * |q|^2 = max(1, s) >= 1) have dot = (|q1|^2 + |q2|^2 - |q1 - q2|^2) / 2 >= 1 - |q1 - q2|^2 / 2,
 * and |q1 - q2|^2 <= 3 delta^2 + |s1 - s2| <= 3 delta^2 + 3 sqrt(2) delta.
 */
export function smallTurnFieldSteps(cosHalfMin: number): number {
  const budget = 2 * (1 - cosHalfMin - SMALL_TURN_MARGIN);
  if (!(budget > 0)) return -1;
  // The root of 3 delta^2 + 3 sqrt(2) delta = budget.
  const delta = (-3 * Math.SQRT2 + Math.sqrt(18 + 12 * budget)) / 6;
  return Math.min(1023, Math.floor(delta / FIELD_STEP));
}

/** The lint's record test, for the pass to report suspect records to: record index and its words. */
export type SuspectRecord = (record: number, rot: number, w1: number, w2: number, w3: number) => void;

/** What the pass hands the scanner, in record order. */
export interface KernelPassSink {
  /** True while a candidate can still be taken (else the gate flags none). */
  judging(): boolean;
  /**
   * The candidates a scan's flagged records start (`MotionKernel.candidates`): `list[0, count)`,
   * record << 1 | kind (0 a pop's turn, 1 a jump's move), in record order. One call a block.
   */
  candidatesFound(list: Uint32Array, count: number): void;
  /**
   * Frames completed by a scan, in order, all after the first: frame `firstFrame + i` for each i
   * of `[from, to)`, changed (a record of it differs from the frame before) where `changed[i]` is
   * not 0. One call a block, not one a frame.
   */
  framesDone(changed: Uint8Array, from: number, to: number): void;
  /** The first `frames` frames have been scanned whole. */
  scanned(frames: number): void;
}

export class KernelPass {
  readonly kept: KeptSteps;
  private readonly cosHi: number;
  private readonly cosLo: number;
  private readonly ratio: number;
  private readonly smallTurn: number;
  /** The scanner's thresholds, which a flagged record's exact steps are judged against (`MotionKernel.candidates`). */
  private readonly cosHalfMin: number;
  private readonly ratioSquared: number;
  /** Records in the current block, blocks scanned, frames completed, and the changed flag of a frame cut by a block's end. */
  private fill = 0;
  private blocks = 0;
  private frames = 0;
  private cutFrameChanged = 0;
  /** The word of position 0 of the last blocks (block b at `b % MOTION_KERNEL_SLOTS`): its slot's, or where it lies in a piece buffer. */
  private readonly bases: number[];
  /** The words where the piece buffers handed out start. */
  private readonly pieceStarts: number[] = [];
  /** The clip's record of the first record fed, records per chunk of the step sums, and the chunks ended. */
  private readonly firstRecord: number;
  private readonly chunkRecords: number;
  private readonly chunks: StepChunks;

  /**
   * `cosHalfMin`, `ratioSquared`: the scanner's thresholds of a pop's turn and a jump's squared
   * move; `firstFrame`: the clip's frame of the first record fed.
   */
  constructor(
    readonly kernel: MotionKernel,
    cosHalfMin: number,
    ratioSquared: number,
    private readonly onSuspect?: SuspectRecord,
    private readonly firstFrame = 0,
  ) {
    this.firstRecord = firstFrame * kernel.bones;
    this.chunkRecords = STEP_SUM_CHUNK_FRAMES * kernel.bones;
    this.chunks = new StepChunks(firstFrame);
    this.bases = Array.from({ length: MOTION_KERNEL_SLOTS }, (_, slot) => kernel.slotWord(slot));
    this.kept = new KeptSteps(kernel, this.bases);
    this.cosHi = Math.fround(cosHalfMin + GATE_COS_MARGIN);
    this.cosLo = Math.fround(cosHalfMin - GATE_COS_MARGIN);
    this.ratio = Math.fround(Math.min(F32_MAX, ratioSquared * GATE_RATIO_SHARE));
    this.smallTurn = smallTurnFieldSteps(cosHalfMin);
    this.cosHalfMin = cosHalfMin;
    this.ratioSquared = ratioSquared;
  }

  /** Whether the lint's record test runs here (reported to `onSuspect`). */
  get lintsRecords(): boolean {
    return this.onSuspect !== undefined;
  }

  /** The totals of the squared steps' chunks (`stepSums.ts`), the open one last, and the farthest squared position. */
  sums(): { stepChunks: number[]; farthest: number } {
    const open = this.chunkTotalAt(this.kernel.laneSums, 0);
    // The four lanes named: a typed array spread into Math.max takes the iterator's slow path.
    const lanes = this.kernel.farthest;
    return { stepChunks: this.chunks.withOpen(this.firstFrame + this.frames, open), farthest: Math.max(lanes[0], lanes[1], lanes[2], lanes[3]) };
  }

  /** The total of the chunk whose lanes are `lanes[at, at + 4)`: the kernel's lanes count from the first record fed, the chunk's from the clip's record 0. */
  private chunkTotalAt(lanes: Float64Array, at: number): number {
    const shift = this.firstRecord & 3;
    return chunkTotal(lanes[at + ((4 - shift) & 3)], lanes[at + ((5 - shift) & 3)], lanes[at + ((6 - shift) & 3)], lanes[at + ((7 - shift) & 3)]);
  }

  /** The position in a block starting at record `start` where the next chunk of the step sums starts (-1: past `count` records). */
  private chunkSplit(start: number, count: number): number {
    const first = this.firstRecord + start;
    let boundary = Math.ceil(first / this.chunkRecords) * this.chunkRecords;
    if (boundary === this.firstRecord) boundary += this.chunkRecords;
    return boundary - first < count ? MOTION_KERNEL_PREFIX + boundary - first : -1;
  }

  /** Keeps the chunks the last scan ended, the first at position `split` of a block starting at record `start`. */
  private keepEndedChunks(start: number, split: number): void {
    const kernel = this.kernel;
    const ended = kernel.chunksEnded();
    const firstEnd = this.firstRecord + start + split - MOTION_KERNEL_PREFIX;
    for (let c = 0; c < ended; c++) this.chunks.ended((firstEnd + c * this.chunkRecords) / kernel.bones, this.chunkTotalAt(kernel.chunkLanes, 4 * c));
  }

  /**
   * A buffer in the kernel's memory for the lint to read piece buffer `index` (0 or 1) into, so
   * `feed` scans its records where they lie instead of copying them; undefined: the caller's own.
   * The caller reads into the two in turn and fills one only once the piece before was fed.
   */
  pieceBuffer(index: number, length: number): Uint8Array | undefined {
    const bytes = this.kernel.pieceBuffer(index, length);
    if (bytes && !this.pieceStarts.includes(bytes.byteOffset / 4)) this.pieceStarts.push(bytes.byteOffset / 4);
    return bytes;
  }

  /** Records `[0, records)` of `words` (4 u32 each), following the last piece. */
  feed(words: Uint32Array, records: number, sink: KernelPassSink): void {
    const kernel = this.kernel;
    let done = 0;
    // A piece in a piece buffer, at a block's start: its whole blocks are scanned where they lie.
    if (this.fill === 0 && words.buffer === kernel.words.buffer && this.pieceStarts.includes(words.byteOffset / 4)) {
      const blocks = Math.floor(records / MOTION_KERNEL_BLOCK);
      for (let b = 0; b < blocks; b++) this.scanBlock(sink, words.byteOffset / 4 + (b * MOTION_KERNEL_BLOCK - MOTION_KERNEL_PREFIX) * 4, MOTION_KERNEL_BLOCK);
      done = blocks * MOTION_KERNEL_BLOCK;
      this.keepLastBlocks();
    }
    for (; done < records; ) {
      const n = Math.min(MOTION_KERNEL_BLOCK - this.fill, records - done);
      kernel.words.set(words.subarray(done * 4, (done + n) * 4), kernel.slotWord(this.blocks % MOTION_KERNEL_SLOTS) + (MOTION_KERNEL_PREFIX + this.fill) * 4);
      this.fill += n;
      done += n;
      if (this.fill === MOTION_KERNEL_BLOCK) this.scanBlock(sink, kernel.slotWord(this.blocks % MOTION_KERNEL_SLOTS), MOTION_KERNEL_BLOCK);
    }
  }

  /**
   * For a clip held in one block, once it is flushed: writes the exact steps of its first
   * `records` records (`MotionKernel.exactTurns` / `exactMoves`, record 0 at position
   * MOTION_KERNEL_PREFIX) and lists the groups holding a candidate (`MotionKernel.gated`);
   * returns how many groups.
   */
  exactSteps(records: number, cosHalfMin: number, ratioSquared: number): number {
    if (this.blocks !== 1 || records > MOTION_KERNEL_BLOCK) throw new Error('exact steps need a clip in one block');
    return this.kernel.steps(this.bases[0], MOTION_KERNEL_PREFIX, records, cosHalfMin, ratioSquared);
  }

  /** Gives the kernel back for the next pass (`MotionKernel.release`). */
  release(): void {
    this.kernel.release();
  }

  /** Scans the records still buffered (the last, partial block). */
  flush(sink: KernelPassSink): void {
    this.scanBlock(sink, this.kernel.slotWord(this.blocks % MOTION_KERNEL_SLOTS), this.fill);
  }

  /**
   * Copies the last two blocks scanned where they lay in a piece buffer into their slots: the
   * buffer is read into again once this piece is done, and the steps around a candidate are
   * judged from them (with the block scanned next, which goes to the third slot).
   */
  private keepLastBlocks(): void {
    const { kernel, bases } = this;
    for (let block = Math.max(0, this.blocks - (MOTION_KERNEL_SLOTS - 1)); block < this.blocks; block++) {
      const slot = block % MOTION_KERNEL_SLOTS;
      const home = kernel.slotWord(slot);
      if (bases[slot] === home) continue;
      kernel.words.copyWithin(home + MOTION_KERNEL_PREFIX * 4, bases[slot] + MOTION_KERNEL_PREFIX * 4, bases[slot] + (MOTION_KERNEL_PREFIX + MOTION_KERNEL_BLOCK) * 4);
      bases[slot] = home;
    }
  }

  /**
   * Scans the current block, `count` records from position MOTION_KERNEL_PREFIX of the records
   * at word `base` (a slot, or where it lies in a piece buffer): its prefix and padding filled,
   * then its flags and frames handed on.
   */
  private scanBlock(sink: KernelPassSink, base: number, count: number): void {
    const { kernel, cosHi, cosLo, ratio, smallTurn } = this;
    if (count === 0) return;
    const bones = kernel.bones;
    const words = kernel.words;
    const slot = this.blocks % MOTION_KERNEL_SLOTS;
    this.bases[slot] = base;
    const start = this.blocks * MOTION_KERNEL_BLOCK;
    if (this.blocks === 0) {
      // Frame 0 twice before the block: its records then step from themselves (no change), and
      // a first scan over the second copy fills the per-position values they step from.
      const first = Math.min(count, bones);
      words.copyWithin(base + (MOTION_KERNEL_PREFIX - bones) * 4, base + MOTION_KERNEL_PREFIX * 4, base + (MOTION_KERNEL_PREFIX + first) * 4);
      words.copyWithin(base + (MOTION_KERNEL_PREFIX - 2 * bones) * 4, base + MOTION_KERNEL_PREFIX * 4, base + (MOTION_KERNEL_PREFIX + first) * 4);
    } else {
      // The frame before the block, unless it lies there already (the block before, in the same piece buffer).
      const previous = this.bases[(this.blocks - 1) % MOTION_KERNEL_SLOTS] + (MOTION_KERNEL_PREFIX + MOTION_KERNEL_BLOCK) * 4;
      if (previous !== base + MOTION_KERNEL_PREFIX * 4) words.copyWithin(base + (MOTION_KERNEL_PREFIX - bones) * 4, previous - bones * 4, previous);
    }
    // Whole groups of four: the padding repeats the records one frame earlier (no change).
    for (let i = count; i % 4 !== 0; i++) words.copyWithin(base + (MOTION_KERNEL_PREFIX + i) * 4, base + (MOTION_KERNEL_PREFIX + i - bones) * 4, base + (MOTION_KERNEL_PREFIX + i - bones + 1) * 4);
    if (this.blocks === 0) {
      // Its steps are from values never set: only the values it stores count (its flags and sums do not).
      kernel.scan(base, MOTION_KERNEL_PREFIX - bones, bones, 0, cosHi, cosLo, ratio, true, smallTurn, -1, this.chunkRecords);
      kernel.laneSums.fill(0);
      kernel.farthest.fill(0);
    }
    const split = this.chunkSplit(start, count);
    const flagged = kernel.scan(base, MOTION_KERNEL_PREFIX, count, start % bones, cosHi, cosLo, ratio, sink.judging(), smallTurn, split, this.chunkRecords);
    if (split >= 0) this.keepEndedChunks(start, split);
    this.blocks++;
    this.fill = 0;
    const prefix = MOTION_KERNEL_PREFIX;
    const onSuspect = this.onSuspect;
    if (onSuspect) {
      const flags = kernel.flags;
      for (let j = 0, suspects = flagged & 0xffff; j < suspects; j++) {
        const position = flags[2 * j], mask = flags[2 * j + 1];
        for (let k = 0; k < 4; k++) {
          const i = position - prefix + k;
          if (i >= count) break;
          if ((mask >> k) & 1) {
            const w = base + (position + k) * 4;
            onSuspect(start + i, words[w], words[w + 1], words[w + 2], words[w + 3]);
          }
        }
      }
    }
    // The flagged records judged exactly in the kernel, the candidates handed on in one call.
    const groups = flagged >>> 16;
    if (groups > 0) {
      const found = kernel.candidates(groups, start, count, this.bases, this.cosHalfMin, this.ratioSquared);
      if (found > 0) sink.candidatesFound(kernel.candidateList, found);
    }
    // Frames completed by this block (a frame cut by the block's end is finished by the next one).
    // The first, `this.frames`, is the frame a block's end cut (if any): its changed flag joins the
    // part read before (the flags are the scan's output, written afresh by each scan).
    const firstFrame = Math.floor(start / bones);
    const end = start + count;
    const whole = Math.floor(end / bones);
    const changedFrames = kernel.changedFrames;
    changedFrames[0] |= this.cutFrameChanged;
    if (whole > firstFrame) sink.framesDone(changedFrames, firstFrame === 0 ? 1 : 0, whole - firstFrame);
    this.cutFrameChanged = end % bones === 0 ? 0 : changedFrames[whole - firstFrame];
    this.frames = whole;
    sink.scanned(whole);
  }
}
