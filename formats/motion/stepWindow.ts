/**
 * The bounded per-bone memory of the motion rules: the last 2 x MOTION_WINDOW + 1 steps of each
 * bone in a ring, so a step can be judged against the steps on both sides of it once the frames
 * after it have been read. Memory: bones x 17 floats per kind of step, whatever the clip's length.
 */
import { MOTION_WINDOW } from './motionOptions';

export const RING = 2 * MOTION_WINDOW + 1;

export class StepRing {
  readonly values: Float32Array;
  private readonly scratch = new Float32Array(RING);

  /** `values`: bones x RING floats to use (the WebAssembly kernel's ring), zeroed; a new array by default. */
  constructor(bones: number, values: Float32Array = new Float32Array(bones * RING)) {
    this.values = values;
  }

  /** The step that ends at `frame` (between frame - 1 and frame). */
  set(bone: number, frame: number, value: number): void {
    this.values[bone * RING + (frame % RING)] = value;
  }

  get(bone: number, frame: number): number {
    return this.values[bone * RING + (frame % RING)];
  }

  /**
   * The median of the steps around `frame` (up to MOTION_WINDOW each side, the step itself
   * left out), of frames in `[firstStep, lastStep]`; the ring must still hold them all (call it
   * when lastStep <= frame + MOTION_WINDOW and nothing newer was written). NaN when none.
   */
  medianAround(bone: number, frame: number, firstStep: number, lastStep: number): number {
    let n = 0;
    const from = Math.max(firstStep, frame - MOTION_WINDOW);
    const to = Math.min(lastStep, frame + MOTION_WINDOW);
    for (let f = from; f <= to; f++) if (f !== frame) this.scratch[n++] = this.get(bone, f);
    if (n === 0) return Number.NaN;
    const sorted = this.scratch.subarray(0, n).sort();
    return n % 2 === 1 ? sorted[(n - 1) >> 1] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
