/**
 * A second clip shown as a ghost over the preview's clip (Compare Clips: A solid, B ghost): which
 * frame of B is drawn for the frame A shows, which of B's bones is highlighted, and why nothing
 * is drawn when B lacks the frame (a shorter clip), the bone, or the mode (the mixer's pose is
 * not A's frame). Pure: no DOM, no GPU; B's clip is checked by the preview's own `buildScene`.
 */
import type { GhostClipWire, PlaybackMode } from '../../../protocol/preview';
import { BONE_OUTPUT_FLOATS, buildPose, MAX_OUTPUT_BONES, type FrameRequest, type PoseInputs } from '../pose';
import type { ViewState } from '../renderer';
import { buildScene } from '../scene';
import { ghostLines } from './ghostLines';

/** The ghost's clip, as checked. */
export interface GhostClip {
  label: string;
  bytes: Uint8Array;
  bones: number;
  frames: number;
}

/** What the ghost draws for the frame A shows: B's request and highlighted bone, or why nothing. */
export type GhostView =
  | { drawn: true; request: FrameRequest; bones: number; selectedBone: number; note?: string }
  | { drawn: false; reason: string };

export class GhostModel {
  clip?: GhostClip;
  /** The legend's toggle. */
  shown = true;
  /** Pose buffers for the lines: A's joints, B's. */
  private readonly poses = { a: new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS), b: new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS) };

  /** `changed`: the ghost's clip or toggle changed (the view redraws). */
  constructor(private readonly changed: () => void = () => undefined) {}

  /** Shows or hides the ghost (the legend's toggle). */
  setShown(shown: boolean): void {
    this.shown = shown;
    this.changed();
  }

  /** Takes B's clip (undefined: no ghost); returns why it cannot be drawn, if so. */
  receive(ghost: GhostClipWire | undefined): string | undefined {
    if (!ghost) {
      this.clip = undefined;
      return undefined;
    }
    const result = buildScene(ghost.file);
    if ('fatal' in result) {
      this.clip = undefined;
      return `Ghost ${ghost.label}: ${result.fatal}`;
    }
    const { bytes, bones, frames } = result.scene.clip;
    this.clip = { label: ghost.label, bytes, bones, frames };
    return undefined;
  }

  /**
   * What B shows while A shows `request` in `mode` with `selectedBone` selected: the same frame
   * (blended towards the same next frame where B has it), nothing where B has no such frame.
   */
  view(request: FrameRequest | undefined, mode: PlaybackMode, selectedBone: number): GhostView | undefined {
    const clip = this.clip;
    if (!clip) return undefined;
    if (!this.shown) return { drawn: false, reason: 'hidden' };
    if (mode === 'mixer' || !request) return { drawn: false, reason: 'not drawn in mixer mode' };
    if (request.frame >= clip.frames) return { drawn: false, reason: `B has no frame ${request.frame} (${clip.frames} frames)` };
    const blended = request.blended && request.nextFrame < clip.frames;
    const ghostRequest: FrameRequest = blended ? request : { frame: request.frame, nextFrame: request.frame, blend: 0, blended: false };
    const lacksBone = selectedBone >= clip.bones;
    return {
      drawn: true,
      request: ghostRequest,
      bones: clip.bones,
      selectedBone: lacksBone ? -1 : selectedBone,
      note: lacksBone ? `B has no bone ${selectedBone} (${clip.bones} bones)` : undefined,
    };
  }

  /** B's clip as the pose decoder's input: its bone matrices only (no skeleton, no mesh). */
  poseInputs(): PoseInputs | undefined {
    const clip = this.clip;
    return clip && { clip: clip.bytes, clipBones: clip.bones, frameCount: clip.frames, skeletonBones: 0 };
  }

  /**
   * The ghost's lines where `view` draws it, over A (`a`, its first `aBones` bones) posed at
   * `request`: B's joints, and B's axes and links where a bone differs from A's.
   */
  lines(view: GhostView | undefined, a: PoseInputs, aBones: number, request: FrameRequest, state: Pick<ViewState, 'gizmoLength' | 'palette'>): Float32Array | undefined {
    const inputs = this.poseInputs();
    if (!view?.drawn || !inputs) return undefined;
    const bonesA = buildPose(a, request, this.poses.a);
    return ghostLines(inputs, view, this.poses.a, Math.min(bonesA, aBones), state, this.poses.b);
  }

  /** The legend's line: which side is which, and why B is not drawn when it is not. */
  legend(view: GhostView | undefined): string {
    if (!view || !this.clip) return '';
    const base = `A solid · B ghost (${this.clip.label})`;
    if (!view.drawn) return view.reason === 'hidden' ? base : `${base}: ${view.reason}`;
    return view.note ? `${base}: ${view.note}` : base;
  }
}
