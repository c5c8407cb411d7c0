/**
 * A channel's min/max pyramid, as waveform editors keep one: level k holds, per bucket of 2^k
 * frames (k from 3: 8 frames), its minimum and maximum as a scan finds them (strict comparisons
 * from +∞ and -∞, so NaN never counts) and which of the two comes first. Built once per decoded
 * channel; the extremes of a column of w frames then cost its whole buckets of a level and the
 * frames at either edge instead of w reads (the Curves' envelope reads one bucket a column:
 * curveSeries.ts's bucketColumns). The values are the samples' own (Float64: what is drawn is
 * exact, not rounded). Memory: a quarter of a slot per frame, 17 bytes a slot, about half the
 * channel's samples. Pure.
 */

/** The finest level kept: buckets of 2^3 frames (finer ones would cost more memory than time). */
const FIRST_LEVEL = 3;

/** Where each level's buckets lie for a channel of `frames` samples (the same for every channel of a clip). */
export class PyramidLayout {
  /** Level k's first slot (k >= FIRST_LEVEL). */
  private readonly levelStart: number[] = [];
  /** Slots in all. */
  readonly size: number;
  /** The coarsest level kept (below FIRST_LEVEL: none, every range is read as samples). */
  readonly levels: number;

  constructor(readonly frames: number) {
    let size = 0;
    let k = FIRST_LEVEL;
    for (; 2 ** k <= frames; k++) {
      this.levelStart[k] = size;
      size += this.buckets(k);
    }
    this.size = size;
    this.levels = k - 1;
  }

  /** Buckets of level k (the last one may be short). */
  buckets(k: number): number {
    return Math.ceil(this.frames / 2 ** k);
  }

  /** The slot of bucket b of level k (k >= FIRST_LEVEL). */
  slot(k: number, b: number): number {
    return this.levelStart[k] + b;
  }
}

export class ExtremaPyramid {
  /** Per slot (PyramidLayout): the bucket's minimum, maximum (+∞ / -∞: none counted), 1 where the minimum comes first. */
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly minFirst: Uint8Array;

  constructor(readonly values: Float64Array, readonly layout = new PyramidLayout(values.length)) {
    this.min = new Float64Array(layout.size);
    this.max = new Float64Array(layout.size);
    this.minFirst = new Uint8Array(layout.size);
    if (layout.levels < FIRST_LEVEL) return;
    this.scanFirstLevel();
    for (let k = FIRST_LEVEL + 1; k <= layout.levels; k++) this.buildLevel(k);
  }

  /**
   * Per column c (frames `frames[2c]..frames[2c + 1]`, left to right, each starting where the
   * last ended), its extremes as a scan of its frames finds them, into `out[2c]`, `out[2c + 1]`
   * in the order they occur; none (NaN only): NaN twice. Each column is read as its frames up to
   * a bucket boundary of `level`, the level's whole buckets, then the frames after the last; one
   * on the level's grid (both ends) as its whole buckets alone.
   */
  columnExtremes(frames: readonly number[], level: number, out: number[]): void {
    const { values: v, min: mins, max: maxs, minFirst } = this;
    const useBuckets = level >= FIRST_LEVEL && level <= this.layout.levels;
    const shift = useBuckets ? level : 0;
    const base = useBuckets ? this.layout.slot(level, 0) : 0;
    const offGrid = useBuckets ? (1 << shift) - 1 : -1;
    for (let c = 0; c < frames.length; c += 2) {
      const start = frames[c];
      const end = frames[c + 1] + 1;
      if (((start | end) & offGrid) === 0) {
        this.wholeBuckets(base + (start >>> shift), base + (end >>> shift), out, c);
        continue;
      }
      // Whole buckets [from, to) of the level inside the column; none: every frame is a sample.
      let from = useBuckets ? (start + (1 << shift) - 1) >>> shift : 0;
      let to = useBuckets ? end >>> shift : 0;
      if (to <= from) from = to = end >>> shift;
      const bucketsFrom = from << shift;
      const samplesTo = to > from ? bucketsFrom : end;
      let min = Infinity;
      let max = -Infinity;
      // Where the first minimum and maximum lie (a bucket: its first frame), and in which bucket (-1: a sample).
      let minAt = start;
      let maxAt = start;
      let minBucket = -1;
      let maxBucket = -1;
      for (let f = start; f < samplesTo; f++) {
        const x = v[f];
        if (x < min) { min = x; minAt = f; }
        if (x > max) { max = x; maxAt = f; }
      }
      for (let b = from; b < to; b++) {
        const low = mins[base + b];
        const high = maxs[base + b];
        if (low < min) { min = low; minAt = b << shift; minBucket = b; }
        if (high > max) { max = high; maxAt = b << shift; maxBucket = b; }
      }
      for (let f = to > from ? to << shift : end; f < end; f++) {
        const x = v[f];
        if (x < min) { min = x; minAt = f; minBucket = -1; }
        if (x > max) { max = x; maxAt = f; maxBucket = -1; }
      }
      const lowFirst = minBucket >= 0 && minBucket === maxBucket ? minFirst[base + minBucket] === 1 : minAt <= maxAt;
      if (min > max) { out[c] = NaN; out[c + 1] = NaN; }
      else if (lowFirst) { out[c] = min; out[c + 1] = max; }
      else { out[c] = max; out[c + 1] = min; }
    }
  }

  /**
   * The extremes of the whole buckets in slots `from..to - 1` (one level, left to right) into
   * `out[c]`, `out[c + 1]` in the order they occur: a bucket's minimum (maximum) replaces the
   * ones before only strictly, as a scan; the order is then the last such bucket's (both from
   * it), or the minimum's and the maximum's buckets'.
   */
  private wholeBuckets(from: number, to: number, out: number[], c: number): void {
    const { min: mins, max: maxs, minFirst } = this;
    let min = mins[from];
    let max = maxs[from];
    let lowFirst = minFirst[from] === 1;
    for (let slot = from + 1; slot < to; slot++) {
      const low = mins[slot] < min;
      const high = maxs[slot] > max;
      if (low) min = mins[slot];
      if (high) max = maxs[slot];
      if (low && high) lowFirst = minFirst[slot] === 1;
      else if (low || high) lowFirst = high;
    }
    if (min > max) { out[c] = NaN; out[c + 1] = NaN; }
    else if (lowFirst) { out[c] = min; out[c + 1] = max; }
    else { out[c] = max; out[c + 1] = min; }
  }

  /** The first level's buckets, each a scan of its frames. */
  private scanFirstLevel(): void {
    const v = this.values;
    const size = 2 ** FIRST_LEVEL;
    for (let b = 0, count = this.layout.buckets(FIRST_LEVEL); b < count; b++) {
      const start = b * size;
      let min = Infinity;
      let max = -Infinity;
      let minAt = start;
      let maxAt = start;
      for (let f = start, end = Math.min(v.length, start + size); f < end; f++) {
        const x = v[f];
        if (x < min) { min = x; minAt = f; }
        if (x > max) { max = x; maxAt = f; }
      }
      this.set(this.layout.slot(FIRST_LEVEL, b), min, max, minAt <= maxAt);
    }
  }

  /** Each bucket of level k from its two halves of level k - 1 (the last one may have one). */
  private buildLevel(k: number): void {
    const layout = this.layout;
    const below = layout.buckets(k - 1);
    for (let b = 0, count = layout.buckets(k); b < count; b++) {
      const left = layout.slot(k - 1, 2 * b);
      const right = 2 * b + 1 < below ? layout.slot(k - 1, 2 * b + 1) : left;
      // The right half wins only strictly (the first minimum and maximum are kept).
      const lowFrom = this.min[right] < this.min[left] ? right : left;
      const highFrom = this.max[right] > this.max[left] ? right : left;
      const lowFirst = lowFrom === highFrom ? this.minFirst[lowFrom] === 1 : lowFrom === left;
      this.set(layout.slot(k, b), this.min[lowFrom], this.max[highFrom], lowFirst);
    }
  }

  private set(slot: number, min: number, max: number, minFirst: boolean): void {
    this.min[slot] = min;
    this.max[slot] = max;
    this.minFirst[slot] = minFirst ? 1 : 0;
  }
}
