/**
 * Playback state: which frame to show at a given time. Pure (no DOM, no timers), so loop modes,
 * speed, stepping and the blended/stamp choice are unit-tested without a browser.
 */
import type { LoopMode, PlaybackMode } from '../../protocol/preview';

/** How the player turns time into frames (the mixer mode has its own clock: mixerMode.ts). */
export type FrameMode = Exclude<PlaybackMode, 'mixer'>;
import type { FrameRequest } from './pose';

export class Player {
  /** Frames since the start, fractional while blending between frames. */
  position = 0;
  playing = false;
  speed = 1;
  loop: LoopMode = 'repeat';
  mode: FrameMode = 'stamp';
  /** +1 forwards, -1 on the way back in ping-pong. */
  private direction = 1;

  constructor(public frameCount: number, public frameRate: number) {}

  /** The integer frame shown in stamp mode (and the first frame of a blend). */
  get frame(): number {
    return Math.min(this.frameCount - 1, Math.max(0, Math.floor(this.position)));
  }

  /** Advances by `seconds` of wall time (nothing for 0 or less); returns true when the shown frame or blend changed. */
  advance(seconds: number): boolean {
    if (!this.playing || this.frameCount <= 1 || !(seconds > 0)) return false;
    const before = this.position;
    const last = this.frameCount - 1;
    let p = this.position + seconds * this.frameRate * this.speed;
    if (this.loop === 'repeat') {
      // Blended playback wraps from the last frame back to frame 0, so the period is frameCount.
      p = ((p % this.frameCount) + this.frameCount) % this.frameCount;
    } else if (this.loop === 'once') {
      if (p >= last) { p = last; this.playing = false; }
    } else {
      // Ping-pong: unfold the back-and-forth into one coordinate on a 2*last period, advance, fold back.
      const period = 2 * last;
      const unfolded = (this.direction > 0 ? before : period - before) + seconds * this.frameRate * this.speed;
      const u = unfolded % period;
      this.direction = u <= last ? 1 : -1;
      p = u <= last ? u : period - u;
    }
    this.position = p;
    return this.mode === 'blended' ? p !== before : Math.floor(p) !== Math.floor(before);
  }

  /** Jump to an exact frame (scrubber, hex editor selection); stops any blend in between. */
  seek(frame: number): void {
    this.position = Math.min(this.frameCount - 1, Math.max(0, Math.round(frame)));
  }

  /** Step one frame forwards or backwards, wrapping in repeat mode, clamping otherwise. */
  step(delta: 1 | -1): void {
    const next = this.frame + delta;
    if (this.loop === 'repeat') this.position = (next + this.frameCount) % this.frameCount;
    else this.seek(next);
  }

  /** What to build on the GPU: stamp = the exact frame; blended = frame, next frame, fraction. */
  request(): FrameRequest {
    const frame = this.frame;
    if (this.mode === 'stamp' || this.frameCount <= 1) return { frame, nextFrame: frame, blend: 0, blended: false };
    const blend = this.position - frame;
    let next = frame + 1;
    if (next >= this.frameCount) next = this.loop === 'repeat' ? 0 : frame;
    return { frame, nextFrame: next, blend: Math.fround(blend), blended: true };
  }
}
