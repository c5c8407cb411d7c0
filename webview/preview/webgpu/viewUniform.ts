/**
 * The View uniform of view.wgsl, packed from a ViewState: the view-projection matrix, then 9
 * vec4s (light, eye, gizmo length and joint radius, selected and hovered bone as i32, the
 * palette's base, sky, ground, wire and joint colours). Pure: no GPU.
 */
import { JOINT_RADIUS, type ViewState } from '../renderer';

/** Bytes of the View struct: a 4x4 matrix, then 9 vec4s. */
export const VIEW_BYTES = 64 + 9 * 16;

/** Writes `view` into `data` (VIEW_BYTES long) as view.wgsl reads it. */
export function packViewUniform(view: ViewState, data: ArrayBuffer): void {
  const f = new Float32Array(data);
  const i = new Int32Array(data);
  const p = view.palette;
  f.set(view.viewProjection, 0);
  f.set([...view.light, 0, ...view.eye, 1, view.gizmoLength, view.gizmoLength * JOINT_RADIUS, 0, 0], 16);
  i.set([view.selectedBone, view.hoveredBone, 0, 0], 28);
  f.set([...p.base, 1, ...p.sky, 1, ...p.ground, 1, ...p.wire, 1, ...p.joint, 1], 32);
}
