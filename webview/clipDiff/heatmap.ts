/**
 * The heatmap's arithmetic, DOM-free: how grid columns (groups of frames) map to pixel columns
 * (several grid columns per pixel when the clip has more frames than the canvas is wide: each
 * pixel keeps the smallest and the largest), which bone and frames a pixel covers, and the colour
 * of a value.
 */
import type { ChannelGridsWire, ClipDiffChannelWire, DiffCellWire } from '../../protocol/clipDiff';

/** What a cell holds where nothing differs, per measure. */
export const UNCHANGED: Readonly<Record<ClipDiffChannelWire, number>> = { rotation: 0, position: 0, scale: 1 };

export interface HeatmapLayout {
  bones: number;
  /** Grid columns (from the host). */
  columns: number;
  /** Pixel columns of the drawing: `columns` when they fit, else the width. */
  pixelColumns: number;
  /** Canvas pixels a pixel column is wide (1 when grid columns are merged). */
  cellWidth: number;
  /** Canvas pixels a bone's row is high. */
  rowHeight: number;
  width: number;
  height: number;
}

export const MIN_ROW_HEIGHT = 3;
export const MAX_ROW_HEIGHT = 18;
export const MAX_CELL_WIDTH = 24;

/** The layout for `bones` x `columns` in at most `maxWidth` x `maxHeight` canvas pixels (rows never below `MIN_ROW_HEIGHT`). */
export function heatmapLayout(bones: number, columns: number, maxWidth: number, maxHeight: number): HeatmapLayout {
  const width = Math.max(1, Math.floor(maxWidth));
  const pixelColumns = Math.max(1, Math.min(columns, width));
  const cellWidth = columns <= width ? Math.max(1, Math.min(MAX_CELL_WIDTH, Math.floor(width / Math.max(1, columns)))) : 1;
  const rowHeight = Math.max(MIN_ROW_HEIGHT, Math.min(MAX_ROW_HEIGHT, Math.floor(maxHeight / Math.max(1, bones))));
  return { bones, columns, pixelColumns, cellWidth, rowHeight, width: pixelColumns * cellWidth, height: bones * rowHeight };
}

/** The grid columns `[start, end)` pixel column `p` covers. */
export function gridColumnsOfPixel(layout: HeatmapLayout, p: number): { start: number; end: number } {
  const { columns, pixelColumns } = layout;
  return { start: Math.floor((p * columns) / pixelColumns), end: Math.max(Math.floor((p * columns) / pixelColumns) + 1, Math.floor(((p + 1) * columns) / pixelColumns)) };
}

/** The pixel column holding grid column `c`. */
export function pixelOfGridColumn(layout: HeatmapLayout, c: number): number {
  let p = Math.min(layout.pixelColumns - 1, Math.floor((c * layout.pixelColumns) / Math.max(1, layout.columns)));
  while (p > 0 && gridColumnsOfPixel(layout, p).start > c) p--;
  while (p < layout.pixelColumns - 1 && gridColumnsOfPixel(layout, p).end <= c) p++;
  return p;
}

/** The grid column holding `frame`. */
export function gridColumnOfFrame(grids: Pick<ChannelGridsWire, 'frameStarts' | 'columns'>, frame: number): number {
  let low = 0, high = grids.columns - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (grids.frameStarts[mid] <= frame) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The smallest and largest value of each bone's pixel column, bone-major like the grid. */
export interface PixelValues {
  min: Float64Array;
  max: Float64Array;
}

export function pixelValues(values: ArrayLike<number>, layout: HeatmapLayout): PixelValues {
  const { bones, columns, pixelColumns } = layout;
  const min = new Float64Array(bones * pixelColumns), max = new Float64Array(bones * pixelColumns);
  for (let p = 0; p < pixelColumns; p++) {
    const { start, end } = gridColumnsOfPixel(layout, p);
    for (let bone = 0; bone < bones; bone++) {
      let lo = Infinity, hi = -Infinity;
      for (let c = start; c < end; c++) {
        const v = values[bone * columns + c];
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      min[bone * pixelColumns + p] = lo;
      max[bone * pixelColumns + p] = hi;
    }
  }
  return { min, max };
}

/** What one pixel of the heatmap covers. */
export interface HeatmapHit {
  bone: number;
  pixel: number;
  /** Frames `[start, end)`. */
  frames: { start: number; end: number };
  /** The first frame of the grid column with the largest value of the pixel (what a click selects). */
  frame: number;
}

/** The bone and frames under canvas pixel (x, y); undefined outside the drawing. */
export function hitTest(layout: HeatmapLayout, grids: Pick<ChannelGridsWire, 'frameStarts' | 'columns'>, values: ArrayLike<number>, x: number, y: number): HeatmapHit | undefined {
  if (x < 0 || y < 0 || x >= layout.width || y >= layout.height) return undefined;
  const bone = Math.floor(y / layout.rowHeight), pixel = Math.floor(x / layout.cellWidth);
  const { start, end } = gridColumnsOfPixel(layout, pixel);
  let best = start;
  for (let c = start + 1; c < end; c++) if (values[bone * layout.columns + c] > values[bone * layout.columns + best]) best = c;
  return { bone, pixel, frames: { start: grids.frameStarts[start], end: grids.frameStarts[end] }, frame: grids.frameStarts[best] };
}

/** The canvas rectangle of a bone and frame. */
export function cellRect(layout: HeatmapLayout, grids: Pick<ChannelGridsWire, 'frameStarts' | 'columns'>, cell: DiffCellWire): { x: number; y: number; width: number; height: number } {
  const pixel = pixelOfGridColumn(layout, gridColumnOfFrame(grids, cell.frame));
  return { x: pixel * layout.cellWidth, y: cell.bone * layout.rowHeight, width: layout.cellWidth, height: layout.rowHeight };
}

/** The largest finite difference of a grid (from the unchanged value up); the unchanged value when none. */
export function finiteMax(values: ArrayLike<number>, unchanged: number): number {
  let max = unchanged;
  for (let i = 0; i < values.length; i++) if (values[i] > max && values[i] !== Infinity) max = values[i];
  return max;
}

/** RGB stops from small to large: deep blue, violet, red, orange, pale yellow. */
const STOPS: readonly (readonly [number, number, number])[] = [
  [28, 16, 68],
  [110, 28, 120],
  [196, 48, 80],
  [245, 125, 21],
  [252, 240, 150],
];
/** A value with no finite measure (NaN on one side, a sign flip of a scale). */
export const INFINITE_COLOUR: readonly [number, number, number] = [0, 230, 230];

/**
 * The colour of `value`: undefined when unchanged (the page's background shows), else a ramp by
 * the square root of its share of `max` (a 1° change beside a 90° one still shows).
 */
export function heatColour(value: number, unchanged: number, max: number): readonly [number, number, number] | undefined {
  if (!(value > unchanged)) return undefined;
  if (value === Infinity) return INFINITE_COLOUR;
  const t = max > unchanged ? Math.sqrt(Math.min(1, (value - unchanged) / (max - unchanged))) : 1;
  const scaled = t * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(scaled));
  const f = scaled - i;
  const [a, b] = [STOPS[i], STOPS[i + 1]];
  return [Math.round(a[0] + (b[0] - a[0]) * f), Math.round(a[1] + (b[1] - a[1]) * f), Math.round(a[2] + (b[2] - a[2]) * f)];
}
