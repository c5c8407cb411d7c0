/**
 * The bones x frames grids of all three measures of a clip diff (rotation angle in degrees,
 * position distance in clip units, scale ratio), for a view that switches between them: the
 * largest difference of each cell, `columns` cells a bone, frames grouped as `diffClips` groups
 * them for its rotation grid. A second pass after `diffClips`, streamed like it: both files are
 * read through `ByteSource` a window of frames at a time into two reused buffers, windows holding
 * no frame the diff found changed are not read at all, and within a window only those frames are
 * decoded (a frame's records in one bulk call a side), only the changed bones measured.
 */
import { TRANSFORM_FLOATS, decodeClipRecords, keyframeOffset } from '../clip';
import type { ByteSource } from '../fileAccess';
import type { ClipDiff, ClipShape } from './clipDiff';
import { columnFrameStarts, frameColumn } from './clipDiffTotals';
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

export { columnFrameStarts, frameColumn } from './clipDiffTotals';

function sameRecord(a: Uint8Array, oa: number, b: Uint8Array, ob: number): boolean {
  for (let k = 0; k < 16; k++) if (a[oa + k] !== b[ob + k]) return false;
  return true;
}

export interface ChannelGridOptions {
  /** Columns at most (default DEFAULT_CHANNEL_GRID_COLUMNS; one a frame when the clip has no more frames). */
  maxColumns?: number;
  /** Records read per window from each file (default 65,536: 1 MiB a side). */
  windowRecords?: number;
}

const DEFAULT_WINDOW_RECORDS = 1 << 16;

/** One side's reused window buffer: frames `[first, first + count)` read into it. */
class FrameWindow {
  readonly bytes: Uint8Array;
  /** The frame the buffer starts with. */
  first = 0;

  constructor(
    private readonly source: ByteSource,
    private readonly shape: ClipShape,
    frames: number,
  ) {
    this.bytes = new Uint8Array(keyframeOffset(shape, frames, 0) - keyframeOffset(shape, 0, 0));
  }

  async read(first: number, count: number): Promise<void> {
    const start = keyframeOffset(this.shape, first, 0);
    const target = this.bytes.subarray(0, keyframeOffset(this.shape, first + count, 0) - start);
    let filled: number;
    if (this.source.readInto) filled = await this.source.readInto(start, target);
    else {
      const piece = await this.source.read(start, target.length);
      target.set(piece.subarray(0, target.length));
      filled = piece.length;
    }
    if (filled < target.length) throw new RangeError(`read ${filled} of ${target.length} bytes at ${start}`);
    this.first = first;
  }

  /** Where `bone` of `frame` (a frame of the window) starts in `bytes`. */
  offset(frame: number, bone: number): number {
    return keyframeOffset(this.shape, frame, bone) - keyframeOffset(this.shape, this.first, 0);
  }
}

/**
 * The three grids of `diff` (the result of `diffClips` on these two files), reading them a
 * window of frames at a time: memory is bounded by the window, the bone count and the grid.
 */
export async function clipChannelGrids(a: ByteSource, b: ByteSource, diff: ClipDiff, options: ChannelGridOptions = {}): Promise<ClipChannelGrids> {
  const { boneCount: bones, frameCount: frames } = diff.compared;
  const columns = Math.max(0, Math.min(Math.floor(options.maxColumns ?? DEFAULT_CHANNEL_GRID_COLUMNS), frames));
  const rotation = new Float64Array(bones * columns);
  const position = new Float64Array(bones * columns);
  const scale = new Float64Array(bones * columns).fill(CHANNEL_UNCHANGED.scale);
  const changed = diff.changedBones.filter((bone) => bone < bones);
  const changedInFrame = diff.frames.changedBones;
  const framesPerWindow = Math.max(1, Math.min(frames, Math.floor((options.windowRecords ?? DEFAULT_WINDOW_RECORDS) / Math.max(diff.a.boneCount, diff.b.boneCount))));
  const windowA = new FrameWindow(a, diff.a, changed.length > 0 ? framesPerWindow : 0);
  const windowB = new FrameWindow(b, diff.b, changed.length > 0 ? framesPerWindow : 0);
  const decodedA = new Float32Array(diff.a.boneCount * TRANSFORM_FLOATS);
  const decodedB = new Float32Array(diff.b.boneCount * TRANSFORM_FLOATS);
  for (let start = 0; start < frames && changed.length > 0; start += framesPerWindow) {
    const end = Math.min(frames, start + framesPerWindow);
    // Only the span from the window's first to its last changed frame is read.
    let first = start;
    while (first < end && !(changedInFrame[first] > 0)) first++;
    if (first === end) continue;
    let last = end - 1;
    while (!(changedInFrame[last] > 0)) last--;
    await Promise.all([windowA.read(first, last + 1 - first), windowB.read(first, last + 1 - first)]);
    for (let frame = first; frame <= last; frame++) {
      if (!(changedInFrame[frame] > 0)) continue;
      const differing = changed.filter((bone) => !sameRecord(windowA.bytes, windowA.offset(frame, bone), windowB.bytes, windowB.offset(frame, bone)));
      if (differing.length === 0) continue;
      decodeClipRecords(windowA.bytes, windowA.offset(frame, 0), diff.a.boneCount, decodedA);
      decodeClipRecords(windowB.bytes, windowB.offset(frame, 0), diff.b.boneCount, decodedB);
      const column = frameColumn(frame, frames, columns);
      for (const bone of differing) {
        const t = bone * TRANSFORM_FLOATS, cell = bone * columns + column;
        rotation[cell] = Math.max(rotation[cell], rotationAngleDeg(decodedA, t, decodedB, t));
        position[cell] = Math.max(position[cell], distance3(decodedA, t + 4, decodedB, t + 4));
        scale[cell] = Math.max(scale[cell], scaleRatio(decodedA, t + 7, decodedB, t + 7));
      }
    }
  }
  return { bones, columns, frameStarts: columnFrameStarts(frames, columns), rotation: Array.from(rotation), position: Array.from(position), scale: Array.from(scale) };
}
