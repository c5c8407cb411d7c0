/**
 * The clip preview's page: connects the PreviewModel (model/previewModel.ts: all state) to the
 * DOM (timeline, bone list, mixer panel, controls, banners) and to the Stage (renderer host,
 * camera, grid, gizmos, drawing). No state of its own beyond the wiring.
 */
import type { HostToPreviewMessage, LoopMode, PlaybackMode, PreviewToHostMessage, RendererKind } from '../../protocol/preview';
import { BoneList } from './boneList';
import { CurvesView } from './curves/curvesView';
import type { PreviewDom } from './dom';
import { videoUnsupportedReason } from './exporter';
import { PreviewExports } from './exports';
import { GhostLegend } from './ghost/ghostLegend';
import { wireShortcuts } from './input';
import { LayersPanel } from './layers/layersPanel';
import { layersPanelState } from './layers/layersPanelState';
import { mixerPanelState } from './model/mixerPanelState';
import { PreviewModel } from './model/previewModel';
import type { ModelChange } from './model/viewModel';
import { MixerPanel } from './mixerPanel';
import type { Visibility } from './renderer';
import { Stage } from './stage';
import { Timeline } from './timeline';

export interface PreviewHost {
  post(message: PreviewToHostMessage): void;
}

export class PreviewApp {
  /** Completed loads (the first and every reload after a change on disk). */
  loads = 0;
  readonly model: PreviewModel;
  private readonly stage: Stage;
  private readonly timeline: Timeline;
  private readonly boneList: BoneList;
  private readonly mixerPanel: MixerPanel;
  private readonly layersPanel: LayersPanel;
  private readonly exports: PreviewExports;
  private readonly ghostLegend: GhostLegend;
  readonly curves: CurvesView;

  constructor(private readonly dom: PreviewDom, private readonly host: PreviewHost, options: { forceWebGl?: string } = {}) {
    const model = (this.model = new PreviewModel((message) => host.post(message)));
    this.stage = new Stage(dom, model, () => model.show, { rendererChanged: () => { this.showNotice(); this.postStatus(0); } }, options.forceWebGl);
    this.timeline = new Timeline(dom.timeline, { seek: (frame) => model.seek(frame), release: () => model.selection.report() });
    this.boneList = new BoneList(dom.boneList, dom.boneDetails, { hover: (bone) => model.hover(bone), select: (bone, gesture) => model.selection.select(bone, gesture) });
    this.mixerPanel = new MixerPanel(dom.mixer, {
      chooseClip: (uri) => model.mixer.chooseClip(uri),
      weight: (i, value) => model.mixer.setWeight(i, value),
      speed: (i, value) => model.mixer.setSpeed(i, value),
      crossfade: (seconds) => model.mixer.crossfade(seconds),
      exactFrames: () => model.setMode('stamp'),
    });
    const layers = model.layers;
    this.layersPanel = new LayersPanel(dom.layers, {
      addLayer: () => layers.addLayer(),
      chooseClip: (id, uri) => layers.chooseClip(id, uri),
      removeLayer: (id) => layers.removeLayer(id),
      moveLayer: (id, delta) => layers.moveLayer(id, delta),
      setLayer: (id, settings) => layers.setLayer(id, settings),
      maskBones: (id, bones) => layers.setMaskBones(id, bones),
      maskRanges: (id, text) => layers.setMaskRanges(id, text),
      maskPreset: (id, preset) => layers.setMaskPreset(id, preset),
      attach: (mesh, bone) => layers.attach(mesh, bone),
      wantMeshes: () => layers.requestMeshes(),
      setAttachment: (id, fields) => layers.setAttachmentFields(id, fields),
      detach: (id) => layers.detach(id),
      saveMix: () => layers.save(`${model.loaded.baseName}.mix.json`),
      openMix: () => layers.open(),
    });
    this.exports = new PreviewExports(model, this.stage, (message) => host.post(message));
    this.curves = new CurvesView(dom.curves, model);
    this.ghostLegend = new GhostLegend(dom.viewport, (shown) => model.ghost.setShown(shown));
    model.onChange((change) => this.changed(change));
    this.wireControls();
  }

  async handle(message: HostToPreviewMessage): Promise<void> {
    if (message.type === 'load') await this.load(message);
    else this.model.handle(message);
  }

  /** The last drawn image (tests): RGBA rows, top first. */
  async readPixels(): Promise<Uint8Array> {
    return (await this.stage.readPixels())?.rgba ?? new Uint8Array(0);
  }

  get currentFrame(): number {
    return this.model.currentFrame;
  }

  get currentRenderer(): RendererKind {
    return this.stage.renderers.kind;
  }

  /** The last selections other views sent (frame, bone), for diagnosing sync problems in tests. */
  get receivedSelections(): readonly [number, number][] {
    return this.model.selection.received;
  }

  private async load(message: Extract<HostToPreviewMessage, { type: 'load' }>): Promise<void> {
    const started = performance.now();
    const outcome = this.model.load(message);
    if (outcome !== 'fatal') {
      await this.stage.load();
      this.dom.rendererLabel.textContent = this.stage.rendererLabel;
      if (outcome === 'fresh') this.stage.fit(this.model.fitBounds());
      this.stage.drawNow();
      this.loads++;
    }
    this.showNotice();
    this.postStatus(outcome === 'fatal' ? 0 : performance.now() - started);
    this.stage.followPlayback();
  }

  private postStatus(loadMs: number): void {
    const renderers = this.stage.renderers;
    this.host.post({ type: 'status', renderer: renderers.kind, fallbackReason: renderers.fallbackReason, problems: this.model.problems, frame: this.model.currentFrame, loadMs });
  }

  private changed(change: ModelChange): void {
    const model = this.model;
    switch (change) {
      case 'scene': this.showScene(); break;
      case 'time': if (!model.playing) this.stage.drawNow(); this.curves.moveTo(model.position); break;
      case 'playing': this.stage.followPlayback(); break;
      case 'selection': this.boneList.highlight(model.selectedBones, model.selectedBone); this.stage.queueDraw(); this.curves.draw(); break;
      case 'hover': this.stage.queueDraw(); if (model.selectedBone < 0) this.curves.draw(); break;
      case 'settings': this.showSettings(); this.stage.queueDraw(); break;
      case 'mixer': this.renderMix(); break;
      case 'notice': this.showNotice(); break;
    }
    this.showReadouts();
  }

  private showScene(): void {
    const model = this.model;
    const frames = model.frameCount;
    this.dom.assets.textContent = model.loaded.assetsLine;
    this.dom.assets.title = model.loaded.assetsLine;
    this.boneList.build(model.boneCount, (bone) => model.boneLabel(bone), (bone) => model.loaded.boneNote(bone));
    this.boneList.highlight(model.selectedBones, model.selectedBone);
    this.timeline.setFrameCount(frames);
    this.dom.frameCount.textContent = `/ ${Math.max(0, frames - 1)}`;
    this.dom.frameField.setAttribute('max', String(Math.max(0, frames - 1)));
    this.showSettings();
    this.showNotice();
  }

  /** The controls, the view toggles and the bone-count banner as the model has them. */
  private showSettings(): void {
    const { dom, model } = this;
    const set = (element: { value: string }, value: string): void => { if (element.value !== value) element.value = value; };
    set(dom.mode, model.mode);
    set(dom.loop, model.playback.player.loop);
    set(dom.speed, String(model.playback.player.speed));
    set(dom.rule, model.rule);
    for (const [key, box] of Object.entries(dom.show)) box.checked = model.show[key as keyof Visibility];
    dom.showCurves.checked = model.curves.shown;
    this.curves.syncShown();
    const lines = model.mismatchLines;
    dom.mismatch.hidden = lines.length === 0;
    dom.mismatchText.textContent = lines.join(' ');
    this.renderMix();
  }

  private renderMix(): void {
    this.mixerPanel.render(mixerPanelState(this.model));
    this.layersPanel.render(layersPanelState(this.model));
  }

  private showNotice(): void {
    this.dom.notice.textContent = [this.stage.renderers.fallbackReason, ...this.model.notices].filter(Boolean).join('\n');
    const last = this.model.notes.last;
    if (last) document.body.dataset.lastNotice = last;
  }

  private showReadouts(): void {
    const { dom, model } = this;
    if (!model.scene) return;
    this.timeline.setPosition(model.position);
    const frame = String(model.currentFrame);
    if (document.activeElement !== dom.frameField && dom.frameField.value !== frame) dom.frameField.value = frame;
    dom.play.textContent = model.playing ? 'Pause' : 'Play';
    this.boneList.showTransform(model.readout());
    this.showGhostLegend();
  }

  private showGhostLegend(): void {
    const view = this.model.ghostView();
    const drawn = view?.drawn ? view : undefined;
    this.ghostLegend.render({ text: this.model.ghost.legend(view), shown: this.model.ghost.shown, frame: drawn?.request.frame ?? -1, bone: drawn?.selectedBone ?? -1 });
  }

  private wireControls(): void {
    const { dom, model } = this;
    dom.play.addEventListener('click', () => model.setPlaying(!model.playing));
    dom.prev.addEventListener('click', () => model.transport.stepBy(-1));
    dom.next.addEventListener('click', () => model.transport.stepBy(1));
    dom.frameField.addEventListener('change', () => {
      const frame = Number(dom.frameField.value);
      if (Number.isFinite(frame)) model.transport.goTo(frame);
    });
    dom.frameField.addEventListener('keydown', (e) => { if (e.key === 'Enter') dom.frameField.blur(); });
    dom.speed.addEventListener('change', () => model.setSpeed(Number(dom.speed.value)));
    dom.loop.addEventListener('change', () => model.setLoop((dom.loop.value as LoopMode) || 'repeat'));
    dom.mode.addEventListener('change', () => model.setMode((dom.mode.value as PlaybackMode) || 'stamp'));
    dom.rule.addEventListener('change', () => model.setRule(dom.rule.value === 'design' ? 'design' : 'console'));
    for (const [key, box] of Object.entries(dom.show)) box.addEventListener('change', () => model.setVisible(key as keyof Visibility, box.checked));
    dom.showCurves.addEventListener('change', () => model.curves.setShown(dom.showCurves.checked));
    dom.fit.addEventListener('click', () => this.stage.fit(model.fitBounds()));
    dom.pick.addEventListener('click', () => this.host.post({ type: 'pickAssets' }));
    dom.exportPng.addEventListener('click', () => void this.exports.png());
    const noVideo = videoUnsupportedReason();
    if (noVideo) {
      dom.exportVideo.setAttribute('disabled', '');
      dom.exportVideo.title = noVideo;
    }
    dom.exportVideo.addEventListener('click', () => {
      if (dom.exportVideo.hasAttribute('disabled')) return;
      dom.exportVideo.setAttribute('disabled', '');
      void this.exports.video().finally(() => dom.exportVideo.removeAttribute('disabled'));
    });
    wireShortcuts(window, {
      togglePlay: () => model.setPlaying(!model.playing),
      step: (delta) => model.transport.stepBy(delta),
      first: () => model.transport.goTo(0),
      last: () => model.transport.goTo(Infinity),
      fit: () => this.stage.fit(model.fitBounds()),
      toggle: (what) => model.setVisible(what, !model.show[what]),
    });
  }
}
