/** Ground grid at y = min(0, lowest point) as line-list vertices (x y z r g b), shared by both renderers. */
import type { Bounds } from './camera';

export const GRID_VERTEX_FLOATS = 6;

export function gridLines(bounds: Bounds, step: number): Float32Array {
  const extent = Math.max(Math.abs(bounds.min[0]), Math.abs(bounds.max[0]), Math.abs(bounds.min[2]), Math.abs(bounds.max[2]), step) * 1.5;
  const lines = Math.min(200, Math.ceil(extent / step));
  const y = Math.min(0, bounds.min[1]);
  const half = lines * step;
  const out: number[] = [];
  for (let i = -lines; i <= lines; i++) {
    const c = i === 0 ? 0.55 : 0.32;
    out.push(i * step, y, -half, c, c, c, i * step, y, half, c, c, c);
    out.push(-half, y, i * step, c, c, c, half, y, i * step, c, c, c);
  }
  return new Float32Array(out);
}
