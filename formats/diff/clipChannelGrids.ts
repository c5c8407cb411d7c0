/**
 * The bones x frames grids of all three measures of a clip diff (rotation angle in degrees,
 * position distance in clip units, scale ratio), for a view that switches between them: the
 * largest difference of each cell, `columns` cells a bone, frames grouped as `diffClips` groups
 * them for its rotation grid. A second pass over two clips already in memory, after `diffClips`:
 * only the frames where one of the diff's changed bones differs are decoded (a frame's records in
 * one bulk call a side), only those bones measured.
 */
import { TRANSFORM_FLOATS, decodeClipRecords, keyframeOffset } from '../clip';
import type { ClipDiff } from './clipDiff';
import { distance3, rotationAngleDeg, scaleRatio } from './metrics';

/** The measures a diff view colours by. */
export type DiffChannel = 'rotation' | 'position' | 'scale';

export const DIFF_CHANNELS: readonly DiffChannel[] = ['rotation', 'position', 'scale'];

/** What a cell holds where nothing differs: 0 for angles and distances, ratio 1 for scales. */
export const CHANNEL_UNCHANGED: Readonly<Record<DiffChannel, number>> = { rotation: 0, position: 0, scale: 1 };

/**
 * Row `bone`, column `c` covers frames `[frameStarts[c], frameStarts[c + 1])`; each channel's
 * values are bone-major (`values[bone * columns + c]`).
 */
export interface ClipChannelGrids {
  bones: number;
  columns: number;
  frameStarts: number[];
  rotation: number[];
  position: number[];
  scale: number[];
}

/** Frame columns at most: one column a frame for any clip up to this long. */
export const DEFAULT_CHANNEL_GRID_COLUMNS = 4096;

/** The grid column of `frame` of `frames` over `columns` columns, as `diffClips` places it. */
export function frameColumn(frame: number, frames: number, columns: number): number {
  return Math.floor((frame * columns) / frames);
}

/** The first frame of each column and, last, `frames` (the end of the last column). */
export function columnFrameStarts(frames: number, columns: number): number[] {
  return Array.from({ length: columns + 1 }, (_, c) => Math.ceil((c * frames) / Math.max(1, columns)));
}

function sameRecord(a: Uint8Array, oa: number, b: Uint8Array, ob: number): boolean {
  for (let k = 0; k < 16; k++) if (a[oa + k] !== b[ob + k]) return false;
  return true;
}

/**
 * The three grids of `diff` (the result of `diffClips` on these bytes): `a` and `b` are the two
 * whole files. At most `maxColumns` columns (one a frame when the clip has no more frames).
 */
export function clipChannelGrids(a: Uint8Array, b: Uint8Array, diff: ClipDiff, maxColumns = DEFAULT_CHANNEL_GRID_COLUMNS): ClipChannelGrids {
  const { boneCount: bones, frameCount: frames } = diff.compared;
  const columns = Math.max(0, Math.min(Math.floor(maxColumns), frames));
  const rotation = new Float64Array(bones * columns);
  const position = new Float64Array(bones * columns);
  const scale = new Float64Array(bones * columns).fill(CHANNEL_UNCHANGED.scale);
  const decodedA = new Float32Array(bones * TRANSFORM_FLOATS);
  const decodedB = new Float32Array(bones * TRANSFORM_FLOATS);
  const changed = diff.changedBones.filter((bone) => bone < bones);
  for (let frame = 0; frame < frames && changed.length > 0; frame++) {
    const rowA = keyframeOffset(diff.a, frame, 0), rowB = keyframeOffset(diff.b, frame, 0);
    const differing = changed.filter((bone) => !sameRecord(a, keyframeOffset(diff.a, frame, bone), b, keyframeOffset(diff.b, frame, bone)));
    if (differing.length === 0) continue;
    decodeClipRecords(a, rowA, bones, decodedA);
    decodeClipRecords(b, rowB, bones, decodedB);
    const column = frameColumn(frame, frames, columns);
    for (const bone of differing) {
      const t = bone * TRANSFORM_FLOATS, cell = bone * columns + column;
      rotation[cell] = Math.max(rotation[cell], rotationAngleDeg(decodedA, t, decodedB, t));
      position[cell] = Math.max(position[cell], distance3(decodedA, t + 4, decodedB, t + 4));
      scale[cell] = Math.max(scale[cell], scaleRatio(decodedA, t + 7, decodedB, t + 7));
    }
  }
  return { bones, columns, frameStarts: columnFrameStarts(frames, columns), rotation: Array.from(rotation), position: Array.from(position), scale: Array.from(scale) };
}
