/**
 * The running totals of a clip diff over its compared range: per bone the largest and summed
 * difference of each measure and its frame, per frame the largest differences and how many bones
 * changed, and the rotation grid. Both comparison paths (the TypeScript reference and the
 * WebAssembly kernel) fill them; `diffClips` turns them into plain data.
 */
import type { BoneDiff, ChannelTotals, RotationGrid } from './clipDiffParts';
import type { ClipDiffKernel } from '../wasm/diffKernel';
import { type Extreme, NO_EXTREME } from './diffTypes';

/** Running totals over the compared range; `result` turns them into plain data. */
export class ClipAccumulator {
  readonly rotationMax: Float64Array;
  readonly rotationSum: Float64Array;
  readonly rotationFrame: Int32Array;
  readonly positionMax: Float64Array;
  readonly positionSum: Float64Array;
  readonly positionFrame: Int32Array;
  readonly scaleMax: Float64Array;
  readonly scaleSum: Float64Array;
  readonly scaleFrame: Int32Array;
  readonly changed: Uint32Array;
  readonly frameRotation: Float64Array;
  readonly frameRotationBone: Int32Array;
  readonly framePosition: Float64Array;
  readonly frameScale: Float64Array;
  readonly frameChanged: Uint16Array;
  readonly grid: Float64Array;
  readonly columns: number;
  /** The grid column of each frame. */
  private readonly frameColumn: Int32Array;

  constructor(
    readonly bones: number,
    readonly frames: number,
    gridColumns: number,
  ) {
    this.rotationMax = new Float64Array(bones);
    this.rotationSum = new Float64Array(bones);
    this.rotationFrame = new Int32Array(bones).fill(-1);
    this.positionMax = new Float64Array(bones);
    this.positionSum = new Float64Array(bones);
    this.positionFrame = new Int32Array(bones).fill(-1);
    this.scaleMax = new Float64Array(bones).fill(1);
    this.scaleSum = new Float64Array(bones);
    this.scaleFrame = new Int32Array(bones).fill(-1);
    this.changed = new Uint32Array(bones);
    this.frameRotation = new Float64Array(frames);
    this.frameRotationBone = new Int32Array(frames).fill(-1);
    this.framePosition = new Float64Array(frames);
    this.frameScale = new Float64Array(frames).fill(1);
    this.frameChanged = new Uint16Array(frames);
    this.columns = Math.max(0, Math.min(gridColumns, frames));
    this.grid = new Float64Array(bones * this.columns);
    const columns = this.columns;
    this.frameColumn = Int32Array.from({ length: frames }, (_, frame) => Math.floor((frame * columns) / frames));
  }

  /** One changed record: its three measures. */
  add(bone: number, frame: number, angle: number, distance: number, ratio: number): void {
    this.changed[bone]++;
    this.frameChanged[frame]++;
    this.rotationSum[bone] += angle;
    this.positionSum[bone] += distance;
    this.scaleSum[bone] += ratio - 1;
    if (angle > this.rotationMax[bone]) {
      this.rotationMax[bone] = angle;
      this.rotationFrame[bone] = frame;
    }
    if (distance > this.positionMax[bone]) {
      this.positionMax[bone] = distance;
      this.positionFrame[bone] = frame;
    }
    if (ratio > this.scaleMax[bone]) {
      this.scaleMax[bone] = ratio;
      this.scaleFrame[bone] = frame;
    }
    if (angle > this.frameRotation[frame]) {
      this.frameRotation[frame] = angle;
      this.frameRotationBone[frame] = bone;
    }
    if (distance > this.framePosition[frame]) this.framePosition[frame] = distance;
    if (ratio > this.frameScale[frame]) this.frameScale[frame] = ratio;
    const cell = bone * this.columns + this.frameColumn[frame];
    if (angle > this.grid[cell]) this.grid[cell] = angle;
  }

  /** A rotation difference of `angle` somewhere in grid cell (`bone`, `column`). */
  gridMax(bone: number, column: number, angle: number): void {
    const cell = bone * this.columns + column;
    if (angle > this.grid[cell]) this.grid[cell] = angle;
  }

  /** Takes the per-bone and per-frame totals the kernel kept (the grid came through `gridMax`). */
  takeKernelTotals(kernel: ClipDiffKernel): void {
    for (let bone = 0; bone < this.bones; bone++) {
      const t = kernel.bone(bone);
      this.rotationMax[bone] = t.rotationMax;
      this.rotationSum[bone] = t.rotationSum;
      this.rotationFrame[bone] = t.rotationFrame;
      this.positionMax[bone] = t.positionMax;
      this.positionSum[bone] = t.positionSum;
      this.positionFrame[bone] = t.positionFrame;
      this.scaleMax[bone] = t.scaleMax;
      this.scaleSum[bone] = t.scaleSum;
      this.scaleFrame[bone] = t.scaleFrame;
      this.changed[bone] = t.changed;
    }
    for (let frame = 0; frame < this.frames; frame++) {
      const t = kernel.frame(frame);
      this.frameRotation[frame] = t.rotationMax;
      this.frameRotationBone[frame] = t.rotationBone;
      this.framePosition[frame] = t.positionMax;
      this.frameScale[frame] = t.scaleMax;
      this.frameChanged[frame] = t.changedBones;
    }
  }

  boneDiffs(): BoneDiff[] {
    const frames = Math.max(1, this.frames);
    const totals = (max: number, sum: number, frame: number, base = 0): ChannelTotals => ({ max, mean: base + sum / frames, maxFrame: frame });
    return Array.from({ length: this.bones }, (_, bone) => ({
      bone,
      changedKeyframes: this.changed[bone],
      rotation: totals(this.rotationMax[bone], this.rotationSum[bone], this.rotationFrame[bone]),
      position: totals(this.positionMax[bone], this.positionSum[bone], this.positionFrame[bone]),
      scale: totals(this.scaleMax[bone], this.scaleSum[bone], this.scaleFrame[bone], 1),
    }));
  }

  worst(max: Float64Array, frameOf: Int32Array, none: number): Extreme {
    let worst: Extreme = { ...NO_EXTREME, value: none };
    for (let bone = 0; bone < this.bones; bone++) if (max[bone] > worst.value) worst = { value: max[bone], index: bone, frame: frameOf[bone] };
    return worst;
  }

  gridData(): RotationGrid {
    const frameStarts = Array.from({ length: this.columns + 1 }, (_, c) => Math.ceil((c * this.frames) / Math.max(1, this.columns)));
    return { bones: this.bones, columns: this.columns, frameStarts, values: Array.from(this.grid) };
  }
}
