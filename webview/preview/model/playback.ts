/**
 * The preview model's clock: the player (exact or blended frames) or, in mixer mode, the mixer
 * session's mixer; the mode, speed and loop they share; the pose and a bone's transform at the
 * time shown, through pose.ts and the mixer only. No DOM, no events (PreviewModel announces).
 */
import type { BindRule } from '../../../formats/keyframeBind';
import type { BoneTransform } from '../../../formats/records';
import type { LoopMode, PlaybackMode } from '../../../protocol/preview';
import { Player } from '../player';
import { BONE_OUTPUT_FLOATS, MAX_OUTPUT_BONES, transformAt } from '../pose';
import type { PoseSource } from '../renderer';
import { poseInputs, type PreviewScene } from '../scene';
import { MixerSession } from './mixerSession';

export class Playback {
  player = new Player(1, 30);
  mode: PlaybackMode = 'stamp';
  frameRate = 30;
  readonly mix = new MixerSession();
  private readonly mixedPose = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS);

  /** Whether the mixer drives the time (mixer mode, with a clip to mix). */
  get mixing(): boolean {
    return this.mode === 'mixer' && this.mix.mixer !== undefined;
  }

  get currentFrame(): number {
    // Seconds back to frames: 12 / 30 * 30 may land a hair under 12.
    return this.mixing ? Math.floor(this.mix.mixer!.position + 1e-6) : this.player.frame;
  }

  get position(): number {
    return this.mixing ? this.mix.mixer!.position : this.player.position;
  }

  /**
   * A new clip: a fresh player with the same speed, loop and mode (and the same time and
   * playing state when `keep`); in mixer mode the mixer starts again on it with the same second
   * clip. Returns why that clip no longer mixes.
   */
  reset(scene: PreviewScene, keep: boolean): string | undefined {
    const previous = this.player;
    this.player = new Player(scene.clip.frames, this.frameRate);
    Object.assign(this.player, { speed: previous.speed, loop: previous.loop, mode: previous.mode });
    if (keep) {
      this.player.playing = previous.playing;
      this.player.position = Math.min(previous.position, scene.clip.frames - 1);
    }
    this.mix.stop();
    return this.mode === 'mixer' ? this.startMixer(scene) : undefined;
  }

  /** Advances by `seconds` of wall time; true when the pose changed. */
  advance(seconds: number): boolean {
    if (!this.mixing) return this.player.advance(seconds);
    this.mix.mixer!.advance(seconds * this.player.speed);
    return true;
  }

  /** Shows frame `frame` (already clamped to the clip), in the mixer too. */
  seek(frame: number): void {
    this.mix.mixer?.seek(frame);
    this.player.seek(frame);
  }

  /** Steps `delta` frames: one step wraps in repeat mode; in mixer mode every action moves. */
  step(delta: number, lastFrame: number): void {
    if (this.mixing) this.seek(Math.min(lastFrame, Math.max(0, this.currentFrame + delta)));
    else if (Math.abs(delta) === 1) this.player.step(delta as 1 | -1);
    else this.player.seek(this.player.frame + delta);
  }

  /** Changes the mode; true when the mixer starts for the first time (the host lists clips then). */
  setMode(mode: PlaybackMode, scene: PreviewScene | undefined): { started: boolean; problem?: string } {
    this.mode = mode;
    if (mode !== 'mixer') {
      this.player.mode = mode;
      return { started: false };
    }
    if (this.mix.mixer || !scene) return { started: false };
    return { started: true, problem: this.startMixer(scene) };
  }

  setLoop(loop: LoopMode): void {
    this.player.loop = loop;
    this.mix.mixer?.setLoop(loop);
  }

  pose(scene: PreviewScene, rule: BindRule): PoseSource {
    if (this.mixing) return { kind: 'matrices', pose: this.mixedPose, bones: this.mix.mixer!.poseMatrices(poseInputs(scene), this.mixedPose) };
    return { kind: 'keyframes', request: this.player.request(), rule };
  }

  /** `bone`'s transform at the time shown: decoded (or blended) through the core, or mixed. */
  transform(scene: PreviewScene, bone: number): BoneTransform {
    return this.mixing ? this.mix.mixer!.transformOf(bone) : transformAt(poseInputs(scene), this.player.request(), bone);
  }

  private startMixer(scene: PreviewScene): string | undefined {
    return this.mix.start(scene.clip, this.frameRate, this.player.loop, this.player.frame);
  }
}
