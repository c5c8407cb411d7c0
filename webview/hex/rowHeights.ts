/**
 * The scroller's arithmetic over rows of their own heights (a clip's 4-byte header row is one
 * line, its keyframe rows several): which rows fit, the last top row, where a revealed row goes.
 * Rows are addressed by index, never by pixel, so the 16.7 million rows of the largest clip stay
 * exact; each answer looks only at the rows a viewport can show. Pure.
 */

/** Pixels of row `row`. */
export type RowHeight = (row: number) => number;

/** Rows wholly inside a viewport of `viewport` px whose first row is `top` (at least 1). */
export function rowsFitting(heightOf: RowHeight, rowCount: number, top: number, viewport: number): number {
  let left = viewport;
  let rows = 0;
  for (let row = top; row < rowCount; row++) {
    left -= heightOf(row);
    if (left < 0) break;
    rows++;
  }
  return Math.max(1, rows);
}

/** Rows at least partly inside the viewport from `top` (the last one possibly cut; at least 1): the DOM rows to draw. */
export function rowsShown(heightOf: RowHeight, rowCount: number, top: number, viewport: number): number {
  let y = 0;
  let rows = 0;
  for (let row = top; row < rowCount && y < viewport; row++) {
    y += heightOf(row);
    rows++;
  }
  return Math.max(1, rows);
}

/** The last top row: the first one from which the rows to the end fit (the last row, if even it alone does not). */
export function lastTop(heightOf: RowHeight, rowCount: number, viewport: number): number {
  let left = viewport;
  let top = rowCount;
  while (top > 0 && left - heightOf(top - 1) >= 0) left -= heightOf(--top);
  return Math.max(0, Math.min(top, rowCount - 1));
}

/** The top row that shows `row` about a third down the viewport (the rows above it fill a third). */
export function topShowing(heightOf: RowHeight, row: number, viewport: number): number {
  let left = viewport / 3;
  let top = row;
  while (top > 0 && left - heightOf(top - 1) >= 0) left -= heightOf(--top);
  return top;
}
