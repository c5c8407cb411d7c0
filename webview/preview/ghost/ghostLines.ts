/**
 * The ghost's lines: B's pose at the frame A shows, decoded by the preview's one CPU path
 * (pose.ts `buildPose`, the core's keyframe decode), drawn as a joint marker per bone in the
 * palette's ghost colour (the same octahedra as A's joints, a little larger) and, for each bone
 * both clips have, a line from A's joint to B's: what moved, and where to. Pure: no DOM, no GPU.
 */
import { jointLines } from '../gizmos';
import { GRID_VERTEX_FLOATS } from '../grid';
import { BONE_OUTPUT_FLOATS, buildPose, MAX_OUTPUT_BONES, type PoseInputs } from '../pose';
import { JOINT_RADIUS, type ViewState } from '../renderer';
import type { GhostView } from './ghostModel';

/** B's markers are this much larger than A's, so that both show where they coincide. */
const GHOST_JOINT_SCALE = 1.35;

/**
 * Lines of B's joints for `view` (drawn), with links from A's joints (`poseA`, `bonesA` bones,
 * BONE_OUTPUT_FLOATS per bone) where both have the bone and the joints are apart.
 */
export function ghostLines(inputs: PoseInputs, view: Extract<GhostView, { drawn: true }>, poseA: Float32Array | undefined, bonesA: number, state: Pick<ViewState, 'gizmoLength' | 'palette'>, out = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS)): Float32Array {
  const bones = Math.min(view.bones, buildPose(inputs, view.request, out));
  const color = state.palette.ghost;
  const joints = jointLines(out, bones, state.gizmoLength * JOINT_RADIUS * GHOST_JOINT_SCALE, { selectedBone: view.selectedBone, hoveredBone: -1, palette: { ...state.palette, joint: color } });
  const linked = poseA ? Math.min(bones, bonesA) : 0;
  const links = new Float32Array(linked * 2 * GRID_VERTEX_FLOATS);
  let o = 0;
  for (let bone = 0; bone < linked; bone++) {
    const m = bone * BONE_OUTPUT_FLOATS;
    const a = [poseA![m + 3], poseA![m + 7], poseA![m + 11]];
    const b = [out[m + 3], out[m + 7], out[m + 11]];
    if (a[0] === b[0] && a[1] === b[1] && a[2] === b[2]) continue;
    links.set([...a, ...color, ...b, ...color], o);
    o += 2 * GRID_VERTEX_FLOATS;
  }
  const all = new Float32Array(joints.length + o);
  all.set(joints);
  all.set(links.subarray(0, o), joints.length);
  return all;
}
