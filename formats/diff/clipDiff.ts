/**
 * The semantic diff of two clips: per bone and per frame, the rotation difference as an angle
 * (degrees), the position difference as a distance (clip units) and the scale difference as a
 * ratio, over the bones and frames both files hold; the header differences and the bones or
 * frames only one side has. Streaming: both files are read a window of frames at a time into two
 * reused buffers (a few MiB whatever the clip's size); only the records whose bytes differ are
 * decoded and measured, in one WebAssembly pass a window (clipDiffWasm.ts) or, without
 * WebAssembly, by the TypeScript reference (clipDiffReference.ts). With a `rangeDiffer` (other
 * threads), a large comparison is split into frame ranges compared at once and merged into the
 * same result, bit for bit (clipDiffRanges.ts, clipDiffMerge.ts). The result is plain data (no
 * typed arrays), for the CLI and a diff view alike.
 */
import { CLIP_HEADER_SIZE, LEGACY_CLIP_HEADER_SIZE, completeRecordCount, detectLegacyClip, parseClipHeader } from '../clip';
import type { ByteSource } from '../fileAccess';
import { mergeClipDiffParts } from './clipDiffMerge';
import { type ClipDiffRangeRequest, type ClipRangeDiffer, RANGES_PER_THREAD, diffClipRange, diffClipRangesShared, planClipDiffRanges } from './clipDiffRanges';
import type { ClipDiffDimensions, ClipDiffPart } from './clipDiffTotals';
import { framesByteLength } from './clipWindows';
import { type CountChange, type DiffFailure, type Extreme, type IndexSpan, diffFailure, spanPast } from './diffTypes';

export interface ClipDiffOptions {
  /** Columns of the bones x frames rotation grid, at most (default 64; fewer when the clip has fewer frames). */
  gridColumns?: number;
  /** Records read per window from each file (default 262,144: 4 MiB a side). */
  windowRecords?: number;
  /**
   * The WebAssembly the comparison runs on (default: the host's); null runs the TypeScript
   * reference instead, as where WebAssembly is missing. The result is the same either way.
   */
  webAssembly?: typeof WebAssembly | null;
  /**
   * Where frame ranges of a large comparison run at once (other threads); without one, or where
   * it asks for fewer than 2, the whole comparison runs here. The result is the same either way.
   */
  rangeDiffer?: ClipRangeDiffer;
}

export const DEFAULT_GRID_COLUMNS = 64;

export type { BoneDiff, ChannelTotals, ClipShape, FrameDiffs, RotationGrid } from './clipDiffParts';
import type { BoneDiff, ClipShape, FrameDiffs, RotationGrid } from './clipDiffParts';

export interface ClipDiff {
  kind: 'clip';
  a: ClipShape;
  b: ClipShape;
  /** Header fields and sizes that differ (bone count, frame count, flags, size, complete frames). */
  headerChanges: CountChange[];
  /** The range compared: bones `[0, boneCount)` x frames `[0, frameCount)`. */
  compared: { boneCount: number; frameCount: number };
  /** Bones and frames (of the header, or complete in the file) outside the compared range, per side. */
  onlyIn: { a: { bones?: IndexSpan; frames?: IndexSpan }; b: { bones?: IndexSpan; frames?: IndexSpan } };
  /** Same header, same size and every compared record equal by meaning (a -0 stored as 0 is no change). */
  identical: boolean;
  /** Records whose rotation, position or scale differ by meaning (not merely by bytes). */
  changedKeyframes: number;
  /** Bones with at least one changed record, ascending. */
  changedBones: number[];
  worst: { rotation: Extreme; position: Extreme; scale: Extreme };
  bones: BoneDiff[];
  frames: FrameDiffs;
  grid: RotationGrid;
}

/** The header of one side, or why it cannot be compared. */
async function clipShape(source: ByteSource, side: string): Promise<ClipShape | DiffFailure> {
  const first = await source.read(0, LEGACY_CLIP_HEADER_SIZE);
  const header = parseClipHeader(first);
  if (!header) return diffFailure('diff/bad-header', `${side}: ${source.size} bytes is shorter than the ${CLIP_HEADER_SIZE}-byte clip header`);
  const legacy = detectLegacyClip(first, source.size);
  if (legacy) return diffFailure('diff/bad-header', `${side}: the old two-day layout (16-byte header, 48-byte matrices); re-export the clip`);
  if (header.boneCount === 0 || header.frameCount === 0) {
    return diffFailure('diff/bad-header', `${side}: the header says ${header.boneCount} bones x ${header.frameCount} frames, nothing to compare`);
  }
  const completeFrames = Math.min(header.frameCount, Math.floor(completeRecordCount(source.size) / header.boneCount));
  return { boneCount: header.boneCount, frameCount: header.frameCount, flags: header.flags, size: source.size, expectedSize: header.expectedSize, completeFrames };
}

function headerChanges(a: ClipShape, b: ClipShape): CountChange[] {
  const fields: [string, keyof ClipShape][] = [
    ['bone count', 'boneCount'],
    ['frame count', 'frameCount'],
    ['flags', 'flags'],
    ['complete frames', 'completeFrames'],
    ['size', 'size'],
  ];
  // Complete frames matter only where a file is truncated: otherwise they repeat the frame count.
  const truncated = a.completeFrames < a.frameCount || b.completeFrames < b.frameCount;
  return fields
    .filter(([, key]) => a[key] !== b[key] && (key !== 'completeFrames' || truncated))
    .map(([field, key]) => ({ field, a: a[key], b: b[key] }));
}

/**
 * Compares clip `a` with clip `b` (B is the new one: "only in B" is what B adds). Reads both a
 * window of frames at a time; memory is bounded by the window, the bone count and the frame count.
 */
export async function diffClips(a: ByteSource, b: ByteSource, options: ClipDiffOptions = {}): Promise<ClipDiff | DiffFailure> {
  const shapeA = await clipShape(a, 'A');
  if ('failure' in shapeA) return shapeA;
  const shapeB = await clipShape(b, 'B');
  if ('failure' in shapeB) return shapeB;
  const bones = Math.min(shapeA.boneCount, shapeB.boneCount);
  const frames = Math.min(shapeA.completeFrames, shapeB.completeFrames);
  const columns = Math.max(0, Math.min(Math.max(1, Math.floor(options.gridColumns ?? DEFAULT_GRID_COLUMNS)), frames));
  const dimensions: ClipDiffDimensions = { bones, frames, columns };
  const differ = options.rangeDiffer;
  const threads = differ ? differ.threadsFor(framesByteLength(shapeA, frames) + framesByteLength(shapeB, frames)) : 1;
  const ranges = planClipDiffRanges(frames, threads > 1 ? threads * (differ?.rangesPerThread ?? RANGES_PER_THREAD) : 1);
  const requests: ClipDiffRangeRequest[] = ranges.map((range) => ({ shapeA, shapeB, dimensions, range, ...(options.windowRecords !== undefined ? { windowRecords: options.windowRecords } : {}) }));
  const here = (request: ClipDiffRangeRequest): Promise<ClipDiffPart> => diffClipRange(a, b, request, options.webAssembly);
  const parts = await diffClipRangesShared(requests, here, differ, threads);
  const totals = mergeClipDiffParts(dimensions, parts);
  const changes = headerChanges(shapeA, shapeB);
  return {
    kind: 'clip',
    a: shapeA,
    b: shapeB,
    headerChanges: changes,
    compared: { boneCount: bones, frameCount: frames },
    onlyIn: { a: onlyIn(shapeA, bones, frames), b: onlyIn(shapeB, bones, frames) },
    identical: changes.length === 0 && totals.changedKeyframes === 0,
    changedKeyframes: totals.changedKeyframes,
    changedBones: totals.bones.filter((d) => d.changedKeyframes > 0).map((d) => d.bone),
    worst: totals.worst,
    bones: totals.bones,
    frames: totals.frames,
    grid: totals.grid,
  };
}

function onlyIn(shape: ClipShape, bones: number, frames: number): { bones?: IndexSpan; frames?: IndexSpan } {
  const out: { bones?: IndexSpan; frames?: IndexSpan } = {};
  const boneSpan = spanPast(bones, shape.boneCount);
  const frameSpan = spanPast(frames, shape.frameCount);
  if (boneSpan) out.bones = boneSpan;
  if (frameSpan) out.frames = frameSpan;
  return out;
}
