/**
 * Loads the motion rules' fused pass (motionKernel.wat): one instance per clip, its state (three
 * slots of records, the per-position f32 arrays, the moved bones, the sums) in its own memory. The
 * scanner copies records into a slot, calls `scan` once per block and reads the flagged groups,
 * the changed frames and, for exact judgement, the raw records of the last blocks in place.
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
const FLAGS_AT = 391824;
/** The most bones a clip has (the header's count is one byte); the fewest the kernel takes. */
const MAX_BONES = 255;
export const MOTION_KERNEL_MIN_BONES = 4;

interface MotionKernelExports {
  memory: WebAssembly.Memory;
  scan(raw: number, first: number, count: number, bones: number, bone: number, cosHi: number, cosLo: number, ratio: number, judging: number): number;
}

export interface MotionKernel {
  readonly bones: number;
  /** The memory's words: slot s's position i is words `[slotWord(s) + 4 * i, + 4)`. */
  readonly words: Uint32Array;
  readonly moved: Uint8Array;
  /** The squared-step sums of records 4k, 4k+1, 4k+2, 4k+3. */
  readonly laneSums: Float64Array;
  /** The farthest squared position per lane. */
  readonly farthest: Float32Array;
  /** Changed frames of the last scan, from the frame of its first record. */
  readonly changedFrames: Uint8Array;
  /** Flagged groups of the last scan: position, then suspect | turn << 4 | move << 8 lane masks. */
  readonly flags: Uint32Array;
  slotWord(slot: number): number;
  /**
   * Scans `count` positions from `first` of `slot` (its prefix and padding filled), `bone` the
   * bone of position `first`; returns the number of flagged groups.
   */
  scan(slot: number, first: number, count: number, bone: number, cosHi: number, cosLo: number, ratio: number, judging: boolean): number;
}

type WebAssemblyApi = typeof WebAssembly;

let compiled: WebAssembly.Module | null | undefined;

/** A fresh kernel for a clip of 4 to 255 bones with `api` (null: none); undefined where WebAssembly is unavailable. */
export function createMotionKernel(bones: number, api: WebAssemblyApi | null = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly ?? null): MotionKernel | undefined {
  if (!api || bones > MAX_BONES || bones < MOTION_KERNEL_MIN_BONES || compiled === null) return undefined;
  let exports: MotionKernelExports;
  try {
    const module = compiled ?? new api.Module(MOTION_KERNEL_WASM);
    compiled = module;
    exports = new api.Instance(module).exports as unknown as MotionKernelExports;
  } catch {
    compiled = null;
    return undefined;
  }
  const buffer = exports.memory.buffer;
  new Int32Array(buffer, UNMOVED_AT, 1)[0] = bones;
  const scan = exports.scan;
  const slotBytes = SLOT_POSITIONS * 16;
  return {
    bones,
    words: new Uint32Array(buffer),
    moved: new Uint8Array(buffer, MOVED_AT, bones),
    laneSums: new Float64Array(buffer, SUMS_AT, 4),
    farthest: new Float32Array(buffer, SUMS_AT + 32, 4),
    changedFrames: new Uint8Array(buffer, FRAMES_AT, 4096),
    flags: new Uint32Array(buffer, FLAGS_AT, 2 * (MOTION_KERNEL_BLOCK / 4 + 2)),
    slotWord: (slot) => (slot * slotBytes) / 4,
    scan: (slot, first, count, bone, cosHi, cosLo, ratio, judging) =>
      scan(slot * slotBytes, first, count, bones, bone, cosHi, cosLo, ratio, judging ? 1 : 0),
  };
}
