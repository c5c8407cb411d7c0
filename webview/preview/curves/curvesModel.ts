/**
 * The Curves panel's state without the DOM: whether it shows, the frames in view, the bone's
 * decoded channels (kept for the last bone asked) and the clip's motion findings (computed once
 * per load, on first use: the largest clip's scan is the slow part, so the panel draws first).
 */
import { motionFindings } from '../../../formats/motion/motionFindings';
import type { MotionFinding, MotionOptions } from '../../../formats/motion/motionOptions';
import { marksForBone, type CurveMark } from './curveMarks';
import { decodeBoneCurves, type BoneCurves, type ClipShape } from './curveSeries';
import { FrameWindow } from './frameWindow';

export class CurvesModel {
  shown = false;
  readonly window = new FrameWindow();
  private clip?: { bytes: Uint8Array; shape: ClipShape; options: Partial<MotionOptions> };
  private decoded?: BoneCurves;
  private findings?: MotionFinding[];

  /** `changed` announces that the panel was shown or hidden. */
  constructor(private readonly changed: () => void) {}

  setShown(shown: boolean): void {
    if (this.shown === shown) return;
    this.shown = shown;
    this.changed();
  }

  /** A new clip (or the same one reloaded): caches dropped; the window kept on a reload of as many frames. */
  load(bytes: Uint8Array, shape: ClipShape, options: Partial<MotionOptions>, keep: boolean): void {
    const sameLength = this.clip?.shape.frameCount === shape.frameCount;
    this.clip = { bytes, shape, options };
    this.decoded = undefined;
    this.findings = undefined;
    if (!keep || !sameLength) this.window.reset(shape.frameCount);
  }

  get frameCount(): number {
    return this.clip?.shape.frameCount ?? 0;
  }

  /** `bone`'s channels over the whole clip (decoded on the first ask). */
  curves(bone: number): BoneCurves | undefined {
    const clip = this.clip;
    if (!clip || bone < 0 || bone >= clip.shape.boneCount) return undefined;
    if (this.decoded?.bone !== bone) this.decoded = decodeBoneCurves(clip.bytes, clip.shape, bone);
    return this.decoded;
  }

  /** Whether the findings are computed (marks() is then cheap). */
  get marksReady(): boolean {
    return this.findings !== undefined || !this.clip;
  }

  /** The motion findings that concern `bone`, as marks. */
  marks(bone: number): CurveMark[] {
    if (!this.clip) return [];
    this.findings ??= motionFindings(this.clip.bytes, this.clip.options);
    return marksForBone(this.findings, bone);
  }
}
