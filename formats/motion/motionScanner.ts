/**
 * The streaming runner of the motion rules: fed the clip's records in order, a piece at a time
 * (the content lint's own pieces), it keeps per bone only the previous record, its decoded
 * rotation and position, and a ring of its last 17 steps (`StepRing`). A step becomes a
 * candidate when it is large and the step before it was not; the candidate is judged once the
 * frames after it have been read. Everything else (which bones moved, runs of repeated frames,
 * the clip's typical position step) is a few counters. Memory: O(bones), whatever the length.
 */
import { f16LookupTable } from '../f16';
import { rotationFieldTable, rotationOneMinusSquareTable, rotationSquareTable } from '../rotation';
import { DEFAULT_MAX_FINDINGS_PER_CODE, MOTION_WINDOW, type ClipShape, type MotionCode, type MotionFinding, type MotionOptions } from './motionOptions';
import { judgePop } from './popRule';
import { judgePositionJump, type JumpCandidate } from './positionJumpRule';
import { RepeatedFrames } from './repeatedFramesRule';
import { stillnessFindings } from './stillnessRules';
import { RING, StepRing } from './stepWindow';
import { MOTION_KERNEL_BLOCK, createMotionKernel, type MotionKernel } from '../wasm/motionKernel';

/**
 * Candidates judged per clip. A real clip has a handful; noise (every step large, random
 * positions) has one in fifty records, so past this many the clip is noise and the rest are not
 * judged (what keeps the rules cheap on any input).
 */
export const MAX_MOTION_CANDIDATES = 8192;

/**
 * Clips of at least this many records run the per-record step in the WebAssembly kernel (a
 * quarter megabyte of tables to fill per clip); smaller ones, where that would cost more than it
 * saves, and every clip where WebAssembly is unavailable, run the TypeScript loop.
 */
export const MOTION_KERNEL_MIN_RECORDS = 65536;

/** The kernel for a clip of `shape` when it is worth one, else null (the TypeScript loop). */
export function motionKernelFor(shape: ClipShape): MotionKernel | null {
  return (shape.boneCount * shape.frameCount >= MOTION_KERNEL_MIN_RECORDS && createMotionKernel(shape.boneCount)) || null;
}

export class MotionScanner {
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
  private readonly field = rotationFieldTable();
  private readonly square = rotationSquareTable();
  private readonly oneMinus = rotationOneMinusSquareTable();
  private readonly half = f16LookupTable();
  /** One decoded rotation (x y z w), placed by index. */
  private readonly decoded = new Float32Array(4);
  private readonly repeated = new RepeatedFrames();
  /** Pending candidates: bone, then frame, kind in the low bit (0 turn, 1 move). */
  private readonly pending: number[] = [];
  private pendingHead = 0;
  private readonly jumps: JumpCandidate[] = [];
  private readonly findings: MotionFinding[] = [];
  private readonly counts = new Map<MotionCode, number>();
  /**
   * [0] the sum of squared position steps; [1] the largest squared distance of a position from
   * the origin (the clip's size). In a typed array: a double field of the object would change
   * its shape when first written and throw the loop out of optimised code.
   */
  private readonly sums: Float64Array = new Float64Array(2);
  private frame = 0;
  private bone = 0;
  private frameChanged = false;
  private candidates = 0;

  /**
   * `kernel`: where the per-record step runs (its memory holds this scanner's state), null for
   * the TypeScript loop; both give the same findings (a unit test compares them).
   */
  constructor(
    private readonly shape: ClipShape,
    private readonly options: MotionOptions,
    private readonly kernel: MotionKernel | null = motionKernelFor(shape),
  ) {
    this.bones = shape.boneCount;
    this.prevWords = kernel?.prevWords ?? new Uint32Array(this.bones * 4);
    this.quat = kernel?.quat ?? new Float32Array(this.bones * 4);
    this.pos = kernel?.pos ?? new Float32Array(this.bones * 3);
    this.turns = new StepRing(this.bones, kernel?.turns);
    this.moves = new StepRing(this.bones, kernel?.moves);
    this.moved = kernel?.moved ?? new Uint8Array(this.bones);
    if (kernel) this.sums = kernel.sums;
    this.cosHalfMin = Math.cos((options.popMinDegrees * Math.PI) / 360);
    this.ratioSquared = options.jumpRatio * options.jumpRatio;
  }

  /** Records `[0, records)` of `words` (4 u32 each), in clip order, following the last piece. */
  feed(words: Uint32Array, records: number): void {
    const kernel = this.kernel;
    if (!kernel) {
      this.feedBlock(words, records, false);
      return;
    }
    for (let done = 0; done < records; done += MOTION_KERNEL_BLOCK) {
      const n = Math.min(MOTION_KERNEL_BLOCK, records - done);
      kernel.input.set(words.subarray(done * 4, (done + n) * 4));
      this.feedBlock(kernel.input, n, true);
    }
  }

  /** Records `[0, records)` of `words`, stepped in the kernel (`words` is then its input) or here. */
  private feedBlock(words: Uint32Array, records: number, inKernel: boolean): void {
    let r = 0;
    while (r < records) {
      // One frame's bones at a time (a piece may start or end inside a frame).
      const count = Math.min(records - r, this.bones - this.bone);
      if (this.frame === 0) this.firstFrame(words, r, count);
      else if (inKernel) this.scanInKernel(r, count);
      else this.scanBones(words, r, count);
      r += count;
      this.bone += count;
      if (this.bone === this.bones) this.endFrame();
    }
  }

  /**
   * The hot loop: `count` records of the current frame from bone `this.bone`, starting at record
   * `r` of `words`. An unchanged record costs four compares; a changed one a table decode of its
   * rotation and position, one dot product and one squared distance.
   */
  private scanBones(words: Uint32Array, r: number, count: number): void {
    const { prevWords, quat, pos, half, field, square, oneMinus, moved, cosHalfMin, ratioSquared, frame } = this;
    const q = this.decoded;
    const turns = this.turns.values, moves = this.moves.values;
    const slot = frame % RING;
    const previous = (frame - 1) % RING;
    let changedAny = false, squaredSteps = this.sums[0], farthest = this.sums[1];
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
        // Placed without branches, as clip.ts's bulk decode (the dropped index varies).
        q[idx] = Math.sqrt(radicand > 0 ? radicand : 0);
        q[(idx - 1) >>> 31] = field[a];
        q[1 + ((idx - 2) >>> 31)] = field[b];
        q[2 + ((idx - 3) >>> 31)] = field[c];
        const x = q[0], y = q[1], z = q[2], w = q[3];
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
        pos[o] = px; pos[o + 1] = py; pos[o + 2] = pz;
        const reach = px * px + py * py + pz * pz;
        // A NaN or infinite position is the lint's anim/non-finite, not motion.
        if (!(move < Infinity) || !(reach < Infinity)) move = 0;
        else if (reach > farthest) farthest = reach;
        squaredSteps += move;
        if (move > ratioSquared * moves[at + previous]) this.enqueue(bone, frame, 1);
      }
      moves[at + slot] = move;
      prevWords[p] = rot; prevWords[p + 1] = w1; prevWords[p + 2] = w2; prevWords[p + 3] = w3;
    }
    if (changedAny) this.frameChanged = true;
    this.sums[0] = squaredSteps;
    this.sums[1] = farthest;
  }

  /** The kernel's step of `count` input records from `r` (scanBones' work, bit for bit), then its candidates. */
  private scanInKernel(r: number, count: number): void {
    const kernel = this.kernel as MotionKernel;
    const frame = this.frame;
    // Past the cap, with every pending candidate judged, the rings and the rotations no longer matter.
    const judging = this.candidates < MAX_MOTION_CANDIDATES || this.pendingHead < this.pending.length ? 1 : 0;
    const result = kernel.scan(r, count, this.bone, frame, frame % RING, (frame - 1) % RING, this.cosHalfMin, this.ratioSquared, judging);
    if ((result & 1) !== 0) this.frameChanged = true;
    const candidates = kernel.candidates;
    for (let j = 0, n = result >>> 1; j < n; j++) this.enqueue(candidates[2 * j], candidates[2 * j + 1] >>> 1, candidates[2 * j + 1] & 1);
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

  /** Frame 0: the decoded rotation and position every later step is measured from. */
  private decodeInto(bone: number, rot: number, w1: number, w2: number): void {
    const { field, square, oneMinus, half, quat, pos } = this;
    const a = rot >>> 22, b = (rot >>> 12) & 0x3ff, c = (rot >>> 2) & 0x3ff, idx = rot & 3;
    const radicand = Math.fround(Math.fround(oneMinus[a] - square[b]) - square[c]);
    const d = Math.sqrt(radicand > 0 ? radicand : 0);
    const kept = [field[a], field[b], field[c]];
    kept.splice(idx, 0, d);
    quat.set(kept, bone * 4);
    pos[bone * 3] = half[w1 & 0xffff];
    pos[bone * 3 + 1] = half[w1 >>> 16];
    pos[bone * 3 + 2] = half[w2 & 0xffff];
    const reach = pos[bone * 3] ** 2 + pos[bone * 3 + 1] ** 2 + pos[bone * 3 + 2] ** 2;
    if (reach < Infinity && reach > this.sums[1]) this.sums[1] = reach;
    this.turns.set(bone, 0, 1);
    this.moves.set(bone, 0, 0);
  }

  private enqueue(bone: number, frame: number, kind: number): void {
    if (this.candidates >= MAX_MOTION_CANDIDATES) return;
    this.candidates++;
    this.pending.push(bone, frame * 2 + kind);
  }

  /** Judges the candidates whose later window is complete at `frame` (or all, at the end). */
  private judgeDue(frame: number, all = false): void {
    const pending = this.pending;
    while (this.pendingHead < pending.length) {
      const bone = pending[this.pendingHead];
      const step = pending[this.pendingHead + 1] >> 1;
      if (!all && step + MOTION_WINDOW > frame) break;
      const kind = pending[this.pendingHead + 1] & 1;
      this.pendingHead += 2;
      if (kind === 0) {
        const finding = judgePop(this.shape, this.options, bone, step, this.turns.get(bone, step), this.turns.medianAround(bone, step, 1, frame));
        if (finding) this.report(finding);
      } else {
        this.jumps.push({ bone, frame: step, squared: this.moves.get(bone, step), typicalSquared: this.moves.medianAround(bone, step, 1, frame) });
      }
    }
    if (this.pendingHead > 1024 && this.pendingHead * 2 > pending.length) {
      pending.splice(0, this.pendingHead);
      this.pendingHead = 0;
    }
  }

  private report(finding: MotionFinding): void {
    const count = (this.counts.get(finding.code) ?? 0) + 1;
    this.counts.set(finding.code, count);
    if (count <= (this.options.maxFindingsPerCode ?? DEFAULT_MAX_FINDINGS_PER_CODE)) this.findings.push(finding);
  }

  /** The findings, once every record has been fed (a clip cut short gives those of its whole frames). */
  finish(): MotionFinding[] {
    const frames = this.frame; // whole frames read
    if (frames === 0) return [];
    this.judgeDue(frames - 1, true);
    const steps = (frames - 1) * this.bones;
    const typicalStep = steps > 0 ? Math.sqrt(this.sums[0] / steps) : 0;
    for (const jump of this.jumps) {
      const finding = judgePositionJump(this.shape, this.options, jump, typicalStep, Math.sqrt(this.sums[1]));
      if (finding) this.report(finding);
    }
    const still = stillnessFindings(this.shape, this.options, this.moved, frames);
    for (const finding of still) this.report(finding);
    if (still.length === 0) {
      const repeated = this.repeated.finding(this.shape, this.options, frames);
      if (repeated) this.report(repeated);
    }
    const cap = this.options.maxFindingsPerCode ?? DEFAULT_MAX_FINDINGS_PER_CODE;
    for (const [code, count] of this.counts) {
      if (count <= cap) continue;
      const last = [...this.findings].reverse().find((f) => f.code === code);
      if (last) {
        last.message += ` (${count - cap} more ${code} findings in this clip are not listed.)`;
        last.data.total = count;
      }
    }
    return this.findings;
  }
}
