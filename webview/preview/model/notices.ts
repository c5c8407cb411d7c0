/** The preview's notice lines besides the scene's problems: why nothing draws, and outcomes that expire. No DOM. */
import type { ExportKind } from '../../../protocol/preview';
import { judgeClipAgainstSkeleton } from '../../../formats/motion/localSpace';

/** How long an expiring notice (an export's outcome) stays. */
export const NOTICE_MS = 6000;

export class Notices {
  /** Why the clip cannot be drawn at all. */
  fatal?: string;
  /** The clip reads as local space against its skeleton (`localSpaceNotice`). */
  localSpace?: string;
  /** The expiring line shown now, and the last one shown (tests read it after it expired). */
  private flash: { text?: string; last?: string } = {};

  constructor(private readonly later: (task: () => void, ms: number) => void, private readonly changed: () => void) {}

  get transient(): string | undefined {
    return this.flash.text;
  }

  get last(): string | undefined {
    return this.flash.last;
  }

  /** Shows `text` for NOTICE_MS. */
  show(text: string): void {
    this.flash = { text, last: text };
    this.changed();
    this.later(() => {
      if (this.flash.text !== text) return;
      this.flash = { last: text };
      this.changed();
    }, NOTICE_MS);
  }
}

export function exportOutcome(kind: ExportKind, outcome: 'saved' | 'cancelled' | 'failed', detail?: string): string {
  const what = kind === 'png' ? 'PNG' : 'Video';
  if (outcome === 'saved') return `${what} saved${detail ? `: ${detail}` : '.'}`;
  if (outcome === 'cancelled') return `${what} not saved (cancelled).`;
  return `${what} could not be saved${detail ? `: ${detail}` : '.'}`;
}

/**
 * The banner's `anim/local-space` line when the clip shown with its skeleton reads as
 * local-space joint transforms against the skeleton's bind pose (the check's verdict,
 * `judgeClipAgainstSkeleton`); undefined without a skeleton or when it reads as model space.
 */
export function localSpaceNotice(clip: Uint8Array, skeleton: Uint8Array | undefined): string | undefined {
  const verdict = skeleton ? judgeClipAgainstSkeleton(clip, skeleton) : undefined;
  if (!verdict?.localSpace) return undefined;
  return `anim/local-space: the clip looks like local-space joint transforms: only ${verdict.connected} of its ${verdict.tested} joints stay attached to another bone of the skeleton's bind pose in ${verdict.frames.length} sampled frames. ` +
    'keyframe_bind draws clip transforms as model space, so the mesh comes apart at its joints: re-export the clip in model space, or show it with the skeleton it was made for.';
}
