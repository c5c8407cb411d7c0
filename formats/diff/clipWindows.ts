/** Reading a clip diff's windows: frames `[first, first + count)` of one side into a reused buffer. */
import { keyframeOffset } from '../clip';
import type { ByteSource } from '../fileAccess';
import type { ClipShape } from './clipDiffParts';
import type { ClipDiffDimensions, ClipDiffRange } from './clipDiffTotals';

/**
 * What a comparison path reads: both sides, the comparison's dimensions (bones and frames from 0,
 * grid columns), the frames `[from, to)` of them it compares, the window.
 */
export interface ComparedClips extends ClipDiffDimensions, ClipDiffRange {
  a: ByteSource;
  shapeA: ClipShape;
  b: ByteSource;
  shapeB: ClipShape;
  /** Frames read per window, and the frames a window buffer holds (fewer when the range is shorter). */
  framesPerWindow: number;
  windowFrames: number;
}

/** Bytes of frames `[first, first + count)` of a clip of `boneCount` bones. */
export function framesByteLength(shape: { boneCount: number }, count: number): number {
  return keyframeOffset(shape, count, 0) - keyframeOffset(shape, 0, 0);
}

/** Reads frames `[first, first + count)` of `source` into the start of `buffer`; returns that part of it. */
export async function readFrames(source: ByteSource, shape: { boneCount: number }, first: number, count: number, buffer: Uint8Array): Promise<Uint8Array> {
  const start = keyframeOffset(shape, first, 0);
  const target = buffer.subarray(0, framesByteLength(shape, count));
  if (source.readInto) {
    const filled = await source.readInto(start, target);
    if (filled < target.length) throw new RangeError(`read ${filled} of ${target.length} bytes at ${start}`);
  } else {
    const bytes = await source.read(start, target.length);
    if (bytes.length < target.length) throw new RangeError(`read ${bytes.length} of ${target.length} bytes at ${start}`);
    target.set(bytes.subarray(0, target.length));
  }
  return target;
}
