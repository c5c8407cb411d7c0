/** Ground grid at y = min(0, lowest point) as line-list vertices (x y z r g b), shared by both renderers. */
import type { Bounds } from './camera';
import type { Palette } from './renderer';

export const GRID_VERTEX_FLOATS = 6;

/** Lines every `step`, the axes through the origin in the palette's stronger grid colour. */
export function gridLines(bounds: Bounds, step: number, palette: Pick<Palette, 'gridMajor' | 'gridMinor'>): Float32Array {
  const extent = Math.max(Math.abs(bounds.min[0]), Math.abs(bounds.max[0]), Math.abs(bounds.min[2]), Math.abs(bounds.max[2]), step) * 1.5;
  const lines = Math.min(200, Math.ceil(extent / step));
  const y = Math.min(0, bounds.min[1]);
  const half = lines * step;
  const out: number[] = [];
  for (let i = -lines; i <= lines; i++) {
    const c = i === 0 ? palette.gridMajor : palette.gridMinor;
    out.push(i * step, y, -half, ...c, i * step, y, half, ...c);
    out.push(-half, y, i * step, ...c, half, y, i * step, ...c);
  }
  return new Float32Array(out);
}

/** Grid spacing: the power of ten nearest a tenth of the scene's size. */
export function gridStep(scale: number): number {
  return 10 ** Math.round(Math.log10(scale));
}
