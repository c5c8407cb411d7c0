/**
 * The mixer's layers above the base (the shown clip and its crossfade partner, layer 0): each a
 * clip of the same bone count with a weight, a speed, a bone mask and a blend mode (override or
 * additive). Their order is their layer number (the first is layer 1, over the base; the last is
 * on top). Kept across mixer restarts (a reload of the shown clip, leaving mixer mode and coming
 * back): every loaded layer is bound again to the new mixer. No DOM.
 */
import { maskFromBones, mixerClipFromBytes, type AnimationAction, type MixerClip } from '../../../formats/mixer';
import type { MixerMode } from '../mixerMode';

export interface PreviewLayer {
  readonly id: number;
  /** The clip's URI ('' until one is chosen). */
  uri: string;
  name: string;
  /** Set while the clip's bytes are on their way. */
  pending: boolean;
  weight: number;
  speed: number;
  additive: boolean;
  /** One weight per bone (0..1), or null for every bone. */
  mask: Float32Array | null;
  /** The clip as the mixer reads it, once loaded. */
  clip?: MixerClip;
  /** Its action in the current mixer (undefined outside mixer mode or before its clip came). */
  action?: AnimationAction;
}

export interface LayerSettings {
  weight?: number;
  speed?: number;
  additive?: boolean;
  mask?: Float32Array | null;
}

export class LayerStack {
  readonly layers: PreviewLayer[] = [];
  private nextId = 1;
  private mixer?: MixerMode;

  /** Binds every loaded layer to `mixer` (a new or no mixer); returns why some no longer mix. */
  bind(mixer: MixerMode | undefined): string[] {
    this.mixer = mixer;
    const problems: string[] = [];
    for (const layer of this.layers) {
      layer.action = undefined;
      const problem = layer.clip && this.attach(layer);
      if (problem) problems.push(problem);
    }
    this.renumber();
    return problems;
  }

  /** A new layer on top, waiting for its clip (`uri`, '' for none yet). */
  add(uri: string, name: string, settings: LayerSettings = {}): PreviewLayer {
    const layer: PreviewLayer = { id: this.nextId++, uri, name, pending: uri !== '', weight: 1, speed: 1, additive: false, mask: null, ...settings };
    this.layers.push(layer);
    return layer;
  }

  get(id: number): PreviewLayer | undefined {
    return this.layers.find((l) => l.id === id);
  }

  /** Asks for another clip in layer `id`; false when unknown or already that clip. */
  choose(id: number, uri: string, name: string): boolean {
    const layer = this.get(id);
    if (!layer || (layer.uri === uri && !layer.pending)) return false;
    Object.assign(layer, { uri, name, pending: true });
    return true;
  }

  /** The clip's bytes for layer `id`: read at the mixer's frame rate and mixed, or why not. */
  receive(id: number, name: string, bytes: Uint8Array, frameRate: number): string | undefined {
    const layer = this.get(id);
    if (!layer) return undefined;
    layer.pending = false;
    try {
      layer.clip = mixerClipFromBytes(name, bytes, frameRate);
    } catch (error) {
      return `${name} cannot be a layer: ${error instanceof Error ? error.message : String(error)}`;
    }
    layer.name = name;
    const problem = this.attach(layer);
    this.renumber();
    return problem;
  }

  failed(id: number): void {
    const layer = this.get(id);
    if (layer) layer.pending = false;
  }

  remove(id: number): boolean {
    const i = this.layers.findIndex((l) => l.id === id);
    if (i < 0) return false;
    this.detach(this.layers[i]);
    this.layers.splice(i, 1);
    this.renumber();
    return true;
  }

  /** Moves layer `id` up (`delta` > 0: later, over more layers) or down; false when it cannot move. */
  move(id: number, delta: number): boolean {
    const i = this.layers.findIndex((l) => l.id === id);
    const j = i + delta;
    if (i < 0 || j < 0 || j >= this.layers.length || j === i) return false;
    const [layer] = this.layers.splice(i, 1);
    this.layers.splice(j, 0, layer);
    this.renumber();
    return true;
  }

  /** Changes a layer's weight, speed, blend mode or mask; false when unknown or a value is not a number. */
  set(id: number, settings: LayerSettings): boolean {
    const layer = this.get(id);
    if (!layer) return false;
    if (settings.weight !== undefined && !Number.isFinite(settings.weight)) return false;
    if (settings.speed !== undefined && !Number.isFinite(settings.speed)) return false;
    if (settings.mask && layer.clip && settings.mask.length !== layer.clip.boneCount) return false;
    Object.assign(layer, settings, settings.weight !== undefined ? { weight: Math.max(0, settings.weight) } : {});
    this.apply(layer);
    return true;
  }

  /** Sets layer `id`'s mask from bones listed (null: every bone) for a skeleton of `boneCount`. */
  setMaskBones(id: number, bones: readonly number[] | null, boneCount: number): boolean {
    return this.set(id, { mask: bones ? maskFromBones(boneCount, bones) : null });
  }

  private attach(layer: PreviewLayer): string | undefined {
    const mixer = this.mixer;
    if (!mixer || !layer.clip) return undefined;
    this.detach(layer);
    try {
      layer.action = mixer.mixer.clipAction(layer.clip);
    } catch (error) {
      return `${layer.name} cannot be a layer: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (layer.mask && layer.mask.length !== layer.clip.boneCount) layer.mask = null;
    mixer.addLayerAction(layer.action);
    layer.action.loop = mixer.primary.loop;
    layer.action.time = mixer.primary.time;
    layer.action.play();
    this.apply(layer);
    return undefined;
  }

  private detach(layer: PreviewLayer): void {
    if (layer.action) this.mixer?.removeLayerAction(layer.action);
    layer.action = undefined;
  }

  /** The actions' layer numbers follow the list: the first is layer 1. */
  private renumber(): void {
    this.layers.forEach((layer, i) => {
      if (layer.action) layer.action.layer = i + 1;
    });
    this.mixer?.advance(0);
  }

  private apply(layer: PreviewLayer): void {
    const action = layer.action;
    if (!action) return;
    action.weight = layer.weight;
    action.timeScale = layer.speed;
    action.additive = layer.additive;
    action.setMask(layer.mask);
    this.mixer?.advance(0);
  }
}
