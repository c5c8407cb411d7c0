/**
 * The 3D view a preview page draws into, whatever its model: the renderer host (WebGPU, or
 * WebGL2 with the reason), the orbit camera with its input, the ground grid (and any extra lines
 * the model draws, such as an MSH model's links), the axes triad, the theme's palette, and
 * drawing on demand (every animation frame only while the model plays).
 */
import type { Bounds } from './camera';
import { OrbitCamera } from './camera';
import { AxesTriad } from './axesTriad';
import { gridLines, gridStep } from './grid';
import { wireOrbit } from './input';
import type { AnimationViewModel } from './model/viewModel';
import type { PreviewRenderer, Visibility } from './renderer';
import { RendererHost } from './rendererHost';
import { sceneScale, type PreviewScene } from './scene';
import { currentPalette } from './theme';
import { viewState } from './viewState';

export interface StageDom {
  viewport: HTMLElement;
  triad?: SVGSVGElement;
}

export interface StageEvents {
  /** The renderer changed under the page (a lost WebGPU device): say so. */
  rendererChanged(): void;
  /** A frame was drawn (readouts that follow the camera or the pose). */
  drawn?(): void;
}

export class Stage {
  readonly camera = new OrbitCamera();
  readonly renderers: RendererHost;
  private readonly triad?: AxesTriad;
  private palette = currentPalette();
  private lines: Float32Array = new Float32Array(0);
  /** The scene the renderer holds (a new one is drawn only once uploaded). */
  private uploaded?: PreviewScene;
  private loop = { handle: 0, last: 0, queued: false };

  constructor(
    private readonly dom: StageDom,
    private readonly model: AnimationViewModel,
    private readonly show: () => Visibility,
    private readonly events: StageEvents,
    forceWebGl?: string,
  ) {
    this.renderers = new RendererHost(dom.viewport, {
      canvas: (canvas) => wireOrbit(canvas, this.camera, () => this.queueDraw()),
      lost: () => void this.recover(),
    }, forceWebGl);
    if (dom.triad) this.triad = new AxesTriad(dom.triad);
    new ResizeObserver(() => this.queueDraw()).observe(dom.viewport);
    // VS Code swaps the theme's CSS variables on the body: recolour the scene.
    new MutationObserver(() => {
      this.palette = currentPalette();
      this.upload();
      this.queueDraw();
    }).observe(document.body, { attributes: true, attributeFilter: ['class', 'style'] });
  }

  get rendererLabel(): string {
    return this.renderers.kind === 'webgpu' ? 'WebGPU' : this.renderers.kind === 'webgl2' ? 'WebGL2 (fallback)' : '';
  }

  /** Loads the model's scene into the renderer (created on first use); `lines` are drawn with the grid. */
  async load(lines?: Float32Array): Promise<PreviewRenderer | undefined> {
    const scene = this.model.scene;
    if (!scene) return undefined;
    const renderer = await this.renderers.ensure(scene.clip.bytes.length);
    this.lines = lines ?? new Float32Array(0);
    this.upload();
    return renderer;
  }

  /** Replaces the extra lines (drawn with the grid) for the next frame. */
  setLines(lines: Float32Array): void {
    this.lines = lines;
    this.upload();
  }

  fit(bounds: Bounds | undefined): void {
    if (!bounds) return;
    const rect = this.dom.viewport.getBoundingClientRect();
    this.camera.fit(bounds, rect.width > 0 && rect.height > 0 ? rect.width / rect.height : 1);
    this.queueDraw();
  }

  /** Draws the model's current pose now. */
  drawNow(): void {
    const canvas = this.renderers.canvas;
    const renderer = this.renderers.renderer;
    const scene = this.model.scene;
    const pose = this.model.pose();
    if (!scene || scene !== this.uploaded || !renderer || !canvas || !pose) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const view = viewState(this.camera, scene, { width, height, zeroToOneDepth: renderer.zeroToOneDepth }, {
      palette: this.palette, show: this.show(), selectedBone: this.model.selectedBone, hoveredBone: this.model.hoveredBone,
    });
    view.overlay = this.model.overlayLines?.(pose, view);
    renderer.render(pose, view);
    this.triad?.update(this.camera);
    this.events.drawn?.();
  }

  /** Draws on the next animation frame (once, however often asked), unless playback draws anyway. */
  queueDraw(): void {
    if (this.loop.queued || this.model.playing) return;
    this.loop.queued = true;
    requestAnimationFrame(() => {
      this.loop.queued = false;
      this.drawNow();
    });
  }

  /** Follows the model's playing state: advances and draws every animation frame while it plays. */
  followPlayback(): void {
    cancelAnimationFrame(this.loop.handle);
    if (!this.model.playing) return;
    this.loop.last = performance.now();
    const tick = (now: number): void => {
      // An animation frame's timestamp may precede the performance.now() the loop started at.
      const seconds = Math.max(0, (now - this.loop.last) / 1000);
      this.loop.last = now;
      if (this.model.advance(seconds)) this.drawNow();
      if (this.model.playing) this.loop.handle = requestAnimationFrame(tick);
    };
    this.loop.handle = requestAnimationFrame(tick);
  }

  /** The last drawn image (tests): RGBA rows, top first. */
  async readPixels(): Promise<{ width: number; height: number; rgba: Uint8Array } | undefined> {
    return this.renderers.renderer?.readPixels();
  }

  private upload(): void {
    const scene = this.model.scene;
    const renderer = this.renderers.renderer;
    if (!scene || !renderer) return;
    renderer.load(scene, this.gridWith(scene));
    this.uploaded = scene;
  }

  private gridWith(scene: PreviewScene): Float32Array {
    const grid = gridLines(scene.bounds, gridStep(sceneScale(scene.bounds)), this.palette);
    if (this.lines.length === 0) return grid;
    const all = new Float32Array(grid.length + this.lines.length);
    all.set(grid);
    all.set(this.lines, grid.length);
    return all;
  }

  private async recover(): Promise<void> {
    await this.renderers.ensure(this.model.scene?.clip.bytes.length ?? 0);
    this.upload();
    this.events.rendererChanged();
    this.drawNow();
  }
}
