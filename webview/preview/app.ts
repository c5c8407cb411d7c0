/**
 * The preview's behaviour: loads scenes sent by the host, owns player, camera and selection,
 * draws on demand (every animation frame only while playing), and reports back.
 */
import { decodeKeyframe, keyframeOffset } from '../../formats/clip';
import type { BoneTransform } from '../../formats/records';
import type { HostToPreviewMessage, PreviewToHostMessage, RendererKind } from '../../protocol/preview';
import { OrbitCamera } from './camera';
import { createRenderer } from './createRenderer';
import { gridLines } from './grid';
import { Player } from './player';
import { blendTransforms } from './pose';
import type { PreviewRenderer, ViewState } from './renderer';
import { buildScene, sceneScale, type PreviewScene } from './scene';
import type { PreviewDom } from './ui';

export interface PreviewHost {
  post(message: PreviewToHostMessage): void;
}

export class PreviewApp {
  private renderer?: PreviewRenderer;
  private rendererKind: RendererKind = 'none';
  private fallbackReason?: string;
  private scene?: PreviewScene;
  private player = new Player(1, 30);
  private readonly camera = new OrbitCamera();
  private selectedBone = -1;
  private hoveredBone = -1;
  private frameRate = 30;
  private animationHandle = 0;
  private lastTime = 0;
  private drawQueued = false;
  /** Set once the WebGPU device was lost: stay on WebGL2 and say why. */
  private forcedWebGl?: string;
  private needsNewRenderer = false;
  private rendererTask?: Promise<void>;
  private loadStarted = 0;
  private lastReportedFrame = -1;

  constructor(private readonly dom: PreviewDom, private readonly host: PreviewHost, private readonly options: { forceWebGl?: string } = {}) {
    this.wireControls();
  }

  async handle(message: HostToPreviewMessage): Promise<void> {
    if (message.type === 'load') await this.load(message);
    else if (message.type === 'select') this.selectFromHost(message.frame, message.bone);
    else if (message.type === 'frameRate') {
      this.frameRate = message.frameRate;
      this.player.frameRate = message.frameRate;
    }
  }

  /** The last drawn image (tests): RGBA rows, top first. */
  readPixels(): Promise<Uint8Array> {
    return this.renderer ? this.renderer.readPixels() : Promise.resolve(new Uint8Array(0));
  }

  get currentFrame(): number {
    return this.player.frame;
  }

  get currentRenderer(): RendererKind {
    return this.rendererKind;
  }

  /** Completed loads (the first and every reload after a change on disk). */
  loads = 0;
  /** The last selections other views sent (frame, bone), for diagnosing sync problems in tests. */
  readonly receivedSelections: [number, number][] = [];

  private async load(message: Extract<HostToPreviewMessage, { type: 'load' }>): Promise<void> {
    this.loadStarted = performance.now();
    this.frameRate = message.frameRate;
    const result = buildScene(message.clip, message.skeleton, message.mesh);
    if ('fatal' in result) {
      this.scene = undefined;
      this.showNotice([result.fatal]);
      this.host.post({ type: 'status', renderer: this.rendererKind, fallbackReason: this.fallbackReason, problems: [result.fatal], frame: 0, loadMs: 0 });
      return;
    }
    const scene = result.scene;
    const keep = message.keepState && this.scene !== undefined;
    const previous = this.player;
    this.scene = scene;
    this.player = new Player(scene.clip.frames, this.frameRate);
    if (keep) {
      Object.assign(this.player, { speed: previous.speed, loop: previous.loop, mode: previous.mode, playing: previous.playing });
      this.player.position = Math.min(previous.position, scene.clip.frames - 1);
      if (this.selectedBone >= scene.clip.bones) this.selectedBone = -1;
    } else {
      this.readControlsInto(this.player);
      this.selectedBone = -1;
      this.camera.fit(scene.bounds, this.viewAspect());
    }
    if (this.renderer && scene.clip.bytes.length > this.renderer.maxClipBytes) {
      // A reload grew the clip past what this GPU binds: WebGL2 from now on, with the reason.
      this.forcedWebGl = `The clip (${scene.clip.bytes.length} bytes) no longer fits this GPU's storage binding (${this.renderer.maxClipBytes} bytes). Drawing with WebGL2.`;
      this.needsNewRenderer = true;
    }
    await this.ensureRenderer(scene.clip.bytes.length);
    this.renderer!.load(scene, gridLines(scene.bounds, gridStep(scene)));
    this.dom.assets.textContent = [
      `${scene.clip.name}: ${scene.clip.bones} bones x ${scene.clip.frames} frames`,
      scene.skeleton ? `skeleton ${scene.skeleton.name} (${scene.skeleton.bones})` : 'raw mode (no skeleton)',
      scene.mesh ? `mesh ${scene.mesh.name} (${scene.mesh.header.vertexCount} vertices)` : 'no mesh',
      message.linkSource ?? '',
    ].filter(Boolean).join(' \u00b7 ');
    this.showNotice([...(this.fallbackReason ? [this.fallbackReason] : []), ...scene.problems]);
    this.buildBoneList(scene);
    this.dom.scrubber.max = String(scene.clip.frames - 1);
    this.drawNow();
    this.loads++;
    this.host.post({ type: 'status', renderer: this.rendererKind, fallbackReason: this.fallbackReason, problems: scene.problems, frame: this.player.frame, loadMs: performance.now() - this.loadStarted });
    if (this.player.playing) this.startLoop();
  }

  private async ensureRenderer(clipBytes: number): Promise<void> {
    if (this.renderer && !this.needsNewRenderer) return;
    if (!this.rendererTask) {
      this.rendererTask = (async () => {
        this.renderer?.dispose();
        this.needsNewRenderer = false;
        const choice = await createRenderer(() => this.freshCanvas(), clipBytes, {
          forceWebGl: this.forcedWebGl ?? this.options.forceWebGl,
          onLost: (reason) => {
            this.forcedWebGl = reason;
            this.needsNewRenderer = true;
            void this.recoverFromLoss();
          },
        });
        this.renderer = choice.renderer;
        this.rendererKind = choice.renderer.kind;
        this.fallbackReason = choice.fallbackReason;
        this.dom.rendererLabel.textContent = this.rendererKind === 'webgpu' ? 'WebGPU' : 'WebGL2 (fallback)';
      })();
    }
    try {
      await this.rendererTask;
    } finally {
      this.rendererTask = undefined;
    }
  }

  private async recoverFromLoss(): Promise<void> {
    const scene = this.scene;
    await this.ensureRenderer(scene?.clip.bytes.length ?? 0);
    if (scene) this.renderer!.load(scene, gridLines(scene.bounds, gridStep(scene)));
    this.showNotice([this.fallbackReason ?? '', ...(scene?.problems ?? [])].filter(Boolean));
    this.host.post({ type: 'status', renderer: this.rendererKind, fallbackReason: this.fallbackReason, problems: scene?.problems ?? [], frame: this.player.frame, loadMs: 0 });
    this.drawNow();
  }

  private freshCanvas(): HTMLCanvasElement {
    this.dom.viewport.querySelector('canvas')?.remove();
    const canvas = document.createElement('canvas');
    this.dom.viewport.appendChild(canvas);
    this.wireCanvas(canvas);
    return canvas;
  }

  private viewAspect(): number {
    const rect = this.dom.viewport.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 ? rect.width / rect.height : 1;
  }

  private get canvas(): HTMLCanvasElement | null {
    return this.dom.viewport.querySelector('canvas');
  }

  /** Draws the current frame now (loads, seeks, camera moves); the loop calls it while playing. */
  private drawNow(): void {
    const canvas = this.canvas;
    if (!this.scene || !this.renderer || !canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const view: ViewState = {
      viewProjection: this.camera.viewProjection(width / height, this.renderer.zeroToOneDepth),
      light: this.camera.lightDirection(),
      gizmoLength: sceneScale(this.scene.bounds) * 0.6,
      selectedBone: this.selectedBone,
      hoveredBone: this.hoveredBone,
      clearColor: backgroundColor(),
    };
    this.renderer.render(this.player.request(), view);
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
      const changed = this.player.advance((now - this.lastTime) / 1000);
      this.lastTime = now;
      if (changed) this.drawNow();
      if (this.player.playing) this.animationHandle = requestAnimationFrame(tick);
      else {
        this.updateReadouts();
        this.reportSelection();
      }
    };
    this.animationHandle = requestAnimationFrame(tick);
  }

  private setPlaying(playing: boolean): void {
    this.player.playing = playing;
    if (playing) this.startLoop();
    else {
      cancelAnimationFrame(this.animationHandle);
      this.reportSelection();
    }
    this.updateReadouts();
  }

  private selectFromHost(frame: number, bone: number): void {
    this.receivedSelections.push([frame, bone]);
    if (this.receivedSelections.length > 20) this.receivedSelections.shift();
    if (!this.scene) return;
    this.player.playing = false;
    cancelAnimationFrame(this.animationHandle);
    this.player.seek(frame);
    this.selectedBone = bone >= 0 && bone < this.scene.clip.bones ? bone : -1;
    this.lastReportedFrame = this.player.frame;
    this.highlightBoneList();
    this.drawNow();
  }

  /** Tells the host (and so the hex editor) where the user is, once per change. */
  private reportSelection(): void {
    if (!this.scene || this.player.playing) return;
    const frame = this.player.frame;
    if (frame === this.lastReportedFrame && this.selectedBone < 0) return;
    this.lastReportedFrame = frame;
    this.host.post({ type: 'selected', frame, bone: Math.max(0, this.selectedBone) });
  }

  private updateReadouts(): void {
    const scene = this.scene;
    if (!scene) return;
    const frame = this.player.frame;
    this.dom.scrubber.value = String(frame);
    const blend = this.player.mode === 'blended' && this.player.position !== frame ? ` (+${(this.player.position - frame).toFixed(2)})` : '';
    this.dom.frameLabel.textContent = `${frame} / ${scene.clip.frames - 1}${blend}`;
    this.dom.play.textContent = this.player.playing ? 'Pause' : 'Play';
    const bone = this.selectedBone >= 0 ? this.selectedBone : this.hoveredBone;
    this.dom.boneDetails.textContent = bone >= 0 ? describeTransform(bone, this.currentTransform(bone)) : 'Hover or select a bone to read its decoded transform.';
  }

  /** The decoded (or blended) transform the bone has at the shown time, through the core's decoder. */
  private currentTransform(bone: number): BoneTransform {
    const scene = this.scene!;
    const request = this.player.request();
    const at = (frame: number): BoneTransform => decodeKeyframe(scene.clip.bytes, keyframeOffset({ boneCount: scene.clip.bones }, frame, bone));
    return request.blended ? blendTransforms(at(request.frame), at(request.nextFrame), request.blend) : at(request.frame);
  }

  private buildBoneList(scene: PreviewScene): void {
    const list = this.dom.boneList;
    list.textContent = '';
    for (let bone = 0; bone < scene.clip.bones; bone++) {
      const item = document.createElement('div');
      item.className = 'bone';
      item.setAttribute('role', 'option');
      item.dataset.bone = String(bone);
      const extra = scene.skeleton && bone >= scene.skeleton.bones ? ' (not in skeleton)' : '';
      item.textContent = `bone ${bone}${extra}`;
      item.addEventListener('mouseenter', () => { this.hoveredBone = bone; this.updateReadouts(); this.queueDraw(); });
      item.addEventListener('mouseleave', () => { this.hoveredBone = -1; this.updateReadouts(); this.queueDraw(); });
      item.addEventListener('click', () => {
        this.selectedBone = this.selectedBone === bone ? -1 : bone;
        this.highlightBoneList();
        this.updateReadouts();
        this.queueDraw();
        if (this.selectedBone >= 0) this.host.post({ type: 'selected', frame: this.player.frame, bone });
      });
      list.appendChild(item);
    }
    this.highlightBoneList();
  }

  private highlightBoneList(): void {
    for (const item of Array.from(this.dom.boneList.children) as HTMLElement[]) {
      const selected = Number(item.dataset.bone) === this.selectedBone;
      item.classList.toggle('selected', selected);
      item.setAttribute('aria-selected', String(selected));
    }
  }

  private showNotice(lines: string[]): void {
    this.dom.notice.textContent = lines.join('\n');
  }

  private readControlsInto(player: Player): void {
    player.speed = Number(this.dom.speed.value) || 1;
    player.loop = (this.dom.loop.value as Player['loop']) || 'repeat';
    player.mode = (this.dom.mode.value as Player['mode']) || 'stamp';
  }

  private wireControls(): void {
    const d = this.dom;
    d.play.addEventListener('click', () => this.setPlaying(!this.player.playing));
    d.prev.addEventListener('click', () => this.stepBy(-1));
    d.next.addEventListener('click', () => this.stepBy(1));
    d.scrubber.addEventListener('input', () => {
      const frame = Number(d.scrubber.value);
      this.setPlaying(false);
      this.player.seek(frame);
      this.drawNow();
    });
    d.scrubber.addEventListener('change', () => this.reportSelection());
    for (const control of [d.speed, d.loop, d.mode]) control.addEventListener('change', () => { this.readControlsInto(this.player); this.queueDraw(); });
    d.fit.addEventListener('click', () => { if (this.scene) { this.camera.fit(this.scene.bounds, this.viewAspect()); this.queueDraw(); } });
    d.pick.addEventListener('click', () => this.host.post({ type: 'pickAssets' }));
    window.addEventListener('keydown', (event) => {
      if (event.target instanceof HTMLInputElement && event.target !== d.scrubber) return;
      if (event.key === ' ') { this.setPlaying(!this.player.playing); event.preventDefault(); }
      else if (event.key === 'ArrowLeft') { this.stepBy(-1); event.preventDefault(); }
      else if (event.key === 'ArrowRight') { this.stepBy(1); event.preventDefault(); }
      else if (event.key === 'f' || event.key === 'F') d.fit.click();
    });
    new ResizeObserver(() => this.queueDraw()).observe(d.viewport);
  }

  private stepBy(delta: 1 | -1): void {
    this.setPlaying(false);
    this.player.step(delta);
    this.drawNow();
    this.reportSelection();
  }

  /** Orbit, pan and zoom on a canvas (attached per canvas: a fallback replaces the canvas). */
  private wireCanvas(canvas: HTMLCanvasElement): void {
    let dragging: { x: number; y: number; pan: boolean } | undefined;
    canvas.addEventListener('pointerdown', (e) => {
      dragging = { x: e.clientX, y: e.clientY, pan: e.shiftKey || e.button === 1 || e.button === 2 };
      canvas.setPointerCapture(e.pointerId);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (!dragging) return;
      const dx = e.clientX - dragging.x;
      const dy = e.clientY - dragging.y;
      dragging.x = e.clientX;
      dragging.y = e.clientY;
      if (dragging.pan) this.camera.pan(dx, dy);
      else this.camera.orbit(dx, dy);
      this.queueDraw();
    });
    canvas.addEventListener('pointerup', () => { dragging = undefined; });
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());
    canvas.addEventListener('wheel', (e) => { this.camera.zoom(Math.exp(e.deltaY * 0.001)); this.queueDraw(); e.preventDefault(); }, { passive: false });
  }
}

function gridStep(scene: PreviewScene): number {
  return 10 ** Math.round(Math.log10(sceneScale(scene.bounds)));
}

function describeTransform(bone: number, t: BoneTransform): string {
  const f = (v: number): string => (Object.is(v, -0) ? '-0' : Number(v.toPrecision(6)).toString());
  return [
    `bone ${bone}`,
    `rotation  x ${f(t.rotation[0])}  y ${f(t.rotation[1])}`,
    `          z ${f(t.rotation[2])}  w ${f(t.rotation[3])}`,
    `position  ${t.position.map(f).join('  ')}`,
    `scale     ${t.scale.map(f).join('  ')}`,
  ].join('\n');
}

/** The editor background as 0..1 RGB, read from the theme's CSS variable (fallback: dark grey). */
function backgroundColor(): [number, number, number] {
  const probe = getComputedStyle(document.body).backgroundColor;
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(probe);
  return m ? [Number(m[1]) / 255, Number(m[2]) / 255, Number(m[3]) / 255] : [0.12, 0.12, 0.12];
}
