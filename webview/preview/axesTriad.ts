/**
 * The orientation gizmo in the viewport's corner: the world X, Y and Z axes as seen from the
 * camera, drawn in SVG over the canvas (the same in both renderers; not part of exported images).
 */
import type { OrbitCamera } from './camera';

const SVG = 'http://www.w3.org/2000/svg';
const AXES: { name: string; color: string; v: [number, number, number] }[] = [
  { name: 'X', color: '#e5534b', v: [1, 0, 0] },
  { name: 'Y', color: '#57ab5a', v: [0, 1, 0] },
  { name: 'Z', color: '#539bf5', v: [0, 0, 1] },
];

export class AxesTriad {
  constructor(private readonly svg: SVGSVGElement) {}

  update(camera: OrbitCamera): void {
    const { right, up, forward } = camera.basis();
    const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    // Farthest first, so the axis pointing at the viewer is drawn on top.
    const projected = AXES.map((axis) => ({ ...axis, x: dot(axis.v, right), y: -dot(axis.v, up), depth: dot(axis.v, forward) }))
      .sort((a, b) => b.depth - a.depth);
    this.svg.textContent = '';
    for (const axis of projected) {
      const line = document.createElementNS(SVG, 'line');
      line.setAttribute('x1', '0');
      line.setAttribute('y1', '0');
      line.setAttribute('x2', String(axis.x * 0.8));
      line.setAttribute('y2', String(axis.y * 0.8));
      line.setAttribute('stroke', axis.color);
      line.setAttribute('stroke-width', '0.12');
      line.setAttribute('stroke-linecap', 'round');
      const dotEl = document.createElementNS(SVG, 'circle');
      dotEl.setAttribute('cx', String(axis.x * 0.95));
      dotEl.setAttribute('cy', String(axis.y * 0.95));
      dotEl.setAttribute('r', '0.3');
      dotEl.setAttribute('fill', axis.color);
      const label = document.createElementNS(SVG, 'text');
      label.setAttribute('x', String(axis.x * 0.95));
      label.setAttribute('y', String(axis.y * 0.95));
      label.setAttribute('fill', '#fff');
      label.textContent = axis.name;
      this.svg.append(line, dotEl, label);
    }
  }
}
