/**
 * Messages between the extension host (client/src/clipDiff/) and the clip diff webview
 * (webview/clipDiff/): what changed between clip A (the old side: HEAD, the index, the file
 * selected first) and clip B, as a bones x frames heatmap of one measure at a time and the
 * totals per bone. Wire types of their own; `convert/clipDiff.ts` fills them from the core's diff.
 */

/** The measure the heatmap colours by. */
export type ClipDiffChannelWire = 'rotation' | 'position' | 'scale';

export interface ClipDiffSideWire {
  /** What the user reads: "walk.nczxanim (HEAD)", a workspace-relative path... */
  label: string;
  boneCount: number;
  frameCount: number;
  size: number;
}

/** The largest and the mean difference of one measure over a bone's frames; `maxFrame` -1 when none differs. Scales are ratios (1 = equal). */
export interface ChannelTotalsWire {
  max: number;
  mean: number;
  maxFrame: number;
}

export interface BoneTotalsWire {
  bone: number;
  changedKeyframes: number;
  rotation: ChannelTotalsWire;
  position: ChannelTotalsWire;
  scale: ChannelTotalsWire;
}

/**
 * Largest difference per cell, bone-major (`values[bone * columns + c]`); column `c` covers
 * frames `[frameStarts[c], frameStarts[c + 1])`. Unchanged cells hold 0 (scale: 1).
 */
export interface ChannelGridsWire {
  bones: number;
  columns: number;
  frameStarts: number[];
  rotation: Float64Array;
  position: Float64Array;
  scale: Float64Array;
}

/** The place of the largest difference of one measure; bone -1 when nothing differs. */
export interface DiffExtremeWire {
  value: number;
  bone: number;
  frame: number;
}

export interface ClipDiffViewWire {
  a: ClipDiffSideWire;
  b: ClipDiffSideWire;
  /** Bone names where known (a clip exported from glTF), bone 0 first. */
  boneNames?: string[];
  compared: { boneCount: number; frameCount: number };
  /** The summary lines `ewzanim diff` prints (shapes, header changes, what only one side holds, the largest differences). */
  summary: string[];
  identical: boolean;
  changedKeyframes: number;
  changedBones: number[];
  worst: Record<ClipDiffChannelWire, DiffExtremeWire>;
  bones: BoneTotalsWire[];
  grids: ChannelGridsWire;
}

/** A bone and a frame of the compared range. */
export interface DiffCellWire {
  bone: number;
  frame: number;
}

export type HostToClipDiffMessage =
  /** The diff to show (again, after either file changed). */
  | { type: 'show'; view: ClipDiffViewWire }
  /** The clips could not be compared (a stable code of the core: diff/bad-header...). */
  | { type: 'failure'; code: string; message: string }
  /** Another view selected a keyframe of B: mark it. */
  | { type: 'select'; cell: DiffCellWire };

/** What the page shows (tests read it). */
export interface ClipDiffStateWire {
  channel: ClipDiffChannelWire;
  selected?: DiffCellWire;
  /** The largest difference of the shown measure, outlined on the heatmap. */
  highlighted?: DiffCellWire;
  /** Heatmap size in canvas pixels and how many frames one pixel column covers (1 or more). */
  canvas: { width: number; height: number; framesPerPixel: number };
}

export type ClipDiffToHostMessage =
  | { type: 'ready' }
  /** A cell was clicked: select that frame and bone in both sides' hex editors and previews. */
  | { type: 'select'; cell: DiffCellWire }
  /** Open both clips in the hex editor, side by side. */
  | { type: 'openHexEditors' }
  /** Open a preview of each clip, side by side. */
  | { type: 'openPreviews' }
  /** Open a preview of A with B drawn over it as a ghost, at the selected cell (else the largest difference). */
  | { type: 'openGhostPreview' }
  | { type: 'state'; state: ClipDiffStateWire };
