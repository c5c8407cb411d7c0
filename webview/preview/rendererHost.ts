/**
 * The renderer's lifecycle: picks WebGPU or WebGL2 (createRenderer), gives each renderer a fresh
 * canvas, switches to WebGL2 for good when the WebGPU device is lost or a reloaded clip outgrows
 * the GPU's storage binding, and says why; switches to WebGPU when a device that was too slow to
 * answer at first (a busy machine) answers after all.
 */
import type { RendererKind } from '../../protocol/preview';
import { createRenderer, type LateWebGpu } from './createRenderer';
import type { PreviewRenderer } from './renderer';

export interface RendererHostEvents {
  /** A new canvas is in the viewport (wire its pointer input). */
  canvas(canvas: HTMLCanvasElement): void;
  /** The renderer changed under the scene (WebGPU lost, or a slow WebGPU answered after all): reload the scene into it. */
  lost(): void;
}

export class RendererHost {
  renderer?: PreviewRenderer;
  /** Set when WebGL2 draws instead of WebGPU: what happened and what to try. */
  fallbackReason?: string;
  /** Set once WebGPU failed for good (lost device, clip too large): stay on WebGL2 and say why. */
  private forcedWebGl?: string;
  private needsNew = false;
  private task?: Promise<void>;

  constructor(private readonly viewport: HTMLElement, private readonly events: RendererHostEvents, private readonly forceWebGlOption?: string) {}

  get kind(): RendererKind {
    return this.renderer?.kind ?? 'none';
  }

  get canvas(): HTMLCanvasElement | null {
    return this.viewport.querySelector('canvas');
  }

  /** The renderer to draw `clipBytes` with, created (or replaced) if needed. */
  async ensure(clipBytes: number): Promise<PreviewRenderer> {
    if (this.renderer && clipBytes > this.renderer.maxClipBytes) {
      this.forcedWebGl = `The clip (${clipBytes} bytes) no longer fits this GPU's storage binding (${this.renderer.maxClipBytes} bytes). Drawing with WebGL2.`;
      this.needsNew = true;
    }
    if (this.renderer && !this.needsNew) return this.renderer;
    if (!this.task) {
      this.task = (async () => {
        this.renderer?.dispose();
        this.needsNew = false;
        const choice = await createRenderer(() => this.freshCanvas(), clipBytes, {
          forceWebGl: this.forcedWebGl ?? this.forceWebGlOption,
          onLost: (reason) => {
            this.forcedWebGl = reason;
            this.needsNew = true;
            this.events.lost();
          },
        });
        this.renderer = choice.renderer;
        this.fallbackReason = choice.fallbackReason;
        void choice.lateWebGpu?.then((late) => late && this.takeOver(choice.renderer, late));
      })();
    }
    try {
      await this.task;
    } finally {
      this.task = undefined;
    }
    return this.renderer!;
  }

  /** WebGPU answered after all: it replaces the WebGL2 renderer drawn meanwhile (`fallback`), unless that is gone or WebGL2 was forced since. */
  private takeOver(fallback: PreviewRenderer, late: LateWebGpu): void {
    if (this.renderer !== fallback || this.task || this.needsNew || this.forcedWebGl) {
      late.renderer.dispose();
      return;
    }
    fallback.dispose();
    this.canvas?.remove();
    // The canvas came from freshCanvas: its input is wired already.
    this.viewport.insertBefore(late.canvas, this.viewport.firstChild);
    this.renderer = late.renderer;
    this.fallbackReason = undefined;
    this.events.lost();
  }

  private freshCanvas(): HTMLCanvasElement {
    this.canvas?.remove();
    const canvas = document.createElement('canvas');
    canvas.tabIndex = -1;
    this.viewport.insertBefore(canvas, this.viewport.firstChild);
    this.events.canvas(canvas);
    return canvas;
  }
}
