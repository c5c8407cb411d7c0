/** What the preview asks of a renderer; WebGPU and the WebGL2 fallback implement it alike. */
import type { BindRule } from '../../formats/keyframeBind';
import type { RendererKind } from '../../protocol/preview';
import type { FrameRequest } from './pose';
import type { PreviewScene } from './scene';

export type Rgb = [number, number, number];

/** What is drawn (the panel's toggles). */
export interface Visibility {
  mesh: boolean;
  wireframe: boolean;
  /** A small marker at each bone's origin. */
  bones: boolean;
  /** An axis triad per bone. */
  axes: boolean;
  grid: boolean;
}

/** Colours chosen for the theme (theme.ts). */
export interface Palette {
  background: Rgb;
  base: Rgb;
  sky: Rgb;
  ground: Rgb;
  wire: Rgb;
  joint: Rgb;
  gridMajor: Rgb;
  gridMinor: Rgb;
  /** A second clip drawn as a ghost (Compare Clips' B): a hue no other part uses, faded towards the background. */
  ghost: Rgb;
}

export interface ViewState {
  /** Column-major projection x view. */
  viewProjection: Float32Array;
  eye: [number, number, number];
  /** Direction towards the key light. */
  light: [number, number, number];
  gizmoLength: number;
  selectedBone: number;
  hoveredBone: number;
  palette: Palette;
  show: Visibility;
  /** Lines drawn this frame only, depth-tested like the grid (x y z r g b a vertex): meshes attached to bones. */
  overlay?: Float32Array;
}

/** Two sets of overlay lines (ViewState.overlay) drawn as one; either may be absent. */
export function joinLines(first: Float32Array | undefined, second: Float32Array | undefined): Float32Array | undefined {
  if (!first || !second) return first ?? second;
  const all = new Float32Array(first.length + second.length);
  all.set(first);
  all.set(second, first.length);
  return all;
}

/**
 * Where this frame's bone matrices come from: the clip's records, decoded by keyframe_bind under
 * a bone-count rule (on the GPU for WebGPU), or matrices built on the CPU (the mixer's pose;
 * BONE_OUTPUT_FLOATS per bone).
 */
export type PoseSource =
  | { kind: 'keyframes'; request: FrameRequest; rule: BindRule }
  | { kind: 'matrices'; pose: Float32Array; bones: number };

export interface PreviewRenderer {
  readonly kind: Exclude<RendererKind, 'none'>;
  /** The largest clip file this renderer can hold (WebGPU: the device's storage binding limit). */
  readonly maxClipBytes: number;
  /** Whether matrices use WebGPU's 0..1 depth. */
  readonly zeroToOneDepth: boolean;
  /** Uploads the scene's files (clip records once); replaces the previous scene. */
  load(scene: PreviewScene, grid: Float32Array): void;
  /** Draws one frame into the canvas. Bytes sent to the GPU for it: `lastFrameUploadBytes`. */
  render(source: PoseSource, view: ViewState): void;
  readonly lastFrameUploadBytes: number;
  /** Resolves when the GPU has finished the work submitted so far (benches pace frames with it). */
  whenDone(): Promise<void>;
  /** The last rendered image as RGBA8 rows, top row first (tests, golden images, PNG export). */
  readPixels(): Promise<{ width: number; height: number; rgba: Uint8Array }>;
  dispose(): void;
}

/** Why WebGPU is not drawing, and what the user can try. */
export class WebGpuUnavailable extends Error {}

/** Joint markers' radius as a share of the bone axes' length. */
export const JOINT_RADIUS = 0.15;
