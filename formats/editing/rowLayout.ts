/**
 * How the hex editor cuts a file into rows. A clip or skeleton: the header row, one row per
 * record (16-byte keyframe, 48-byte inverse bind matrix), then 16-byte rows for whatever does
 * not form a whole record; a file whose header cannot be read becomes plain 16-byte rows from
 * byte 0. An NRes file (MSH models and archives): rows of varying size from its directory
 * (`msh/rows.ts`). Pure arithmetic on plain data, shared by the extension host and the webview.
 */
import { CLIP_HEADER_SIZE, detectLegacyClip, KEYFRAME_SIZE, parseClipHeader } from '../clip';
import type { ClipHeader, SkeletonHeader } from '../records';
import { INVERSE_BIND_SIZE, MAX_SKELETON_BONES, parseSkeletonHeader, SKELETON_HEADER_SIZE } from '../skeleton';
import { MSH_ROW_BYTES, type MshRowLayout, mshRowInfo, mshRowOfOffset, mshRowStart } from '../msh/rows';

export { type MshRowLayout, mshRowLayout } from '../msh/rows';

/** Row width of plain and tail rows (a hex editor's usual 16 bytes, not a record size). */
export const PLAIN_ROW_BYTES = 16;

/** The rows of a clip or skeleton, or of an NRes file. */
export type RowLayout = GridRowLayout | MshRowLayout;

/** A clip or skeleton: a header row, then one row per record. */
export interface GridRowLayout {
  kind: 'clip' | 'skeleton';
  size: number;
  /** Bytes of the header row; 0 when the header is unreadable (plain rows from byte 0). */
  headerSize: number;
  /** Bytes per record row: 16 (keyframe), 48 (matrix), or 16 in plain mode. */
  recordSize: number;
  /** Clip: bones per frame; skeleton: bones; 0 in plain mode. */
  boneCount: number;
  /** Clip: frames the header promises; skeleton: 1; 0 in plain mode. */
  frameCount: number;
  /** Whole records present in the file (fewer than promised when it is truncated). */
  recordCount: number;
  /** Size the header promises (0 in plain mode). */
  expectedSize: number;
  rowCount: number;
}

export type RowRole = 'header' | 'record' | 'incomplete' | 'trailing' | 'plain';

export interface RowInfo {
  row: number;
  start: number;
  /** Exclusive; never beyond the file. */
  end: number;
  role: RowRole;
  /** Record rows of a clip. */
  frame?: number;
  /** Record rows (skeleton: the bone of the matrix). */
  bone?: number;
  /** `frame 3 · bone 1`, `bone 2`, `header`, `trailing`, or '' for plain rows. */
  label: string;
}

/**
 * The layout of a file from its first 16 bytes and its size. The two-day-old clip layout
 * (16-byte header, 48-byte matrices) is shown as plain rows: read as today's format it is noise.
 */
export function layoutOfFile(kind: GridRowLayout['kind'], first16: Uint8Array, size: number): GridRowLayout {
  if (kind === 'skeleton') {
    const header = parseSkeletonHeader(first16);
    return skeletonRowLayout(size, header && header.boneCount <= MAX_SKELETON_BONES ? header : undefined);
  }
  return clipRowLayout(size, detectLegacyClip(first16, size) ? undefined : parseClipHeader(first16));
}

export function clipRowLayout(size: number, header: ClipHeader | undefined): GridRowLayout {
  // No bones or no frames: nothing to lay out as records; the diagnostics explain the header.
  if (!header || size < CLIP_HEADER_SIZE || header.boneCount === 0 || header.frameCount === 0) return plainLayout('clip', size);
  const promised = header.boneCount * header.frameCount;
  return gridLayout('clip', size, CLIP_HEADER_SIZE, KEYFRAME_SIZE, header.boneCount, header.frameCount, promised, header.expectedSize);
}

export function skeletonRowLayout(size: number, header: SkeletonHeader | undefined): GridRowLayout {
  if (!header || size < SKELETON_HEADER_SIZE || header.boneCount === 0) return plainLayout('skeleton', size);
  return gridLayout('skeleton', size, SKELETON_HEADER_SIZE, INVERSE_BIND_SIZE, header.boneCount, 1, header.boneCount, header.expectedSize);
}

function plainLayout(kind: GridRowLayout['kind'], size: number): GridRowLayout {
  return {
    kind, size, headerSize: 0, recordSize: PLAIN_ROW_BYTES, boneCount: 0, frameCount: 0, recordCount: 0,
    expectedSize: 0, rowCount: Math.ceil(size / PLAIN_ROW_BYTES),
  };
}

function gridLayout(
  kind: GridRowLayout['kind'], size: number, headerSize: number, recordSize: number,
  boneCount: number, frameCount: number, promised: number, expectedSize: number,
): GridRowLayout {
  const recordCount = Math.min(promised, Math.floor((size - headerSize) / recordSize));
  const tailBytes = size - headerSize - recordCount * recordSize;
  return {
    kind, size, headerSize, recordSize, boneCount, frameCount, recordCount, expectedSize,
    rowCount: 1 + recordCount + Math.ceil(tailBytes / PLAIN_ROW_BYTES),
  };
}

/** First byte after the record rows. */
function tailStart(layout: GridRowLayout): number {
  return layout.headerSize + layout.recordCount * layout.recordSize;
}

/** The first row of a layout that holds records (0 in plain mode). */
function firstRecordRow(layout: GridRowLayout): number {
  return layout.headerSize > 0 ? 1 : 0;
}

/** Bytes of the largest row: how many 16-byte lines every row of the editor has. */
export function widestRow(layout: RowLayout): number {
  return layout.kind === 'msh' ? MSH_ROW_BYTES : layout.recordSize;
}

export function rowStart(layout: RowLayout, row: number): number {
  if (layout.kind === 'msh') return mshRowStart(layout, row);
  if (layout.headerSize > 0 && row === 0) return 0;
  const record = row - firstRecordRow(layout);
  if (record < layout.recordCount) return layout.headerSize + record * layout.recordSize;
  return tailStart(layout) + (record - layout.recordCount) * PLAIN_ROW_BYTES;
}

/** The row holding byte `offset` (clamped into the file). */
export function rowOfOffset(layout: RowLayout, offset: number): number {
  if (layout.kind === 'msh') return mshRowOfOffset(layout, offset);
  const at = Math.max(0, Math.min(offset, layout.size - 1));
  if (layout.headerSize > 0 && at < layout.headerSize) return 0;
  const tail = tailStart(layout);
  if (at < tail) return firstRecordRow(layout) + Math.floor((at - layout.headerSize) / layout.recordSize);
  return firstRecordRow(layout) + layout.recordCount + Math.floor((at - tail) / PLAIN_ROW_BYTES);
}

export function rowInfo(layout: RowLayout, row: number): RowInfo {
  if (layout.kind === 'msh') return mshRowInfo(layout, row);
  const start = rowStart(layout, row);
  if (layout.headerSize > 0 && row === 0) {
    return { row, start, end: Math.min(layout.size, layout.headerSize), role: 'header', label: 'header' };
  }
  const record = row - firstRecordRow(layout);
  if (layout.headerSize > 0 && record < layout.recordCount) {
    const end = start + layout.recordSize;
    if (layout.kind === 'skeleton') return { row, start, end, role: 'record', bone: record, label: `bone ${record}` };
    const frame = Math.floor(record / layout.boneCount);
    const bone = record % layout.boneCount;
    return { row, start, end, role: 'record', frame, bone, label: `frame ${frame} · bone ${bone}` };
  }
  const end = Math.min(layout.size, start + PLAIN_ROW_BYTES);
  if (layout.headerSize === 0) return { row, start, end, role: 'plain', label: '' };
  return start < layout.expectedSize
    ? { row, start, end, role: 'incomplete', label: 'incomplete record' }
    : { row, start, end, role: 'trailing', label: 'trailing bytes' };
}

/** Byte offset of a clip's keyframe, or of a skeleton's matrix (frame 0). */
export function recordStart(layout: GridRowLayout, frame: number, bone: number): number {
  return layout.headerSize + (frame * layout.boneCount + bone) * layout.recordSize;
}
