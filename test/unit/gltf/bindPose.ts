/**
 * A skinned mesh's vertices where a renderer puts them in the bind pose, from a glTF document or
 * from the exported skeleton and mesh files, for comparing a compressed model with its source.
 * Compression may store positions quantised and fold the dequantising transform into the
 * inverse bind matrices (meshopt), and may reorder vertices (Draco): only the skinned product
 * is comparable, vertex to nearest vertex.
 */
import type { Document } from '@gltf-transform/core';
import { mat4, vec3 } from 'gl-matrix';
import { decodeVertex, inverseBindOffset, parseMeshHeader, readInverseBind, vertexOffset } from '../../../formats';

/**
 * Every skinned primitive's positions in the bind pose, flattened x,y,z: the first joint's world
 * matrix times its inverse bind matrix times the stored position.
 */
export function bindPosePositions(document: Document): number[][] {
  return document.getRoot().listNodes().filter((node) => node.getMesh() && node.getSkin()).flatMap((node) => {
    const skin = node.getSkin()!;
    const joints = skin.listJoints();
    const inverseBinds = skin.getInverseBindMatrices()!;
    return node.getMesh()!.listPrimitives().map((primitive) => {
      const positions = primitive.getAttribute('POSITION')!;
      const jointIds = primitive.getAttribute('JOINTS_0')!;
      return Array.from({ length: positions.getCount() }, (_, i) => {
        const joint = jointIds.getElement(i, [])[0];
        const matrix = mat4.multiply(mat4.create(), joints[joint].getWorldMatrix() as unknown as mat4, inverseBinds.getElement(joint, []) as unknown as mat4);
        const p = vec3.transformMat4(vec3.create(), positions.getElement(i, []) as unknown as vec3, matrix);
        return [p[0], p[1], p[2]];
      }).flat();
    });
  });
}

/** The exported mesh's vertices skinned in the bind pose, and how far f16 storage may have moved each. */
export interface NativeBindPose {
  /** x,y,z per vertex: sum of weight * world(joint) * inverseBind(joint) * position. */
  positions: number[];
  /** The largest distance the f16 rounding of a vertex's position (half a unit in the last place a coordinate) can move it, after skinning. */
  storageError: number;
}

/** Half a unit in the last place of the f16 `value`: how far rounding to it may have moved a coordinate. */
function f16HalfUlp(value: number): number {
  if (value === 0) return 0;
  return 2 ** Math.max(Math.floor(Math.log2(Math.abs(value))) - 11, -25);
}

/** The skeleton file's 3x4 inverse bind matrix of `bone` as a gl-matrix mat4. */
function nativeInverseBind(skeleton: Uint8Array, bone: number): mat4 {
  const m = readInverseBind(skeleton, inverseBindOffset(bone));
  return mat4.fromValues(m[0], m[1], m[2], 0, m[3], m[4], m[5], 0, m[6], m[7], m[8], 0, m[9], m[10], m[11], 1);
}

/**
 * The exported mesh skinned by the exported skeleton in the bind pose: `jointWorlds` are the
 * skin's joints' world matrices (compression leaves the joints' nodes alone).
 */
export function nativeBindPose(skeleton: Uint8Array, mesh: Uint8Array, jointWorlds: readonly mat4[]): NativeBindPose {
  const header = parseMeshHeader(mesh)!;
  const positions: number[] = [];
  let storageError = 0;
  for (let v = 0; v < header.vertexCount; v++) {
    const vertex = decodeVertex(mesh, vertexOffset(header, v), header.format);
    const skinning = new Float32Array(16) as unknown as mat4;
    vertex.boneIndices!.forEach((bone, k) => {
      const weight = vertex.boneWeights![k];
      if (weight === 0) return;
      const joint = mat4.multiply(mat4.create(), jointWorlds[bone], nativeInverseBind(skeleton, bone));
      mat4.multiplyScalarAndAdd(skinning, skinning, joint, weight);
    });
    const p = vec3.transformMat4(vec3.create(), vertex.position as unknown as vec3, skinning);
    positions.push(p[0], p[1], p[2]);
    const moved = vertex.position.reduce((sum, value, axis) => sum + f16HalfUlp(value) * Math.hypot(skinning[axis * 4], skinning[axis * 4 + 1], skinning[axis * 4 + 2]), 0);
    storageError = Math.max(storageError, moved);
  }
  return { positions, storageError };
}

/** The largest distance from a vertex of `decoded` to the nearest vertex of `source` (vertex order may change). */
export function worstVertexDistance(source: readonly number[], decoded: readonly number[]): number {
  let worst = 0;
  for (let i = 0; i < decoded.length; i += 3) {
    let nearest = Infinity;
    for (let j = 0; j < source.length; j += 3) nearest = Math.min(nearest, Math.hypot(decoded[i] - source[j], decoded[i + 1] - source[j + 1], decoded[i + 2] - source[j + 2]));
    worst = Math.max(worst, nearest);
  }
  return worst;
}

/** 14-bit position quantisation (both compressions' default) over the positions' extent: half a step per axis. */
export function quantisationBound(source: readonly number[], bits = 14): number {
  let extent = 0;
  for (let axis = 0; axis < 3; axis++) {
    const values = source.filter((_, i) => i % 3 === axis);
    extent = Math.max(extent, Math.max(...values) - Math.min(...values));
  }
  return (Math.sqrt(3) * extent) / ((1 << bits) - 1);
}
