/**
 * The MSH preview's page: connects the MshPreviewModel to its controls and to the same Stage as
 * the clip preview (renderer host, camera, grid, joint markers and axes per node, the triad),
 * with the links to the parents drawn as lines and the names over the view. Reports the state
 * to the host after every change.
 */
import type { MshPreviewState } from '../../protocol/mshPreview';
import type { ModelChange } from '../preview/model/viewModel';
import { BONE_OUTPUT_FLOATS } from '../preview/pose';
import type { Visibility } from '../preview/renderer';
import { Stage } from '../preview/stage';
import { currentPalette } from '../preview/theme';
import type { MshPreviewDom } from './controls';
import { placeLabels } from './labels';
import { MshPreviewModel } from './model';

/** Nodes as joint markers with their axes, over the grid; there is no mesh. */
const NODE_VIEW: Visibility = { mesh: false, wireframe: false, bones: true, axes: true, grid: true };

export class MshPreviewApp {
  readonly model = new MshPreviewModel();
  readonly stage: Stage;
  /** The file and model the camera was fitted to. */
  private fittedTo = '';

  constructor(private readonly dom: MshPreviewDom, private readonly report: (state: MshPreviewState) => void, options: { forceWebGl?: string } = {}) {
    this.stage = new Stage(dom, this.model, () => NODE_VIEW, { rendererChanged: () => this.showStatus(), drawn: () => this.showNames() }, options.forceWebGl);
    this.model.onChange((change) => void this.changed(change));
    this.wireControls();
  }

  /** The last drawn image (tests): RGBA rows, top first. */
  async readPixels(): Promise<Uint8Array> {
    return (await this.stage.readPixels())?.rgba ?? new Uint8Array(0);
  }

  get currentRenderer(): string {
    return this.stage.renderers.kind;
  }

  private async changed(change: ModelChange): Promise<void> {
    const { dom, model } = this;
    if (change === 'scene') {
      dom.model.replaceChildren(...model.modelNames.map((text, i) => Object.assign(document.createElement('vscode-option') as HTMLElement & { value: string }, { value: String(i), textContent: text })));
      dom.model.value = String(model.state.model);
      for (const slider of [dom.frame, dom.blendTime]) slider.max = String(Math.max(0, model.frameCount - 1));
      // A reload of the same model (a change on disk) keeps the camera.
      const shown = `${model.name}#${model.state.model}`;
      if ((await this.stage.load(this.links())) && shown !== this.fittedTo) {
        this.fittedTo = shown;
        this.stage.fit(this.fitBounds());
      }
      this.showStatus();
    } else if (change === 'time') {
      this.stage.setLines(this.links());
    }
    if (change === 'playing') this.stage.followPlayback();
    if (!model.playing || change !== 'time') this.stage.drawNow();
    this.showState();
  }

  private links(): Float32Array {
    return this.model.links(currentPalette().joint);
  }

  private fitBounds(): { min: [number, number, number]; max: [number, number, number] } | undefined {
    return this.model.scene?.bounds;
  }

  private showState(): void {
    const { dom, model } = this;
    const { frame, frames, blendTime, blendWeight, playing } = model.state;
    dom.title.textContent = model.name;
    dom.frame.value = String(frame);
    dom.frameText.textContent = frames > 0 ? `${frame} / ${frames - 1}` : 'no frames';
    dom.blendText.textContent = blendWeight > 0 ? `${Math.round(blendWeight * 100)}% of frame ${blendTime}` : 'off';
    dom.play.textContent = playing ? 'Pause' : 'Play';
    dom.status.textContent = model.statusLine;
    this.report(model.state);
  }

  private showStatus(): void {
    this.dom.rendererLabel.textContent = this.stage.rendererLabel;
    this.dom.notice.textContent = [this.stage.renderers.fallbackReason, ...this.model.notices].filter(Boolean).join('\n');
  }

  private showNames(): void {
    const pose = this.model.pose();
    if (!this.dom.names.checked || pose?.kind !== 'matrices') {
      this.dom.labels.replaceChildren();
      return;
    }
    const positions: [number, number, number][] = [];
    for (let node = 0, o = 0; node < pose.bones; node++, o += BONE_OUTPUT_FLOATS) positions.push([pose.pose[o + 3], pose.pose[o + 7], pose.pose[o + 11]]);
    placeLabels(this.dom.labels, this.stage.camera, positions, positions.map((_, node) => this.model.boneLabel(node)));
  }

  private wireControls(): void {
    const { dom, model } = this;
    dom.model.addEventListener('change', () => model.selectModel(Number(dom.model.value)));
    dom.play.addEventListener('click', () => model.setPlaying(!model.playing));
    dom.frame.addEventListener('input', () => model.seek(Number(dom.frame.value)));
    const blend = (): void => model.setBlend(Number(dom.blendTime.value), Number(dom.blendWeight.value));
    dom.blendTime.addEventListener('input', blend);
    dom.blendWeight.addEventListener('input', blend);
    dom.names.addEventListener('change', () => this.showNames());
  }
}
