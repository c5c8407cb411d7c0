/**
 * Loads the clip diff's WebAssembly step (diffKernel.wat): one instance per diff, the two windows of records read straight into its memory, its totals read back as
 * typed-array views. Where WebAssembly is missing or refused, or its acos is not the host's
 * Math.acos to the bit, `createClipDiffKernel()` returns undefined and the diff keeps its
 * TypeScript path (the reference the kernel is tested against).
 */
import { DIFF_KERNEL_WASM } from './diffKernel.generated';

/** Offsets in the kernel's memory (bytes), as its WAT lays them out. */
const MAX_BONES = 255;
/**
 * The per-bone totals: ten arrays of BONE_ARRAY_LENGTH 8-byte entries (a bone's lanes past the
 * last bone included), BONE_ARRAY_BYTES apart from BONE_ARRAYS_AT, in this order: per measure
 * (position, scale, rotation) the f64 largest, its i64 frame, the f64 sum; the i64 changed count.
 */
const BONE_ARRAYS_AT = 1024;
const BONE_ARRAY_LENGTH = 264;
const BONE_ARRAY_BYTES = BONE_ARRAY_LENGTH * 8;
const enum BoneArray {
  PositionMax,
  PositionFrame,
  PositionSum,
  ScaleMax,
  ScaleFrame,
  ScaleSum,
  RotationMax,
  RotationFrame,
  RotationSum,
  Changed,
}
/** One frame's lists (diffKernel.wat's step 1), then the frame totals, 32 bytes a frame. */
const FRAME_LISTS_AT = 290816;
const FRAME_TOTALS_AT = FRAME_LISTS_AT + 256 * (5 * 8 + 2 * 4);
const FRAME_TOTALS_BYTES = 32;
const RECORD_BYTES = 16;
/** The kernel reads four records a step: past the last bone of the last frame, up to three more. */
const READ_PAST_BYTES = 3 * RECORD_BYTES;
const PAGE_BYTES = 65536;

interface DiffKernelExports {
  memory: WebAssembly.Memory;
  acos(x: number): number;
  compare(
    a: number, strideA: number, b: number, strideB: number, bones: number,
    first: number, count: number, frames: number, columns: number, columnFirst: number,
    slab: number, slabColumns: number, frameAt: number,
  ): number;
}

/** What one diff compares: the two sides' bone counts, the compared range, the grid, the window. */
export interface ClipDiffKernelShape {
  bonesA: number;
  bonesB: number;
  /** Bones and frames compared (from 0). */
  bones: number;
  frames: number;
  /** The frames `[from, to)` this kernel compares (default all `frames`): its frame totals hold these. */
  from?: number;
  to?: number;
  /** Grid columns (at most `frames`). */
  columns: number;
  /** Frames a window holds at most. */
  windowFrames: number;
}

/** The per-bone totals (index = bone), as the kernel keeps them. */
export interface KernelBoneTotals {
  rotationMax: number;
  rotationSum: number;
  rotationFrame: number;
  positionMax: number;
  positionSum: number;
  positionFrame: number;
  scaleMax: number;
  scaleSum: number;
  scaleFrame: number;
  changed: number;
}

/** The per-frame totals (index = frame). */
export interface KernelFrameTotals {
  rotationMax: number;
  rotationBone: number;
  positionMax: number;
  scaleMax: number;
  changedBones: number;
}

export interface ClipDiffKernel {
  /** Where frames of side A and B are read for `compare` (`windowFrames` frames each). */
  readonly windowA: Uint8Array;
  readonly windowB: Uint8Array;
  /**
   * Compares `count` frames of the windows from their frame `at` (default 0), clip frames from
   * `first`; returns how many records changed by meaning. Calls `grid(bone, column, max)` for
   * each grid cell these frames touched with a rotation difference above 0.
   */
  compare(first: number, count: number, grid: (bone: number, column: number, max: number) => void, at?: number): number;
  bone(bone: number): KernelBoneTotals;
  /** Frame `frame` of the clip (within `[from, to)`). */
  frame(frame: number): KernelFrameTotals;
  /**
   * Moves each bone's three sums (rotation, position, scale - 1) to `target` at
   * `offset + bone * 3 + k` and sets them to 0 in the kernel: the sums of the frames compared
   * since the last move.
   */
  moveSums(target: Float64Array, offset: number): void;
  /** fdlibm's acos as the kernel computes it (the same bits as Math.acos, which the loader checks). */
  acos(x: number): number;
}

type WebAssemblyApi = typeof WebAssembly;

let compiled: WebAssembly.Module | null | undefined;

/** Inputs across every branch of fdlibm's acos, where the kernel's must equal Math.acos. */
function acosProbes(): number[] {
  const probes = [0, -0, 1, -1, 0.5, -0.5, 2 ** -57, 2 ** -58, 0.4999999999999999, 0.5000000000000001, 0.9999999999999999, NaN, 1.5];
  for (let k = 1; k < 512; k++) probes.push(k / 512, -k / 512, 1 - 2 ** -(k % 52) / k, Math.cos(k / 97));
  return probes;
}

function acosMatchesHost(acos: (x: number) => number): boolean {
  return acosProbes().every((x) => Object.is(acos(x), Math.acos(x)));
}

/** A fresh kernel for one diff with `api` (null: none); undefined where it cannot run. */
export function createClipDiffKernel(
  shape: ClipDiffKernelShape,
  api: WebAssemblyApi | null = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly ?? null,
): ClipDiffKernel | undefined {
  if (!api || shape.bones > MAX_BONES || compiled === null) return undefined;
  let exports: DiffKernelExports;
  try {
    const module = compiled ?? new api.Module(DIFF_KERNEL_WASM);
    exports = new api.Instance(module).exports as unknown as DiffKernelExports;
    if (!compiled && !acosMatchesHost(exports.acos)) throw new Error('acos differs from Math.acos');
    compiled = module;
  } catch {
    compiled = null;
    return undefined;
  }
  const { bones, frames, columns, windowFrames } = shape;
  const from = shape.from ?? 0;
  const rangeFrames = (shape.to ?? frames) - from;
  const slabAt = FRAME_TOTALS_AT + rangeFrames * FRAME_TOTALS_BYTES;
  // The grid slab is column-major, a column's bones in lanes of four.
  const boneStride = Math.ceil(bones / 4) * 4;
  // The kernel addresses frame totals by clip frame: their base moved back by `from` frames (an
  // i32 that may wrap below 0; the kernel's address arithmetic wraps back into range).
  const frameTotalsBase = (FRAME_TOTALS_AT - from * FRAME_TOTALS_BYTES) | 0;
  const slabColumnsMax = windowFrames;
  const windowAAt = align16(slabAt + boneStride * slabColumnsMax * 8);
  const strideA = shape.bonesA * RECORD_BYTES, strideB = shape.bonesB * RECORD_BYTES;
  const windowBAt = align16(windowAAt + windowFrames * strideA);
  const end = windowBAt + windowFrames * strideB + READ_PAST_BYTES;
  const memory = exports.memory;
  try {
    if (memory.buffer.byteLength < end) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE_BYTES));
  } catch {
    // No room for this diff's windows: the TypeScript path reads them into ordinary buffers.
    return undefined;
  }
  // The memory never grows after this, so these views stay valid.
  const buffer = memory.buffer;
  const f64 = new Float64Array(buffer);
  const i32 = new Int32Array(buffer);
  const i64 = new BigInt64Array(buffer);
  // The rest start at 0 (a fresh instance's memory): the scale's largest ratio at 1, no frames.
  const boneArray = (array: BoneArray): number => (BONE_ARRAYS_AT + array * BONE_ARRAY_BYTES) / 8;
  f64.fill(1, boneArray(BoneArray.ScaleMax), boneArray(BoneArray.ScaleMax) + BONE_ARRAY_LENGTH);
  for (const frameOf of [BoneArray.PositionFrame, BoneArray.ScaleFrame, BoneArray.RotationFrame]) i64.fill(-1n, boneArray(frameOf), boneArray(frameOf) + BONE_ARRAY_LENGTH);
  for (let frame = 0; frame < rangeFrames; frame++) {
    const d = (FRAME_TOTALS_AT + frame * FRAME_TOTALS_BYTES) / 8;
    f64[d] = 0;
    f64[d + 1] = 0;
    f64[d + 2] = 1;
    i32[d * 2 + 6] = -1;
    i32[d * 2 + 7] = 0;
  }
  const slab = new Float64Array(buffer, slabAt, boneStride * slabColumnsMax);
  const columnOf = (frame: number): number => Math.floor((frame * columns) / frames);
  return {
    windowA: new Uint8Array(buffer, windowAAt, windowFrames * strideA),
    windowB: new Uint8Array(buffer, windowBAt, windowFrames * strideB),
    compare(first, count, grid, at = 0) {
      const columnFirst = columnOf(first);
      const slabColumns = columnOf(first + count - 1) - columnFirst + 1;
      slab.fill(0, 0, boneStride * slabColumns);
      const a = windowAAt + at * strideA, b = windowBAt + at * strideB;
      const changed = exports.compare(a, strideA, b, strideB, bones, first, count, frames, columns, columnFirst, slabAt, slabColumns, frameTotalsBase);
      if (changed > 0) {
        for (let bone = 0; bone < bones; bone++) {
          for (let c = 0; c < slabColumns; c++) {
            const angle = slab[c * boneStride + bone];
            if (angle > 0) grid(bone, columnFirst + c, angle);
          }
        }
      }
      return changed;
    },
    bone(bone) {
      const f = (array: BoneArray): number => f64[boneArray(array) + bone];
      const i = (array: BoneArray): number => Number(i64[boneArray(array) + bone]);
      return {
        rotationMax: f(BoneArray.RotationMax), rotationSum: f(BoneArray.RotationSum), positionMax: f(BoneArray.PositionMax),
        positionSum: f(BoneArray.PositionSum), scaleMax: f(BoneArray.ScaleMax), scaleSum: f(BoneArray.ScaleSum),
        rotationFrame: i(BoneArray.RotationFrame), positionFrame: i(BoneArray.PositionFrame), scaleFrame: i(BoneArray.ScaleFrame), changed: i(BoneArray.Changed),
      };
    },
    frame(frame) {
      const d = (FRAME_TOTALS_AT + (frame - from) * FRAME_TOTALS_BYTES) / 8;
      return { rotationMax: f64[d], positionMax: f64[d + 1], scaleMax: f64[d + 2], rotationBone: i32[d * 2 + 6], changedBones: i32[d * 2 + 7] };
    },
    moveSums(target, offset) {
      const sums = [BoneArray.RotationSum, BoneArray.PositionSum, BoneArray.ScaleSum].map(boneArray);
      for (let bone = 0; bone < bones; bone++) {
        for (let k = 0; k < sums.length; k++) target[offset + bone * 3 + k] = f64[sums[k]! + bone];
      }
      for (const at of sums) f64.fill(0, at, at + BONE_ARRAY_LENGTH);
    },
    acos: exports.acos,
  };
}

function align16(at: number): number {
  return Math.ceil(at / 16) * 16;
}
