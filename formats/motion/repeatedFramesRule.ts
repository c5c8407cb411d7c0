/**
 * `anim/repeated-frames`: the frames come in runs of identical frames of one length (or two
 * neighbouring lengths), the sign of an animation sampled at a lower rate than it was exported
 * (keys every third frame at 30 fps: a 10 fps source that plays in steps). Counts the runs as the
 * frames go by (one small map of run lengths), names the source rate at the end.
 */
import { formatFixed } from '../numberText';
import { framesRange, rounded, type ClipShape, type MotionFinding, type MotionOptions } from './motionOptions';

/** Inner runs (the first and last may be cut) needed before a rate is named. */
export const MIN_REPEATED_RUNS = 3;
/** Distinct run lengths remembered; a clip with more is no regular repetition. */
const MAX_LENGTHS = 8;

/**
 * The runs of some consecutive frames in brief (`RepeatedFrames.runs`), for a clip's ranges
 * scanned apart (`formats/clipRangeLint.ts`): the merge follows each range's with `follow`, as
 * many steps as the ranges, where feeding their frames one by one would be one step a frame.
 */
export interface FrameRuns {
  /** Frames before the first changed one (every frame where none changed). */
  lead: number;
  /** Changed frames. */
  changes: number;
  /** The runs that start and end at a changed frame: [length, count], unless `irregular`. */
  lengths: [number, number][];
  /** More than MAX_LENGTHS distinct lengths among them. */
  irregular: boolean;
  /** The run open at the end: the last changed frame and those after it (1 + frames where none changed). */
  run: number;
}

export class RepeatedFrames {
  /** Run length -> how many inner runs had it. */
  private readonly lengths = new Map<number, number>();
  private run = 1;
  private runs = 0;
  private irregular = false;
  /** Frames before the first changed one (`runs`). */
  private lead = 0;

  /** One frame after the first: `changed` when any record differs from the frame before. */
  frame(changed: boolean): void {
    if (!changed) {
      this.run++;
      return;
    }
    // The first run may be cut: only runs after it count.
    if (this.runs === 0) this.lead = this.run - 1;
    else if (!this.irregular) this.count(this.run, 1);
    this.runs++;
    this.run = 1;
  }

  /** Frames one after another: `changed[i] !== 0` for each i of `[from, to)`, as `frame` given each in turn. */
  frames(changed: Uint8Array, from: number, to: number): void {
    for (let i = from; i < to; i++) this.frame(changed[i] !== 0);
  }

  /** The frames given so far in brief, for another to `follow`. */
  runsSoFar(): FrameRuns {
    return { lead: this.runs === 0 ? this.run - 1 : this.lead, changes: this.runs, lengths: [...this.lengths], irregular: this.irregular, run: this.run };
  }

  /** The frames of `next` given one by one after these (the same state as if each had been). */
  follow(next: FrameRuns): void {
    this.run += next.lead;
    if (next.changes === 0) return;
    this.frame(true);
    // Its runs between changed frames all follow a changed frame: each counts.
    if (next.irregular) this.irregular = true;
    for (const [length, count] of next.lengths) {
      if (this.irregular) break;
      this.count(length, count);
    }
    this.runs += next.changes - 1;
    this.run = next.run;
  }

  private count(length: number, runs: number): void {
    this.lengths.set(length, (this.lengths.get(length) ?? 0) + runs);
    if (this.lengths.size > MAX_LENGTHS) this.irregular = true;
  }

  finding(shape: ClipShape, options: MotionOptions, frames: number): MotionFinding | undefined {
    if (this.irregular) return undefined;
    const entries = [...this.lengths].sort((a, b) => a[0] - b[0]);
    const inner = entries.reduce((sum, [, count]) => sum + count, 0);
    if (inner < MIN_REPEATED_RUNS || entries.length === 0) return undefined;
    const shortest = entries[0][0];
    const longest = entries[entries.length - 1][0];
    if (shortest < 2 || longest - shortest > 1) return undefined;
    const mean = entries.reduce((sum, [length, count]) => sum + length * count, 0) / inner;
    const rate = options.frameRate / mean;
    const runText = shortest === longest ? `${shortest}` : `${shortest} or ${longest}`;
    return {
      code: 'anim/repeated-frames',
      frames: [0, frames - 1],
      byteRange: framesRange(shape, 0, frames - 1),
      message:
        `Frames repeat in runs of ${runText} (${inner} runs): the animation was sampled at about ${formatFixed(rate, 2)} fps and stored at ` +
        `${formatFixed(options.frameRate, 2)} fps, so it plays in steps. Expected a new pose every frame: re-export at the source rate, or ` +
        'interpolate the source keys at the clip\'s rate; ignore this for stepped animation made on purpose.',
      data: { runLength: rounded(mean), runs: inner, sourceRate: rounded(rate), frameRate: options.frameRate },
    };
  }
}
