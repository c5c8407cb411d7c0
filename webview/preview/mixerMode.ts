/**
 * The preview's mixer mode: the core's AnimationMixer (formats/mixer) with the shown clip as the
 * first action and, once chosen, a second clip of the same bone count; crossfades between them,
 * weights and speeds per action. The pose it mixes is drawn through `buildMixedPose`.
 */
import { TRANSFORM_FLOATS } from '../../formats/clip';
import { AnimationMixer, mixerClipFromBytes, type AnimationAction, type MixerLoop } from '../../formats/mixer';
import type { BoneTransform } from '../../formats/records';
import { buildMixedPose, type PoseInputs } from './pose';

export class MixerMode {
  readonly mixer: AnimationMixer;
  readonly primary: AnimationAction;
  secondary?: AnimationAction;
  /** The actions of the layers above the base (layers/layerStack.ts): seeks and loop changes reach them too. */
  private readonly layerActions: AnimationAction[] = [];

  constructor(name: string, bytes: Uint8Array, readonly frameRate: number) {
    const clip = mixerClipFromBytes(name, bytes, frameRate);
    this.mixer = new AnimationMixer(clip.boneCount);
    this.primary = this.mixer.clipAction(clip).play();
    this.mixer.update(0);
  }

  get actions(): AnimationAction[] {
    return this.secondary ? [this.primary, this.secondary] : [this.primary];
  }

  /** Adds (or replaces) the second action; it plays at weight 0 until a crossfade or its slider brings it in. */
  setSecondary(name: string, bytes: Uint8Array): AnimationAction {
    // Read first: a clip that cannot be mixed leaves the mix as it was.
    const clip = mixerClipFromBytes(name, bytes, this.frameRate);
    this.secondary?.stop();
    const action = this.mixer.clipAction(clip);
    action.weight = 0;
    action.loop = this.primary.loop;
    this.secondary = action.play();
    this.mixer.update(0);
    return action;
  }

  /** Crossfades from the action with the larger effective weight to the other over `seconds`. */
  crossfade(seconds: number): AnimationAction | undefined {
    const other = this.secondary;
    if (!other) return undefined;
    const [from, to] = this.primary.getEffectiveWeight() >= other.getEffectiveWeight() ? [this.primary, other] : [other, this.primary];
    if (to.weight === 0) {
      // Its slider held it at 0: it fades in from nothing, from its first frame, at full weight.
      to.stop();
      to.weight = 1;
    }
    from.crossFadeTo(to, seconds);
    this.mixer.update(0);
    return to;
  }

  setLoop(loop: MixerLoop): void {
    for (const action of [...this.actions, ...this.layerActions]) action.loop = loop;
  }

  addLayerAction(action: AnimationAction): void {
    if (!this.layerActions.includes(action)) this.layerActions.push(action);
  }

  /** Takes a layer's action out of the mix (the mixer forgets it). */
  removeLayerAction(action: AnimationAction): void {
    const i = this.layerActions.indexOf(action);
    if (i >= 0) this.layerActions.splice(i, 1);
    this.mixer.uncacheAction(action);
  }

  advance(seconds: number): void {
    this.mixer.update(seconds);
    this.settle();
  }

  /**
   * An action a fade-out stopped plays on at weight 0, as the second clip does before its
   * first crossfade: its weight then says what it shows (0), its slider can bring it back,
   * and the next crossfade fades it in.
   */
  private settle(): void {
    for (const action of this.actions) {
      if (action.isRunning()) continue;
      action.weight = 0;
      action.play();
    }
  }

  /** Every action to `frame` of its clip (the scrubber), then re-blends. */
  seek(frame: number): void {
    for (const action of [...this.actions, ...this.layerActions]) action.time = Math.min(frame / this.frameRate, action.clip.times[action.clip.times.length - 1]);
    this.mixer.update(0);
  }

  /** The action that shows most (the first clip on a tie): the timeline follows its time. */
  get leading(): AnimationAction {
    const second = this.secondary;
    return second && second.getEffectiveWeight() > this.primary.getEffectiveWeight() ? second : this.primary;
  }

  /** The leading action's frame (fractional). */
  get position(): number {
    const action = this.leading;
    const end = action.clip.times[action.clip.times.length - 1];
    const t = action.loop === 'pingPong' && action.time > end ? 2 * end - action.time : action.time;
    return t * this.frameRate;
  }

  /** The mixed pose as bone matrices (BONE_OUTPUT_FLOATS per bone); returns the bones written. */
  poseMatrices(inputs: PoseInputs, out: Float32Array): number {
    return buildMixedPose(inputs, this.mixer.pose, out);
  }

  transformOf(bone: number): BoneTransform {
    const p = this.mixer.pose;
    const o = bone * TRANSFORM_FLOATS;
    return { rotation: [p[o], p[o + 1], p[o + 2], p[o + 3]], position: [p[o + 4], p[o + 5], p[o + 6]], scale: [p[o + 7], p[o + 8], p[o + 9]] };
  }
}
