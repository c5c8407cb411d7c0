/**
 * What the MSH preview draws, as plain data: each node's world position (cells 3, 7, 11 of the
 * core's row-major world matrix) and the segment to its parent, projected by an orbiting camera
 * (yaw, pitch) onto the canvas and fitted to the model's rest-to-end bounds.
 */
import { mat4, vec3 } from 'gl-matrix';
import type { MshModelPose } from '../../formats/msh';

export interface Camera {
  /** Radians about the vertical axis, and above the horizon. */
  yaw: number;
  pitch: number;
}

export interface ProjectedNode {
  node: number;
  x: number;
  y: number;
  /** The parent's node index when the link is drawn (a smaller index), else undefined. */
  parent?: number;
}

/** World position of every node. */
export function nodePositions(pose: MshModelPose): vec3[] {
  const out: vec3[] = [];
  for (let node = 0; node * 16 < pose.world.length; node++) {
    const m = pose.world;
    out.push(vec3.fromValues(m[node * 16 + 3]!, m[node * 16 + 7]!, m[node * 16 + 11]!));
  }
  return out;
}

/** The camera's view rotation: yaw about y, then pitch about x. */
export function viewMatrix(camera: Camera): mat4 {
  const view = mat4.create();
  mat4.rotateX(view, view, camera.pitch);
  mat4.rotateY(view, view, camera.yaw);
  return view;
}

export interface Fit {
  centre: vec3;
  /** Half the largest extent (at least a small epsilon, so one point still shows). */
  radius: number;
}

/** A sphere around every position given (the model over all its frames, so it does not jump). */
export function fitPositions(positions: readonly vec3[]): Fit {
  if (positions.length === 0) return { centre: vec3.create(), radius: 1 };
  const min = vec3.clone(positions[0]!);
  const max = vec3.clone(positions[0]!);
  for (const p of positions) {
    vec3.min(min, min, p);
    vec3.max(max, max, p);
  }
  const centre = vec3.lerp(vec3.create(), min, max, 0.5);
  let radius = 1e-3;
  for (const p of positions) radius = Math.max(radius, vec3.distance(p, centre));
  return { centre, radius };
}

/** Canvas coordinates (y down) of each node, the fit sphere filling 80% of the smaller side. */
export function projectNodes(positions: readonly vec3[], parents: readonly (number | undefined)[], camera: Camera, fit: Fit, width: number, height: number): ProjectedNode[] {
  const view = viewMatrix(camera);
  const scale = (0.4 * Math.min(width, height)) / fit.radius;
  const p = vec3.create();
  return positions.map((position, node) => {
    vec3.subtract(p, position, fit.centre);
    vec3.transformMat4(p, p, view);
    const parent = parents[node];
    return { node, x: width / 2 + p[0] * scale, y: height / 2 - p[1] * scale, ...(parent !== undefined && parent < node ? { parent } : {}) };
  });
}
