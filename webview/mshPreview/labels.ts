/** Node names over the 3D view: each at its node's projected position (hidden behind the camera). */
import { vec4 } from 'gl-matrix';
import type { OrbitCamera } from '../preview/camera';

export function placeLabels(layer: HTMLElement, camera: OrbitCamera, positions: readonly [number, number, number][], names: readonly string[]): void {
  const { width, height } = layer.getBoundingClientRect();
  const viewProjection = camera.viewProjection(width > 0 && height > 0 ? width / height : 1, false);
  while (layer.children.length > positions.length) layer.lastElementChild!.remove();
  while (layer.children.length < positions.length) layer.append(document.createElement('span'));
  const p = vec4.create();
  positions.forEach((position, node) => {
    const label = layer.children[node] as HTMLElement;
    vec4.transformMat4(p, [...position, 1], viewProjection);
    label.hidden = p[3] <= 0;
    label.textContent = names[node];
    label.style.left = `${((p[0] / p[3] + 1) / 2) * width}px`;
    label.style.top = `${((1 - p[1] / p[3]) / 2) * height}px`;
  });
}
