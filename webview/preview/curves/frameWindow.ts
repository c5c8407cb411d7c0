/**
 * The frames the Curves panel shows: zoom about a frame, pan, and reset to the whole clip,
 * always inside the clip and at least `MIN_SPAN` frames wide. Pure: the view asks, then draws.
 */

/** The narrowest window: a few frames still read as a line. */
export const MIN_SPAN = 4;

export class FrameWindow {
  first = 0;
  last = 0;
  private frames = 1;

  /** A new clip: the whole of it. */
  reset(frames: number): void {
    this.frames = Math.max(1, frames);
    this.first = 0;
    this.last = this.frames - 1;
  }

  get span(): number {
    return this.last - this.first;
  }

  get whole(): boolean {
    return this.first === 0 && this.last === this.frames - 1;
  }

  /** Shows frames `first..last` (ordered, clamped, widened to `MIN_SPAN`). */
  set(first: number, last: number): void {
    const max = this.frames - 1;
    let lo = Math.min(first, last);
    let hi = Math.max(first, last);
    const span = Math.min(max, Math.max(MIN_SPAN, hi - lo));
    if (hi - lo < span) {
      const mid = (lo + hi) / 2;
      lo = mid - span / 2;
      hi = mid + span / 2;
    }
    if (lo < 0) [lo, hi] = [0, span];
    if (hi > max) [lo, hi] = [max - span, max];
    this.first = lo;
    this.last = hi;
  }

  /** Zooms by `factor` (below 1: in) keeping frame `about` where it is on screen. */
  zoom(factor: number, about: number): void {
    const at = Math.min(this.last, Math.max(this.first, about));
    this.set(at - (at - this.first) * factor, at + (this.last - at) * factor);
  }

  /** Moves by `frames` (negative: earlier), keeping the span. */
  pan(frames: number): void {
    const span = this.span;
    const first = Math.min(this.frames - 1 - span, Math.max(0, this.first + frames));
    this.first = first;
    this.last = first + span;
  }
}
