/**
 * The keyframe listing's line and column layout: one table of columns drives both the text
 * (listingText.ts) and the way back from a hovered line/column to a byte offset, so the hover
 * never re-reads or re-parses the listing.
 */
/** At most this many keyframes per listing window; bigger clips are listed a window of frames at a time. */
export const LISTING_WINDOW_KEYFRAMES = 2000;

/** Comment lines before the first frame: title, clip, window, status, column names. */
export const LISTING_HEADER_LINES = 5;
/** The header line that names the clip's shape (its hover describes the 4 header bytes). */
export const LISTING_CLIP_LINE = 1;

export type KeyframeColumnField =
  | 'bone'
  | 'offset'
  | 'rotation'
  | 'quaternion.x'
  | 'quaternion.y'
  | 'quaternion.z'
  | 'quaternion.w'
  | 'position.x'
  | 'position.y'
  | 'position.z'
  | 'scale.x'
  | 'scale.y'
  | 'scale.z';

export interface KeyframeColumn {
  field: KeyframeColumnField;
  /** Text written before the value (the column's span includes it). */
  prefix: string;
  /** The value is right-aligned in this many characters. */
  width: number;
  /** Byte offset inside the 16-byte record that the column shows. */
  recordOffset: number;
}

export const KEYFRAME_COLUMNS: readonly KeyframeColumn[] = [
  { field: 'bone', prefix: '  bone ', width: 3, recordOffset: 0 },
  { field: 'offset', prefix: '  @', width: 10, recordOffset: 0 },
  { field: 'rotation', prefix: '  rot ', width: 10, recordOffset: 0 },
  { field: 'quaternion.x', prefix: '  q(', width: 9, recordOffset: 0 },
  { field: 'quaternion.y', prefix: ' ', width: 9, recordOffset: 0 },
  { field: 'quaternion.z', prefix: ' ', width: 9, recordOffset: 0 },
  { field: 'quaternion.w', prefix: ' ', width: 9, recordOffset: 0 },
  { field: 'position.x', prefix: ')  p(', width: 10, recordOffset: 4 },
  { field: 'position.y', prefix: ' ', width: 10, recordOffset: 6 },
  { field: 'position.z', prefix: ' ', width: 10, recordOffset: 8 },
  { field: 'scale.x', prefix: ')  s(', width: 10, recordOffset: 10 },
  { field: 'scale.y', prefix: ' ', width: 10, recordOffset: 12 },
  { field: 'scale.z', prefix: ' ', width: 10, recordOffset: 14 },
];
export const KEYFRAME_LINE_SUFFIX = ')';

/** Which frames one listing document shows. */
export interface ListingWindow {
  boneCount: number;
  /** Frames in the whole clip, by its header. */
  totalFrames: number;
  /** Frames per window: the step of the next/previous commands. */
  windowFrames: number;
  firstFrame: number;
  /** Frames listed in this window. */
  frameCount: number;
}

/**
 * The window that holds `requestedFirstFrame`, aligned to a window start and clamped to the
 * last window, so every caller (text, hover, commands) agrees on the same frames.
 */
export function listingWindow(boneCount: number, totalFrames: number, requestedFirstFrame: number): ListingWindow {
  const windowFrames = Math.max(1, Math.floor(LISTING_WINDOW_KEYFRAMES / Math.max(1, boneCount)));
  const lastStart = totalFrames > 0 ? Math.floor((totalFrames - 1) / windowFrames) * windowFrames : 0;
  const aligned = Math.floor(Math.max(0, requestedFirstFrame) / windowFrames) * windowFrames;
  const firstFrame = Math.min(aligned, lastStart);
  const frameCount = Math.max(0, Math.min(windowFrames, totalFrames - firstFrame));
  return { boneCount, totalFrames, windowFrames, firstFrame, frameCount };
}

/** What a position in the listing points at. */
export type ListingTarget =
  | { kind: 'clipHeader' }
  | { kind: 'frame'; frame: number }
  | { kind: 'keyframe'; frame: number; bone: number; column: KeyframeColumn };

/** Lines per frame: the frame line, then one line per bone. */
function linesPerFrame(window: ListingWindow): number {
  return window.boneCount + 1;
}

/** The listing line of frame `frame`'s header (frame must be inside the window). */
export function frameLine(window: ListingWindow, frame: number): number {
  return LISTING_HEADER_LINES + (frame - window.firstFrame) * linesPerFrame(window);
}

/** Characters `[start, end)` of a column's value on a keyframe line (what a hover highlights). */
export function keyframeColumnSpan(field: KeyframeColumnField): { start: number; end: number } {
  let at = 0;
  for (const column of KEYFRAME_COLUMNS) {
    at += column.prefix.length;
    if (column.field === field) return { start: at, end: at + column.width };
    at += column.width;
  }
  return { start: 0, end: 0 };
}

/** The column under `character` on a keyframe line; prefixes belong to their column. */
export function keyframeColumnAt(character: number): KeyframeColumn | undefined {
  let end = 0;
  for (const column of KEYFRAME_COLUMNS) {
    end += column.prefix.length + column.width;
    if (character < end) return column;
  }
  return undefined;
}

/** The clip header, a frame or a keyframe column at a listing position; undefined elsewhere. */
export function listingTargetAt(window: ListingWindow, line: number, character: number): ListingTarget | undefined {
  if (line === LISTING_CLIP_LINE) return { kind: 'clipHeader' };
  if (line < LISTING_HEADER_LINES || window.boneCount < 1) return undefined;
  const index = line - LISTING_HEADER_LINES;
  const frame = window.firstFrame + Math.floor(index / linesPerFrame(window));
  if (frame >= window.firstFrame + window.frameCount) return undefined;
  const row = index % linesPerFrame(window);
  if (row === 0) return { kind: 'frame', frame };
  const column = keyframeColumnAt(character);
  return column ? { kind: 'keyframe', frame, bone: row - 1, column } : undefined;
}
