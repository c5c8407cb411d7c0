/**
 * What a preview page needs of its model, whatever it shows: a clip on a skeleton and mesh
 * (PreviewModel) or the node hierarchy of an MSH model (webview/mshPreview/model.ts). The page
 * wires one of them to the same renderer host, camera, grid, gizmos and draw loop. No DOM, no GPU.
 */
import type { PoseSource, ViewState } from '../renderer';
import type { PreviewScene } from '../scene';

/** What changed, so that a view redraws only its part. */
export type ModelChange =
  /** A new scene (or none): the renderer reloads, the lists are rebuilt. */
  | 'scene'
  /** The frame or the blend moved: the pose and the readouts change. */
  | 'time'
  | 'playing'
  | 'selection'
  | 'hover'
  /** Playback mode, loop, speed, rule or blend settings. */
  | 'settings'
  | 'mixer'
  | 'notice';

export interface AnimationViewModel {
  onChange(listener: (change: ModelChange) => void): () => void;
  /** What the renderer loads; undefined while nothing can be drawn. */
  readonly scene?: PreviewScene;
  readonly frameCount: number;
  /** The integer frame shown. */
  readonly currentFrame: number;
  /** Frames since the start, fractional while blending (the timeline's playhead). */
  readonly position: number;
  readonly playing: boolean;
  setPlaying(playing: boolean): void;
  /** Advances by `seconds` of wall time while playing; true when the pose changed. */
  advance(seconds: number): boolean;
  seek(frame: number): void;
  readonly boneCount: number;
  /** The name shown for a bone (or node): its name where one is known, else its index. */
  boneLabel(bone: number): string;
  readonly selectedBone: number;
  readonly hoveredBone: number;
  hover(bone: number): void;
  /** Where this frame's bone matrices come from; undefined without a scene. */
  pose(): PoseSource | undefined;
  /** Lines to draw over the scene with `pose` this frame (meshes attached to bones, a ghost clip), if any; `view` gives their scale and colours. */
  overlayLines?(pose: PoseSource | undefined, view?: Pick<ViewState, 'gizmoLength' | 'palette'>): Float32Array | undefined;
  /** Lines of the notice above the view (problems, outcomes), in order. */
  readonly notices: readonly string[];
}
