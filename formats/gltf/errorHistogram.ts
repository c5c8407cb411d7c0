/**
 * A streaming histogram of non-negative errors with logarithmic bins (32 per octave, so a bin
 * spans 2.2%), for percentiles in constant memory however many samples a clip has (up to 16.7
 * million keyframes). A percentile is reported as the upper edge of the bin holding that rank,
 * capped by the largest sample: an upper bound at most 2.2% above the exact value.
 */

const BINS_PER_OCTAVE = 32;
const MIN_EXPONENT = -60;
const MAX_EXPONENT = 60;
const BIN_COUNT = (MAX_EXPONENT - MIN_EXPONENT) * BINS_PER_OCTAVE;
/** Relative width of one bin: the bound on a percentile's overestimate. */
export const HISTOGRAM_RELATIVE_RESOLUTION = 2 ** (1 / BINS_PER_OCTAVE) - 1;

export class ErrorHistogram {
  /** [0]: exact zeros, [1 .. BIN_COUNT]: log bins, [BIN_COUNT + 1]: infinite or NaN. */
  private readonly bins = new Float64Array(BIN_COUNT + 2);
  count = 0;
  max = 0;

  add(value: number): void {
    this.count++;
    if (!(value < Infinity)) {
      this.bins[BIN_COUNT + 1]++;
      this.max = Infinity;
      return;
    }
    if (value > this.max) this.max = value;
    if (value <= 0) {
      this.bins[0]++;
      return;
    }
    const index = Math.floor((Math.log2(value) - MIN_EXPONENT) * BINS_PER_OCTAVE);
    this.bins[1 + Math.min(BIN_COUNT - 1, Math.max(0, index))]++;
  }

  /** The p-th percentile (nearest rank, p in 0..100) as described above; 0 without samples. */
  percentile(p: number): number {
    if (this.count === 0) return 0;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (let i = 0; i < this.bins.length; i++) {
      seen += this.bins[i];
      if (seen < rank) continue;
      if (i === 0) return 0;
      if (i === BIN_COUNT + 1) return this.max;
      const upper = 2 ** (MIN_EXPONENT + i / BINS_PER_OCTAVE);
      return Math.min(upper, this.max);
    }
    return this.max;
  }
}
