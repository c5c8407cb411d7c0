/**
 * The motion findings drawn on the curves of the bones shown: a marker at a step (`anim/pop`,
 * `anim/position-jump`: on the frame after the step, whose record the finding's bytes are), a band
 * over a span (`anim/frozen-bones`, `anim/static-clip`, `anim/repeated-frames`). Pure.
 */
import type { MotionCode, MotionFinding } from '../../../formats/motion/motionOptions';

export interface CurveMark {
  kind: 'marker' | 'band';
  code: MotionCode;
  /** The one bone the finding names (a pop's), else undefined (several bones, or the clip). */
  bone?: number;
  /** First and last frame covered (a marker: the frames either side of the step). */
  first: number;
  last: number;
  /** The frame a click selects: the step's second frame, a band's first frame. */
  frame: number;
  message: string;
}

const STEP_CODES: ReadonlySet<MotionCode> = new Set(['anim/pop', 'anim/position-jump']);

/** The marks for `bones`: their own findings (once each) and the clip-wide ones, markers after bands. */
export function marksForBones(findings: readonly MotionFinding[], bones: readonly number[]): CurveMark[] {
  const marks: CurveMark[] = [];
  for (const f of findings) {
    const concerns = f.bone !== undefined ? bones.includes(f.bone) : f.bones !== undefined ? f.bones.some((b) => bones.includes(b)) : true;
    if (!concerns) continue;
    const step = STEP_CODES.has(f.code);
    marks.push({ kind: step ? 'marker' : 'band', code: f.code, bone: f.bone, first: f.frames[0], last: f.frames[1], frame: step ? f.frames[1] : f.frames[0], message: f.message });
  }
  return marks.sort((a, b) => (a.kind === b.kind ? a.first - b.first : a.kind === 'band' ? -1 : 1));
}

/** The marker nearest `frame` within `tolerance` frames (a click near it picks it), if any. */
export function markerNear(marks: readonly CurveMark[], frame: number, tolerance: number): CurveMark | undefined {
  let best: CurveMark | undefined;
  for (const mark of marks) {
    if (mark.kind !== 'marker') continue;
    const distance = Math.abs(mark.frame - frame);
    if (distance <= tolerance && (!best || distance < Math.abs(best.frame - frame))) best = mark;
  }
  return best;
}
