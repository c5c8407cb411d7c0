/**
 * The ghost's lines: B's pose at the frame A shows, decoded by the preview's one CPU path
 * (pose.ts `buildPose`, the core's keyframe decode), drawn as a joint marker per bone in the
 * palette's ghost colour and, for each bone both clips have whose matrices differ, B's axes (a
 * turned bone shows how it turned) and a line from A's joint to B's where it moved. B's marker
 * reads apart from A's plain octahedron and is seen around it where they coincide: two larger
 * octahedra, one inside the other, with their three diagonals; the selected bone gets a third,
 * larger still. Every marker keeps the full ghost colour (A's markers dim when a bone is
 * selected; B's would vanish on a dark theme). Pure: no DOM, no GPU.
 */
import { JOINT_EDGES } from '../gizmos';
import { GRID_VERTEX_FLOATS } from '../grid';
import { BONE_OUTPUT_FLOATS, buildPose, MAX_OUTPUT_BONES, type FrameRequest, type PoseInputs } from '../pose';
import { JOINT_RADIUS, type Rgb, type ViewState } from '../renderer';

/** What of a drawn ghost view (ghostModel.ts `GhostView`) the lines need: B's request, bones and selected bone. */
export interface GhostLinesView {
  request: FrameRequest;
  bones: number;
  selectedBone: number;
}

/** B's marker: octahedra this much larger than A's joints (two shells make a bolder line). */
const GHOST_SHELL_SCALES = [1.5, 1.8];
/** The selected bone's extra shell. */
const GHOST_SELECTED_SCALE = 2.4;
/** The octahedron's three diagonals as corner pairs (corner i is ±1 on axis i/2). */
const DIAGONALS = [0, 1, 2, 3, 4, 5];
/** Line vertices of one marker: its shells' edges and the diagonals of the outer one. */
export const GHOST_MARKER_VERTICES = GHOST_SHELL_SCALES.length * JOINT_EDGES.length + DIAGONALS.length;

/** Appends the line vertices joining `corners` (pairs) of an octahedron of `radius` around `center`. */
function octahedron(out: number[], center: readonly number[], radius: number, corners: readonly number[], color: Rgb): void {
  for (const corner of corners) {
    const p = [center[0], center[1], center[2]];
    p[corner >> 1] += corner & 1 ? -radius : radius;
    out.push(...p, ...color);
  }
}

/** B's markers for its first `bones` bones of `pose`: nested octahedra, the outer's diagonals, the selected bone's extra shell. */
export function ghostMarkers(pose: Float32Array, bones: number, radius: number, selectedBone: number, color: Rgb): number[] {
  const out: number[] = [];
  for (let bone = 0; bone < bones; bone++) {
    const m = bone * BONE_OUTPUT_FLOATS;
    const center = [pose[m + 3], pose[m + 7], pose[m + 11]];
    for (const scale of GHOST_SHELL_SCALES) octahedron(out, center, radius * scale, JOINT_EDGES, color);
    octahedron(out, center, radius * GHOST_SHELL_SCALES[GHOST_SHELL_SCALES.length - 1], DIAGONALS, color);
    if (bone === selectedBone) octahedron(out, center, radius * GHOST_SELECTED_SCALE, JOINT_EDGES, color);
  }
  return out;
}

/** Whether the model matrices (the first 12 floats of a bone's pose) of `a` and `b` at `m` differ. */
function matricesDiffer(a: Float32Array, b: Float32Array, m: number): boolean {
  for (let k = 0; k < 12; k++) if (a[m + k] !== b[m + k]) return true;
  return false;
}

/**
 * Lines of B's joints for `view` (drawn), and where a bone differs from A's (`poseA`, `bonesA`
 * bones, BONE_OUTPUT_FLOATS per bone): B's axes and the line from A's joint to B's.
 */
export function ghostLines(inputs: PoseInputs, view: GhostLinesView, poseA: Float32Array | undefined, bonesA: number, state: Pick<ViewState, 'gizmoLength' | 'palette'>, out = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS)): Float32Array {
  const bones = Math.min(view.bones, buildPose(inputs, view.request, out));
  const color = state.palette.ghost;
  const joints = ghostMarkers(out, bones, state.gizmoLength * JOINT_RADIUS, view.selectedBone, color);
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
