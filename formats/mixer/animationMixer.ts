/**
 * The action-based mixer of the animation design decisions: a mixer per skeleton, one action per
 * clip (`clipAction`), each with `play`/`stop`, a `weight`, a `timeScale`, a loop mode (repeat,
 * once, ping-pong) and fades (`fadeIn`, `fadeOut`, `crossFadeTo(other, duration)`). Each update
 * samples every running action at its own time (keyframe interval from a cached index, binary
 * search only on a miss; rotations by shortest-path slerp, positions and scales linearly) and
 * blends the actions by their effective weights: rotations by successive shortest-path slerps
 * (each new action by its share of the weight so far), then normalised; positions and scales by
 * weighted sums. Weights that do not sum to 1 are normalised (nothing running, or all weights 0:
 * the identity pose). No time warping during fades.
 *
 * Layers: every action has a `layer` (0 by default) and may carry a bone `mask` (a weight per
 * bone, 0..1, multiplying the action's weight bone by bone; boneMask.ts builds them). Layers blend
 * in ascending order: the lowest layer with weight is normalised per bone as above (the identity
 * where no weight reaches a bone); each higher layer is normalised per bone the same way and then
 * overrides the pose below by min(1, its summed weight at that bone): an upper-body attack at
 * weight 1, masked to the upper body, replaces the walk's upper body and leaves its legs. An
 * `additive` action adds its clip's change since the first keyframe (rotation composed, position
 * and scale summed), scaled by its weight and mask, on top of its layer (layerBlend.ts).
 *
 * An update allocates nothing: every buffer is made when the mixer or an action is created.
 */
import { TRANSFORM_FLOATS } from '../clip';
import { slerpShortest } from './blend';
import { addBone, normaliseBone, overlayBone, writeIdentityBone } from './layerBlend';
import { KeyframeCursor } from './keyframeCursor';
import { clipEnd, type MixerClip } from './mixerClip';

export type MixerLoop = 'repeat' | 'once' | 'pingPong';

/** Floats per bone in a pose, as a module constant (a bundler may turn an imported binding into a getter call). */
const STRIDE = TRANSFORM_FLOATS;

export class AnimationAction {
  /** The user's weight (0..any; normalised with the others when they do not sum to 1). */
  weight = 1;
  /** Speed factor: 2 plays twice as fast, -1 backwards. */
  timeScale = 1;
  loop: MixerLoop = 'repeat';
  /** Seconds into the action (within one repeat period, or one ping-pong round trip). */
  time = 0;
  paused = false;
  /** `once` reached its end (it holds the last keyframe). */
  finished = false;
  /** Layers blend in ascending order, each higher one over the ones below (any number; 0 by default). */
  layer = 0;
  /** Adds the clip's change since its first keyframe on top of its layer instead of blending into it. */
  additive = false;
  private boneMask: Float32Array | null = null;
  private running = false;
  /** 0..1 factor of the fade in progress (1 when not fading). */
  private fade = 1;
  private fadeStart = 0;
  private fadeDuration = 0;
  private fadeFrom = 1;
  private fadeTo = 1;
  private fading = false;
  /** @internal the mixer's cursor over this clip's keyframe times. */
  readonly cursor: KeyframeCursor;
  /**
   * @internal Set by `tick` for the mixer's blend: the effective weight and the time at which the
   * clip is sampled. Fields rather than return values: a double returned by a call V8 does not
   * inline is boxed (see blend.ts).
   */
  weightNow = 0;
  sampleAt = 0;

  constructor(private readonly mixer: AnimationMixer, readonly clip: MixerClip) {
    this.cursor = new KeyframeCursor(clip.times);
  }

  play(): this {
    this.running = true;
    return this;
  }

  /** Stops at once: no weight, time back to 0, fades cancelled. */
  stop(): this {
    this.running = false;
    this.fading = false;
    this.fade = 1;
    this.time = 0;
    this.finished = false;
    return this;
  }

  /** Back to the start (time 0, not finished, no fade), still playing if it was. */
  reset(): this {
    this.time = 0;
    this.finished = false;
    this.fading = false;
    this.fade = 1;
    return this;
  }

  /** The weight per bone (0..1) multiplying this action's weight; null: every bone at 1. */
  get mask(): Float32Array | null {
    return this.boneMask;
  }

  /** Sets the bone mask (one weight per bone of the clip, kept by reference), or null for none. */
  setMask(mask: Float32Array | null): this {
    if (mask && mask.length !== this.clip.boneCount) {
      throw new RangeError(`a mask of ${mask.length} bones for ${this.clip.name}, which has ${this.clip.boneCount}`);
    }
    this.boneMask = mask;
    return this;
  }

  isRunning(): boolean {
    return this.running;
  }

  /** Weight times the fade in progress; 0 when stopped. */
  getEffectiveWeight(): number {
    return this.running ? this.weight * this.fade : 0;
  }

  /** Fades the weight in over `duration` seconds (from where a fade left it, or 0), playing it if stopped. */
  fadeIn(duration: number): this {
    const from = this.running ? this.fade : 0;
    this.running = true;
    return this.scheduleFade(duration, from, 1);
  }

  /** Fades the weight out over `duration` seconds, then stops. */
  fadeOut(duration: number): this {
    return this.scheduleFade(duration, this.fade, 0);
  }

  /**
   * Fades this action out and `other` in over the same `duration` (seconds); `other` starts
   * from time 0 if it was not playing. At the midpoint both have half their weight.
   */
  crossFadeTo(other: AnimationAction, duration: number): this {
    if (other === this) return this;
    if (!other.running) other.reset();
    this.fadeOut(duration);
    other.fadeIn(duration);
    return this;
  }

  private scheduleFade(duration: number, from: number, to: number): this {
    this.fadeStart = this.mixer.time;
    this.fadeDuration = Math.max(0, duration);
    this.fadeFrom = from;
    this.fadeTo = to;
    this.fading = true;
    this.updateFade(this.mixer.time);
    return this;
  }

  /** @internal One mixer step: the fade at the mixer's time, the action's own time, and what the blend reads. */
  tick(): void {
    this.updateFade(this.mixer.time);
    this.advance(this.mixer.step);
    this.weightNow = this.getEffectiveWeight();
    this.sampleAt = this.sampleTime();
  }

  /** Sets the fade factor for mixer time `now`; a finished fade-out stops the action. */
  private updateFade(now: number): void {
    if (!this.fading) return;
    const k = this.fadeDuration > 0 ? Math.min(1, Math.max(0, (now - this.fadeStart) / this.fadeDuration)) : 1;
    this.fade = this.fadeFrom + (this.fadeTo - this.fadeFrom) * k;
    if (k < 1) return;
    this.fading = false;
    if (this.fadeTo === 0) this.stop();
  }

  /** Advances the action's own time by `seconds` of mixer time, following its loop mode. */
  private advance(seconds: number): void {
    if (!this.running || this.paused) return;
    const end = clipEnd(this.clip);
    let t = this.time + seconds * this.timeScale;
    if (this.loop === 'repeat') {
      const period = this.clip.period;
      t = ((t % period) + period) % period;
      this.finished = false;
    } else if (this.loop === 'once') {
      this.finished = t >= end || t <= 0 && this.timeScale < 0;
      t = Math.min(end, Math.max(0, t));
    } else {
      const period = 2 * end;
      t = period > 0 ? ((t % period) + period) % period : 0;
      this.finished = false;
    }
    this.time = t;
  }

  /** The time at which the clip is sampled: the action's time folded back on the way down in ping-pong. */
  private sampleTime(): number {
    if (this.loop !== 'pingPong') return this.time;
    const end = clipEnd(this.clip);
    return this.time <= end ? this.time : 2 * end - this.time;
  }
}

export class AnimationMixer {
  /** Seconds of mixer time (the sum of all updates). */
  time = 0;
  /** The last update's step in seconds (actions read it in `tick`). */
  step = 0;
  /** The blended pose after the last update: TRANSFORM_FLOATS per bone (qx qy qz qw, px py pz, sx sy sz). */
  readonly pose: Float32Array;
  /** Sum of the effective weights of the lowest layer's blended actions in the last update (before normalisation; masks not counted). */
  totalWeight = 0;
  private readonly actions: AnimationAction[] = [];
  /** A higher layer's sum, before it overrides the pose. */
  private readonly layerPose: Float32Array;
  /** The weight summed per bone in the layer being blended. */
  private readonly boneWeights: Float64Array;
  /** One sampled transform, when it must be blended into the pose rather than written; then 8 floats of additive scratch. */
  private readonly sample = new Float32Array(STRIDE);
  private readonly scratch = new Float32Array(8);
  /**
   * The doubles of the action being folded in, for calls that must not box them (see blend.ts):
   * [keyframe fraction, its share of the weight so far, its sample time, a layer's or additive weight].
   */
  private readonly factors = new Float64Array(4);
  /** The keyframes the action being folded in is sampled between (set by `locate`). */
  private keyIndex = 0;
  private nextIndex = 0;

  constructor(readonly boneCount: number) {
    this.pose = new Float32Array(boneCount * STRIDE);
    this.layerPose = new Float32Array(boneCount * STRIDE);
    this.boneWeights = new Float64Array(boneCount);
    this.writeIdentity();
  }

  /** The action of `clip` (one per clip: asking again returns the same action). */
  clipAction(clip: MixerClip): AnimationAction {
    for (let i = 0; i < this.actions.length; i++) if (this.actions[i].clip === clip) return this.actions[i];
    if (clip.boneCount !== this.boneCount) {
      throw new RangeError(`${clip.name} has ${clip.boneCount} bones; this mixer's skeleton has ${this.boneCount}: a mixer blends clips of one skeleton`);
    }
    const action = new AnimationAction(this, clip);
    this.actions.push(action);
    return action;
  }

  /** Forgets `action` (stopped first): a later `clipAction` of its clip makes a new one. */
  uncacheAction(action: AnimationAction): void {
    const i = this.actions.indexOf(action);
    if (i < 0) return;
    action.stop();
    this.actions.splice(i, 1);
  }

  stopAllAction(): this {
    for (let i = 0; i < this.actions.length; i++) this.actions[i].stop();
    return this;
  }

  /** Advances every running action by `seconds` (scaled by its timeScale), updates fades, and blends the pose. */
  update(seconds: number): this {
    this.time += seconds;
    this.step = seconds;
    const actions = this.actions;
    for (let i = 0; i < actions.length; i++) actions[i].tick();
    this.blend();
    return this;
  }

  /** Blends the running actions at their current times into `pose`, layer by layer. */
  private blend(): void {
    const actions = this.actions;
    const bones = this.boneCount;
    const weights = this.boneWeights;
    let total = 0;
    let base = true;
    let layer = -Infinity;
    for (;;) {
      // The next layer up with weight.
      let next = Infinity;
      for (let i = 0; i < actions.length; i++) {
        const a = actions[i];
        if (a.weightNow > 0 && a.layer > layer && a.layer < next) next = a.layer;
      }
      if (next === Infinity) break;
      layer = next;
      const target = base ? this.pose : this.layerPose;
      weights.fill(0);
      for (let i = 0; i < actions.length; i++) {
        const a = actions[i];
        if (!(a.weightNow > 0) || a.layer !== layer || a.additive) continue;
        if (base) total += a.weightNow;
        this.accumulate(a, target);
      }
      if (base) for (let b = 0; b < bones; b++) normaliseBone(target, weights, b);
      else for (let b = 0; b < bones; b++) overlayBone(this.pose, target, weights, b, this.factors, 3);
      for (let i = 0; i < actions.length; i++) {
        const a = actions[i];
        if (a.weightNow > 0 && a.layer === layer && a.additive) this.accumulate(a, this.pose);
      }
      base = false;
    }
    this.totalWeight = total;
    if (base) this.writeIdentity();
  }

  /**
   * Finds the keyframes `action` is sampled between at its time (`keyIndex`, `nextIndex`) and the
   * fraction between them (`factors[0]`).
   */
  private locate(action: AnimationAction): void {
    const clip = action.clip;
    const t = action.sampleAt;
    const times = clip.times;
    const factors = this.factors;
    factors[2] = t;
    const i = action.cursor.findAt(factors, 2);
    let next = i + 1;
    let span: number;
    if (next < times.length) span = times[next] - times[i];
    else if (action.loop === 'repeat') {
      // Repeat blends the last keyframe into the first over the last period step.
      next = 0;
      span = clip.period - times[i];
    } else {
      next = i;
      span = 0;
    }
    factors[0] = span > 0 ? Math.min(1, Math.max(0, (t - times[i]) / span)) : 0;
    this.keyIndex = i;
    this.nextIndex = next;
  }

  /**
   * Samples `action` and folds it into `target`, bone by bone at weight x mask: the first
   * contribution to a bone is written (position and scale times the weight), later ones slerp the
   * rotation by their share of the bone's weight so far (`factors[1]`) and add weight x
   * position/scale; `boneWeights` sums the weights. An additive action instead adds its change
   * since its clip's first keyframe to the pose (`target`), at weight x mask.
   */
  private accumulate(action: AnimationAction, target: Float32Array): void {
    this.locate(action);
    const bones = this.boneCount;
    const weight = action.weightNow;
    const mask = action.mask;
    const additive = action.additive;
    const factors = this.factors;
    const f = factors[0];
    const i = this.keyIndex;
    const next = this.nextIndex;
    const data = action.clip.transforms;
    const sample = this.sample;
    const weights = this.boneWeights;
    for (let b = 0, o = 0; b < bones; b++, o += STRIDE) {
      const w = mask === null ? weight : weight * mask[b];
      if (!(w > 0)) continue;
      const a0 = (i * bones + b) * STRIDE;
      const a1 = (next * bones + b) * STRIDE;
      if (additive) {
        slerpShortest(data, a0, data, a1, factors, 0, sample, 0);
        for (let k = 4; k < STRIDE; k++) sample[k] = data[a0 + k] + (data[a1 + k] - data[a0 + k]) * f;
        factors[3] = w;
        addBone(target, b, sample, 0, data, o, factors, 3, this.scratch);
        continue;
      }
      const before = weights[b];
      const sum = before + w;
      weights[b] = sum;
      if (before === 0) {
        slerpShortest(data, a0, data, a1, factors, 0, target, o);
        for (let k = 4; k < STRIDE; k++) target[o + k] = (data[a0 + k] + (data[a1 + k] - data[a0 + k]) * f) * w;
      } else {
        factors[1] = w / sum;
        slerpShortest(data, a0, data, a1, factors, 0, sample, 0);
        slerpShortest(target, o, sample, 0, factors, 1, target, o);
        for (let k = 4; k < STRIDE; k++) target[o + k] += (data[a0 + k] + (data[a1 + k] - data[a0 + k]) * f) * w;
      }
    }
  }

  private writeIdentity(): void {
    for (let b = 0; b < this.boneCount; b++) writeIdentityBone(this.pose, b);
  }
}
