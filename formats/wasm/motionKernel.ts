/**
 * Loads the motion rules' WebAssembly step (motionKernel.wat): one instance per clip, its tables
 * filled once, its state (the previous records, rotations and positions, the step rings, the
 * moved bones and the sums) exposed as typed-array views that the scanner uses as its own arrays.
 * Where WebAssembly is missing or refused `createMotionKernel()` returns undefined and the scanner
 * keeps its TypeScript loop (the reference the kernel is tested against).
 */
import { f16LookupTable } from '../f16';
import { rotationFieldTable, rotationOneMinusSquareTable, rotationSquareTable } from '../rotation';
import { MOTION_KERNEL_WASM } from './motionKernel.generated';

/** Offsets in the kernel's memory (bytes), as its WAT lays them out. */
const HALF_AT = 0;
const FIELD_AT = 262144;
const SQUARE_AT = 266240;
const ONE_MINUS_AT = 270336;
const PREVIOUS_AT = 274432;
const QUAT_AT = 278528;
const POSITION_AT = 282624;
const TURNS_AT = 286720;
const MOVES_AT = 304128;
const MOVED_AT = 321536;
const SUMS_AT = 321792;
const CANDIDATES_AT = 321824;
const INPUT_AT = 583968;
/** Steps kept per bone in each ring (the scanner's RING). */
const RING_STEPS = 17;
/** The most bones a clip has (the header's count is one byte). */
const MAX_BONES = 255;
/** Records the input area holds; each may give two candidates, which fit the candidate area. */
export const MOTION_KERNEL_BLOCK = 16384;

interface MotionKernelExports {
  memory: WebAssembly.Memory;
  scan(input: number, count: number, bone: number, frame: number, slot: number, previous: number, cosHalfMin: number, ratioSquared: number, judging: number): number;
}

export interface MotionKernel {
  readonly prevWords: Uint32Array;
  readonly quat: Float32Array;
  readonly pos: Float32Array;
  readonly turns: Float32Array;
  readonly moves: Float32Array;
  readonly moved: Uint8Array;
  readonly sums: Float64Array;
  /** Where `feed` copies records for `scan` (MOTION_KERNEL_BLOCK records, 4 u32 each). */
  readonly input: Uint32Array;
  /** Candidates of the last `scan`: bone, then frame * 2 + kind (0 turn, 1 move). */
  readonly candidates: Uint32Array;
  /**
   * The step of `count` records of one frame (> 0) from input record `first`, bones from `bone`:
   * returns candidates * 2 + 1 when any record changed (+ 0 when none did). `judging` 0: no
   * candidate can be taken any more, so only the moved bones, the changed frames and the sums
   * are kept (no rotation decoded, no turn ring written, no candidate).
   */
  scan(first: number, count: number, bone: number, frame: number, slot: number, previous: number, cosHalfMin: number, ratioSquared: number, judging: number): number;
}

type WebAssemblyApi = typeof WebAssembly;

let compiled: WebAssembly.Module | null | undefined;

/** A fresh kernel for a clip of up to 255 bones with `api` (null: none); undefined where WebAssembly is unavailable. */
export function createMotionKernel(bones: number, api: WebAssemblyApi | null = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly ?? null): MotionKernel | undefined {
  if (!api || bones > MAX_BONES || compiled === null) return undefined;
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
  new Float32Array(buffer, HALF_AT, 65536).set(f16LookupTable());
  new Float32Array(buffer, FIELD_AT, 1024).set(rotationFieldTable());
  new Float32Array(buffer, SQUARE_AT, 1024).set(rotationSquareTable());
  new Float32Array(buffer, ONE_MINUS_AT, 1024).set(rotationOneMinusSquareTable());
  const scan = exports.scan;
  return {
    prevWords: new Uint32Array(buffer, PREVIOUS_AT, bones * 4),
    quat: new Float32Array(buffer, QUAT_AT, bones * 4),
    pos: new Float32Array(buffer, POSITION_AT, bones * 3),
    turns: new Float32Array(buffer, TURNS_AT, bones * RING_STEPS),
    moves: new Float32Array(buffer, MOVES_AT, bones * RING_STEPS),
    moved: new Uint8Array(buffer, MOVED_AT, bones),
    sums: new Float64Array(buffer, SUMS_AT, 2),
    input: new Uint32Array(buffer, INPUT_AT, MOTION_KERNEL_BLOCK * 4),
    candidates: new Uint32Array(buffer, CANDIDATES_AT, MOTION_KERNEL_BLOCK * 4),
    scan,
  };
}
