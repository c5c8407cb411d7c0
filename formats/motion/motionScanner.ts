/**
 * The streaming runner of the motion rules: fed the clip's records in order, a piece at a time
 * (the content lint's own pieces), it keeps per bone only the previous record, its decoded
 * rotation and position, and a ring of its last 17 steps (`StepRing`). A step becomes a
 * candidate when it is large and the step before it was not; the candidate is judged once the
 * frames after it have been read. Everything else (which bones moved, runs of repeated frames,
 * the clip's typical position step and size) is a few counters. Memory: O(bones), whatever the
 * length.
 *
 * Large clips run in the WebAssembly pass instead (`motionKernel.wat`), which can also do the
 * content lint's record test in the same pass (`onSuspect`): it keeps the counters and sums
 * exactly and flags the records that may start a candidate; those are judged from the raw
 * records it keeps (the last blocks), a block's in one call that lists its candidates
 * (`candidates`), as are the steps around a candidate: computed in the kernel one record at a
 * time (`window`, bit for bit the loop's arithmetic), so a fresh process judges its first
 * candidates at about the speed of its later ones; the few a window's counts do not rule out are
 * judged here (`exactStep.ts`, the same values).
 */
import { f16LookupTable } from '../f16';
import { rotationFieldTable, rotationOneMinusSquareTable, rotationSquareTable } from '../rotation';
import { DEFAULT_MAX_FINDINGS_PER_CODE, MOTION_WINDOW, type ClipShape, type MotionCode, type MotionFinding, type MotionOptions } from './motionOptions';
import { NO_FINDING_MARGIN, judgePop, noPopBelow } from './popRule';
import { judgePositionJump, noJumpAbove, noJumpInClip, type JumpCandidate } from './positionJumpRule';
import { RepeatedFrames, type FrameRuns } from './repeatedFramesRule';
import { stillnessFindings } from './stillnessRules';
import { RING, StepRing, type StepWindow } from './stepWindow';
import type { KeptSteps } from './keptSteps';
import { KernelPass, type KernelPassSink, type SuspectRecord } from './kernelPass';
import { StepChunks, chunkTotal, startsStepChunk, stepTotal } from './stepSums';
import { MOTION_KERNEL_BLOCK, MOTION_KERNEL_PREFIX, createMotionKernel, type MotionKernel } from '../wasm/motionKernel';
import { BlockSteps } from './blockSteps';

export type { SuspectRecord } from './kernelPass';

/** Read once (an imported binding can cost a getter call per read where modules are not bundled). */
const PREFIX = MOTION_KERNEL_PREFIX;
const WINDOW = MOTION_WINDOW;
/** The loop's decode tables where a kernel scans (`MotionScanner.half` and the rotation tables). */
const NO_TABLE = new Float32Array(0);

/**
 * A scan of part of a clip (`formats/clipRangeLint.ts`): the records fed start at frame
 * `firstFrame`, and only the candidates at frames in `[keepFrom, keepTo)` are taken, named by
 * their frame in the whole clip.
 */
export interface MotionScanRange {
  firstFrame: number;
  keepFrom: number;
  keepTo: number;
  /**
   * The most candidates this scan needs, told how many it has taken (default
   * `MAX_MOTION_CANDIDATES`): a range after others needs no more than the clip's cap less those
   * they are known to have taken. Asked as the scan goes; it may only shrink. Past it the scan
   * takes and judges no more, as one clip's scan past the cap.
   */
  candidateCap?(taken: number): number;
}

/** What a range scan gives the merge of a clip's ranges (`rangeScan`). */
export interface MotionRangeScan {
  /** The candidates taken, in order, as keys: (frame x bones + bone) x 2 + kind (0 turn, 1 move). */
  candidates: number[];
  /** The pops among them, in candidate order. */
  pops: MotionFinding[];
  jumps: JumpCandidate[];
  /**
   * The totals of the chunks of squared steps scanned (those after the first frame fed; chunks of
   * `stepSums.ts`, in order) and the farthest position.
   */
  stepChunks: number[];
  farthest: number;
  moved: Uint8Array;
  /** The whole frames fed after the first, in runs of unchanged frames (`RepeatedFrames`). */
  repeats: FrameRuns;
}

/** What a clip's motion findings are judged from once every record has been read (`concludeMotion`). */
export interface MotionTotals {
  /** The pops found, in candidate order. */
  pops: readonly MotionFinding[];
  jumps: readonly JumpCandidate[];
  squaredSteps: number;
  farthest: number;
  moved: Uint8Array;
  repeated: RepeatedFrames;
  /** Whole frames read. */
  frames: number;
}

/**
 * The findings of a clip (a cap per code, the last one listed naming how many more): its pops,
 * the jumps judged against the clip's typical step, the stillness rules or else repeated frames.
 */
export function concludeMotion(shape: ClipShape, options: MotionOptions, totals: MotionTotals): MotionFinding[] {
  const findings: MotionFinding[] = [];
  const counts = new Map<MotionCode, number>();
  const cap = options.maxFindingsPerCode ?? DEFAULT_MAX_FINDINGS_PER_CODE;
  const report = (finding: MotionFinding): void => {
    const count = (counts.get(finding.code) ?? 0) + 1;
    counts.set(finding.code, count);
    if (count <= cap) findings.push(finding);
  };
  const { frames } = totals;
  for (const pop of totals.pops) report(pop);
  const typicalStep = clipTypicalStep(shape, frames, totals.squaredSteps);
  for (const jump of totals.jumps) {
    const finding = judgePositionJump(shape, options, jump, typicalStep, Math.sqrt(totals.farthest));
    if (finding) report(finding);
  }
  const still = stillnessFindings(shape, options, totals.moved, frames);
  for (const finding of still) report(finding);
  if (still.length === 0) {
    const repeated = totals.repeated.finding(shape, options, frames);
    if (repeated) report(repeated);
  }
  for (const [code, count] of counts) {
    if (count <= cap) continue;
    const last = [...findings].reverse().find((f) => f.code === code);
    if (last) {
      last.message += ` (${count - cap} more ${code} findings in this clip are not listed.)`;
      last.data.total = count;
    }
  }
  return findings;
}

/** The clip's typical position step: the root mean square of every bone's steps over `frames` whole frames. */
function clipTypicalStep(shape: ClipShape, frames: number, squaredSteps: number): number {
  const steps = (frames - 1) * shape.boneCount;
  return steps > 0 ? Math.sqrt(squaredSteps / steps) : 0;
}

/**
 * Candidates judged per clip. A real clip has a handful; noise (every step large, random
 * positions) has one in fifty records, so past this many the clip is noise and the rest are not
 * judged (what keeps the rules cheap on any input).
 */
export const MAX_MOTION_CANDIDATES = 8192;

/**
 * Every clip of MOTION_KERNEL_MIN_BONES bones or more runs in the WebAssembly pass (where
 * WebAssembly is unavailable, and below that many bones, the TypeScript loop). A clip held in
 * one of its blocks (fewer than MOTION_KERNEL_BLOCK records) has its steps computed exactly there
 * (`BlockSteps`); a longer one is gated. Clips of at least this many records get a kernel with
 * piece buffers (the lint reads its pieces straight into the pass's memory); shorter ones one
 * without, their records copied into its slots (at most 1 MiB a clip), small enough to keep
 * several of. Between one block and this, the pass took a smooth clip of 40 x 200 in about a
 * fifth of the loop's time, random records in about the same.
 */
export const MOTION_KERNEL_PIECES_MIN_RECORDS = 65536;

/** Whether a clip of `shape` (header counts) fits one block of the pass. */
function fitsOneBlock(shape: ClipShape): boolean {
  return shape.boneCount * shape.frameCount < MOTION_KERNEL_BLOCK;
}

/**
 * The kernel for a clip of `shape`, else null (the TypeScript loop: fewer than
 * MOTION_KERNEL_MIN_BONES bones, or no WebAssembly). `pieceBytes` > 0: with piece buffers of that
 * size for the lint to read into (`pieceBuffer`), for a clip of MOTION_KERNEL_PIECES_MIN_RECORDS
 * records or more; a shorter one is copied into the kernel's slots.
 */
export function motionKernelFor(shape: ClipShape, pieceBytes = 0): MotionKernel | null {
  const withPieces = shape.boneCount * shape.frameCount >= MOTION_KERNEL_PIECES_MIN_RECORDS;
  return createMotionKernel(shape.boneCount, undefined, withPieces ? pieceBytes : 0) ?? null;
}

/**
 * The scanner is its pass's sink (`KernelPassSink`) with methods of its class, not closures made
 * per scanner: the pass's optimised code then calls one target from clip to clip (closures gave
 * each large clip new targets, and V8 threw `scanBlock`'s optimised code away at the next one,
 * "wrong call target").
 */
export class MotionScanner implements KernelPassSink {
  private readonly bones: number;
  private readonly prevWords: Uint32Array;
  private readonly quat: Float32Array;
  private readonly pos: Float32Array;
  /** |dot| of consecutive rotations (1 = no turn), per bone and step. */
  private readonly turns: StepRing;
  /** Squared distance of consecutive positions, per bone and step. */
  private readonly moves: StepRing;
  private readonly moved: Uint8Array;
  private readonly cosHalfMin: number;
  private readonly ratioSquared: number;
  /** `noPopBelow` of the largest turn (|dot| 0): a bound for every candidate, with no trigonometry per candidate. */
  private readonly noPopBelowAny: number;
  /**
   * The decode tables of the TypeScript loop (empty with a kernel: the f16 table, 65,536 values
   * computed on first use, was built by each fresh process's first large clip for nothing).
   */
  private readonly field: Float32Array;
  private readonly square: Float32Array;
  private readonly oneMinus: Float32Array;
  private readonly half: Float32Array;
  private readonly repeated = new RepeatedFrames();
  /** Pending candidates: bone, then frame, kind in the low bit (0 turn, 1 move). */
  private readonly pending: number[] = [];
  private pendingHead = 0;
  private readonly jumps: JumpCandidate[] = [];
  /** The pops found, in candidate order (capped per code at the end, `concludeMotion`). */
  private readonly pops: MotionFinding[] = [];
  /** A range scan's candidate keys (`MotionRangeScan`). */
  private readonly taken: number[] = [];
  /** The clip's frame of the first record fed (0 unless `range`). */
  private readonly frameOffset: number;
  /**
   * The sums of squared position steps in f32 steps of the current chunk (`stepSums.ts`), of the
   * clip's records 4k, 4k+1, 4k+2 and 4k+3 (the kernel's lanes), then the farthest squared
   * distance of a position from the origin in f32 (the clip's size). In a typed array: a double field of the object would change its shape
   * when first written and throw the loop out of optimised code.
   */
  private readonly sums: Float64Array = new Float64Array(5);
  /** The chunks of squared steps ended, and the lane of the first record fed (its clip record's index mod 4). */
  private readonly stepChunks: StepChunks;
  private readonly laneShift: number;
  /** The WebAssembly pass (null: the TypeScript loop), what it hands on, and its steps around a candidate. */
  private readonly pass: KernelPass | null;
  private readonly kept?: KeptSteps;
  /**
   * A clip held in one block of the pass (no range): its candidates are taken once it is flushed,
   * from the steps the kernel computes exactly (`blockTurns`, `blockMoves`), not from the gate.
   */
  private readonly oneBlock: boolean;
  private blockTurns?: BlockSteps;
  private blockMoves?: BlockSteps;
  /** A clip held in one block, once read: its typical step and size (`concludeMotion`'s), so a move that is surely no jump is not judged. */
  private clipJumpBounds?: { typical: number; size: number };
  /** Records fed. */
  private fed = 0;
  private frame = 0;
  private bone = 0;
  private frameChanged = false;
  private candidates = 0;

  /**
   * `kernel`: where the records are scanned (the WebAssembly pass), null for the TypeScript loop;
   * both give the same findings (a unit test compares them). `onSuspect`: with a kernel, the
   * content lint's record test runs in the same pass and reports each suspect record in order
   * (a non-finite half, a zero scale or a non-unit rotation; the caller re-checks each, see
   * clipLint.ts), at the latest when `flush` or `finish` is called.
   */
  constructor(
    private readonly shape: ClipShape,
    private readonly options: MotionOptions,
    kernel: MotionKernel | null = motionKernelFor(shape),
    onSuspect?: SuspectRecord,
    private readonly range?: MotionScanRange,
  ) {
    this.frameOffset = range?.firstFrame ?? 0;
    this.bones = shape.boneCount;
    this.stepChunks = new StepChunks(this.frameOffset);
    this.laneShift = (this.frameOffset * this.bones) & 3;
    this.field = kernel ? NO_TABLE : rotationFieldTable();
    this.square = kernel ? NO_TABLE : rotationSquareTable();
    this.oneMinus = kernel ? NO_TABLE : rotationOneMinusSquareTable();
    this.half = kernel ? NO_TABLE : f16LookupTable();
    this.prevWords = new Uint32Array(kernel ? 0 : this.bones * 4);
    this.quat = new Float32Array(kernel ? 0 : this.bones * 4);
    this.pos = new Float32Array(kernel ? 0 : this.bones * 3);
    this.turns = new StepRing(kernel ? 0 : this.bones);
    this.moves = new StepRing(kernel ? 0 : this.bones);
    this.moved = kernel?.moved ?? new Uint8Array(this.bones);
    this.cosHalfMin = Math.cos((options.popMinDegrees * Math.PI) / 360);
    this.ratioSquared = options.jumpRatio * options.jumpRatio;
    this.noPopBelowAny = noPopBelow(options, 0);
    this.pass = kernel && new KernelPass(kernel, this.cosHalfMin, this.ratioSquared, onSuspect, this.frameOffset);
    this.kept = this.pass?.kept;
    this.oneBlock = kernel !== null && !range && fitsOneBlock(shape);
  }

  /** True when the record test of the content lint runs in this scanner's pass (reported to `onSuspect`). */
  get lintsRecords(): boolean {
    return this.pass?.lintsRecords ?? false;
  }

  /**
   * A buffer for the caller to read its piece `index` (0 or 1, in turn) of `length` bytes into,
   * in the kernel's memory, so its records are scanned where they lie; undefined: the caller's
   * own buffer. The caller fills one only once the piece read into it before has been fed.
   */
  pieceBuffer(index: number, length: number): Uint8Array | undefined {
    return this.pass?.pieceBuffer(index, length);
  }

  /** Records `[0, records)` of `words` (4 u32 each), in clip order, following the last piece. */
  feed(words: Uint32Array, records: number): void {
    this.fed += records;
    if (this.pass) this.pass.feed(words, records, this);
    else this.feedLoop(words, records);
  }

  /** Records `[0, records)` of `words`, stepped here (the reference loop). */
  private feedLoop(words: Uint32Array, records: number): void {
    let r = 0;
    while (r < records) {
      // One frame's bones at a time (a piece may start or end inside a frame).
      const count = Math.min(records - r, this.bones - this.bone);
      // A chunk of the step sums ends where a frame starting one begins to be read (none is left empty).
      if (this.bone === 0 && this.frame > 0 && startsStepChunk(this.frame + this.frameOffset)) this.endStepChunk();
      if (this.frame === 0) this.firstFrame(words, r, count);
      else this.scanBones(words, r, count);
      r += count;
      this.bone += count;
      if (this.bone === this.bones) this.endFrame();
    }
  }

  /**
   * The pass's sink: true while a step may still need judging. Past the cap, with every pending
   * candidate judged, none does; in one block the gate is not needed (the candidates are taken
   * from the exact steps).
   */
  judging(): boolean {
    return !this.oneBlock && (this.candidates < this.cap() || this.pendingHead < this.pending.length);
  }

  /** The pass's sink: frames `[from, to)` of its last scan completed, `changed[i]` set where frame i changed. */
  framesDone(changed: Uint8Array, from: number, to: number): void {
    this.repeated.frames(changed, from, to);
  }

  /** The pass's sink: the first `frames` frames have been scanned whole; the candidates due then are judged. */
  scanned(frames: number): void {
    this.frame = frames;
    if (frames > 0 && this.pendingHead < this.pending.length) this.judgeDue(frames - 1);
  }

  /** The pass's sink: the candidates of a block, record << 1 | kind, in order (`KernelPassSink.candidatesFound`). */
  candidatesFound(list: Uint32Array, count: number): void {
    const bones = this.bones;
    for (let c = 0; c < count; c++) {
      const record = list[c] >>> 1;
      const frame = Math.floor(record / bones);
      this.enqueue(record - frame * bones, frame, list[c] & 1);
    }
  }

  /**
   * The hot loop: `count` records of the current frame from bone `this.bone`, starting at record
   * `r` of `words`. An unchanged record costs four compares; a changed one a table decode of its
   * rotation and position, one dot product and one squared distance.
   */
  private scanBones(words: Uint32Array, r: number, count: number): void {
    const { prevWords, quat, pos, half, field, square, oneMinus, moved, cosHalfMin, ratioSquared, frame } = this;
    const turns = this.turns.values, moves = this.moves.values;
    const slot = frame % RING;
    const previous = (frame - 1) % RING;
    const sums = this.sums;
    const lane = frame * this.bones + this.laneShift;
    let changedAny = false, farthest = sums[4];
    for (let k = 0, i = r * 4, bone = this.bone; k < count; k++, i += 4, bone++) {
      const rot = words[i], w1 = words[i + 1], w2 = words[i + 2], w3 = words[i + 3];
      const p = bone * 4;
      const at = bone * RING;
      if (rot === prevWords[p] && w1 === prevWords[p + 1] && w2 === prevWords[p + 2] && w3 === prevWords[p + 3]) {
        turns[at + slot] = 1;
        moves[at + slot] = 0;
        continue;
      }
      changedAny = true;
      moved[bone] = 1;
      let cos = 1;
      if (rot !== prevWords[p]) {
        const a = rot >>> 22, b = (rot >>> 12) & 0x3ff, c = (rot >>> 2) & 0x3ff, idx = rot & 3;
        const radicand = Math.fround(Math.fround(oneMinus[a] - square[b]) - square[c]);
        const d = Math.fround(Math.sqrt(radicand > 0 ? radicand : 0));
        const fa = field[a], fb = field[b], fc = field[c];
        // Placed without branches or a store and reload (the dropped index varies): each
        // component is one value times 1 plus the others times 0, exactly that value (none is a
        // zero other than d's +0).
        const e0 = (idx - 1) >>> 31, e1 = ((idx ^ 1) - 1) >>> 31, e2 = ((idx ^ 2) - 1) >>> 31, e3 = ((idx ^ 3) - 1) >>> 31;
        const x = e0 * d + (1 - e0) * fa;
        const y = e0 * fa + e1 * d + (e2 | e3) * fb;
        const z = (e0 | e1) * fb + e2 * d + e3 * fc;
        const w = e3 * d + (1 - e3) * fc;
        cos = Math.abs(x * quat[p] + y * quat[p + 1] + z * quat[p + 2] + w * quat[p + 3]);
        quat[p] = x; quat[p + 1] = y; quat[p + 2] = z; quat[p + 3] = w;
      }
      turns[at + slot] = cos;
      if (cos < cosHalfMin && (frame === 1 || turns[at + previous] >= cosHalfMin)) this.enqueue(bone, frame, 0);
      let move = 0;
      if (w1 !== prevWords[p + 1] || (w2 & 0xffff) !== (prevWords[p + 2] & 0xffff)) {
        const o = bone * 3;
        const px = half[w1 & 0xffff], py = half[w1 >>> 16], pz = half[w2 & 0xffff];
        const dx = px - pos[o], dy = py - pos[o + 1], dz = pz - pos[o + 2];
        move = dx * dx + dy * dy + dz * dz;
        // The clip's sums in f32 steps, as the kernel's lanes compute them.
        const fx = Math.fround(dx), fy = Math.fround(dy), fz = Math.fround(dz);
        const step = Math.fround(Math.fround(Math.fround(fx * fx) + Math.fround(fy * fy)) + Math.fround(fz * fz));
        if (step < Infinity) sums[(lane + bone) & 3] += step;
        const reach = Math.fround(Math.fround(px * px + py * py) + pz * pz);
        if (reach > farthest && reach < Infinity) farthest = reach;
        pos[o] = px; pos[o + 1] = py; pos[o + 2] = pz;
        // A NaN or infinite position is the lint's anim/non-finite, not motion.
        if (!(move < Infinity) || !(px * px + py * py + pz * pz < Infinity)) move = 0;
        if (move > ratioSquared * moves[at + previous]) this.enqueue(bone, frame, 1);
      }
      moves[at + slot] = move;
      prevWords[p] = rot; prevWords[p + 1] = w1; prevWords[p + 2] = w2; prevWords[p + 3] = w3;
    }
    if (changedAny) this.frameChanged = true;
    sums[4] = farthest;
  }

  /** Frame 0's records: what every later step is measured from. */
  private firstFrame(words: Uint32Array, r: number, count: number): void {
    for (let k = 0, i = r * 4, bone = this.bone; k < count; k++, i += 4, bone++) {
      this.prevWords.set(words.subarray(i, i + 4), bone * 4);
      this.decodeInto(bone, words[i], words[i + 1], words[i + 2]);
    }
  }

  private endFrame(): void {
    if (this.frame > 0) this.repeated.frame(this.frameChanged);
    this.frameChanged = false;
    if (this.pendingHead < this.pending.length) this.judgeDue(this.frame);
    this.frame++;
    this.bone = 0;
  }

  /** The current chunk of the step sums ends before this frame: its total kept, its lanes from zero. */
  private endStepChunk(): void {
    const sums = this.sums;
    this.stepChunks.ended(this.frame + this.frameOffset, chunkTotal(sums[0], sums[1], sums[2], sums[3]));
    sums.fill(0, 0, 4);
  }

  /** Frame 0: the decoded rotation and position every later step is measured from. */
  private decodeInto(bone: number, rot: number, w1: number, w2: number): void {
    const { field, square, oneMinus, half, quat, pos } = this;
    const a = rot >>> 22, b = (rot >>> 12) & 0x3ff, c = (rot >>> 2) & 0x3ff, idx = rot & 3;
    const radicand = Math.fround(Math.fround(oneMinus[a] - square[b]) - square[c]);
    const d = Math.sqrt(radicand > 0 ? radicand : 0);
    // The dropped component at its index, the three kept ones around it in order.
    const q = bone * 4;
    quat[q + idx] = d;
    quat[q + ((idx - 1) >>> 31)] = field[a];
    quat[q + 1 + ((idx - 2) >>> 31)] = field[b];
    quat[q + 2 + ((idx - 3) >>> 31)] = field[c];
    pos[bone * 3] = half[w1 & 0xffff];
    pos[bone * 3 + 1] = half[w1 >>> 16];
    pos[bone * 3 + 2] = half[w2 & 0xffff];
    const reach = Math.fround(Math.fround(pos[bone * 3] ** 2 + pos[bone * 3 + 1] ** 2) + pos[bone * 3 + 2] ** 2);
    if (reach < Infinity && reach > this.sums[4]) this.sums[4] = reach;
    this.turns.set(bone, 0, 1);
    this.moves.set(bone, 0, 0);
  }

  /** The most candidates this scan takes (`MotionScanRange.candidateCap`). */
  private cap(): number {
    return this.range?.candidateCap?.(this.candidates) ?? MAX_MOTION_CANDIDATES;
  }

  private enqueue(bone: number, frame: number, kind: number): void {
    if (this.admit(bone, frame, kind)) this.pending.push(bone, frame * 2 + kind);
  }

  /** Whether a candidate is taken (the cap not reached, in a range's frames), counted (and a range's key kept) if so. */
  private admit(bone: number, frame: number, kind: number): boolean {
    if (this.candidates >= this.cap()) return false;
    if (this.range) {
      const at = frame + this.frameOffset;
      if (at < this.range.keepFrom || at >= this.range.keepTo) return false;
      this.taken.push((at * this.bones + bone) * 2 + kind);
    }
    this.candidates++;
    return true;
  }

  /**
   * A clip held in one block, flushed: its candidates, in record order, from the exact steps, as
   * the loop takes them (the step in double precision against the f32 step a frame earlier).
   * Judged as they are taken, all at the end: a window is the same whenever it is judged (its last
   * step the clip's last or 8 after the candidate), and one block holds too few records to reach
   * the cap; none is queued (the queue's growth was most of a small clip's garbage).
   */
  private takeBlockCandidates(lastFrame: number): void {
    const pass = this.pass as KernelPass;
    const { bones, fed } = this;
    const groups = pass.exactSteps(fed, this.cosHalfMin, this.ratioSquared);
    const kernel = pass.kernel;
    this.blockTurns = new BlockSteps(kernel.exactTurns, bones);
    this.blockMoves = new BlockSteps(kernel.exactMoves, bones);
    // The groups holding a candidate, in record order: each record's turn, then its move.
    const gated = kernel.gated;
    for (let j = 0; j < groups; j++) {
      const first = gated[2 * j] - PREFIX, mask = gated[2 * j + 1];
      for (let k = 0; k < 4; k++) {
        const record = first + k;
        if (record >= fed) break;
        const frame = Math.floor(record / bones);
        const bone = record - frame * bones;
        if ((mask >> (4 + k)) & 1 && this.admit(bone, frame, 0)) this.judge(bone, frame, 0, lastFrame);
        if ((mask >> (8 + k)) & 1 && this.admit(bone, frame, 1)) this.judge(bone, frame, 1, lastFrame);
      }
    }
  }

  /** Judges the candidates whose later window is complete at `frame` (or all, at the end). */
  private judgeDue(frame: number, all = false): void {
    const pending = this.pending;
    // The kernel's pass (not a clip in one block, judged from its exact steps at the end).
    const kept = this.blockTurns ? undefined : this.kept;
    while (this.pendingHead < pending.length) {
      const bone = pending[this.pendingHead];
      const step = pending[this.pendingHead + 1] >> 1;
      if (!all && step + MOTION_WINDOW > frame) break;
      const kind = pending[this.pendingHead + 1] & 1;
      this.pendingHead += 2;
      if (kept && this.surelyNoFinding(kept, bone, step, kind, frame)) continue;
      this.judge(bone, step, kind, frame);
    }
    if (this.pendingHead > 1024 && this.pendingHead * 2 > pending.length) {
      pending.splice(0, this.pendingHead);
      this.pendingHead = 0;
    }
  }

  /**
   * `judge`'s shortcuts for the kernel's pass, the window's steps computed and counted in the
   * kernel: whether most steps around the candidate are as large as the rule's bound (then it is
   * surely no finding, and `judge` would find none). The same window, values and tests as
   * `judge`'s; a candidate not ruled out here is judged there.
   */
  private surelyNoFinding(kept: KeptSteps, bone: number, step: number, kind: number, frame: number): boolean {
    const from = Math.max(1, step - WINDOW);
    const to = Math.min(frame, step + WINDOW);
    // A candidate in a clip's last frame cut short (past the whole frames read) is judged there.
    if (step > to) return false;
    // The steps read less the candidate's own, and its place among them.
    const n = to - from + 1;
    const skip = step - from;
    const last = to * this.bones + bone;
    if (kind === 0) {
      if (2 * kept.window(0, last, n, skip, this.noPopBelowAny) > n - 1) return true;
      return 2 * kept.countComputed(0, n, skip, noPopBelow(this.options, Math.fround(kept.computed[skip]))) > n - 1;
    }
    kept.window(1, last, n, skip, Infinity);
    return 2 * kept.countComputed(1, n, skip, noJumpAbove(this.options, Math.fround(kept.computed[skip]), NO_FINDING_MARGIN)) > n - 1;
  }

  /**
   * Judges the candidate step of `bone` at frame `step` (`kind` 0 a turn, 1 a move) from the steps
   * around it up to frame `frame`: a pop found, or a jump candidate kept for the clip's totals.
   * Where most steps around it are as large as the rule's bound, their median is too and the
   * candidate is surely no finding (random motion: nearly every candidate).
   */
  private judge(bone: number, step: number, kind: number, frame: number): void {
    if (kind === 0) {
      const turns: StepWindow = this.blockTurns ?? this.kept ?? this.turns;
      const cos = turns.readAround(bone, step, 1, frame);
      if (turns.mostBelow(this.noPopBelowAny) || turns.mostBelow(noPopBelow(this.options, cos))) return;
      const finding = judgePop(this.shape, this.options, bone, step + this.frameOffset, cos, turns.medianRead());
      if (finding) this.pops.push(finding);
    } else {
      const moves: StepWindow = this.blockMoves ?? this.kept?.moves ?? this.moves;
      const bounds = this.clipJumpBounds;
      if (bounds && noJumpInClip(this.options, moves.get(bone, step), bounds.typical, bounds.size)) return;
      const squared = moves.readAround(bone, step, 1, frame);
      if (moves.mostAbove(noJumpAbove(this.options, squared, NO_FINDING_MARGIN))) return;
      this.jumps.push({ bone, frame: step + this.frameOffset, squared, typicalSquared: moves.medianRead() });
    }
  }

  /** Scans the records fed so far that the kernel still buffers (their suspects reported); `finish` does it too. */
  flush(): void {
    this.pass?.flush(this);
  }

  /** The findings, once every record has been fed (a clip cut short gives those of its whole frames). */
  finish(): MotionFinding[] {
    this.flush();
    const frames = this.frame; // whole frames read
    if (frames === 0) return [];
    const { stepChunks, farthest } = this.clipSums();
    const squaredSteps = stepTotal(stepChunks);
    this.judgeDue(frames - 1, true);
    if (this.oneBlock) {
      // The clip's sums are known before its candidates are judged: a move that is no jump in it is not read around.
      this.clipJumpBounds = { typical: clipTypicalStep(this.shape, frames, squaredSteps), size: Math.sqrt(farthest) };
      this.takeBlockCandidates(frames - 1);
    }
    return concludeMotion(this.shape, this.options, { pops: this.pops, jumps: this.jumps, squaredSteps, farthest, moved: this.moved, repeated: this.repeated, frames });
  }

  /**
   * Gives the WebAssembly pass's memory back for the next large clip's scanner (a new memory
   * per clip cost a full garbage collection per lint). Call it once, after `finish` or
   * `rangeScan`, when no read into its piece buffers is pending; nothing of this scanner is
   * used after it.
   */
  release(): void {
    this.pass?.release();
  }

  /** A range scan's pieces (`range` given), once every record of the range and its overlap has been fed. */
  rangeScan(): MotionRangeScan {
    this.flush();
    if (this.frame > 0) this.judgeDue(this.frame - 1, true);
    return { candidates: this.taken, pops: this.pops, jumps: this.jumps, ...this.clipSums(), moved: this.moved.slice(), repeats: this.repeated.runsSoFar() };
  }

  /** The chunks of the squared steps read (f32 steps, lanes added as the kernel adds them), the open one last, and the farthest squared position. */
  private clipSums(): { stepChunks: number[]; farthest: number } {
    const sums = this.sums;
    return this.pass?.sums() ?? { stepChunks: this.stepChunks.withOpen(this.frame + this.frameOffset, chunkTotal(sums[0], sums[1], sums[2], sums[3])), farthest: sums[4] };
  }
}
