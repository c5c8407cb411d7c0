/**
 * The preview's layers and attachments, as the model holds them: layers above the mixer's base
 * (their clips asked of the host, bound again whenever the mixer starts), masks from bone lists,
 * typed ranges or the upper/lower presets, meshes attached to bones, and the mix file (saved and
 * opened by the host). No DOM; layersPanel.ts renders `layersPanelState`.
 */
import { bodyPresets, parseBoneRanges, type BodyPresets } from '../../../formats/mixer';
import { formatPrecision } from '../../../formats/numberText';
import { quaternionFromEulerDegrees } from '../../../formats/rotationMath';
import type { HostToPreviewMessage, MeshChoice, MixWithUris, PreviewToHostMessage } from '../../../protocol/preview';
import type { MixerSession } from '../model/mixerSession';
import { BONE_OUTPUT_FLOATS, buildPose, MAX_OUTPUT_BONES } from '../pose';
import type { PoseSource } from '../renderer';
import { poseInputs, sceneScale, type PreviewScene } from '../scene';
import type { AttachmentOffset } from './attachment';
import { AttachmentSet, BUILTIN_BOX } from './attachments';
import { LayerStack, type LayerSettings } from './layerStack';
import { mixSnapshot } from './mixSnapshot';

export type LayersMessage = Extract<HostToPreviewMessage, { type: 'meshes' | 'layerClip' | 'attachmentMesh' | 'mix' | 'mixSaved' }>;

/** What the layers need of the preview model. */
export interface LayersHost {
  post(message: PreviewToHostMessage): void;
  readonly mix: MixerSession;
  frameRate(): number;
  scene(): PreviewScene | undefined;
  /** The mix or the attachments changed: redraw and re-render the panel. */
  changed(): void;
  notice(text: string): void;
  /** Mixer mode on (a mix file was opened). */
  enterMixer(): void;
}

export type MaskPreset = 'all' | 'upper' | 'lower';

/** Colour of attached meshes' lines. */
const ATTACHMENT_COLOR: [number, number, number] = [1, 0.55, 0.1];

export class LayersModel {
  readonly stack = new LayerStack();
  readonly attachments = new AttachmentSet();
  /** The pack's meshes, as the host listed them. */
  meshChoices: MeshChoice[] = [];
  /** The shown clip's URI and bones (names and parents where an export record has them). */
  private shown: { uri: string; names?: readonly string[]; parents?: readonly number[] } = { uri: '' };
  private readonly pose = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS);
  private meshesAsked = false;
  /** A mix file's weight and speed for the crossfade partner whose bytes are on their way. */
  private secondSettings?: { uri: string; weight: number; speed: number; arriving: boolean };

  constructor(private readonly host: LayersHost) {
    host.mix.started = (mixer) => {
      for (const problem of this.stack.bind(mixer)) host.notice(problem);
    };
  }

  /** A clip was loaded: its URI, bone names and parents. */
  loaded(uri: string, names?: readonly string[], parents?: readonly number[]): void {
    this.shown = { uri, names, parents };
  }

  get presets(): BodyPresets {
    return bodyPresets(this.shown.parents, this.shown.names);
  }

  get boneCount(): number {
    return this.host.scene()?.clip.bones ?? 0;
  }

  handle(message: LayersMessage): void {
    switch (message.type) {
      case 'meshes': this.meshChoices = message.meshes; break;
      case 'layerClip':
        if (message.file) this.noteProblem(this.stack.receive(message.id, message.file.name, message.file.bytes, this.host.frameRate()));
        else {
          this.stack.failed(message.id);
          this.noteProblem(message.reason);
        }
        break;
      case 'attachmentMesh':
        if (message.file) this.noteProblem(this.attachments.receive(message.id, message.file.name, message.file.bytes));
        else {
          this.attachments.remove(message.id);
          this.noteProblem(message.reason);
        }
        break;
      case 'mix':
        if (message.mix) this.apply(message.mix);
        else this.noteProblem(message.reason);
        break;
      case 'mixSaved':
        if (message.outcome !== 'cancelled') this.host.notice(message.outcome === 'saved' ? `Mix saved to ${message.detail ?? ''}` : `Mix not saved: ${message.detail ?? ''}`);
        break;
    }
    this.host.changed();
  }

  // ---- Layers -------------------------------------------------------------------------------

  /** A new layer on top; its clip is chosen next (`chooseClip`). */
  addLayer(): number {
    const id = this.stack.add('', '').id;
    this.host.changed();
    return id;
  }

  /** Asks the host for clip `uri` (one of the mixer's choices) for layer `id`. */
  chooseClip(id: number, uri: string): void {
    const choice = this.host.mix.choices.find((c) => c.uri === uri);
    if (choice && this.stack.choose(id, uri, choice.name)) this.host.post({ type: 'loadLayerClip', id, uri });
    this.host.changed();
  }

  removeLayer(id: number): void {
    if (this.stack.remove(id)) this.host.changed();
  }

  moveLayer(id: number, delta: number): void {
    if (this.stack.move(id, delta)) this.host.changed();
  }

  setLayer(id: number, settings: Omit<LayerSettings, 'mask'>): void {
    if (this.stack.set(id, settings)) this.host.changed();
  }

  /** Mask of the bones ticked (null: every bone). */
  setMaskBones(id: number, bones: readonly number[] | null): void {
    if (this.stack.setMaskBones(id, bones, this.boneCount)) this.host.changed();
  }

  /** Mask from ranges typed as text ("0-5, 8"; blank: every bone); a mistake is said, and the mask stays. */
  setMaskRanges(id: number, text: string): void {
    if (!text.trim()) return this.setMaskBones(id, null);
    const parsed = parseBoneRanges(text, this.boneCount);
    if ('error' in parsed) this.host.notice(`Mask: ${parsed.error}`);
    else this.setMaskBones(id, parsed.bones);
  }

  /** Mask from a preset: every bone, or the upper or lower body where the hierarchy gives them. */
  setMaskPreset(id: number, preset: MaskPreset): void {
    if (preset === 'all') return this.setMaskBones(id, null);
    const presets = this.presets;
    if ('unavailable' in presets) this.host.notice(`No ${preset} body preset: ${presets.unavailable}`);
    else this.setMaskBones(id, presets[preset]);
  }

  // ---- Attachments --------------------------------------------------------------------------

  /** Asks the host for the pack's meshes (and the mixer's clips), once. */
  requestMeshes(): void {
    if (this.meshesAsked) return;
    this.meshesAsked = true;
    this.host.post({ type: 'listClips' });
  }

  /**
   * Attaches `mesh` (a mesh choice's URI, or the built-in box) to `bone`; without an offset the
   * box is sized to the scene (a tenth of its diagonal, two significant digits), a mesh file kept
   * at its own size.
   */
  attach(mesh: string, bone: number, offset?: AttachmentOffset): number {
    const choice = this.meshChoices.find((m) => m.uri === mesh);
    const scene = this.host.scene();
    const scale = mesh === BUILTIN_BOX && scene ? Number(formatPrecision(sceneScale(scene.bounds), 2)) : 1;
    const item = this.attachments.add(mesh, choice?.name ?? mesh.split('/').pop() ?? mesh, bone, offset ?? { position: [0, 0, 0], rotation: [0, 0, 0, 1], scale });
    if (item.pending) this.host.post({ type: 'loadAttachmentMesh', id: item.id, uri: mesh });
    this.host.changed();
    return item.id;
  }

  setAttachment(id: number, change: { bone?: number; offset?: Partial<AttachmentOffset> }): void {
    if (this.attachments.set(id, change)) this.host.changed();
  }

  /** The panel's fields: bone, offset, rotation as Euler XYZ degrees, scale. */
  setAttachmentFields(id: number, fields: { bone?: number; position?: [number, number, number]; rotation?: [number, number, number]; scale?: number }): void {
    const { bone, rotation, ...offset } = fields;
    this.setAttachment(id, { bone, offset: rotation ? { ...offset, rotation: quaternionFromEulerDegrees(...rotation) } : offset });
  }

  detach(id: number): void {
    if (this.attachments.remove(id)) this.host.changed();
  }

  /** The attachments' lines in the pose drawn; undefined without any to draw. */
  overlayLines(source: PoseSource | undefined): Float32Array | undefined {
    const scene = this.host.scene();
    if (!scene || !source || !this.attachments.items.some((a) => a.shape)) return undefined;
    if (source.kind === 'matrices') return this.attachments.lines(source.pose, source.bones, ATTACHMENT_COLOR);
    const bones = buildPose(poseInputs(scene, source.rule), source.request, this.pose);
    return this.attachments.lines(this.pose, bones, ATTACHMENT_COLOR);
  }

  // ---- The mix file -------------------------------------------------------------------------

  /** The mix as saved (mixSnapshot.ts). */
  current(): MixWithUris {
    return mixSnapshot(this.shown.uri, this.host.mix, this.stack.layers, this.attachments.items);
  }

  save(suggestedName: string): void {
    this.host.post({ type: 'saveMix', suggestedName, mix: this.current() });
  }

  open(): void {
    this.host.post({ type: 'openMix' });
  }

  /**
   * Shows a mix: the shown clip's entry at layer 0 sets its weight and speed, another layer-0
   * clip becomes its crossfade partner, the higher layers replace the layers (in layer order),
   * and the attachments replace the attachments. Mixer mode comes on.
   */
  apply(mix: MixWithUris): void {
    this.host.enterMixer();
    for (const layer of [...this.stack.layers]) this.stack.remove(layer.id);
    for (const item of [...this.attachments.items]) this.attachments.remove(item.id);
    const mixer = this.host.mix.mixer;
    for (const entry of mix.layers.filter((l) => l.layer === 0)) {
      if (entry.clip === this.shown.uri && mixer) {
        mixer.primary.weight = entry.weight;
        mixer.primary.timeScale = entry.speed;
      } else if (entry.clip !== this.host.mix.second?.uri) {
        this.secondSettings = { uri: entry.clip, weight: entry.weight, speed: entry.speed, arriving: false };
        this.host.mix.pending = { uri: entry.clip, name: entry.clip.split('/').pop() ?? entry.clip, path: entry.clip, bones: this.boneCount, frames: 0 };
        this.host.post({ type: 'loadMixClip', uri: entry.clip });
      }
    }
    for (const entry of mix.layers.filter((l) => l.layer > 0).sort((a, b) => a.layer - b.layer)) {
      const mask = entry.mask && entry.mask.length === this.boneCount ? Float32Array.from(entry.mask) : null;
      const layer = this.stack.add(entry.clip, entry.clip.split('/').pop() ?? entry.clip, { weight: entry.weight, speed: entry.speed, additive: entry.additive, mask });
      this.host.post({ type: 'loadLayerClip', id: layer.id, uri: entry.clip });
    }
    for (const a of mix.attachments) this.attach(a.mesh, a.bone, { position: a.position, rotation: a.rotation, scale: a.scale });
    mixer?.advance(0);
  }

  /** The crossfade partner's bytes came (`uri`): a mix file's settings wait for it. */
  secondArriving(uri: string): void {
    if (this.secondSettings) this.secondSettings.arriving = this.secondSettings.uri === uri;
  }

  /** After the partner is mixed: the mix file's weight and speed, if it was the one asked for. */
  secondArrived(): void {
    const settings = this.secondSettings;
    const second = this.host.mix.mixer?.secondary;
    if (!settings?.arriving) return;
    this.secondSettings = undefined;
    if (!second || this.host.mix.second?.uri !== settings.uri) return;
    second.weight = settings.weight;
    second.timeScale = settings.speed;
    this.host.mix.mixer!.advance(0);
  }

  private noteProblem(problem: string | undefined): void {
    if (problem) this.host.notice(problem);
  }
}
