/**
 * Loads the motion rules' fused pass (motionKernel.wat): one instance per clip, its state (three
 * slots of records, the per-position f32 arrays, the moved bones, the sums) in its own memory. The
 * scanner copies records into a slot (or has the lint read its pieces straight into the kernel's
 * two piece buffers, `pieceBuffer`, and scans them where they lie), calls `scan` once per block
 * and reads the flagged groups, the changed frames and, for exact judgement, the raw records of
 * the last blocks in place.
 * Where WebAssembly is missing or refused `createMotionKernel()` returns undefined and the scanner
 * keeps its TypeScript loop (the reference the kernel is tested against).
 */
import { MOTION_KERNEL_WASM } from './motionKernel.generated';

/** Records per block (a multiple of 4). */
export const MOTION_KERNEL_BLOCK = 4096;
/** The position of a block's first record in its slot (the positions before it: the prefix). */
export const MOTION_KERNEL_PREFIX = 512;
/** Record slots, used in turn: the last two blocks stay readable while the next is scanned. */
export const MOTION_KERNEL_SLOTS = 3;
/** Positions per slot: prefix, block, and up to three padding records. */
const SLOT_POSITIONS = MOTION_KERNEL_PREFIX + MOTION_KERNEL_BLOCK + 4;
/** Offsets in the kernel's memory (bytes), as its WAT lays them out. */
const MOVED_AT = 387408;
const SUMS_AT = 387664;
const UNMOVED_AT = 387712;
const FRAMES_AT = 387728;
/** Where the state past the record slots starts (the per-position arrays). */
const STATE_AT = 221376;
const FLAGS_AT = 391824;
const GATED_AT = 401280;
/** The exact steps of a clip held in one block (`steps`): f64 per position. */
const EXACT_TURNS_AT = 221376;
const EXACT_MOVES_AT = 409600;
/** The candidates `candidates` lists (record << 1 | kind, u32 each), over the exact turns (unused in a gated pass). */
const CANDIDATES_AT = 221376;
/** The most candidates one block holds: a turn and a move per record. */
const MAX_CANDIDATES_A_BLOCK = 2 * MOTION_KERNEL_BLOCK;
/** A window's steps (`window`): f64 each. */
const WINDOW_AT = 446528;
/** The most steps one `window` computes (a candidate's window: MOTION_WINDOW each side and its own). */
export const MOTION_KERNEL_MAX_WINDOW = 17;
const CHUNKS_ENDED_AT = 400128;
const CHUNK_LANES_AT = 400144;
/** The most chunks one scan ends (a chunk is at least MOTION_KERNEL_MIN_CHUNK positions). */
const MAX_CHUNKS_A_SCAN = 33;
/** The fewest records of a chunk of the lane sums the kernel takes. */
export const MOTION_KERNEL_MIN_CHUNK = 128;
/** The most bones a clip has (the header's count is one byte); the fewest the kernel takes. */
const MAX_BONES = 255;
export const MOTION_KERNEL_MIN_BONES = 4;
/** The WAT's own memory (pages); the piece buffers follow it. */
const KERNEL_PAGES = 7;
const PAGE_BYTES = 65536;
/** Bytes before each piece buffer: room for a block's prefix, twice the most bones' records (the first block's). */
const PIECE_PREFIX_BYTES = 2 * MAX_BONES * 16 + 32;
/** Bytes after each piece buffer: a last group's padding. */
const PIECE_PADDING_BYTES = 64;
/** The largest piece the kernel offers buffers for (larger pieces are copied into its slots). */
export const MOTION_KERNEL_MAX_PIECE_BYTES = 16 * 1024 * 1024;

interface MotionKernelExports {
  memory: WebAssembly.Memory;
  scan(raw: number, first: number, count: number, bones: number, bone: number, cosHi: number, cosLo: number, ratio: number, judging: number, small: number, split: number, chunk: number): number;
  steps(raw: number, first: number, count: number, bones: number, cosHalfMin: number, ratioSquared: number): number;
  window(kind: number, last: number, n: number, bones: number, b0: number, b1: number, b2: number, skip: number, limit: number): number;
  count(kind: number, n: number, skip: number, limit: number): number;
  candidates(groups: number, start: number, count: number, bones: number, b0: number, b1: number, b2: number, cosHalfMin: number, ratioSquared: number): number;
}

/** A clip's motion kernel (`createMotionKernel`): `InstanceKernel`, its one kind. */
export type MotionKernel = InstanceKernel;

type WebAssemblyApi = typeof WebAssembly;

let compiled: WebAssembly.Module | null | undefined;

/**
 * The kernel's compiled module (compiled here on first call), for another thread to
 * `adoptMotionKernelModule`; undefined where WebAssembly is missing or refused.
 */
export function motionKernelModule(api: WebAssemblyApi | undefined = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly): WebAssembly.Module | undefined {
  if (compiled === undefined && api) {
    try {
      compiled = new api.Module(MOTION_KERNEL_WASM);
    } catch {
      compiled = null;
    }
  }
  return compiled ?? undefined;
}

/**
 * Makes `module` (another thread's `motionKernelModule`) this thread's, unless it has compiled its
 * own: a worker's kernels then run the code that thread's already compiled and optimised, instead
 * of compiling it again and running its first clip in the baseline tier.
 */
export function adoptMotionKernelModule(module: WebAssembly.Module): void {
  if (compiled === undefined) compiled = module;
}

/** The views of an instance's memory every kernel made from it shares (its memory no longer grows). */
type KernelViews = Pick<InstanceKernel, 'words' | 'laneSums' | 'farthest' | 'chunkLanes' | 'changedFrames' | 'flags' | 'gated' | 'exactTurns' | 'exactMoves' | 'windowSteps' | 'candidateList'>;

/** An instance and the piece buffers its memory holds. */
interface KernelInstance {
  api: WebAssemblyApi;
  exports: MotionKernelExports;
  pieceStride: number;
  pieceCapacity: number;
  views: KernelViews;
}

function viewsOf(buffer: ArrayBuffer): KernelViews {
  return {
    words: new Uint32Array(buffer),
    laneSums: new Float64Array(buffer, SUMS_AT, 4),
    farthest: new Float32Array(buffer, SUMS_AT + 32, 4),
    chunkLanes: new Float64Array(buffer, CHUNK_LANES_AT, 4 * MAX_CHUNKS_A_SCAN),
    changedFrames: new Uint8Array(buffer, FRAMES_AT, 4096),
    flags: new Uint32Array(buffer, FLAGS_AT, 2 * (MOTION_KERNEL_BLOCK / 4 + 2)),
    gated: new Uint32Array(buffer, GATED_AT, 2 * (MOTION_KERNEL_BLOCK / 4 + 2)),
    exactTurns: new Float64Array(buffer, EXACT_TURNS_AT, SLOT_POSITIONS),
    exactMoves: new Float64Array(buffer, EXACT_MOVES_AT, SLOT_POSITIONS),
    windowSteps: new Float64Array(buffer, WINDOW_AT, MOTION_KERNEL_MAX_WINDOW),
    candidateList: new Uint32Array(buffer, CANDIDATES_AT, MAX_CANDIDATES_A_BLOCK),
  };
}

/**
 * Instances given back (`release`) for the next kernels made alike: a fresh WebAssembly memory
 * per large clip (about 9 MiB with its piece buffers) made the garbage collector run a full
 * collection per lint, and small clips checked at once (a thread checks several files
 * concurrently) each need one. At most one with piece buffers is kept (its memory is the
 * size of two pieces), and MAX_SPARES_WITHOUT_PIECES without (448 KiB each).
 */
const spares: KernelInstance[] = [];
const MAX_SPARES_WITHOUT_PIECES = 16;

/**
 * A fresh kernel for a clip of 4 to 255 bones with `api` (null: none); undefined where
 * WebAssembly is unavailable. `pieceBytes` > 0: with two piece buffers of that many bytes (at
 * most MOTION_KERNEL_MAX_PIECE_BYTES; none where the memory cannot grow to them).
 */
export function createMotionKernel(
  bones: number,
  api: WebAssemblyApi | null = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly ?? null,
  pieceBytes = 0,
): MotionKernel | undefined {
  if (!api || bones > MAX_BONES || bones < MOTION_KERNEL_MIN_BONES || compiled === null) return undefined;
  // Each buffer: its prefix room, the piece (whole 16-byte records), its padding.
  const pieceStride = pieceBytes > 0 && pieceBytes <= MOTION_KERNEL_MAX_PIECE_BYTES ? PIECE_PREFIX_BYTES + Math.ceil(pieceBytes / 16) * 16 + PIECE_PADDING_BYTES : 0;
  const at = spares.findIndex((spare) => spare.api === api && spare.pieceStride === pieceStride);
  const reused = at >= 0 ? spares.splice(at, 1)[0] : undefined;
  let instance: KernelInstance;
  if (reused) {
    instance = reused;
    // As fresh: every byte past the record slots zero (the slots and piece buffers are written before they are read).
    new Uint8Array(instance.exports.memory.buffer, STATE_AT, KERNEL_PAGES * PAGE_BYTES - STATE_AT).fill(0);
  } else {
    let exports: MotionKernelExports;
    try {
      const module = motionKernelModule(api);
      if (!module) return undefined;
      exports = new api.Instance(module).exports as unknown as MotionKernelExports;
    } catch {
      compiled = null;
      return undefined;
    }
    let pieceCapacity = 0;
    if (pieceStride > 0) {
      try {
        exports.memory.grow(Math.ceil((KERNEL_PAGES * PAGE_BYTES + 2 * pieceStride) / PAGE_BYTES) - KERNEL_PAGES);
        pieceCapacity = pieceStride - PIECE_PREFIX_BYTES - PIECE_PADDING_BYTES;
      } catch {
        pieceCapacity = 0;
      }
    }
    instance = { api, exports, pieceStride, pieceCapacity, views: viewsOf(exports.memory.buffer) };
  }
  return new InstanceKernel(bones, instance);
}

/**
 * A kernel over an instance (`MotionKernel`). One class, its methods shared by every kernel: the scanner's
 * optimised code calls one target from clip to clip (an object of closures made per kernel gave
 * each clip new targets, and V8 threw the judging's and the scan's optimised code away at the
 * next large clip, "wrong call target").
 */
class InstanceKernel {
  /** The memory's words: slot s's position i is words `[slotWord(s) + 4 * i, + 4)`. */
  readonly words: Uint32Array;
  readonly moved: Uint8Array;
  /** The squared-step sums of records 4k, 4k+1, 4k+2, 4k+3. */
  readonly laneSums: Float64Array;
  /** The lane sums of the chunks the last scan ended, four a chunk in order; how many: `chunksEnded()`. */
  readonly chunkLanes: Float64Array;
  /** The farthest squared position per lane. */
  readonly farthest: Float32Array;
  /** Changed frames of the last scan, from the frame of its first record. */
  readonly changedFrames: Uint8Array;
  /** Suspect groups of the last scan: position, then suspect lane mask (`scan`'s low 16 bits count them). */
  readonly flags: Uint32Array;
  /** The gate's flagged groups of the last scan: position, then turn << 4 | move << 8 lane masks (`scan`'s high 16 bits count them). */
  readonly gated: Uint32Array;
  /** Per position, the exact |dot| and squared move `steps` wrote (f64, as the TypeScript loop computes them). */
  readonly exactTurns: Float64Array;
  readonly exactMoves: Float64Array;
  /** The steps `window` computed, f64 each, in order. */
  readonly windowSteps: Float64Array;
  /** What `candidates` listed last. */
  readonly candidateList: Uint32Array;
  private readonly exports: MotionKernelExports;

  constructor(
    readonly bones: number,
    private readonly instance: KernelInstance,
  ) {
    const { exports, views } = instance;
    this.exports = exports;
    this.words = views.words;
    this.laneSums = views.laneSums;
    this.chunkLanes = views.chunkLanes;
    this.farthest = views.farthest;
    this.changedFrames = views.changedFrames;
    this.flags = views.flags;
    this.gated = views.gated;
    this.exactTurns = views.exactTurns;
    this.exactMoves = views.exactMoves;
    this.windowSteps = views.windowSteps;
    this.candidateList = views.candidateList;
    this.moved = new Uint8Array(exports.memory.buffer, MOVED_AT, bones);
    this.words[UNMOVED_AT / 4] = bones;
  }

  chunksEnded(): number {
    return this.words[CHUNKS_ENDED_AT / 4];
  }

  slotWord(slot: number): number {
    return slot * SLOT_POSITIONS * 4;
  }

  /**
   * Buffer `index` (0 or 1) for the lint to read a piece of `length` bytes into, in this memory
   * with room for a block's prefix before it and padding after it; undefined when the kernel
   * was made without piece buffers or `length` is larger than they are.
   */
  pieceBuffer(index: number, length: number): Uint8Array | undefined {
    const { exports, pieceStride, pieceCapacity } = this.instance;
    return length <= pieceCapacity ? new Uint8Array(exports.memory.buffer, KERNEL_PAGES * PAGE_BYTES + index * pieceStride + PIECE_PREFIX_BYTES, length) : undefined;
  }

  /**
   * Scans `count` positions from `first` of the records whose position 0 is word `base` (a
   * slot's, or a piece buffer's block; its prefix and padding filled), `bone` the bone of
   * position `first`; returns the number of suspect groups (`flags`) | the number of the gate's
   * flagged groups (`gated`) << 16. `smallTurn`: the largest change of
   * each rotation field (the dropped index kept) that surely turns less than a pop (-1: none).
   * `split`: the position where the next chunk of the lane sums starts (-1: none in this scan),
   * then every `chunk` (at least MOTION_KERNEL_MIN_CHUNK) positions; the chunks ended are stored.
   */
  scan(base: number, first: number, count: number, bone: number, cosHi: number, cosLo: number, ratio: number, judging: boolean, smallTurn: number, split: number, chunk: number): number {
    return this.exports.scan(base * 4, first, count, this.bones, bone, cosHi, cosLo, ratio, judging ? 1 : 0, smallTurn, split, chunk);
  }

  /**
   * Writes the exact steps (`exactTurns`, `exactMoves`) of `count` positions from `first` of the
   * records whose position 0 is word `base` (prefix and padding filled as for `scan`), each
   * against the record one frame earlier, and lists the groups holding a candidate in `gated`
   * (position, then turn << 4 | move << 8 lane masks), taken as the TypeScript loop takes them
   * with thresholds `cosHalfMin` and `ratioSquared`; returns how many groups.
   */
  steps(base: number, first: number, count: number, cosHalfMin: number, ratioSquared: number): number {
    return this.exports.steps(base * 4, first, count, this.bones, cosHalfMin, ratioSquared);
  }

  /**
   * Computes one bone's steps at `n` (1 to MOTION_KERNEL_MAX_WINDOW) consecutive frames into
   * `windowSteps`, one record at a time, as the TypeScript loop computes them (`exactStep.ts`:
   * kind 0 the |dot| of the rotations, 1 the squared move), the last ending at record `last` of
   * the pass; `bases`: the word of position 0 of the last three blocks (block b at b %
   * MOTION_KERNEL_SLOTS), as `scan` was given them. Returns `count(kind, n, skip, limit)`.
   */
  window(kind: 0 | 1, last: number, n: number, bases: readonly number[], skip: number, limit: number): number {
    return this.exports.window(kind, last, n, this.bones, bases[0] * 4, bases[1] * 4, bases[2] * 4, skip, limit);
  }

  /**
   * Of the `n` steps `window` computed, as f32 (the loop's ring holds them so), the one at `skip`
   * left out: kind 0, how many are below `limit`; kind 1, how many are above it, or -1 when one
   * is NaN (StepWindow's `mostBelow` and `mostAbove` count so).
   */
  count(kind: 0 | 1, n: number, skip: number, limit: number): number {
    return this.exports.count(kind, n, skip, limit);
  }

  /**
   * Of the `groups` groups the last `scan` flagged (`gated`), over its `count` positions from
   * MOTION_KERNEL_PREFIX, the records of the pass `start + i` that start a candidate, as the
   * scanner takes a flagged record (frame 1 or later): a flagged turn whose step (`window`, kind
   * 0) is below `cosHalfMin` where the step before, as f32, is not (at frame 1, the step alone);
   * a flagged move whose squared move is above `ratioSquared` times the step before as f32 (0 at
   * frame 1). Lists them in `candidateList` (record << 1 | kind, 0 turn, 1 move), in record
   * order, a record's turn before its move, and returns how many; `bases` as for `window`.
   */
  candidates(groups: number, start: number, count: number, bases: readonly number[], cosHalfMin: number, ratioSquared: number): number {
    return this.exports.candidates(groups, start, count, this.bones, bases[0] * 4, bases[1] * 4, bases[2] * 4, cosHalfMin, ratioSquared);
  }

  /**
   * Gives the instance back for the next kernel made alike (its memory then cleared). Call it
   * once nothing reads or writes this kernel any more, no read into a piece buffer pending.
   */
  release(): void {
    const instance = this.instance;
    if (spares.includes(instance)) return;
    if (instance.pieceStride > 0) {
      // The newest with piece buffers replaces the one kept.
      const kept = spares.findIndex((spare) => spare.pieceStride > 0);
      if (kept >= 0) spares.splice(kept, 1);
      spares.push(instance);
    } else if (spares.filter((spare) => spare.pieceStride === 0).length < MAX_SPARES_WITHOUT_PIECES) spares.push(instance);
  }
}
