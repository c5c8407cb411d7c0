/**
 * Finds the keyframe interval that holds a time, remembering the last answer: playback asks for
 * the same or the next interval almost every time, so the cached index (or the one after it) is
 * checked first and the binary search runs only on a miss (a seek, a loop wrap, a reversal).
 */
export class KeyframeCursor {
  private last = 0;
  private readonly slot = new Float64Array(1);
  /** Binary searches run so far (the rest were answered from the cached index). */
  searches = 0;

  /** `times`: keyframe times in seconds, ascending, at least one. */
  constructor(private readonly times: ArrayLike<number>) {}

  /** The largest i with times[i] <= t (0 before the first keyframe). */
  find(t: number): number {
    this.slot[0] = t;
    return this.findAt(this.slot, 0);
  }

  /**
   * `find(slots[index])`: the time is read from a Float64Array, because a double passed to a call
   * V8 does not inline is boxed (a heap allocation), and the mixer must not allocate.
   */
  findAt(slots: Float64Array, index: number): number {
    const t = slots[index];
    const times = this.times;
    const n = times.length;
    let i = this.last;
    if (times[i] <= t) {
      if (i + 1 >= n || t < times[i + 1]) return i;
      if (i + 2 >= n || t < times[i + 2]) return (this.last = i + 1);
    }
    this.searches++;
    let lo = 0;
    let hi = n - 1;
    if (t < times[0]) return (this.last = 0);
    // Invariant: times[lo] <= t; the answer lies in lo..hi.
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (times[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    i = lo;
    return (this.last = i);
  }
}
