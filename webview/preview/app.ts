/**
 * The preview's behaviour: loads the scenes the host sends, owns playback (the player, or the
 * mixer in mixer mode), camera, selection, view toggles and the bone-count rule, draws on demand
 * (every animation frame only while playing) and reports back. The renderer's lifecycle, the
 * DOM, the timeline, input, the bone list, the mixer's controls and exports live in their own
 * modules; this class connects them.
 */
import { decodeKeyframe, keyframeOffset } from '../../formats/clip';
import { describeMismatch, type BindRule } from '../../formats/keyframeBind';
import type { BoneTransform } from '../../formats/records';
import type { ExportKind, HostToPreviewMessage, LoopMode, PlaybackMode, PreviewToHostMessage, RendererKind } from '../../protocol/preview';
import { AxesTriad } from './axesTriad';
import { BoneList } from './boneList';
import { animatedBounds } from './bounds';
import { OrbitCamera, type Bounds } from './camera';
import type { PreviewDom } from './dom';
import { encodePng, recordWebm, videoUnsupportedReason } from './exporter';
import { gridLines, gridStep } from './grid';
import { wireOrbit, wireShortcuts } from './input';
import { MixerMode } from './mixerMode';
import { MixerPanel } from './mixerPanel';
import { Player } from './player';
import { BONE_OUTPUT_FLOATS, MAX_OUTPUT_BONES, blendTransforms } from './pose';
import type { PoseSource, Visibility } from './renderer';
import { RendererHost } from './rendererHost';
import { buildScene, poseInputs, sceneScale, type PreviewScene } from './scene';
import { currentPalette } from './theme';
import { Timeline } from './timeline';
import { viewState } from './viewState';

export interface PreviewHost {
  post(message: PreviewToHostMessage): void;
}

type LoadMessage = Extract<HostToPreviewMessage, { type: 'load' }>;

export class PreviewApp {
  /** Completed loads (the first and every reload after a change on disk). */
  loads = 0;
  /** The last selections other views sent (frame, bone), for diagnosing sync problems in tests. */
  readonly receivedSelections: [number, number][] = [];
  private scene?: PreviewScene;
  private player = new Player(1, 30);
  private mixer?: MixerMode;
  /** The mixer's second clip, kept so that a reload of the first clip keeps the mix. */
  private mixClip?: { name: string; bytes: Uint8Array };
  private mode: PlaybackMode = 'stamp';
  private rule: BindRule = 'console';
  private readonly camera = new OrbitCamera();
  private readonly renderers: RendererHost;
  private readonly timeline: Timeline;
  private readonly boneList: BoneList;
  private readonly triad: AxesTriad;
  private readonly mixerPanel: MixerPanel;
  private palette = currentPalette();
  private fitted?: { rule: BindRule; bounds: Bounds };
  private readonly mixedPose = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS);
  private selectedBone = -1;
  private hoveredBone = -1;
  private frameRate = 30;
  private animationHandle = 0;
  private lastTime = 0;
  private drawQueued = false;
  private lastReportedFrame = -1;
  private lastReportedBone = -1;
  private linkSource?: string;
  private axesChosen = false;
  /** Called once when playback stops by itself (the end of a `once` run: video recording). */
  private onPlaybackEnd?: () => void;
  private transientNotice?: string;

  constructor(private readonly dom: PreviewDom, private readonly host: PreviewHost, options: { forceWebGl?: string } = {}) {
    this.renderers = new RendererHost(dom.viewport, {
      canvas: (canvas) => wireOrbit(canvas, this.camera, () => this.queueDraw()),
      lost: () => void this.recoverFromLoss(),
    }, options.forceWebGl);
    this.timeline = new Timeline(dom.timeline, {
      seek: (frame) => this.seek(frame),
      release: () => this.reportSelection(),
    });
    this.boneList = new BoneList(dom.boneList, dom.boneDetails, {
      hover: (bone) => { this.hoveredBone = bone; this.updateReadouts(); this.queueDraw(); },
      select: (bone) => this.selectBone(bone),
    });
    this.triad = new AxesTriad(dom.triad);
    this.mixerPanel = new MixerPanel(dom.mixer, {
      chooseClip: (uri) => this.host.post({ type: 'loadMixClip', uri }),
      weight: (i, value) => { const a = this.mixer?.actions[i]; if (a) { a.weight = value; this.mixer!.advance(0); this.afterMixerChange(); } },
      speed: (i, value) => { const a = this.mixer?.actions[i]; if (a) a.timeScale = value; },
      crossfade: (seconds) => { this.mixer?.crossfade(seconds); this.afterMixerChange(); if (!this.player.playing) this.setPlaying(true); },
      exactFrames: () => this.setMode('stamp'),
    });
    this.wireControls();
  }

  async handle(message: HostToPreviewMessage): Promise<void> {
    switch (message.type) {
      case 'load': await this.load(message); break;
      case 'select': this.selectFromHost(message.frame, message.bone); break;
      case 'frameRate':
        this.frameRate = message.frameRate;
        this.player.frameRate = message.frameRate;
        break;
      case 'clips': this.mixerPanel.setChoices(message.clips); break;
      case 'mixClip': this.useMixClip(message.file.name, message.file.bytes); break;
      case 'exported': this.flashNotice(exportOutcome(message.kind, message.outcome, message.detail)); break;
    }
  }

  /** The last drawn image (tests): RGBA rows, top first. */
  async readPixels(): Promise<Uint8Array> {
    return this.renderers.renderer ? (await this.renderers.renderer.readPixels()).rgba : new Uint8Array(0);
  }

  get currentFrame(): number {
    return this.mode === 'mixer' && this.mixer ? Math.floor(this.mixer.position) : this.player.frame;
  }

  get currentRenderer(): RendererKind {
    return this.renderers.kind;
  }

  // ---- Loading ------------------------------------------------------------------------------

  private async load(message: LoadMessage): Promise<void> {
    const started = performance.now();
    this.frameRate = message.frameRate;
    this.linkSource = message.linkSource;
    const result = buildScene(message.clip, message.skeleton, message.mesh);
    if ('fatal' in result) {
      this.scene = undefined;
      this.showNotice([result.fatal]);
      this.postStatus([result.fatal], 0);
      return;
    }
    const scene = result.scene;
    const keep = message.keepState && this.scene !== undefined;
    const previous = this.player;
    this.scene = scene;
    this.fitted = undefined;
    this.player = new Player(scene.clip.frames, this.frameRate);
    if (keep) {
      Object.assign(this.player, { speed: previous.speed, loop: previous.loop, mode: previous.mode, playing: previous.playing });
      this.player.position = Math.min(previous.position, scene.clip.frames - 1);
      if (this.selectedBone >= scene.clip.bones) this.selectedBone = -1;
    } else {
      this.readControlsInto(this.player);
      this.selectedBone = -1;
      if (!this.axesChosen) this.dom.show.axes.checked = !scene.mesh;
    }
    // A reload replaces the mixer's first clip: start the mixer again from it.
    this.mixer = undefined;
    if (this.mode === 'mixer') this.startMixer();
    const renderer = await this.renderers.ensure(scene.clip.bytes.length);
    this.dom.rendererLabel.textContent = renderer.kind === 'webgpu' ? 'WebGPU' : 'WebGL2 (fallback)';
    renderer.load(scene, this.grid(scene));
    if (!keep) this.camera.fit(this.boundsToFit(), this.viewAspect());
    this.showAssets(scene);
    this.showMismatch();
    this.showNotice();
    this.boneList.build(scene.clip.bones, (bone) => (scene.skeleton && bone >= scene.skeleton.bones ? 'not in skeleton' : undefined));
    this.boneList.highlight(this.selectedBone);
    this.timeline.setFrameCount(scene.clip.frames);
    this.dom.frameCount.textContent = `/ ${scene.clip.frames - 1}`;
    this.dom.frameField.setAttribute('max', String(scene.clip.frames - 1));
    this.mixerPanel.setPrimary(scene.clip.name);
    this.drawNow();
    this.loads++;
    this.postStatus(scene.problems, performance.now() - started);
    if (this.player.playing) this.startLoop();
  }

  private grid(scene: PreviewScene): Float32Array {
    return gridLines(scene.bounds, gridStep(sceneScale(scene.bounds)), this.palette);
  }

  private postStatus(problems: string[], loadMs: number): void {
    this.host.post({ type: 'status', renderer: this.renderers.kind, fallbackReason: this.renderers.fallbackReason, problems, frame: this.currentFrame, loadMs });
  }

  private async recoverFromLoss(): Promise<void> {
    const scene = this.scene;
    const renderer = await this.renderers.ensure(scene?.clip.bytes.length ?? 0);
    this.dom.rendererLabel.textContent = renderer.kind === 'webgpu' ? 'WebGPU' : 'WebGL2 (fallback)';
    if (scene) renderer.load(scene, this.grid(scene));
    this.showNotice();
    this.postStatus(scene?.problems ?? [], 0);
    this.drawNow();
  }

  /** The bounds Fit frames: the animated bounds under the rule shown, computed once per scene and rule. */
  private boundsToFit(): Bounds {
    const scene = this.scene!;
    if (!this.fitted || this.fitted.rule !== this.rule) this.fitted = { rule: this.rule, bounds: animatedBounds(scene, this.rule) };
    return this.fitted.bounds;
  }

  // ---- Panels and banners -------------------------------------------------------------------

  private showAssets(scene: PreviewScene): void {
    const mesh = scene.mesh;
    this.dom.assets.textContent = [
      `${scene.clip.name}: ${scene.clip.bones} bones x ${scene.clip.frames} frames`,
      scene.skeleton ? `skeleton ${scene.skeleton.name} (${scene.skeleton.bones})` : 'raw mode (no skeleton)',
      mesh ? `mesh ${mesh.name} (${mesh.header.vertexCount} vertices, ${mesh.geometry.normalSource === 'mesh' ? 'its normals' : 'computed normals'})` : 'no mesh',
      this.linkSource ?? '',
    ].filter(Boolean).join(' \u00b7 ');
    this.dom.assets.title = this.dom.assets.textContent;
  }

  /** The bone-count banner: shown when the two rules draw this mesh differently. */
  private showMismatch(): void {
    const scene = this.scene;
    const used = scene?.mesh?.skinned ? scene.mesh.geometry.usedBones : [];
    const lines = scene ? describeMismatch({ clipBones: scene.clip.bones, frameCount: scene.clip.frames, skeletonBones: scene.skeleton?.bones ?? 0 }, used) : [];
    this.dom.mismatch.hidden = lines.length === 0 || this.mode === 'mixer';
    this.dom.mismatchText.textContent = lines.join(' ');
  }

  private showNotice(extra: string[] = []): void {
    const lines = [this.renderers.fallbackReason, ...(this.scene?.problems ?? []), ...extra, this.transientNotice].filter((l): l is string => Boolean(l));
    this.dom.notice.textContent = lines.join('\n');
  }

  /** A line in the notice for a few seconds (export outcomes); the last one stays on the body (tests). */
  private flashNotice(text: string): void {
    document.body.dataset.lastNotice = text;
    this.transientNotice = text;
    this.showNotice();
    setTimeout(() => {
      if (this.transientNotice !== text) return;
      this.transientNotice = undefined;
      this.showNotice();
    }, 6000);
  }

  // ---- Drawing ------------------------------------------------------------------------------

  private viewAspect(): number {
    const rect = this.dom.viewport.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 ? rect.width / rect.height : 1;
  }

  private visibility(): Visibility {
    const s = this.dom.show;
    return { mesh: s.mesh.checked, wireframe: s.wireframe.checked, bones: s.bones.checked, axes: s.axes.checked, grid: s.grid.checked };
  }

  private poseSource(): PoseSource {
    if (this.mode === 'mixer' && this.mixer && this.scene) {
      const bones = this.mixer.poseMatrices(poseInputs(this.scene), this.mixedPose);
      return { kind: 'matrices', pose: this.mixedPose, bones };
    }
    return { kind: 'keyframes', request: this.player.request(), rule: this.rule };
  }

  /** Draws the current frame now (loads, seeks, camera moves); the loop calls it while playing. */
  private drawNow(): void {
    const canvas = this.renderers.canvas;
    const renderer = this.renderers.renderer;
    const scene = this.scene;
    if (!scene || !renderer || !canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const view = viewState(this.camera, scene, { width, height, zeroToOneDepth: renderer.zeroToOneDepth }, {
      palette: this.palette, show: this.visibility(), selectedBone: this.selectedBone, hoveredBone: this.hoveredBone,
    });
    renderer.render(this.poseSource(), view);
    this.triad.update(this.camera);
    this.updateReadouts();
  }

  private queueDraw(): void {
    if (this.drawQueued || this.player.playing) return;
    this.drawQueued = true;
    requestAnimationFrame(() => {
      this.drawQueued = false;
      this.drawNow();
    });
  }

  private startLoop(): void {
    cancelAnimationFrame(this.animationHandle);
    this.lastTime = performance.now();
    const tick = (now: number): void => {
      // An animation frame's timestamp may precede the performance.now() the loop started at.
      const seconds = Math.max(0, (now - this.lastTime) / 1000);
      this.lastTime = now;
      let changed: boolean;
      if (this.mode === 'mixer' && this.mixer) {
        this.mixer.advance(seconds * this.player.speed);
        this.afterMixerChange(false);
        changed = true;
      } else {
        changed = this.player.advance(seconds);
      }
      if (changed) this.drawNow();
      if (this.player.playing) this.animationHandle = requestAnimationFrame(tick);
      else this.stopped();
    };
    this.animationHandle = requestAnimationFrame(tick);
  }

  private stopped(): void {
    this.updateReadouts();
    this.reportSelection();
    const end = this.onPlaybackEnd;
    this.onPlaybackEnd = undefined;
    end?.();
  }

  private setPlaying(playing: boolean): void {
    this.player.playing = playing;
    if (playing) this.startLoop();
    else {
      cancelAnimationFrame(this.animationHandle);
      this.stopped();
    }
    this.updateReadouts();
  }

  // ---- Time and selection -------------------------------------------------------------------

  private seek(frame: number): void {
    if (!this.scene) return;
    if (this.player.playing) this.setPlaying(false);
    const clamped = Math.min(this.scene.clip.frames - 1, Math.max(0, Math.round(frame)));
    if (this.mode === 'mixer' && this.mixer) {
      this.mixer.seek(clamped);
      this.afterMixerChange(false);
    }
    this.player.seek(clamped);
    this.drawNow();
  }

  private stepBy(delta: number): void {
    if (!this.scene) return;
    this.setPlaying(false);
    if (this.mode === 'mixer') this.seek(this.currentFrame + delta);
    else if (Math.abs(delta) === 1) this.player.step(delta as 1 | -1);
    else this.player.seek(this.player.frame + delta);
    this.drawNow();
    this.reportSelection();
  }

  private selectBone(bone: number): void {
    this.selectedBone = this.selectedBone === bone ? -1 : bone;
    this.boneList.highlight(this.selectedBone);
    this.updateReadouts();
    this.queueDraw();
    if (this.selectedBone >= 0) {
      this.lastReportedFrame = this.currentFrame;
      this.lastReportedBone = bone;
      this.host.post({ type: 'selected', frame: this.currentFrame, bone });
    }
  }

  private selectFromHost(frame: number, bone: number): void {
    this.receivedSelections.push([frame, bone]);
    if (this.receivedSelections.length > 20) this.receivedSelections.shift();
    if (!this.scene) return;
    // The hex editor answers our own report with the same selection: not a request to stop and jump.
    if (frame === this.lastReportedFrame && Math.max(0, bone) === this.lastReportedBone) return;
    this.setPlaying(false);
    this.seek(frame);
    this.selectedBone = bone >= 0 && bone < this.scene.clip.bones ? bone : -1;
    this.lastReportedFrame = this.currentFrame;
    this.lastReportedBone = Math.max(0, this.selectedBone);
    this.boneList.highlight(this.selectedBone);
    this.drawNow();
  }

  /** Tells the host (and so the hex editor) where the user is, once per change. */
  private reportSelection(): void {
    if (!this.scene || this.player.playing) return;
    const frame = this.currentFrame;
    if (frame === this.lastReportedFrame && this.selectedBone < 0) return;
    this.lastReportedFrame = frame;
    this.lastReportedBone = Math.max(0, this.selectedBone);
    this.host.post({ type: 'selected', frame, bone: this.lastReportedBone });
  }

  private updateReadouts(): void {
    const scene = this.scene;
    if (!scene) return;
    const frame = this.currentFrame;
    const position = this.mode === 'mixer' && this.mixer ? this.mixer.position : this.player.position;
    this.timeline.setPosition(position);
    const field = this.dom.frameField;
    if (document.activeElement !== field && field.value !== String(frame)) field.value = String(frame);
    this.dom.play.textContent = this.player.playing ? 'Pause' : 'Play';
    const bone = this.selectedBone >= 0 ? this.selectedBone : this.hoveredBone;
    const blend = this.mode === 'blended' && position !== frame ? ` +${(position - frame).toFixed(2)}` : '';
    const where = this.mode === 'mixer' ? `mixed, frame ${frame}` : `frame ${frame}${blend}`;
    this.boneList.showTransform(bone, where, bone >= 0 ? this.currentTransform(bone) : undefined);
  }

  /** The transform the bone has at the shown time: decoded (or blended) through the core, or mixed. */
  private currentTransform(bone: number): BoneTransform {
    const scene = this.scene!;
    if (this.mode === 'mixer' && this.mixer) return this.mixer.transformOf(bone);
    const request = this.player.request();
    const at = (frame: number): BoneTransform => decodeKeyframe(scene.clip.bytes, keyframeOffset({ boneCount: scene.clip.bones }, frame, bone));
    return request.blended ? blendTransforms(at(request.frame), at(request.nextFrame), request.blend) : at(request.frame);
  }

  // ---- Modes, the mixer ---------------------------------------------------------------------

  private setMode(mode: PlaybackMode): void {
    this.mode = mode;
    if (this.dom.mode.value !== mode) this.dom.mode.value = mode;
    if (mode !== 'mixer') this.player.mode = mode;
    this.mixerPanel.show(mode === 'mixer');
    if (mode === 'mixer' && !this.mixer) {
      this.startMixer();
      this.host.post({ type: 'listClips' });
    }
    this.showMismatch();
    this.queueDraw();
  }

  private startMixer(): void {
    const scene = this.scene;
    if (!scene) return;
    this.mixer = new MixerMode(scene.clip.name, scene.clip.bytes, this.frameRate);
    this.mixer.setLoop(this.player.loop);
    this.mixer.seek(this.player.frame);
    if (this.mixClip) this.useMixClip(this.mixClip.name, this.mixClip.bytes);
    this.afterMixerChange(false);
  }

  private useMixClip(name: string, bytes: Uint8Array): void {
    if (!this.mixer) return;
    try {
      this.mixer.setSecondary(name, bytes);
      this.mixClip = { name, bytes };
      this.mixerPanel.setSecondary(name);
      this.afterMixerChange();
    } catch (error) {
      this.flashNotice(`${name} cannot be mixed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private afterMixerChange(draw = true): void {
    const mixer = this.mixer;
    if (!mixer) return;
    this.mixerPanel.showWeights(mixer.actions.map((a) => a.getEffectiveWeight()), mixer.actions.map((a) => a.weight));
    if (draw) this.queueDraw();
  }

  // ---- Controls -----------------------------------------------------------------------------

  private readControlsInto(player: Player): void {
    player.speed = Number(this.dom.speed.value) || 1;
    player.loop = (this.dom.loop.value as LoopMode) || 'repeat';
    const mode = this.dom.mode.value as PlaybackMode;
    player.mode = mode === 'blended' ? 'blended' : 'stamp';
  }

  private wireControls(): void {
    const d = this.dom;
    d.play.addEventListener('click', () => this.setPlaying(!this.player.playing));
    d.prev.addEventListener('click', () => this.stepBy(-1));
    d.next.addEventListener('click', () => this.stepBy(1));
    d.frameField.addEventListener('change', () => {
      const frame = Number(d.frameField.value);
      if (Number.isFinite(frame)) {
        this.seek(frame);
        this.reportSelection();
      }
    });
    d.frameField.addEventListener('keydown', (e) => { if (e.key === 'Enter') d.frameField.blur(); });
    d.speed.addEventListener('change', () => { this.player.speed = Number(d.speed.value) || 1; });
    d.loop.addEventListener('change', () => {
      this.player.loop = (d.loop.value as LoopMode) || 'repeat';
      this.mixer?.setLoop(this.player.loop);
      this.queueDraw();
    });
    d.mode.addEventListener('change', () => this.setMode((d.mode.value as PlaybackMode) || 'stamp'));
    d.rule.addEventListener('change', () => {
      this.rule = d.rule.value === 'design' ? 'design' : 'console';
      this.queueDraw();
    });
    for (const [key, box] of Object.entries(d.show)) {
      box.addEventListener('change', () => {
        if (key === 'axes') this.axesChosen = true;
        this.queueDraw();
      });
    }
    d.fit.addEventListener('click', () => this.fit());
    d.pick.addEventListener('click', () => this.host.post({ type: 'pickAssets' }));
    d.exportPng.addEventListener('click', () => void this.exportPng());
    const noVideo = videoUnsupportedReason();
    if (noVideo) {
      d.exportVideo.setAttribute('disabled', '');
      d.exportVideo.title = noVideo;
    }
    d.exportVideo.addEventListener('click', () => void this.exportVideo());
    wireShortcuts(window, {
      togglePlay: () => this.setPlaying(!this.player.playing),
      step: (delta) => this.stepBy(delta),
      first: () => { this.seek(0); this.reportSelection(); },
      last: () => { this.seek(Infinity); this.reportSelection(); },
      fit: () => this.fit(),
      toggle: (what) => {
        const box = d.show[what];
        box.checked = !box.checked;
        if (what === 'axes') this.axesChosen = true;
        this.queueDraw();
      },
    });
    new ResizeObserver(() => this.queueDraw()).observe(d.viewport);
    // VS Code swaps the theme's CSS variables on the body: recolour the scene.
    new MutationObserver(() => {
      this.palette = currentPalette();
      if (this.scene) this.renderers.renderer?.load(this.scene, this.grid(this.scene));
      this.timeline.redraw();
      this.queueDraw();
    }).observe(document.body, { attributes: true, attributeFilter: ['class', 'style'] });
  }

  private fit(): void {
    if (!this.scene) return;
    this.camera.fit(this.boundsToFit(), this.viewAspect());
    this.queueDraw();
  }

  // ---- Exports ------------------------------------------------------------------------------

  private baseName(): string {
    return (this.scene?.clip.name ?? 'clip').replace(/\.[^.]+$/, '');
  }

  private async exportPng(): Promise<void> {
    const renderer = this.renderers.renderer;
    if (!renderer || !this.scene) return;
    this.drawNow();
    const image = await renderer.readPixels();
    const bytes = await encodePng(image.width, image.height, image.rgba);
    this.host.post({ type: 'export', kind: 'png', suggestedName: `${this.baseName()}-frame${this.currentFrame}.png`, bytes });
  }

  /** Plays the clip once from its first frame while the canvas is recorded, then restores the player. */
  private async exportVideo(): Promise<void> {
    const canvas = this.renderers.canvas;
    const scene = this.scene;
    if (!canvas || !scene || this.dom.exportVideo.hasAttribute('disabled')) return;
    this.dom.exportVideo.setAttribute('disabled', '');
    this.flashNotice('Recording the clip once...');
    const saved = { position: this.player.position, loop: this.player.loop, playing: this.player.playing };
    const started = performance.now();
    try {
      this.setPlaying(false);
      const bytes = await recordWebm(canvas, this.frameRate, (done) => {
        this.seek(0);
        if (this.mode === 'mixer') {
          // The mixer has no end: record the first clip's length at the chosen speed.
          setTimeout(() => { this.setPlaying(false); done(); }, (1000 * scene.clip.frames) / this.frameRate / this.player.speed);
        } else {
          this.player.loop = 'once';
          this.onPlaybackEnd = done;
        }
        this.setPlaying(true);
      });
      this.host.post({ type: 'export', kind: 'webm', suggestedName: `${this.baseName()}.webm`, bytes });
    } catch (error) {
      this.flashNotice(`Recording failed after ${Math.round(performance.now() - started)} ms: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.player.loop = saved.loop;
      this.player.position = saved.position;
      this.dom.exportVideo.removeAttribute('disabled');
      if (saved.playing) this.setPlaying(true);
      else this.drawNow();
    }
  }
}

function exportOutcome(kind: ExportKind, outcome: 'saved' | 'cancelled' | 'failed', detail?: string): string {
  const what = kind === 'png' ? 'PNG' : 'Video';
  if (outcome === 'saved') return `${what} saved${detail ? `: ${detail}` : '.'}`;
  if (outcome === 'cancelled') return `${what} not saved (cancelled).`;
  return `${what} could not be saved${detail ? `: ${detail}` : '.'}`;
}
