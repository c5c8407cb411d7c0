/**
 * Frame and bone selection kept in step with the hex editor: the selected (primary) bone and
 * the others picked with Ctrl/Shift in the bone list, the hovered bone, what this view reported
 * last (so that the editor's echo of our own report is not taken as a request to jump), and the
 * last selections other views sent (tests read them to diagnose sync problems). No DOM.
 */
import { BoneSelection, type BonePickGesture } from '../boneSelection';

export class SelectionSync {
  selectedBone = -1;
  hoveredBone = -1;
  private readonly picks = new BoneSelection();
  /** The last selections other views sent (frame, bone), newest last, at most 20. */
  readonly received: [number, number][] = [];
  private lastFrame = -1;
  private lastBone = -1;

  /** Every selected bone below `boneCount`, the primary among them. */
  selectedBones(boneCount: number): readonly number[] {
    return this.picks.bones(this.selectedBone).filter((bone) => bone < boneCount);
  }

  /** A click on `bone` in the bone list (boneSelection.ts): the primary bone follows it. */
  pick(bone: number, gesture: BonePickGesture): void {
    this.selectedBone = this.picks.pick(bone, gesture, this.selectedBone);
  }

  /** Forgets the bones picked (a new clip). */
  clearPicks(): void {
    this.picks.clear();
  }

  /** Records a selection from another view; false when it only echoes our last report. */
  receive(frame: number, bone: number): boolean {
    this.received.push([frame, bone]);
    if (this.received.length > 20) this.received.shift();
    return !(frame === this.lastFrame && Math.max(0, bone) === this.lastBone);
  }

  /** The selection to report at `frame`, or undefined when the other views already have it. */
  report(frame: number, force = false): { frame: number; bone: number } | undefined {
    if (!force && frame === this.lastFrame && this.selectedBone < 0) return undefined;
    this.lastFrame = frame;
    this.lastBone = Math.max(0, this.selectedBone);
    return { frame, bone: this.lastBone };
  }

  /** Marks `frame` and the selected bone as what the other views have (after following them). */
  reported(frame: number): void {
    this.lastFrame = frame;
    this.lastBone = Math.max(0, this.selectedBone);
  }
}
