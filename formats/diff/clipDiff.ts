/**
 * The semantic diff of two clips: per bone and per frame, the rotation difference as an angle
 * (degrees), the position difference as a distance (clip units) and the scale difference as a
 * ratio, over the bones and frames both files hold; the header differences and the bones or
 * frames only one side has. Streaming: both files are read a window of frames at a time into two
 * reused buffers (a few MiB whatever the clip's size); only the records whose bytes differ are
 * decoded (gathered, then one bulk decode a side). The result is plain data (no typed arrays), for
 * the CLI and a diff view alike.
 */
import { CLIP_HEADER_SIZE, LEGACY_CLIP_HEADER_SIZE, TRANSFORM_FLOATS, completeRecordCount, decodeClipRecords, detectLegacyClip, keyframeOffset, parseClipHeader } from '../clip';
import { u32View } from '../bytes';
import type { ByteSource } from '../fileAccess';
import { distance3, rotationAngleDeg, scaleRatio } from './metrics';
import { type CountChange, type DiffFailure, type Extreme, type IndexSpan, NO_EXTREME, diffFailure, spanPast } from './diffTypes';

export interface ClipDiffOptions {
  /** Columns of the bones x frames rotation grid, at most (default 64; fewer when the clip has fewer frames). */
  gridColumns?: number;
  /** Records read per window from each file (default 262,144: 4 MiB a side). */
  windowRecords?: number;
}

export const DEFAULT_GRID_COLUMNS = 64;
const DEFAULT_WINDOW_RECORDS = 1 << 18;
/** u32 words per 16-byte record. */
const RECORD_WORDS = 4;
/** f64 values per 16-byte record, and u32 words per f64. */
const DOUBLES_PER_RECORD = 2;
const WORDS_PER_DOUBLE = RECORD_WORDS / DOUBLES_PER_RECORD;

/** One side's header and how much of it the file really holds. */
export interface ClipShape {
  boneCount: number;
  frameCount: number;
  flags: number;
  size: number;
  expectedSize: number;
  /** Frames whose every record is in the file (fewer than `frameCount` when truncated). */
  completeFrames: number;
}

/** The largest and the mean difference of one measure over a bone's compared frames, and the frame of the largest (-1 when none differ). */
export interface ChannelTotals {
  max: number;
  mean: number;
  maxFrame: number;
}

export interface BoneDiff {
  bone: number;
  changedKeyframes: number;
  /** Degrees. */
  rotation: ChannelTotals;
  /** Clip units. */
  position: ChannelTotals;
  /** Ratio (1 = equal). */
  scale: ChannelTotals;
}

/** Per compared frame (index = frame): the largest difference over its bones, and how many bones changed. */
export interface FrameDiffs {
  rotationMax: number[];
  /** The bone of `rotationMax` (-1 when no bone's rotation differs). */
  rotationBone: number[];
  positionMax: number[];
  scaleMax: number[];
  changedBones: number[];
}

/**
 * The largest rotation difference of each bone over groups of frames: row `bone`, column `c`
 * covers frames `[frameStarts[c], frameStarts[c + 1])`. `values` is bone-major
 * (`values[bone * columns + c]`), degrees.
 */
export interface RotationGrid {
  bones: number;
  columns: number;
  frameStarts: number[];
  values: number[];
}

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

/** One side's window: a reused read buffer, seen as u32 words and as f64 pairs of words. */
class WindowReader {
  private readonly buffer: Uint8Array;
  /**
   * The same bytes as f64s, two per record: the fast first comparison (two loads a record instead
   * of four). Equal f64s are equal words except +0 / -0, which here means every bit zero but the
   * sign of a position or scale f16 that is 0 either way: no change by meaning.
   */
  readonly doubles: Float64Array;

  constructor(
    private readonly source: ByteSource,
    private readonly shape: ClipShape,
    framesPerWindow: number,
  ) {
    this.buffer = new Uint8Array(keyframeOffset(shape, framesPerWindow, 0) - keyframeOffset(shape, 0, 0));
    this.doubles = new Float64Array(this.buffer.buffer, 0, this.buffer.length / Float64Array.BYTES_PER_ELEMENT);
  }

  /** The u32 words of frames `[first, first + count)`. */
  async words(first: number, count: number): Promise<Uint32Array> {
    const start = keyframeOffset(this.shape, first, 0);
    const target = this.buffer.subarray(0, keyframeOffset(this.shape, first + count, 0) - start);
    if (this.source.readInto) {
      const filled = await this.source.readInto(start, target);
      if (filled < target.length) throw new RangeError(`read ${filled} of ${target.length} bytes at ${start}`);
    } else {
      const bytes = await this.source.read(start, target.length);
      if (bytes.length < target.length) throw new RangeError(`read ${bytes.length} of ${target.length} bytes at ${start}`);
      target.set(bytes);
    }
    return u32View(target);
  }
}

/**
 * The record pairs of a window whose bytes differ, gathered side by side into compact buffers so
 * that only they are decoded (one bulk call a side): a re-export that moved one bone decodes that
 * bone's records, not the window.
 */
class ChangedRecords {
  private readonly wordsA: Uint32Array;
  private readonly wordsB: Uint32Array;
  private readonly frame: Int32Array;
  private readonly bone: Int32Array;
  private readonly decodedA: Float32Array;
  private readonly decodedB: Float32Array;
  private count = 0;

  constructor(capacity: number) {
    this.wordsA = new Uint32Array(capacity * RECORD_WORDS);
    this.wordsB = new Uint32Array(capacity * RECORD_WORDS);
    this.frame = new Int32Array(capacity);
    this.bone = new Int32Array(capacity);
    this.decodedA = new Float32Array(capacity * TRANSFORM_FLOATS);
    this.decodedB = new Float32Array(capacity * TRANSFORM_FLOATS);
  }

  /** Adds the pair at word `wa` of `a` and `wb` of `b` when their bytes differ. */
  gather(a: Uint32Array, wa: number, b: Uint32Array, wb: number, frame: number, bone: number): void {
    if (a[wa] === b[wb] && a[wa + 1] === b[wb + 1] && a[wa + 2] === b[wb + 2] && a[wa + 3] === b[wb + 3]) return;
    const k = this.count++;
    const o = k * RECORD_WORDS;
    const { wordsA, wordsB } = this;
    wordsA[o] = a[wa];
    wordsA[o + 1] = a[wa + 1];
    wordsA[o + 2] = a[wa + 2];
    wordsA[o + 3] = a[wa + 3];
    wordsB[o] = b[wb];
    wordsB[o + 1] = b[wb + 1];
    wordsB[o + 2] = b[wb + 2];
    wordsB[o + 3] = b[wb + 3];
    this.frame[k] = frame;
    this.bone[k] = bone;
  }

  /**
   * Decodes the gathered pairs, hands each one's measures to `totals` and empties the list;
   * returns how many changed by meaning. A channel whose bits are equal is not measured: word 0
   * is the rotation, word 1 and the low half of word 2 the position's f16s, the high half and
   * word 3 the scale's.
   */
  measure(totals: ClipAccumulator): number {
    const { count, wordsA, wordsB, decodedA, decodedB } = this;
    this.count = 0;
    if (count === 0) return 0;
    decodeClipRecords(new Uint8Array(wordsA.buffer, 0, count * RECORD_WORDS * 4), 0, count, decodedA);
    decodeClipRecords(new Uint8Array(wordsB.buffer, 0, count * RECORD_WORDS * 4), 0, count, decodedB);
    let changed = 0;
    for (let k = 0; k < count; k++) {
      const w = k * RECORD_WORDS, t = k * TRANSFORM_FLOATS;
      const mixed = wordsA[w + 2] ^ wordsB[w + 2];
      const angle = wordsA[w] === wordsB[w] ? 0 : rotationAngleDeg(decodedA, t, decodedB, t);
      const distance = wordsA[w + 1] === wordsB[w + 1] && (mixed & 0xffff) === 0 ? 0 : distance3(decodedA, t + 4, decodedB, t + 4);
      const ratio = mixed >>> 16 === 0 && wordsA[w + 3] === wordsB[w + 3] ? 1 : scaleRatio(decodedA, t + 7, decodedB, t + 7);
      // Other bytes, same meaning (a -0 written as 0, q written as -q): not a change.
      if (angle === 0 && distance === 0 && ratio === 1) continue;
      changed++;
      totals.add(this.bone[k], this.frame[k], angle, distance, ratio);
    }
    return changed;
  }
}

/**
 * Gathers the record pairs of the window's `count` frames (from frame `first`) and first `bones`
 * bones whose bytes differ. A plain function (not the async loop) so that it is optimised as the
 * hot loop it is.
 */
function gatherWindow(
  readerA: WindowReader,
  wordsA: Uint32Array,
  bonesA: number,
  readerB: WindowReader,
  wordsB: Uint32Array,
  bonesB: number,
  window: { first: number; count: number; bones: number },
  changed: ChangedRecords,
): void {
  const doublesA = readerA.doubles, doublesB = readerB.doubles;
  const { first, count, bones } = window;
  for (let f = 0; f < count; f++) {
    const rowA = f * bonesA * DOUBLES_PER_RECORD, rowB = f * bonesB * DOUBLES_PER_RECORD;
    for (let bone = 0, x = rowA, y = rowB; bone < bones; bone++, x += DOUBLES_PER_RECORD, y += DOUBLES_PER_RECORD) {
      if (doublesA[x] === doublesB[y] && doublesA[x + 1] === doublesB[y + 1]) continue;
      changed.gather(wordsA, x * WORDS_PER_DOUBLE, wordsB, y * WORDS_PER_DOUBLE, first + f, bone);
    }
  }
}

/** Running totals over the compared range; `result` turns them into plain data. */
class ClipAccumulator {
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
  const totals = new ClipAccumulator(bones, frames, Math.max(1, Math.floor(options.gridColumns ?? DEFAULT_GRID_COLUMNS)));
  const framesPerWindow = Math.max(1, Math.floor((options.windowRecords ?? DEFAULT_WINDOW_RECORDS) / Math.max(shapeA.boneCount, shapeB.boneCount)));
  const windowFrames = Math.min(framesPerWindow, Math.max(1, frames));
  const readerA = new WindowReader(a, shapeA, windowFrames);
  const readerB = new WindowReader(b, shapeB, windowFrames);
  const changed = new ChangedRecords(windowFrames * bones);
  let changedKeyframes = 0;
  for (let first = 0; first < frames; first += framesPerWindow) {
    const count = Math.min(framesPerWindow, frames - first);
    const wordsA = await readerA.words(first, count);
    const wordsB = await readerB.words(first, count);
    gatherWindow(readerA, wordsA, shapeA.boneCount, readerB, wordsB, shapeB.boneCount, { first, count, bones }, changed);
    changedKeyframes += changed.measure(totals);
  }
  const changes = headerChanges(shapeA, shapeB);
  const boneDiffs = totals.boneDiffs();
  return {
    kind: 'clip',
    a: shapeA,
    b: shapeB,
    headerChanges: changes,
    compared: { boneCount: bones, frameCount: frames },
    onlyIn: { a: onlyIn(shapeA, bones, frames), b: onlyIn(shapeB, bones, frames) },
    identical: changes.length === 0 && changedKeyframes === 0,
    changedKeyframes,
    changedBones: boneDiffs.filter((d) => d.changedKeyframes > 0).map((d) => d.bone),
    worst: {
      rotation: totals.worst(totals.rotationMax, totals.rotationFrame, 0),
      position: totals.worst(totals.positionMax, totals.positionFrame, 0),
      scale: totals.worst(totals.scaleMax, totals.scaleFrame, 1),
    },
    bones: boneDiffs,
    frames: {
      rotationMax: Array.from(totals.frameRotation),
      rotationBone: Array.from(totals.frameRotationBone),
      positionMax: Array.from(totals.framePosition),
      scaleMax: Array.from(totals.frameScale),
      changedBones: Array.from(totals.frameChanged),
    },
    grid: totals.gridData(),
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
