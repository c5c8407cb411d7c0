/**
 * The content lint of one large clip split into frame ranges, each linted on its own (another
 * thread: `node/checkPool.ts`), and the ranges merged into exactly what `lintClipRecords` gives
 * on one thread: the same diagnostics in the same order, the same per-code caps and summaries.
 *
 * A range `[from, to)` streams its records from frame `from - 1` (the first step of the range is
 * measured from it) and reports the record problems of its own frames. Its motion scan takes the
 * pop and jump candidates of `[from + 8, to - 8)`, whose 8-step median windows lie inside the
 * range; the candidates within 8 frames of a boundary are taken by a small seam scan around it
 * (frames `[x - 17, x + 16)`). The clip's sums, moving bones and repeated frames come from the
 * range scans, each step counted once. The merge keeps the first `MAX_MOTION_CANDIDATES`
 * candidates of the clip in order, as the one-thread scan does. The clip's typical position
 * step is summed in chunks of STEP_SUM_CHUNK_FRAMES frames (`motion/stepSums.ts`) and ranges
 * start on chunk boundaries, so each range reports its own chunks' totals and the merge adds
 * them in clip order exactly as one thread does: the output is identical, bit for bit.
 */
import { CLIP_HEADER_SIZE, clipByteLength, KEYFRAME_SIZE, recordOffset, recordsByteLength } from './clip';
import { lintClipRecords, lintableRecordCount, reportRecord, scanSuspectRecords, type ClipLintOptions } from './clipLint';
import type { FormatDiagnostic } from './diagnostics';
import type { ByteSource } from './fileAccess';
import { ProblemCollector } from './problemCollector';
import type { ClipHeader } from './records';
import { motionDiagnostic } from './motion/motionDiagnostics';
import { DEFAULT_MOTION_OPTIONS, MOTION_WINDOW, type ClipShape, type MotionOptions } from './motion/motionOptions';
import { MAX_MOTION_CANDIDATES, MotionScanner, concludeMotion, motionKernelFor, type MotionRangeScan, type MotionScanRange } from './motion/motionScanner';
import { RepeatedFrames } from './motion/repeatedFramesRule';
import { STEP_SUM_CHUNK_FRAMES, stepTotal } from './motion/stepSums';
import type { JumpCandidate } from './motion/positionJumpRule';

/** Frames before a boundary a seam scan reads: a candidate's window (8) and the step before its earliest one (8 + 1). */
const SEAM_LEAD = 2 * MOTION_WINDOW + 1;
/**
 * The pieces a range reads (unless `chunkBytes` says otherwise): a quarter of one thread's 4 MiB.
 * Each range's motion kernel takes its two piece buffers in fresh memory, whose first touch costs
 * (2 MiB instead of 8 per range), and a piece read is still in the core's cache when scanned.
 * CPU time of the largest clip's lint in 8 ranges, one after another: 87 ms against 130 with
 * 4 MiB pieces (one thread, whole: 90 ms).
 */
export const RANGE_PIECE_BYTES = 1024 * 1024;
/** The fewest frames a range may have: its own candidates' windows and both seams fit. */
export const MIN_RANGE_FRAMES = 4 * MOTION_WINDOW;

/** Frames `[from, to)` of a clip; the last range also holds a cut-short frame's records. */
export interface ClipFrameRange {
  from: number;
  to: number;
  last: boolean;
}

/** What a range lint takes (the linter knows the file): plain data, so it can be sent to another thread. */
export interface ClipRangeRequest {
  size: number;
  header: ClipHeader;
  range: ClipFrameRange;
  options: ClipLintOptions;
  /** The motion candidates each range has taken so far, shared by the threads linting the clip (`CandidateTally`). */
  tally?: CandidateTally;
}

/**
 * The motion candidates taken so far by each range of one clip (its main scan, not its seam), one
 * slot per range in clip order, in memory every thread linting the clip shares (an `Int32Array`
 * over a `SharedArrayBuffer`), and this range's slot. The merge keeps only the clip's first
 * `MAX_MOTION_CANDIDATES`, so a range whose earlier ranges have taken that many between them
 * needs none: it stops taking and judging candidates, as one thread does past the cap, instead
 * of judging up to the cap again in every range.
 */
export interface CandidateTally {
  taken: Int32Array;
  index: number;
}

/** What a range gives the merge (plain data). */
export interface ClipRangeResult {
  /** The first `maxKeyframeProblems` record problems of the range, and its count per code (in first-seen order). */
  reported: FormatDiagnostic[];
  totals: [string, number][];
  /** The range's motion scan, and the seam scan at its start (all but the first range). */
  motion?: { scan: MotionRangeScan; seam?: MotionRangeScan };
}

/** Lints ranges of one clip, somewhere (other threads); `partsFor` says how many are worth it. */
export interface ClipRangeLinter {
  /** Ranges to split a clip of `records` keyframe records into (below 2: one thread lints it). */
  partsFor(records: number): number;
  lint(request: ClipRangeRequest): Promise<ClipRangeResult>;
}

/**
 * `parts` ranges of about equal frames, each starting on a chunk boundary of the step sums
 * (`STEP_SUM_CHUNK_FRAMES`), or none where the clip has too few frames for two.
 */
export function planClipRanges(shape: ClipShape, records: number, parts: number): ClipFrameRange[] {
  const frames = Math.ceil(records / shape.boneCount);
  const count = Math.min(Math.floor(parts), Math.floor(frames / Math.max(MIN_RANGE_FRAMES, STEP_SUM_CHUNK_FRAMES)));
  if (count < 2) return [];
  // Each boundary rounded down to a chunk's start: ranges stay at least a chunk (and MIN_RANGE_FRAMES) long.
  const boundary = (k: number): number => (k === count ? frames : Math.floor((k * frames) / count / STEP_SUM_CHUNK_FRAMES) * STEP_SUM_CHUNK_FRAMES);
  const ranges: ClipFrameRange[] = [];
  for (let k = 0; k < count; k++) ranges.push({ from: boundary(k), to: boundary(k + 1), last: k === count - 1 });
  return ranges;
}

/** `lintClipRecords`, its ranges linted by `options.rangeLinter` where the clip is large enough to pay. */
export async function lintClipRecordsInRanges(source: ByteSource, header: ClipHeader, options: ClipLintOptions & { rangeLinter?: ClipRangeLinter }): Promise<FormatDiagnostic[]> {
  const linter = options.rangeLinter;
  const records = lintableRecordCount(header, source.size);
  const ranges = linter ? planClipRanges(header, records, linter.partsFor(records)) : [];
  if (!linter || ranges.length === 0) return lintClipRecords(source, header, options);
  const plain: ClipLintOptions = { maxKeyframeProblems: options.maxKeyframeProblems };
  if (options.chunkBytes !== undefined) plain.chunkBytes = options.chunkBytes;
  if (options.motion !== undefined) plain.motion = options.motion;
  const taken = sharedCounts(ranges.length);
  const results = await Promise.all(ranges.map((range, index) => linter.lint({ size: source.size, header, range, options: plain, ...(taken && { tally: { taken, index } }) })));
  return mergeClipRanges(header, records, plain, results);
}

/** `count` counters in memory other threads can share; undefined where there is none (no `SharedArrayBuffer`). */
function sharedCounts(count: number): Int32Array | undefined {
  return typeof SharedArrayBuffer === 'function' ? new Int32Array(new SharedArrayBuffer(4 * count)) : undefined;
}

/** The candidates the ranges before `tally`'s have taken so far, at most the clip's cap. */
function takenBefore(tally: CandidateTally): number {
  let before = 0;
  for (let k = 0; k < tally.index; k++) before += Atomics.load(tally.taken, k);
  return Math.min(before, MAX_MOTION_CANDIDATES);
}

/** Lints frames `range` of the clip in `source`: its record problems and its motion scans (`tally`: what the other ranges have taken). */
export async function lintClipRange(source: ByteSource, header: ClipHeader, range: ClipFrameRange, options: ClipLintOptions, tally?: CandidateTally): Promise<ClipRangeResult> {
  const bones = header.boneCount;
  const records = lintableRecordCount(header, source.size);
  const lead = Math.max(0, range.from - 1);
  const end = range.last ? records : range.to * bones;
  const problems = new ProblemCollector(options.maxKeyframeProblems);
  const ownFirst = range.from * bones;
  const suspect = (local: number, rot: number, w1: number, w2: number, w3: number): void => {
    const record = local + lead * bones;
    if (record >= ownFirst) reportRecord(problems, header, record, rot, w1, w2, w3);
  };
  const chunkBytes = Math.max(KEYFRAME_SIZE, options.chunkBytes ?? RANGE_PIECE_BYTES);
  const motionOptions = options.motion === false ? undefined : { ...DEFAULT_MOTION_OPTIONS, ...options.motion };
  const keep: MotionScanRange = {
    firstFrame: lead,
    keepFrom: range.from === 0 ? 0 : range.from + MOTION_WINDOW,
    keepTo: range.last ? Number.POSITIVE_INFINITY : range.to - MOTION_WINDOW,
  };
  if (tally) {
    // Asked at every candidate the scan meets (on random records, millions): the shared slot is
    // written only when this range's count changed (a write by one thread evicts the line, which
    // holds every range's slot, from the others' caches), and the earlier ranges' counts, which
    // only grow, are read no more once they reach the cap.
    let published = -1;
    let before = 0;
    keep.candidateCap = (taken) => {
      if (taken !== published) Atomics.store(tally.taken, tally.index, (published = taken));
      if (before < MAX_MOTION_CANDIDATES) before = takenBefore(tally);
      return MAX_MOTION_CANDIDATES - before;
    };
  }
  const part = recordsSlice(source, header, lead, end);
  const motion = motionOptions && new MotionScanner(part.header, motionOptions, motionKernelFor(part.header, chunkBytes), suspect, keep);
  await scanSuspectRecords(
    part.source,
    part.header,
    chunkBytes,
    suspect,
    undefined,
    motion &&
      ((words, count) => {
        motion.feed(words, count);
        return motion.lintsRecords;
      }),
    motion && ((index, length) => motion.pieceBuffer(index, length)),
  );
  motion?.flush();
  const result: ClipRangeResult = { reported: problems.reported, totals: problems.counts() };
  if (motion && motionOptions) {
    const scan = motion.rangeScan();
    // Every piece of the range has been read: the pass's memory serves this thread's next range.
    motion.release();
    if (tally) Atomics.store(tally.taken, tally.index, scan.candidates.length);
    const seam = range.from === 0 ? undefined : await seamScan(source, header, range.from, records, motionOptions, chunkBytes, tally);
    result.motion = { scan, seam };
  }
  return result;
}

/**
 * The motion candidates within `MOTION_WINDOW` frames of the boundary at frame `at` (the start of
 * `tally`'s range: they follow the earlier ranges' candidates).
 */
async function seamScan(source: ByteSource, header: ClipHeader, at: number, records: number, options: MotionOptions, chunkBytes: number, tally?: CandidateTally): Promise<MotionRangeScan> {
  const first = at - SEAM_LEAD;
  const part = recordsSlice(source, header, first, Math.min(records, (at + 2 * MOTION_WINDOW) * header.boneCount));
  const keep: MotionScanRange = { firstFrame: first, keepFrom: at - MOTION_WINDOW, keepTo: at + MOTION_WINDOW };
  if (tally) keep.candidateCap = () => MAX_MOTION_CANDIDATES - takenBefore(tally);
  const scanner = new MotionScanner(part.header, options, motionKernelFor(part.header), undefined, keep);
  const nothing = (): void => undefined;
  await scanSuspectRecords(part.source, part.header, chunkBytes, nothing, undefined, (words, count) => {
    scanner.feed(words, count);
    return true;
  });
  return scanner.rangeScan();
}

/** Records `[firstFrame x bones, end)` of the clip as a clip of their own (its header never read). */
function recordsSlice(source: ByteSource, header: ClipHeader, firstFrame: number, end: number): { source: ByteSource; header: ClipHeader } {
  const first = firstFrame * header.boneCount;
  const shift = recordsByteLength(first);
  const count = end - first;
  const slice: ByteSource = { size: recordOffset(count), read: (offset, length) => source.read(offset + shift, length) };
  const readInto = source.readInto?.bind(source);
  if (readInto) slice.readInto = (offset, target) => readInto(offset + shift, target);
  const frameCount = Math.ceil(count / header.boneCount);
  return { source: slice, header: { ...header, frameCount, expectedSize: clipByteLength(header.boneCount, frameCount) } };
}

/** The ranges' results, in clip order, as `lintClipRecords` reports the whole clip. */
export function mergeClipRanges(shape: ClipShape, records: number, options: ClipLintOptions, results: readonly ClipRangeResult[]): FormatDiagnostic[] {
  const problems = new ProblemCollector(options.maxKeyframeProblems);
  for (const { reported, totals } of results) problems.addCounted(reported, totals);
  const diagnostics = problems.finish('anim/more-problems', { start: CLIP_HEADER_SIZE, end: recordOffset(records) }, 'keyframe');
  if (options.motion === false || diagnostics.length > 0) return diagnostics;
  const frames = Math.floor(records / shape.boneCount);
  if (frames === 0) return [];
  const motionOptions = { ...DEFAULT_MOTION_OPTIONS, ...options.motion };
  return concludeMotion(shape, motionOptions, mergeMotion(shape, results, frames)).map(motionDiagnostic);
}

/** The range scans as one clip's: candidates in clip order up to the cap, the step sums' chunks in clip order. */
function mergeMotion(shape: ClipShape, results: readonly ClipRangeResult[], frames: number): Parameters<typeof concludeMotion>[2] {
  const key = (frame: number, bone: number, kind: number): number => (frame * shape.boneCount + bone) * 2 + kind;
  const pops = [];
  const jumps: JumpCandidate[] = [];
  const moved = new Uint8Array(shape.boneCount);
  const repeated = new RepeatedFrames();
  const stepChunks: number[] = [];
  let farthest = 0;
  let taken = 0;
  for (const result of results) {
    const { scan, seam } = result.motion!;
    for (const part of seam ? [seam, scan] : [scan]) {
      // The first key past the clip's cap (candidates are taken in key order).
      const allowed = Math.max(0, MAX_MOTION_CANDIDATES - taken);
      const limit = allowed < part.candidates.length ? part.candidates[allowed] : Number.POSITIVE_INFINITY;
      taken += Math.min(allowed, part.candidates.length);
      for (const pop of part.pops) if (key(pop.frames[1], pop.bone!, 0) < limit) pops.push(pop);
      for (const jump of part.jumps) if (key(jump.frame, jump.bone, 1) < limit) jumps.push(jump);
    }
    for (const chunk of scan.stepChunks) stepChunks.push(chunk);
    if (scan.farthest > farthest) farthest = scan.farthest;
    for (let bone = 0; bone < moved.length; bone++) moved[bone] |= scan.moved[bone];
    repeated.follow(scan.repeats);
  }
  return { pops, jumps, squaredSteps: stepTotal(stepChunks), farthest, moved, repeated, frames };
}
