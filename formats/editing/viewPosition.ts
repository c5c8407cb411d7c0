/**
 * Where the hex editor's view goes when the file under it is read again (reloaded after a change
 * on disk, reverted): the same frame and bone, and the same byte inside that record, where they
 * still exist in the new layout; otherwise the same offset, clamped into the file.
 */
import { recordStart, rowInfo, rowOfOffset, type RowLayout } from './rowLayout';

/** `offset` in `before` mapped to the new layout `after`; undefined when the file is empty now. */
export function mapOffset(before: RowLayout, after: RowLayout, offset: number): number | undefined {
  if (after.size === 0) return undefined;
  const row = rowInfo(before, rowOfOffset(before, offset));
  // NRes files keep the offset: their records move with the directory, not by frame and bone.
  if (row.role === 'record' && after.kind !== 'msh' && after.kind === before.kind && after.headerSize > 0 && after.recordCount > 0) {
    const within = Math.min(offset - row.start, after.recordSize - 1);
    const frame = row.frame ?? 0;
    const bone = row.bone ?? 0;
    const exists = after.kind === 'clip' ? bone < after.boneCount && frame * after.boneCount + bone < after.recordCount : bone < after.recordCount;
    if (exists) return recordStart(after, after.kind === 'clip' ? frame : 0, bone) + within;
  }
  return Math.max(0, Math.min(offset, after.size - 1));
}

/** The first row shown, mapped the same way (by the byte at its start). */
export function mapTopRow(before: RowLayout, after: RowLayout, topRow: number): number {
  const offset = mapOffset(before, after, rowInfo(before, Math.min(topRow, Math.max(0, before.rowCount - 1))).start);
  return offset === undefined ? 0 : rowOfOffset(after, offset);
}
