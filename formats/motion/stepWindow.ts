/**
 * The bounded per-bone memory of the motion rules: the steps of each bone around a candidate, so
 * a step can be judged against the steps on both sides of it once the frames after it have been
 * read. `StepRing` keeps the last 2 x MOTION_WINDOW + 1 values of each bone (the TypeScript
 * loop); the WebAssembly path computes them on demand from the raw records it keeps (the last
 * blocks), with the same arithmetic (`exactStep.ts`). Memory: bones x 17 floats per kind of step,
 * or a few blocks of records, whatever the clip's length.
 */
import { MOTION_WINDOW } from './motionOptions';

export const RING = 2 * MOTION_WINDOW + 1;
/** Read once (every candidate's window uses it; an imported binding can cost a getter call per read where modules are not bundled). */
const WINDOW = MOTION_WINDOW;

/**
 * A window's steps as read, then the same sorted: shared by every window of the thread (a window
 * is read and judged before the next is read; one pair per window cost two allocations each, a
 * handful per small clip).
 */
const windowSteps = new Float32Array(RING);
const windowSorted = new Float32Array(RING);

/** The value of each bone's step that ends at a frame (between frame - 1 and frame). */
export abstract class StepWindow {
  private readonly steps = windowSteps;
  private readonly scratch = windowSorted;
  /** The frames of the steps read (`readAround`) and the one left out. */
  private from = 0;
  private to = -1;
  private left = 0;

  abstract get(bone: number, frame: number): number;

  /**
   * Writes the steps of `bone` at frames `[from, to]` (at most RING) to `out[0..]`, as `get`
   * gives them. Subclasses read them in one loop: a value handed back per call would be boxed
   * where the call is not inlined (the judge calls it for each window of the 8,192 candidates).
   */
  protected readSteps(bone: number, from: number, to: number, out: Float32Array): void {
    for (let f = from; f <= to; f++) out[f - from] = this.get(bone, f);
  }

  /**
   * The median of the steps around `frame` (up to MOTION_WINDOW each side, the step itself
   * left out), of frames in `[firstStep, lastStep]`; they must all still be held (call it when
   * lastStep <= frame + MOTION_WINDOW and nothing newer was written). NaN when none.
   */
  medianAround(bone: number, frame: number, firstStep: number, lastStep: number): number {
    this.readAround(bone, frame, firstStep, lastStep);
    return this.medianRead();
  }

  /**
   * Reads the steps `medianAround` takes, for `medianRead`, `mostBelow` and `mostAbove` (called
   * before any window of the thread is read again); returns the step at `frame` itself (which
   * they leave out) as `get` gives it.
   */
  readAround(bone: number, frame: number, firstStep: number, lastStep: number): number {
    const from = Math.max(firstStep, frame - WINDOW);
    const to = Math.min(lastStep, frame + WINDOW);
    this.from = from;
    this.to = to;
    this.left = frame;
    if (from <= to) this.readSteps(bone, from, to, this.steps);
    return frame >= from && frame <= to ? this.steps[frame - from] : this.get(bone, frame);
  }

  /**
   * Whether more than half of the steps read (`readAround`) are below `limit`: then the two
   * middle ones of their sorted order are too, so their median is at most `limit`. NaN counts
   * as above (it sorts last).
   */
  mostBelow(limit: number): boolean {
    const { steps, from, to, left } = this;
    let below = 0;
    for (let f = from; f <= to; f++) if (f !== left && steps[f - from] < limit) below++;
    return 2 * below > this.count();
  }

  /** Whether more than half of the steps read are above `limit` and none is NaN: their median is then at least `limit`. */
  mostAbove(limit: number): boolean {
    const { steps, from, to, left } = this;
    let above = 0;
    for (let f = from; f <= to; f++) {
      if (f === left) continue;
      const value = steps[f - from];
      if (value !== value) return false;
      if (value > limit) above++;
    }
    return 2 * above > this.count();
  }

  /** How many steps were read, the left-out one not counted. */
  private count(): number {
    const { from, to, left } = this;
    return to < from ? 0 : to - from + 1 - (left >= from && left <= to ? 1 : 0);
  }

  /** The median of the steps read (`readAround`), in a Float32Array sort's order; NaN when none. */
  medianRead(): number {
    let n = 0;
    const { steps, from, to, left } = this;
    const sorted = this.scratch;
    // Insertion sort in place, in the order of a Float32Array's sort (NaN last, -0 before +0):
    // at most 16 values, and no view allocated per candidate.
    for (let f = from; f <= to; f++) {
      if (f === left) continue;
      const value = steps[f - from];
      let i = n++;
      if (value === value && value !== 0) {
        // A number other than a zero sorts after another number only when smaller, and before any NaN.
        for (; i > 0; i--) {
          const before = sorted[i - 1];
          if (!(before > value) && before === before) break;
          sorted[i] = before;
        }
      } else {
        for (; i > 0 && sortsAfter(sorted[i - 1], value); i--) sorted[i] = sorted[i - 1];
      }
      sorted[i] = value;
    }
    if (n === 0) return Number.NaN;
    return n % 2 === 1 ? sorted[(n - 1) >> 1] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}

/** Whether `a` sorts after `b` in a typed array's default order (NaN last, -0 before +0). */
function sortsAfter(a: number, b: number): boolean {
  if (a > b) return true;
  if (a !== a) return b === b;
  return a === 0 && b === 0 && 1 / a > 1 / b;
}

export class StepRing extends StepWindow {
  readonly values: Float32Array;

  /** `values`: bones x RING floats to use, zeroed; a new array by default. */
  constructor(bones: number, values: Float32Array = new Float32Array(bones * RING)) {
    super();
    this.values = values;
  }

  /** The step that ends at `frame` (between frame - 1 and frame). */
  set(bone: number, frame: number, value: number): void {
    this.values[bone * RING + (frame % RING)] = value;
  }

  get(bone: number, frame: number): number {
    return this.values[bone * RING + (frame % RING)];
  }

  protected override readSteps(bone: number, from: number, to: number, out: Float32Array): void {
    const values = this.values;
    for (let f = from, at = bone * RING; f <= to; f++) out[f - from] = values[at + (f % RING)];
  }
}
