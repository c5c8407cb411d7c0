/**
 * The ranges of a clip diff (`ClipDiffPart`s, in any number) merged into the whole comparison's
 * totals, exactly as one range over every frame gives them: per-frame totals are each range's
 * own; a bone's largest difference and its frame are the first largest in frame order (ranges
 * taken in clip order, a later one only where strictly larger); counts are integer sums; a bone's
 * sums add the chunks' sums in clip order (`clipDiffTotals.ts`); a grid cell is the largest of
 * the ranges that touch it.
 */
import type { BoneDiff, ChannelTotals, FrameDiffs, RotationGrid } from './clipDiffParts';
import { type ClipDiffDimensions, type ClipDiffPart, SUMS_PER_BONE, columnFrameStarts } from './clipDiffTotals';
import { type Extreme, NO_EXTREME } from './diffTypes';

/** One measure's per-bone extremes: the largest and its frame. */
interface BoneExtremes {
  max: Float64Array;
  frame: Int32Array;
}

/** The merged totals of a clip diff, as `diffClips` reports them. */
export interface ClipDiffTotals {
  changedKeyframes: number;
  bones: BoneDiff[];
  worst: { rotation: Extreme; position: Extreme; scale: Extreme };
  frames: FrameDiffs;
  grid: RotationGrid;
}

function extremes(bones: number, none: number): BoneExtremes {
  return { max: new Float64Array(bones).fill(none), frame: new Int32Array(bones).fill(-1) };
}

/** Takes `part`'s extremes where strictly larger: the first largest in frame order when parts come in clip order. */
function mergeExtremes(into: BoneExtremes, max: Float64Array, frame: Int32Array): void {
  for (let bone = 0; bone < into.max.length; bone++) {
    if (max[bone] > into.max[bone]) {
      into.max[bone] = max[bone];
      into.frame[bone] = frame[bone];
    }
  }
}

function worstOf(extreme: BoneExtremes, none: number): Extreme {
  let worst: Extreme = { ...NO_EXTREME, value: none };
  for (let bone = 0; bone < extreme.max.length; bone++) if (extreme.max[bone] > worst.value) worst = { value: extreme.max[bone], index: bone, frame: extreme.frame[bone] };
  return worst;
}

/** `parts` (covering the compared frames, in clip order) as one comparison's totals. */
export function mergeClipDiffParts(dimensions: ClipDiffDimensions, parts: readonly ClipDiffPart[]): ClipDiffTotals {
  const { bones, frames, columns } = dimensions;
  const rotation = extremes(bones, 0), position = extremes(bones, 0), scale = extremes(bones, 1);
  const changed = new Uint32Array(bones);
  const sums = new Float64Array(bones * SUMS_PER_BONE);
  const grid = new Float64Array(bones * columns);
  const frameDiffs: FrameDiffs = { rotationMax: [], rotationBone: [], positionMax: [], scaleMax: [], changedBones: [] };
  let changedKeyframes = 0;
  for (const part of parts) {
    changedKeyframes += part.changedKeyframes;
    mergeExtremes(rotation, part.rotationMax, part.rotationFrame);
    mergeExtremes(position, part.positionMax, part.positionFrame);
    mergeExtremes(scale, part.scaleMax, part.scaleFrame);
    for (let bone = 0; bone < bones; bone++) changed[bone] += part.changed[bone];
    for (let s = 0; s < part.chunkSums.length; s += sums.length) {
      for (let k = 0; k < sums.length; k++) sums[k] += part.chunkSums[s + k];
    }
    for (let f = 0; f < part.frameChanged.length; f++) {
      frameDiffs.rotationMax.push(part.frameRotation[f]);
      frameDiffs.rotationBone.push(part.frameRotationBone[f]);
      frameDiffs.positionMax.push(part.framePosition[f]);
      frameDiffs.scaleMax.push(part.frameScale[f]);
      frameDiffs.changedBones.push(part.frameChanged[f]);
    }
    for (let bone = 0; bone < bones; bone++) {
      for (let c = 0; c < part.gridColumns; c++) {
        const angle = part.grid[bone * part.gridColumns + c], cell = bone * columns + part.gridFirstColumn + c;
        if (angle > grid[cell]) grid[cell] = angle;
      }
    }
  }
  const meanOver = Math.max(1, frames);
  const totals = (extreme: BoneExtremes, bone: number, sum: number, base = 0): ChannelTotals => ({ max: extreme.max[bone], mean: base + sum / meanOver, maxFrame: extreme.frame[bone] });
  return {
    changedKeyframes,
    bones: Array.from({ length: bones }, (_, bone) => ({
      bone,
      changedKeyframes: changed[bone],
      rotation: totals(rotation, bone, sums[bone * SUMS_PER_BONE]),
      position: totals(position, bone, sums[bone * SUMS_PER_BONE + 1]),
      scale: totals(scale, bone, sums[bone * SUMS_PER_BONE + 2], 1),
    })),
    worst: { rotation: worstOf(rotation, 0), position: worstOf(position, 0), scale: worstOf(scale, 1) },
    frames: frameDiffs,
    grid: { bones, columns, frameStarts: columnFrameStarts(frames, columns), values: Array.from(grid) },
  };
}
