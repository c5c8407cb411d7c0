/**
 * A mesh attached to a bone: its matrix is the bone's model matrix (the pose buffer's rows, in
 * whatever mode built it: stamp, blended or the mixer) times the attachment's offset (translate,
 * rotate, uniform scale), so a sword follows the hand. Drawn as lines (x y z r g b, as the grid)
 * through both renderers: the edges of a built-in box or of a mesh file's triangles at rest.
 * Pure: no DOM, no GPU.
 */
import { mat4, quat, vec3 } from 'gl-matrix';
import type { AttachmentSpec } from '../../../formats/mixer/mixFile';
import { GRID_VERTEX_FLOATS } from '../grid';
import { BONE_OUTPUT_FLOATS } from '../pose';

export type AttachmentOffset = Pick<AttachmentSpec, 'position' | 'rotation' | 'scale'>;

/** What an attachment draws: rest positions (3 floats a vertex) and edges as vertex index pairs. */
export interface AttachmentShape {
  positions: Float32Array;
  edges: Uint32Array;
}

/** The built-in box: a unit cube centred on the bone (scale it with the offset). */
export const BOX_SHAPE: AttachmentShape = {
  positions: Float32Array.from([0, 1, 2, 3, 4, 5, 6, 7].flatMap((c) => [c & 1 ? 0.5 : -0.5, c & 2 ? 0.5 : -0.5, c & 4 ? 0.5 : -0.5])),
  // Corners differing in one bit are joined: 12 edges.
  edges: Uint32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7]),
};

/**
 * The attachment's matrix (column-major 4x4, gl-matrix's order): bone `bone`'s model matrix from
 * `pose` (row-major 3x4 rows at BONE_OUTPUT_FLOATS per bone) times translate x rotate x scale.
 */
export function attachmentMatrix(pose: Float32Array, bone: number, offset: AttachmentOffset, out: mat4 = mat4.create()): mat4 {
  const m = bone * BONE_OUTPUT_FLOATS;
  const boneModel = mat4.fromValues(
    pose[m], pose[m + 4], pose[m + 8], 0,
    pose[m + 1], pose[m + 5], pose[m + 9], 0,
    pose[m + 2], pose[m + 6], pose[m + 10], 0,
    pose[m + 3], pose[m + 7], pose[m + 11], 1,
  );
  const local = mat4.fromRotationTranslationScale(mat4.create(), quat.normalize(quat.create(), offset.rotation), offset.position, [offset.scale, offset.scale, offset.scale]);
  return mat4.multiply(out, boneModel, local);
}

/** The shape's edges under `matrix`, as line-list vertices in `color`. */
export function attachmentLines(shape: AttachmentShape, matrix: mat4, color: readonly [number, number, number]): Float32Array {
  const out = new Float32Array(shape.edges.length * GRID_VERTEX_FLOATS);
  const p = vec3.create();
  for (let i = 0; i < shape.edges.length; i++) {
    const v = shape.edges[i] * 3;
    vec3.transformMat4(p, [shape.positions[v], shape.positions[v + 1], shape.positions[v + 2]], matrix);
    out.set([p[0], p[1], p[2], color[0], color[1], color[2]], i * GRID_VERTEX_FLOATS);
  }
  return out;
}
