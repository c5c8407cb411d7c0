/** What main.ts asks of a renderer; WebGPU and the WebGL2 fallback implement it alike. */
import type { RendererKind } from '../../protocol/preview';
import type { FrameRequest } from './pose';
import type { PreviewScene } from './scene';

export interface ViewState {
  /** Column-major projection x view. */
  viewProjection: Float32Array;
  light: [number, number, number];
  gizmoLength: number;
  selectedBone: number;
  hoveredBone: number;
  /** Background colour 0..1 (the editor's background). */
  clearColor: [number, number, number];
}

export interface PreviewRenderer {
  readonly kind: Exclude<RendererKind, 'none'>;
  /** The largest clip file this renderer can hold (WebGPU: the device's storage binding limit). */
  readonly maxClipBytes: number;
  /** Whether matrices use WebGPU's 0..1 depth. */
  readonly zeroToOneDepth: boolean;
  /** Uploads the scene's files (clip records once); replaces the previous scene. */
  load(scene: PreviewScene, grid: Float32Array): void;
  /** Draws one frame into the canvas. Bytes sent to the GPU for it: `lastFrameUploadBytes`. */
  render(request: FrameRequest, view: ViewState): void;
  readonly lastFrameUploadBytes: number;
  /** Resolves when the GPU has finished the work submitted so far (benches pace frames with it). */
  whenDone(): Promise<void>;
  /** The last rendered image as RGBA8 rows, top row first (tests and golden images). */
  readPixels(): Promise<Uint8Array>;
  dispose(): void;
}

/** Why WebGPU is not drawing, and what the user can try. */
export class WebGpuUnavailable extends Error {}
