/**
 * The decoded values one row shows beside its bytes. Pure: the core's decoders, no DOM.
 * (Which field each byte belongs to comes from the core's `fieldsOfRow`; NRes rows are decoded
 * by `mshRowContent.ts`.)
 */
import { decodeKeyframe, parseClipHeader } from '../../formats/clip';
import type { ByteFieldType } from '../../formats/describe';
import type { GridRowLayout, RowInfo, RowLayout } from '../../formats/editing/rowLayout';
import { formatList, formatRowValue, formatValue, formatValueWithin, VALUE_MAX_CH } from '../../formats/numberText';
import { parseSkeletonHeader, readInverseBind } from '../../formats/skeleton';
import type { DecodedGroup } from './decodedGroup';
import { mshDecodedGroups } from './mshRowContent';

export type { DecodedGroup } from './decodedGroup';

/** The most characters of each cell of a matrix row, `[c0,` `c1,` `c2` `| t]`. */
export const MATRIX_CELL_CH: readonly number[] = [VALUE_MAX_CH + 2, VALUE_MAX_CH + 1, VALUE_MAX_CH, VALUE_MAX_CH + 3];

/** Row `r` of an inverse bind matrix (stored column-major: c0, c1, c2, t) as cells one space apart: `[1, 0, 0 | 0]`. */
function matrixRowCells(m: ArrayLike<number>, r: number): string[] {
  const value = formatValueWithin;
  return [`[${value(m[r])},`, `${value(m[3 + r])},`, value(m[6 + r]), `| ${value(m[9 + r])}]`];
}

const keyframeGroup = (fieldType: ByteFieldType, name: string, values: ArrayLike<number>): DecodedGroup => {
  const cells = Array.from(values, (v) => formatRowValue(v).padStart(7));
  return { fieldType, name, text: cells.join(' '), cells };
};

/** The decoded values of a row as groups (keyframes: q, p, s; matrices: one per matrix row). */
export function decodedGroups(layout: RowLayout, row: RowInfo, bytes: Uint8Array, frameRate: number): DecodedGroup[] {
  if (layout.kind === 'msh') return mshDecodedGroups(layout, row, bytes);
  if (row.role === 'record' && layout.kind === 'clip') {
    const t = decodeKeyframe(bytes, 0);
    return [keyframeGroup('rotation', 'q', t.rotation), keyframeGroup('position', 'p', t.position), keyframeGroup('scale', 's', t.scale)];
  }
  if (row.role === 'record' && layout.kind === 'skeleton') {
    const m = readInverseBind(bytes, 0);
    return [0, 1, 2].map((r) => {
      const cells = matrixRowCells(m, r);
      return { fieldType: 'matrix', name: '', text: cells.join(' '), cells, cellCh: MATRIX_CELL_CH };
    });
  }
  return decodedLines(layout, row, bytes, frameRate).map((text) => ({ fieldType: undefined, name: '', text }));
}

/** The decoded values of a row, one line per display line (skeleton matrices: 3 rows). */
export function decodedLines(layout: GridRowLayout, row: RowInfo, bytes: Uint8Array, frameRate: number): string[] {
  if (row.role === 'header') {
    // A header row exists only when its header parsed (`layoutOfFile`).
    const clip = layout.kind === 'clip' ? parseClipHeader(bytes) : undefined;
    if (clip) {
      const flags = clip.flags === 0 ? 'flags 0' : `flags ${clip.flags} (must be 0)`;
      return [`${clip.boneCount} bones · ${flags} · ${clip.frameCount} frames (${formatValue(clip.frameCount / frameRate)} s at ${frameRate} fps)`];
    }
    const skeleton = layout.kind === 'skeleton' ? parseSkeletonHeader(bytes) : undefined;
    if (skeleton) return [`${skeleton.boneCount} bones · reserved ${skeleton.reserved}${skeleton.reserved === 0 ? '' : ' (documented as 0)'}`];
    return [row.label];
  }
  if (row.role !== 'record') return [row.label];
  if (layout.kind === 'clip') {
    const t = decodeKeyframe(bytes, 0);
    const row = (values: ArrayLike<number>) => formatList(values, formatRowValue);
    return [`q (${row(t.rotation)})  p (${row(t.position)})  s (${row(t.scale)})`];
  }
  // Stored column-major (c0, c1, c2, t); shown as the 3x4 matrix's rows.
  const m = readInverseBind(bytes, 0);
  return [0, 1, 2].map((r) => matrixRowCells(m, r).join(' '));
}
