/**
 * The running totals of a clip diff over one range of its compared frames: per bone the largest
 * difference of each measure and its first frame, how many records changed and the summed
 * differences of each chunk of frames; per frame the largest differences and how many bones
 * changed; the rotation grid's cells the range touches. Both comparison paths (the TypeScript
 * reference and the WebAssembly kernel) fill them; `part()` gives them as plain data for the merge
 * (`clipDiffMerge.ts`), which may run on another thread.
 *
 * A bone's sums are defined in chunks of DIFF_SUM_CHUNK_FRAMES frames: each chunk's sum starts
 * from 0 and adds the bone's changed records in frame order; the merge adds the chunks' sums in
 * clip order. Ranges start on chunk boundaries, so any number of ranges gives one thread's bits.
 */
import type { ClipDiffKernel } from '../wasm/diffKernel';

/** Frames per chunk of the per-bone sums (ranges start on multiples of it). */
export const DIFF_SUM_CHUNK_FRAMES = 1024;
/** Sums a bone keeps per chunk: rotation angle, position distance, scale ratio - 1. */
export const SUMS_PER_BONE = 3;

/** The chunk of the per-bone sums that frame `frame` belongs to. */
export function sumChunkOf(frame: number): number {
  return Math.floor(frame / DIFF_SUM_CHUNK_FRAMES);
}

/** The grid column of `frame` of `frames` over `columns` columns, as `diffClips` places it. */
export function frameColumn(frame: number, frames: number, columns: number): number {
  return Math.floor((frame * columns) / frames);
}

/** The first frame of each column and, last, `frames` (the end of the last column). */
export function columnFrameStarts(frames: number, columns: number): number[] {
  return Array.from({ length: columns + 1 }, (_, c) => Math.ceil((c * frames) / Math.max(1, columns)));
}

/** Frames `[from, to)` of the compared frames. */
export interface ClipDiffRange {
  from: number;
  to: number;
}

/** The whole comparison's dimensions (every range of one diff shares them). */
export interface ClipDiffDimensions {
  /** Bones and frames compared (from 0). */
  bones: number;
  frames: number;
  /** Grid columns over all the frames (at most `frames`). */
  columns: number;
}

/** What one range of a clip diff gives the merge: plain data (typed arrays), so it can cross threads. */
export interface ClipDiffPart {
  range: ClipDiffRange;
  /** Records of the range that changed by meaning. */
  changedKeyframes: number;
  /** Per bone (index = bone): largest difference, its first frame (-1: none), changed records. */
  rotationMax: Float64Array;
  rotationFrame: Int32Array;
  positionMax: Float64Array;
  positionFrame: Int32Array;
  scaleMax: Float64Array;
  scaleFrame: Int32Array;
  changed: Uint32Array;
  /**
   * The sums of each chunk the range holds (from `sumChunkOf(range.from)`), chunk-major: chunk
   * `c`, bone `b`, sum `k` (rotation, position, scale - 1) at `(c * bones + b) * 3 + k`.
   */
  chunkSums: Float64Array;
  /** Per frame of the range (index = frame - range.from). */
  frameRotation: Float64Array;
  frameRotationBone: Int32Array;
  framePosition: Float64Array;
  frameScale: Float64Array;
  frameChanged: Uint16Array;
  /** The grid's columns `[gridFirstColumn, gridFirstColumn + gridColumns)`, bone-major. */
  gridFirstColumn: number;
  gridColumns: number;
  grid: Float64Array;
}

/** The range's grid columns: those of its first to its last frame. */
function rangeColumns(dimensions: ClipDiffDimensions, range: ClipDiffRange): { first: number; count: number } {
  const { frames, columns } = dimensions;
  if (range.to <= range.from || columns === 0) return { first: 0, count: 0 };
  const first = frameColumn(range.from, frames, columns);
  return { first, count: frameColumn(range.to - 1, frames, columns) - first + 1 };
}

/** Running totals over one range; `part()` gives them as plain data. */
export class ClipRangeTotals {
  private readonly data: ClipDiffPart;
  private readonly bones: number;
  private readonly firstChunk: number;
  /** The grid column of each frame of the range, less the range's first column. */
  private readonly frameColumn: Int32Array;

  constructor(
    dimensions: ClipDiffDimensions,
    readonly range: ClipDiffRange,
  ) {
    const bones = (this.bones = dimensions.bones);
    const frames = Math.max(0, range.to - range.from);
    this.firstChunk = sumChunkOf(range.from);
    const chunks = frames === 0 ? 0 : sumChunkOf(range.to - 1) - this.firstChunk + 1;
    const grid = rangeColumns(dimensions, range);
    this.data = {
      range: { from: range.from, to: range.to },
      changedKeyframes: 0,
      rotationMax: new Float64Array(bones),
      rotationFrame: new Int32Array(bones).fill(-1),
      positionMax: new Float64Array(bones),
      positionFrame: new Int32Array(bones).fill(-1),
      scaleMax: new Float64Array(bones).fill(1),
      scaleFrame: new Int32Array(bones).fill(-1),
      changed: new Uint32Array(bones),
      chunkSums: new Float64Array(chunks * bones * SUMS_PER_BONE),
      frameRotation: new Float64Array(frames),
      frameRotationBone: new Int32Array(frames).fill(-1),
      framePosition: new Float64Array(frames),
      frameScale: new Float64Array(frames).fill(1),
      frameChanged: new Uint16Array(frames),
      gridFirstColumn: grid.first,
      gridColumns: grid.count,
      grid: new Float64Array(bones * grid.count),
    };
    this.frameColumn = Int32Array.from({ length: frames }, (_, k) => frameColumn(range.from + k, dimensions.frames, dimensions.columns) - grid.first);
  }

  /** Where the sums of `bone` in the chunk of `frame` are kept. */
  sumsAt(frame: number, bone: number): number {
    return ((sumChunkOf(frame) - this.firstChunk) * this.bones + bone) * SUMS_PER_BONE;
  }

  /** One changed record (they come in record order): its three measures. */
  add(bone: number, frame: number, angle: number, distance: number, ratio: number): void {
    const d = this.data;
    const f = frame - this.range.from;
    d.changedKeyframes++;
    d.changed[bone]++;
    d.frameChanged[f]++;
    const s = this.sumsAt(frame, bone);
    d.chunkSums[s] += angle;
    d.chunkSums[s + 1] += distance;
    d.chunkSums[s + 2] += ratio - 1;
    if (angle > d.rotationMax[bone]) {
      d.rotationMax[bone] = angle;
      d.rotationFrame[bone] = frame;
    }
    if (distance > d.positionMax[bone]) {
      d.positionMax[bone] = distance;
      d.positionFrame[bone] = frame;
    }
    if (ratio > d.scaleMax[bone]) {
      d.scaleMax[bone] = ratio;
      d.scaleFrame[bone] = frame;
    }
    if (angle > d.frameRotation[f]) {
      d.frameRotation[f] = angle;
      d.frameRotationBone[f] = bone;
    }
    if (distance > d.framePosition[f]) d.framePosition[f] = distance;
    if (ratio > d.frameScale[f]) d.frameScale[f] = ratio;
    const cell = bone * d.gridColumns + this.frameColumn[f];
    if (angle > d.grid[cell]) d.grid[cell] = angle;
  }

  /** A rotation difference of `angle` somewhere in grid cell (`bone`, `column` of the whole grid). */
  gridMax(bone: number, column: number, angle: number): void {
    const d = this.data;
    const cell = bone * d.gridColumns + column - d.gridFirstColumn;
    if (angle > d.grid[cell]) d.grid[cell] = angle;
  }

  /** The kernel's sums of the chunk of `frame` (all it compared since its last move) move here. */
  takeKernelSums(kernel: ClipDiffKernel, frame: number): void {
    kernel.moveSums(this.data.chunkSums, this.sumsAt(frame, 0));
  }

  /**
   * Takes the per-bone and per-frame totals the kernel kept over the range and its count of
   * changed records (the grid came through `gridMax`, the sums through `takeKernelSums`).
   */
  takeKernelTotals(kernel: ClipDiffKernel, changedKeyframes: number): void {
    const d = this.data;
    d.changedKeyframes = changedKeyframes;
    for (let bone = 0; bone < this.bones; bone++) {
      const t = kernel.bone(bone);
      d.rotationMax[bone] = t.rotationMax;
      d.rotationFrame[bone] = t.rotationFrame;
      d.positionMax[bone] = t.positionMax;
      d.positionFrame[bone] = t.positionFrame;
      d.scaleMax[bone] = t.scaleMax;
      d.scaleFrame[bone] = t.scaleFrame;
      d.changed[bone] = t.changed;
    }
    for (let frame = this.range.from; frame < this.range.to; frame++) {
      const t = kernel.frame(frame);
      const f = frame - this.range.from;
      d.frameRotation[f] = t.rotationMax;
      d.frameRotationBone[f] = t.rotationBone;
      d.framePosition[f] = t.positionMax;
      d.frameScale[f] = t.scaleMax;
      d.frameChanged[f] = t.changedBones;
    }
  }

  /** The totals as plain data (this object's own arrays: use it no further). */
  part(): ClipDiffPart {
    return this.data;
  }
}
