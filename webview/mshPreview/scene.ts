/**
 * Where an MSH model's nodes are, as plain data: each node's world position (cells 3, 7, 11 of
 * the core's row-major world matrix), and the sphere the camera fits over all its frames.
 */
import { vec3 } from 'gl-matrix';
import type { MshModelPose } from '../../formats/msh';

/** World position of every node. */
export function nodePositions(pose: MshModelPose): vec3[] {
  const out: vec3[] = [];
  for (let node = 0; node * 16 < pose.world.length; node++) {
    const m = pose.world;
    out.push(vec3.fromValues(m[node * 16 + 3]!, m[node * 16 + 7]!, m[node * 16 + 11]!));
  }
  return out;
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
