/**
 * The steps of the records the WebAssembly pass still holds (its last blocks), computed on demand
 * with the TypeScript loop's arithmetic (`exactStep.ts`), or in the kernel with the same
 * arithmetic (`window`, what the scanner judges a flagged record and a candidate's window with
 * when the kernel runs; `get` and the window's median for the candidates it does not rule out).
 * The step ending at frame 0 is the loop's first ring value (no turn, no move).
 */
import { MOTION_KERNEL_BLOCK, MOTION_KERNEL_PREFIX, MOTION_KERNEL_SLOTS, type MotionKernel } from '../wasm/motionKernel';
import { stepMove, stepMoveInto, stepTurn, stepTurnsAlong } from './exactStep';
import { RING, StepWindow } from './stepWindow';

// Module constants read once: every step of a candidate's window looks them up (an imported
// binding can cost a getter call per read where modules are not bundled, as under tsx).
const BLOCK = MOTION_KERNEL_BLOCK;
const PREFIX = MOTION_KERNEL_PREFIX;
const SLOTS = MOTION_KERNEL_SLOTS;
const turnBetween = stepTurn;
const moveBetween = stepMove;
const turnsAlong = stepTurnsAlong;
const moveInto = stepMoveInto;

/** The |dot| step of each bone (`get`: as the loop's f32 ring holds it). */
export class KeptSteps extends StepWindow {
  /** The squared-move step of each bone. */
  readonly moves: StepWindow;
  /** The word indexes of a window's records (`readSteps`). */
  private readonly walk = new Int32Array(RING + 1);
  /** The steps `window` computed last, in order (f64, as `turnAt` and `moveAt` give them). */
  readonly computed: Float64Array;

  /** `bases`: the word of position 0 of each of the last MOTION_KERNEL_SLOTS blocks (block b at `b % MOTION_KERNEL_SLOTS`): a slot's, or a piece buffer's. */
  constructor(
    private readonly kernel: MotionKernel,
    private readonly bases: readonly number[],
  ) {
    super();
    this.moves = new KeptMoves(this, kernel.bones);
    this.computed = kernel.windowSteps;
  }

  /**
   * Computes one bone's steps at `n` (1 to RING) consecutive frames in the kernel into `computed`,
   * the last ending at `last` (a record, its frame n - 1 or more): kind 0 turns (`turnAt`), 1
   * moves (`moveAt`), the same values. Returns how many of them, as f32, the one at `skip` left
   * out, are below `limit` (turns) or above it (moves; -1 when one is NaN): what `mostBelow` and
   * `mostAbove` count. The judging's calls, in WebAssembly from a process's first candidate
   * rather than in JavaScript V8 has not optimised yet.
   */
  window(kind: 0 | 1, last: number, n: number, skip: number, limit: number): number {
    return this.kernel.window(kind, last, n, this.bases, skip, limit);
  }

  /** What `window` returns, of the steps it computed last, for another `limit`. */
  countComputed(kind: 0 | 1, n: number, skip: number, limit: number): number {
    return this.kernel.count(kind, n, skip, limit);
  }

  /** The word index of `record` (one of the last MOTION_KERNEL_SLOTS blocks scanned). */
  private wordOf(record: number): number {
    const block = (record / BLOCK) | 0;
    return this.bases[block % SLOTS] + (PREFIX + record - block * BLOCK) * 4;
  }

  /** The turn of the step that ends at `record` (its frame > 0), in double precision. */
  turnAt(record: number): number {
    const words = this.kernel.words;
    return turnBetween(words[this.wordOf(record - this.kernel.bones)], words[this.wordOf(record)]);
  }

  /** The squared move of the step that ends at `record` (its frame > 0), in double precision. */
  moveAt(record: number): number {
    const words = this.kernel.words;
    const before = this.wordOf(record - this.kernel.bones), at = this.wordOf(record);
    return moveBetween(words[before + 1], words[before + 2], words[at + 1], words[at + 2]);
  }

  get(bone: number, frame: number): number {
    return frame === 0 ? 1 : Math.fround(this.turnAt(frame * this.kernel.bones + bone));
  }

  protected override readSteps(bone: number, from: number, to: number, out: Float32Array): void {
    const bones = this.kernel.bones;
    const first = Math.max(1, from);
    if (from === 0) out[0] = 1;
    // The rotation words of the window's records, from the one before its first step.
    const walk = this.walk;
    for (let f = first - 1, record = (first - 1) * bones + bone; f <= to; f++, record += bones) walk[f - first + 1] = this.wordOf(record);
    if (to >= first) turnsAlong(this.kernel.words, walk, to - first + 1, out, first - from);
  }

  /** The moves' `readSteps`. */
  readMoves(bone: number, from: number, to: number, out: Float32Array): void {
    const words = this.kernel.words;
    let record = Math.max(1, from) * this.kernel.bones + bone;
    let before = this.wordOf(record - this.kernel.bones);
    if (from === 0) out[0] = 0;
    for (let f = Math.max(1, from); f <= to; f++, record += this.kernel.bones) {
      const at = this.wordOf(record);
      moveInto(words[before + 1], words[before + 2], words[at + 1], words[at + 2], out, f - from);
      before = at;
    }
  }
}

/**
 * The squared-move steps of the records a `KeptSteps` reads. One class for every pass: a class
 * made per pass gave each its own hidden class, and the judging's calls through `StepWindow`
 * went megamorphic when many small clips each made one.
 */
class KeptMoves extends StepWindow {
  constructor(
    private readonly turns: KeptSteps,
    private readonly bones: number,
  ) {
    super();
  }

  get(bone: number, frame: number): number {
    return frame === 0 ? 0 : Math.fround(this.turns.moveAt(frame * this.bones + bone));
  }

  protected override readSteps(bone: number, from: number, to: number, out: Float32Array): void {
    this.turns.readMoves(bone, from, to, out);
  }
}
