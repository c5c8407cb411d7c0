/**
 * The ghost's lines: B's pose at the frame A shows, decoded by the preview's one CPU path
 * (pose.ts `buildPose`, the core's keyframe decode), drawn as a joint marker per bone in the
 * palette's ghost colour (the same octahedra as A's joints, a little larger) and, for each bone
 * both clips have whose matrices differ, B's axes (a turned bone shows how it turned) and a line
 * from A's joint to B's where it moved. Pure: no DOM, no GPU.
 */
import { jointLines } from '../gizmos';
import { GRID_VERTEX_FLOATS } from '../grid';
import { BONE_OUTPUT_FLOATS, buildPose, MAX_OUTPUT_BONES, type PoseInputs } from '../pose';
import { JOINT_RADIUS, type ViewState } from '../renderer';
import type { GhostView } from './ghostModel';

/** B's markers are this much larger than A's, so that both show where they coincide. */
const GHOST_JOINT_SCALE = 1.35;

/** Whether the model matrices (the first 12 floats of a bone's pose) of `a` and `b` at `m` differ. */
function matricesDiffer(a: Float32Array, b: Float32Array, m: number): boolean {
  for (let k = 0; k < 12; k++) if (a[m + k] !== b[m + k]) return true;
  return false;
}

/**
 * Lines of B's joints for `view` (drawn), and where a bone differs from A's (`poseA`, `bonesA`
 * bones, BONE_OUTPUT_FLOATS per bone): B's axes and the line from A's joint to B's.
 */
export function ghostLines(inputs: PoseInputs, view: Extract<GhostView, { drawn: true }>, poseA: Float32Array | undefined, bonesA: number, state: Pick<ViewState, 'gizmoLength' | 'palette'>, out = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS)): Float32Array {
  const bones = Math.min(view.bones, buildPose(inputs, view.request, out));
  const color = state.palette.ghost;
  const joints = jointLines(out, bones, state.gizmoLength * JOINT_RADIUS * GHOST_JOINT_SCALE, { selectedBone: view.selectedBone, hoveredBone: -1, palette: { ...state.palette, joint: color } });
  const compared = poseA ? Math.min(bones, bonesA) : 0;
  // Per differing bone: 3 axes and 1 link, 2 vertices each.
  const links = new Float32Array(compared * 8 * GRID_VERTEX_FLOATS);
  let o = 0;
  for (let bone = 0; bone < compared; bone++) {
    const m = bone * BONE_OUTPUT_FLOATS;
    if (!matricesDiffer(poseA!, out, m)) continue;
    const b = [out[m + 3], out[m + 7], out[m + 11]];
    for (let axis = 0; axis < 3; axis++) {
      links.set([...b, ...color, ...[0, 1, 2].map((k) => b[k] + out[m + k * 4 + axis] * state.gizmoLength), ...color], o);
      o += 2 * GRID_VERTEX_FLOATS;
    }
    const a = [poseA![m + 3], poseA![m + 7], poseA![m + 11]];
    if (a[0] === b[0] && a[1] === b[1] && a[2] === b[2]) continue;
    links.set([...a, ...color, ...b, ...color], o);
    o += 2 * GRID_VERTEX_FLOATS;
  }
  const all = new Float32Array(joints.length + o);
  all.set(joints);
  all.set(links.subarray(0, o), joints.length);
  return all;
}
