/**
 * The bones the user points at, kept in step with the other views: the selected bone (and the
 * others picked with Ctrl/Shift in the bone list), the hovered bone, a keyframe picked on the
 * curves, the host's selections followed (not its echoes of ours), and our own reported once
 * per change. The bookkeeping is SelectionSync's; this asks the model to seek and tells it what
 * changed. No DOM.
 */
import type { PreviewToHostMessage } from '../../../protocol/preview';
import type { BonePickGesture } from '../boneSelection';
import type { PreviewScene } from '../scene';
import { SelectionSync } from './selectionSync';

/** What the bones' focus reads of the model, and asks of it. */
export interface BoneFocusHost {
  readonly scene: PreviewScene | undefined;
  readonly currentFrame: number;
  readonly playing: boolean;
  seek(frame: number): void;
}

export class BoneFocus {
  private readonly sync = new SelectionSync();

  constructor(
    private readonly host: BoneFocusHost,
    private readonly post: (message: PreviewToHostMessage) => void,
    private readonly emit: (change: 'selection' | 'hover') => void,
  ) {}

  get selectedBone(): number {
    return this.sync.selectedBone;
  }

  get hoveredBone(): number {
    return this.sync.hoveredBone;
  }

  /** The last selections other views sent (frame, bone), newest last. */
  get received(): readonly [number, number][] {
    return this.sync.received;
  }

  /** Every selected bone of the scene's clip (Ctrl/Shift-click in the bone list adds some), `selectedBone` among them. */
  get selectedBones(): readonly number[] {
    return this.sync.selectedBones(this.host.scene?.clip.bones ?? 0);
  }

  /** A scene of `bones` bones loaded: a reload keeps the selection where the bone still exists, a new clip starts with none. */
  loaded(bones: number, keep: boolean): void {
    if (!keep || this.sync.selectedBone >= bones) this.sync.selectedBone = -1;
    if (!keep) this.sync.clearPicks();
  }

  hover(bone: number): void {
    this.sync.hoveredBone = bone;
    this.emit('hover');
  }

  /**
   * A click on `bone` in the bone list: selects it alone, or clears the selection when it is the
   * one selected; with Ctrl (`toggle`) or Shift (`range`) adds to the selection. The other views follow.
   */
  select(bone: number, gesture: BonePickGesture = 'only'): void {
    this.sync.pick(bone, gesture);
    this.emit('selection');
    if (this.sync.selectedBone >= 0) this.send(this.sync.report(this.host.currentFrame, true));
  }

  /** Shows `frame` with `bone` selected (a click on the curves); the other views follow. */
  selectKeyframe(frame: number, bone: number): void {
    const scene = this.host.scene;
    if (!scene || bone < 0 || bone >= scene.clip.bones) return;
    this.host.seek(frame);
    this.sync.selectedBone = bone;
    this.emit('selection');
    this.send(this.sync.report(this.host.currentFrame, true));
  }

  /** Tells the host (and so the hex editor) where the user is, once per change; nothing while playing. */
  report(): void {
    if (!this.host.scene || this.host.playing) return;
    this.send(this.sync.report(this.host.currentFrame));
  }

  /** Follows a selection the host sent (the hex editor's), unless it echoes our own report. */
  follow(frame: number, bone: number): void {
    const scene = this.host.scene;
    if (!this.sync.receive(frame, bone) || !scene) return;
    this.host.seek(frame);
    this.sync.selectedBone = bone >= 0 && bone < scene.clip.bones ? bone : -1;
    this.sync.reported(this.host.currentFrame);
    this.emit('selection');
  }

  private send(selection: { frame: number; bone: number } | undefined): void {
    if (selection) this.post({ type: 'selected', ...selection });
  }
}
