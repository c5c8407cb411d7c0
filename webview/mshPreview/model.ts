/**
 * The MSH preview's state without the DOM or the GPU, as a second implementation of the
 * preview's AnimationViewModel: the models of one NRes file, the one shown, its frame (playing
 * at 30 fps, wrapping), the two-pose blend, the hovered node; the pose as bone matrices for the
 * shared 3D renderer (each node a "bone": its world matrix), the links to the parents as lines,
 * and the state the host records.
 */
import type { MshPreviewState } from '../../protocol/mshPreview';
import { Emitter } from '../preview/model/events';
import type { AnimationViewModel, ModelChange } from '../preview/model/viewModel';
import { BONE_OUTPUT_FLOATS, MAX_OUTPUT_BONES } from '../preview/pose';
import type { PoseSource, Rgb } from '../preview/renderer';
import type { PreviewScene } from '../preview/scene';
import { type OpenedFile, type PosableModel, openModels, poseAt } from './models';

export const FRAMES_PER_SECOND = 30;

export class MshPreviewModel implements AnimationViewModel {
  name = '';
  scene?: PreviewScene;
  private file: OpenedFile = { models: [] };
  private shown: MshPreviewState = { model: 0, models: 0, frame: 0, frames: 0, playing: false, blendTime: 0, blendWeight: 0 };
  /** Frames since the start while playing (fractional). */
  private time = 0;
  private hovered = -1;
  private readonly changes = new Emitter<ModelChange>();
  private readonly matrices = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS);

  onChange(listener: (change: ModelChange) => void): () => void {
    return this.changes.on(listener);
  }

  load(name: string, bytes: Uint8Array): void {
    this.name = name;
    try {
      this.file = openModels(bytes);
    } catch (error) {
      this.file = { models: [], problem: `Cannot read the file: ${error instanceof Error ? error.message : String(error)}` };
    }
    this.selectModel(Math.min(this.shown.model, Math.max(0, this.file.models.length - 1)));
  }

  /** The models' names for the choice: "index: name". */
  get modelNames(): string[] {
    return this.file.models.map((m) => `${m.layout.index}: ${m.layout.name}`);
  }

  selectModel(index: number): void {
    const model = this.file.models[index];
    const frames = model?.layout.frameCount ?? 0;
    const last = Math.max(0, frames - 1);
    this.shown = { ...this.shown, model: index, models: this.file.models.length, frames, frame: Math.min(this.shown.frame, last), blendTime: Math.min(this.shown.blendTime, last), problem: this.file.problem };
    this.time = this.shown.frame;
    this.hovered = -1;
    this.scene = model ? nodeScene(this.name, model) : undefined;
    this.changes.emit('scene');
  }

  get state(): MshPreviewState {
    return { ...this.shown };
  }

  get frameCount(): number {
    return this.shown.frames;
  }

  get currentFrame(): number {
    return this.shown.frame;
  }

  get position(): number {
    return this.shown.frame;
  }

  get playing(): boolean {
    return this.shown.playing;
  }

  setPlaying(playing: boolean): void {
    if (playing === this.shown.playing || (playing && this.shown.frames === 0)) return;
    this.shown.playing = playing;
    this.time = this.shown.frame;
    this.changes.emit('playing');
  }

  advance(seconds: number): boolean {
    if (!this.shown.playing || this.shown.frames === 0 || !(seconds > 0)) return false;
    this.time = (this.time + seconds * FRAMES_PER_SECOND) % this.shown.frames;
    const frame = Math.floor(this.time);
    if (frame === this.shown.frame) return false;
    this.shown.frame = frame;
    this.changes.emit('time');
    return true;
  }

  seek(frame: number): void {
    const clamped = Math.min(Math.max(0, this.shown.frames - 1), Math.max(0, Math.round(frame)));
    this.shown.frame = clamped;
    this.time = clamped;
    this.changes.emit('time');
  }

  /** The second pose of the blend (a frame) and its weight 0..1 (0: no blend). */
  setBlend(time: number, weight: number): void {
    this.shown.blendTime = Math.min(Math.max(0, this.shown.frames - 1), Math.max(0, time));
    this.shown.blendWeight = Math.min(1, Math.max(0, weight));
    this.changes.emit('time');
  }

  get boneCount(): number {
    return this.model?.layout.nodeCount ?? 0;
  }

  boneLabel(node: number): string {
    return this.model?.names[node] || `node ${node}`;
  }

  get selectedBone(): number {
    return -1;
  }

  get hoveredBone(): number {
    return this.hovered;
  }

  hover(node: number): void {
    this.hovered = node;
    this.changes.emit('hover');
  }

  /** Each node's world matrix as a bone's model (and skinning) matrix. */
  pose(): PoseSource | undefined {
    const model = this.model;
    if (!model || !this.scene) return undefined;
    const world = this.worldMatrices(model);
    const bones = this.scene.clip.bones;
    for (let node = 0; node < bones; node++) {
      const rows = world.subarray(node * 16, node * 16 + 12);
      this.matrices.set(rows, node * BONE_OUTPUT_FLOATS);
      this.matrices.set(rows, node * BONE_OUTPUT_FLOATS + 12);
    }
    return { kind: 'matrices', pose: this.matrices, bones };
  }

  /** A line from each node to its parent at the shown pose (x y z r g b per vertex). */
  links(color: Rgb): Float32Array {
    const model = this.model;
    if (!model) return new Float32Array(0);
    const world = this.worldMatrices(model);
    const at = (node: number): number[] => [world[node * 16 + 3], world[node * 16 + 7], world[node * 16 + 11]];
    const out: number[] = [];
    model.parents.forEach((parent, node) => {
      if (parent !== undefined && parent < node) out.push(...at(parent), ...color, ...at(node), ...color);
    });
    return new Float32Array(out);
  }

  get notices(): string[] {
    const notes = this.file.problem ? [this.file.problem] : [];
    const model = this.model;
    if (model && model.layout.nodeCount > MAX_OUTPUT_BONES) notes.push(`${model.layout.nodeCount} nodes: the first ${MAX_OUTPUT_BONES} are drawn.`);
    return notes;
  }

  /** The line under the view: counts, and nodes read outside their keys. */
  get statusLine(): string {
    const model = this.model;
    if (!model) return this.file.problem ?? '';
    const outOfBounds = this.samples(model).filter((s) => s.kind === 'out-of-bounds').length;
    return `${model.layout.nodeCount} nodes, ${model.layout.keyCount} keys, ${model.layout.frameCount} frames at ${FRAMES_PER_SECOND} fps` +
      (outOfBounds > 0 ? ` · ${outOfBounds} nodes read outside their keys (drawn at rest; see the Problems panel)` : '');
  }

  private get model(): PosableModel | undefined {
    return this.file.models[this.shown.model];
  }

  private worldMatrices(model: PosableModel): Float32Array {
    return poseAt(model, this.shown.frame, this.shown.blendTime, this.shown.blendWeight).world;
  }

  private samples(model: PosableModel): { kind: string }[] {
    return poseAt(model, this.shown.frame, this.shown.blendTime, this.shown.blendWeight).samples;
  }
}

/**
 * The scene the shared renderer loads for a model: one "bone" per node (up to the renderer's
 * 256), one rest frame of records that nothing reads (the pose comes as matrices), no skeleton
 * or mesh, bounds around the model over all its frames.
 */
function nodeScene(name: string, model: PosableModel): PreviewScene {
  const bones = Math.min(MAX_OUTPUT_BONES, model.layout.nodeCount);
  const { centre, radius } = model.fit;
  const min: [number, number, number] = [centre[0] - radius, centre[1] - radius, centre[2] - radius];
  const max: [number, number, number] = [centre[0] + radius, centre[1] + radius, centre[2] + radius];
  return { clip: { name, bytes: new Uint8Array(4 + 16 * Math.max(1, bones)), bones, frames: 1 }, problems: [], bounds: { min, max } };
}
