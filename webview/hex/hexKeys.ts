/**
 * Where a navigation key moves the hex editor's selection: a byte, a row (keeping the column),
 * a page of rows, a row's ends, the file's ends. Pure: the view asks and selects.
 */
import { rowInfo, rowOfOffset, type RowLayout } from '../../formats/editing/rowLayout';

export interface NavigationKey {
  key: string;
  /** Ctrl (Cmd on macOS) held: Home and End go to the file's ends. */
  toFileEnds: boolean;
}

/** The offset `key` moves the selection at `offset` to, or undefined for a key that does not move it. */
export function keyTarget(layout: RowLayout, offset: number, key: NavigationKey, pageRows: number): number | undefined {
  const current = rowOfOffset(layout, offset);
  const row = rowInfo(layout, current);
  const within = offset - row.start;
  const toRow = (index: number): number => {
    const target = rowInfo(layout, Math.max(0, Math.min(layout.rowCount - 1, index)));
    return Math.min(target.start + within, target.end - 1);
  };
  switch (key.key) {
    case 'ArrowLeft':
      return Math.max(0, offset - 1);
    case 'ArrowRight':
      return Math.min(layout.size - 1, offset + 1);
    case 'ArrowUp':
      return toRow(current - 1);
    case 'ArrowDown':
      return toRow(current + 1);
    case 'PageUp':
      return toRow(current - pageRows);
    case 'PageDown':
      return toRow(current + pageRows);
    case 'Home':
      return key.toFileEnds ? 0 : row.start;
    case 'End':
      return key.toFileEnds ? layout.size - 1 : row.end - 1;
    default:
      return undefined;
  }
}
