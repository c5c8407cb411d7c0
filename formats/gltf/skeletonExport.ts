/**
 * glTF skin -> skeleton file: the skin's inverse bind matrices, unchanged and in joint order,
 * as the skeleton's column-major 3x4 matrices (the implicit bottom row 0 0 0 1 dropped). With
 * a model-space clip of the same joints, `keyframe_bind` then computes exactly the glTF joint
 * matrix global(joint) * inverseBindMatrix (up to the clip's quantisation).
 */
import type { Document } from '@gltf-transform/core';
import { f32Bits, writeU32LE } from '../bytes';
import { MAX_SKELETON_BONES, inverseBindOffset, skeletonByteLength } from '../skeleton';
import { accessorValues } from './accessorValues';
import { GltfPointers } from './pointers';
import { GltfProblemList, type GltfProblem } from './problems';
import { exportedJoints, type ExportedJoint } from './scene';
import { selectAnimation, selectSkin, type Selector } from './selection';

export interface SkeletonExportOptions {
  /** Index or name; default as for the animation export (the skin `animation` drives most), else the first skin. */
  skin?: Selector;
  /** Only used to pick the default skin; default the first animation, if any. */
  animation?: Selector;
}

export interface SkeletonExportResult {
  bytes: Uint8Array;
  skin: { index: number; name: string };
  joints: ExportedJoint[];
  problems: GltfProblem[];
}

export function exportSkeleton(document: Document, options: SkeletonExportOptions = {}): SkeletonExportResult {
  const problems = new GltfProblemList();
  const pointers = new GltfPointers(document);
  const hasAnimations = document.getRoot().listAnimations().length > 0;
  const animation = options.skin === undefined && (hasAnimations || options.animation !== undefined) ? selectAnimation(document, options.animation, problems) : undefined;
  const skin = selectSkin(document, animation, options.skin, pointers, problems);
  const joints = skin.listJoints();
  const skinPointer = pointers.skin(skin);
  if (joints.length === 0) problems.fail('gltf/no-skin', skinPointer, `${skinPointer} has no joints.`);
  if (joints.length > MAX_SKELETON_BONES) {
    problems.fail('gltf/too-many-joints', `${skinPointer}/joints`, `The skin has ${joints.length} joints; a skeleton holds at most ${MAX_SKELETON_BONES}.`);
  }
  const bytes = new Uint8Array(skeletonByteLength(joints.length));
  writeU32LE(bytes, 0, joints.length);
  const accessor = skin.getInverseBindMatrices();
  let matrices: Float64Array | undefined;
  if (!accessor) {
    problems.report('gltf/no-inverse-binds', skinPointer, 'The skin has no inverseBindMatrices: identity matrices are written, as the glTF specification says.');
  } else {
    const where = pointers.accessor(accessor);
    if (accessor.getType() !== 'MAT4') problems.fail('gltf/bad-inverse-bind', where, `The inverse bind matrices of ${skinPointer} must be MAT4, not ${accessor.getType()}.`);
    if (accessor.getCount() < joints.length) {
      problems.fail('gltf/bad-inverse-bind', where, `${skinPointer} has ${joints.length} joints but only ${accessor.getCount()} inverse bind matrices.`);
    }
    matrices = accessorValues(accessor).values;
  }
  for (let joint = 0; joint < joints.length; joint++) {
    const m = matrices ? matrices.subarray(joint * 16, joint * 16 + 16) : IDENTITY;
    if (m.some((v) => !Number.isFinite(v))) {
      problems.fail('gltf/bad-inverse-bind', pointers.accessor(accessor!), `Inverse bind matrix ${joint} of ${skinPointer} holds NaN or an infinity.`);
    }
    if (m[3] !== 0 || m[7] !== 0 || m[11] !== 0 || m[15] !== 1) {
      problems.report('gltf/projective-inverse-bind', pointers.accessor(accessor!), `Inverse bind matrix ${joint} of ${skinPointer} has the bottom row ${m[3]} ${m[7]} ${m[11]} ${m[15]}, not 0 0 0 1; the skeleton stores 3x4 matrices and drops it.`);
    }
    const at = inverseBindOffset(joint);
    // Column-major: c0.xyz, c1.xyz, c2.xyz, t.xyz (glTF indices 0-2, 4-6, 8-10, 12-14).
    for (let column = 0; column < 4; column++) {
      for (let row = 0; row < 3; row++) writeU32LE(bytes, at + (column * 3 + row) * 4, f32Bits(m[column * 4 + row]));
    }
  }
  return {
    bytes,
    skin: { index: pointers.skinIndex(skin), name: skin.getName() },
    joints: exportedJoints(joints, pointers),
    problems: problems.items,
  };
}

const IDENTITY = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
