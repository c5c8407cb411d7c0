/**
 * CPU twin of vs_gizmo in shaders/lines.wgsl, for the WebGL2 fallback: an axis triad per bone
 * from the model matrices in a pose buffer, as x y z r g b line-list vertices, same colours.
 */
import { GRID_VERTEX_FLOATS } from './grid';
import { BONE_OUTPUT_FLOATS } from './pose';

const HIGHLIGHT = [1, 0.78, 0.2];

export function gizmoLines(pose: Float32Array, bones: number, view: { gizmoLength: number; selectedBone: number; hoveredBone: number }): Float32Array {
  const out = new Float32Array(bones * 6 * GRID_VERTEX_FLOATS);
  let o = 0;
  for (let bone = 0; bone < bones; bone++) {
    const m = bone * BONE_OUTPUT_FLOATS;
    const origin = [pose[m + 3], pose[m + 7], pose[m + 11]];
    for (let axis = 0; axis < 3; axis++) {
      let color = [0, 1, 2].map((k) => (k === axis ? 1 : 0) * 0.85 + 0.25 * 0.15);
      if (bone === view.selectedBone || bone === view.hoveredBone) color = HIGHLIGHT;
      else if (view.selectedBone >= 0) color = color.map((c) => c * 0.55);
      const tip = [0, 1, 2].map((k) => origin[k] + pose[m + k * 4 + axis] * view.gizmoLength);
      out.set([...origin, ...color, ...tip, ...color], o);
      o += 2 * GRID_VERTEX_FLOATS;
    }
  }
  return out;
}
