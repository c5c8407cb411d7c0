/**
 * The Curves panel's state without the DOM: whether it shows, the frames in view, the bones'
 * decoded channels (kept for the last `MAX_CURVE_BONES` bones asked) and the clip's motion findings (scanned once
 * per load, a slice at a time after the first draw: the largest clip's scan is the slow part).
 */
import type { MotionOptions } from '../../../formats/motion/motionOptions';
import { marksForBones, type CurveMark } from './curveMarks';
import { decodeBoneCurves, type BoneCurves, type ClipShape } from './curveSeries';
import { FrameWindow } from './frameWindow';
import { SCAN_SLICE_RECORDS, SlicedMotionScan } from './motionScan';

/** The most bones the panel draws at once (more selected: the first ones, with a note). */
export const MAX_CURVE_BONES = 8;

/** Runs a task later (setTimeout in the page; the tests pass their own). */
export type Later = (task: () => void) => void;

export class CurvesModel {
  shown = false;
  readonly window = new FrameWindow();
  private clip?: { bytes: Uint8Array; shape: ClipShape; options: Partial<MotionOptions> };
  /** Decoded bones, the least recently asked first. */
  private decoded = new Map<number, BoneCurves>();
  private scan?: SlicedMotionScan;

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
    this.decoded.clear();
    this.scan = undefined;
    if (!keep || !sameLength) this.window.reset(shape.frameCount);
  }

  /** `bone`'s channels over the whole clip (decoded on the first ask). */
  curves(bone: number): BoneCurves | undefined {
    const clip = this.clip;
    if (!clip || bone < 0 || bone >= clip.shape.boneCount) return undefined;
    const curves = this.decoded.get(bone) ?? decodeBoneCurves(clip.bytes, clip.shape, bone);
    this.decoded.delete(bone);
    this.decoded.set(bone, curves);
    if (this.decoded.size > MAX_CURVE_BONES) this.decoded.delete(this.decoded.keys().next().value!);
    return curves;
  }

  /** `bone`'s channels if decoded already (nothing is decoded). */
  cached(bone: number): BoneCurves | undefined {
    return this.decoded.get(bone);
  }

  /** Whether the findings are in (until then `marks` is empty). */
  get marksReady(): boolean {
    return this.scan?.findings !== undefined;
  }

  /**
   * Scans the clip's motion findings, `slice` records now and as many per `later` task, then
   * calls `done` (at once when they are in). A new load abandons a scan under way.
   */
  scanMarks(later: Later, done: () => void, slice = SCAN_SLICE_RECORDS): void {
    if (!this.clip) return;
    if (this.scan) {
      if (this.scan.findings) done();
      return;
    }
    const scan = (this.scan = new SlicedMotionScan(this.clip.bytes, this.clip.options));
    const next = (): void => {
      if (this.scan !== scan) return;
      if (scan.step(slice)) done();
      else later(next);
    };
    next();
  }

  /** The motion findings that concern `bones`, as marks (none until scanned). */
  marks(bones: readonly number[]): CurveMark[] {
    return this.scan?.findings ? marksForBones(this.scan.findings, bones) : [];
  }
}
