/**
 * The clip preview's time controls: play and stop, advance by wall time, seek, step a frame, go
 * to a frame. Each announces what moved (the time, playing or not, the mixer's playheads) and,
 * when the time stops, tells the other views the frame shown. The state is Playback's. No DOM.
 */
import type { PreviewScene } from '../scene';
import type { Playback } from './playback';

/** What the time controls read of the model, and tell it. */
export interface TransportHost {
  scene(): PreviewScene | undefined;
  changed(change: 'time' | 'playing' | 'mixer'): void;
  /** Tells the other views the frame and bone shown (the time stopped or jumped). */
  report(): void;
}

export class Transport {
  constructor(
    private readonly playback: Playback,
    private readonly host: TransportHost,
  ) {}

  setPlaying(playing: boolean): void {
    const player = this.playback.player;
    if (player.playing === playing || (playing && !this.host.scene())) return;
    player.playing = playing;
    this.host.changed('playing');
    if (!playing) this.host.report();
  }

  /** Advances by `seconds` of wall time while playing; true when the pose changed. Stops at a clip's end played once. */
  advance(seconds: number): boolean {
    if (!this.playback.player.playing) return false;
    const changed = this.playback.advance(seconds);
    if (this.playback.mixing) this.host.changed('mixer');
    if (changed) this.host.changed('time');
    if (!this.playback.player.playing) {
      this.host.changed('playing');
      this.host.report();
    }
    return changed;
  }

  /** Stops and shows `frame` (clamped to the clip). */
  seek(frame: number): void {
    const scene = this.host.scene();
    if (!scene) return;
    this.setPlaying(false);
    this.playback.seek(Math.min(scene.clip.frames - 1, Math.max(0, Math.round(frame))));
    this.moved();
  }

  /** Steps `delta` frames (wrapping one step in repeat mode) and tells the other views. */
  stepBy(delta: number): void {
    const scene = this.host.scene();
    if (!scene) return;
    this.setPlaying(false);
    this.playback.step(delta, scene.clip.frames - 1);
    this.moved();
    this.host.report();
  }

  /** Seeks and tells the other views (the frame field, Home/End, the end of a scrub). */
  goTo(frame: number): void {
    this.seek(frame);
    this.host.report();
  }

  private moved(): void {
    if (this.playback.mixing) this.host.changed('mixer');
    this.host.changed('time');
  }
}
