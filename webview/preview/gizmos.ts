/**
 * CPU twins of vs_gizmo and vs_joint in shaders/lines.wgsl, for the WebGL2 fallback: an axis
 * triad and an octahedron marker per bone from the model matrices in a pose buffer, as
 * x y z r g b line-list vertices, same colours.
 */
import { GRID_VERTEX_FLOATS } from './grid';
import { BONE_OUTPUT_FLOATS } from './pose';
import type { ViewState } from './renderer';

const HIGHLIGHT = [1, 0.78, 0.2];

/** The octahedron's 12 edges as corner pairs; corner i is ±1 on axis i/2 (JOINT_EDGES in lines.wgsl). */
export const JOINT_EDGES = [0, 2, 0, 3, 0, 4, 0, 5, 1, 2, 1, 3, 1, 4, 1, 5, 2, 4, 4, 3, 3, 5, 5, 2];

function boneColor(bone: number, color: number[], view: Pick<ViewState, 'selectedBone' | 'hoveredBone'>): number[] {
  if (bone === view.selectedBone || bone === view.hoveredBone) return HIGHLIGHT;
  return view.selectedBone >= 0 ? color.map((c) => c * 0.55) : color;
}

export function gizmoLines(pose: Float32Array, bones: number, view: Pick<ViewState, 'gizmoLength' | 'selectedBone' | 'hoveredBone'>): Float32Array {
  const out = new Float32Array(bones * 6 * GRID_VERTEX_FLOATS);
  let o = 0;
  for (let bone = 0; bone < bones; bone++) {
    const m = bone * BONE_OUTPUT_FLOATS;
    const origin = [pose[m + 3], pose[m + 7], pose[m + 11]];
    for (let axis = 0; axis < 3; axis++) {
      const color = boneColor(bone, [0, 1, 2].map((k) => (k === axis ? 1 : 0) * 0.85 + 0.25 * 0.15), view);
      const tip = [0, 1, 2].map((k) => origin[k] + pose[m + k * 4 + axis] * view.gizmoLength);
      out.set([...origin, ...color, ...tip, ...color], o);
      o += 2 * GRID_VERTEX_FLOATS;
    }
  }
  return out;
}

export function jointLines(pose: Float32Array, bones: number, radius: number, view: Pick<ViewState, 'selectedBone' | 'hoveredBone' | 'palette'>): Float32Array {
  const out = new Float32Array(bones * JOINT_EDGES.length * GRID_VERTEX_FLOATS);
  let o = 0;
  for (let bone = 0; bone < bones; bone++) {
    const m = bone * BONE_OUTPUT_FLOATS;
    const color = boneColor(bone, view.palette.joint, view);
    for (const corner of JOINT_EDGES) {
      const p = [pose[m + 3], pose[m + 7], pose[m + 11]];
      p[corner >> 1] += corner & 1 ? -radius : radius;
      out.set([...p, ...color], o);
      o += GRID_VERTEX_FLOATS;
    }
  }
  return out;
}
