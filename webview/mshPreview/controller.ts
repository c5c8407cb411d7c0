/**
 * The MSH preview's state and its drawing: which model, which frame, the blend, the camera;
 * each change redraws and reports the state to the host. Playback advances the frame at the
 * preview's frame rate and wraps at the model's frame count.
 */
import type { MshPreviewState } from '../../protocol/mshPreview';
import type { MshPreviewDom } from './controls';
import { drawNodes, themePalette } from './draw';
import { type OpenedFile, type PosableModel, openModels, poseAt } from './models';
import { type Camera, nodePositions, projectNodes } from './scene';

const FRAMES_PER_SECOND = 30;

export class MshPreviewController {
  private file: OpenedFile = { models: [] };
  private state: MshPreviewState = { model: 0, models: 0, frame: 0, frames: 0, playing: false, blendTime: 0, blendWeight: 0 };
  private readonly camera: Camera = { yaw: 0.6, pitch: 0.35 };
  private playStart?: { at: number; frame: number };

  constructor(
    private readonly dom: MshPreviewDom,
    private readonly report: (state: MshPreviewState) => void,
  ) {}

  load(name: string, bytes: Uint8Array): void {
    this.dom.title.textContent = name;
    try {
      this.file = openModels(bytes);
    } catch (error) {
      this.file = { models: [], problem: `Cannot read the file: ${String(error)}` };
    }
    const models = this.file.models;
    this.dom.model.replaceChildren(...models.map((m, i) => Object.assign(document.createElement('vscode-option') as HTMLElement & { value: string }, { value: String(i), textContent: `${m.layout.index}: ${m.layout.name}` })));
    this.selectModel(Math.min(this.state.model, Math.max(0, models.length - 1)));
  }

  selectModel(index: number): void {
    const model = this.file.models[index];
    const frames = model?.layout.frameCount ?? 0;
    this.state = { ...this.state, model: index, models: this.file.models.length, frames, frame: Math.min(this.state.frame, Math.max(0, frames - 1)), blendTime: Math.min(this.state.blendTime, Math.max(0, frames - 1)), problem: this.file.problem };
    for (const slider of [this.dom.frame, this.dom.blendTime]) slider.max = String(Math.max(0, frames - 1));
    this.dom.model.value = String(index);
    this.changed();
  }

  setFrame(frame: number): void {
    this.state.frame = frame;
    if (this.playStart) this.playStart = { at: performance.now(), frame };
    this.changed();
  }

  setBlend(time: number, weight: number): void {
    this.state.blendTime = time;
    this.state.blendWeight = weight;
    this.changed();
  }

  togglePlay(): void {
    this.state.playing = !this.state.playing;
    this.playStart = this.state.playing ? { at: performance.now(), frame: this.state.frame } : undefined;
    this.dom.play.textContent = this.state.playing ? 'Pause' : 'Play';
    if (this.state.playing) requestAnimationFrame((now) => this.tick(now));
    this.changed();
  }

  orbit(dx: number, dy: number): void {
    this.camera.yaw += dx * 0.01;
    this.camera.pitch = Math.max(-1.5, Math.min(1.5, this.camera.pitch + dy * 0.01));
    this.draw();
  }

  redraw(): void {
    this.draw();
  }

  private tick(now: number): void {
    if (!this.state.playing || !this.playStart || this.state.frames === 0) return;
    const frame = Math.floor(this.playStart.frame + ((now - this.playStart.at) / 1000) * FRAMES_PER_SECOND) % this.state.frames;
    if (frame !== this.state.frame) {
      this.state.frame = frame;
      this.changed();
    }
    requestAnimationFrame((next) => this.tick(next));
  }

  private changed(): void {
    const { frame, frames, blendTime, blendWeight } = this.state;
    this.dom.frame.value = String(frame);
    this.dom.frameText.textContent = frames > 0 ? `${frame} / ${frames - 1}` : 'no frames';
    this.dom.blendText.textContent = blendWeight > 0 ? `${Math.round(blendWeight * 100)}% of frame ${blendTime}` : 'off';
    this.draw();
    this.report({ ...this.state });
  }

  private draw(): void {
    const model: PosableModel | undefined = this.file.models[this.state.model];
    const canvas = this.dom.canvas;
    const rect = canvas.getBoundingClientRect();
    if (rect.width > 0) {
      canvas.width = Math.round(rect.width * devicePixelRatio);
      canvas.height = Math.round(rect.height * devicePixelRatio);
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    if (!model) {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      this.dom.status.textContent = this.file.problem ?? '';
      return;
    }
    const pose = poseAt(model, this.state.frame, this.state.blendTime, this.state.blendWeight);
    const nodes = projectNodes(nodePositions(pose), model.parents, this.camera, model.fit, canvas.width, canvas.height);
    drawNodes(ctx, nodes, model.names, themePalette(getComputedStyle(document.body)), this.dom.names.checked);
    const outOfBounds = pose.samples.filter((s) => s.kind === 'out-of-bounds').length;
    this.dom.status.textContent =
      `${model.layout.nodeCount} nodes, ${model.layout.keyCount} keys, ${model.layout.frameCount} frames at ${FRAMES_PER_SECOND} fps` +
      (outOfBounds > 0 ? ` · ${outOfBounds} nodes read outside their keys (drawn at rest; see the Problems panel)` : '');
  }
}
