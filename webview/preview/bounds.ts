/**
 * The bounds Fit frames: where the skinned mesh (and the bones) go over the whole clip. Each
 * bone's vertices are boxed once in bind space; each sampled frame's skinning matrices (the CPU
 * mirror, under the rule shown) move the boxes' corners, and the joints' positions are added.
 * A skinned vertex is a weighted sum of its bones' transforms, so with weights summing to 1 it
 * lies inside the union of those boxes (with less, it is pulled towards the origin, which is then
 * included). Pure.
 */
import type { BindRule } from '../../formats/keyframeBind';
import type { Bounds } from './camera';
import { restPositions } from './meshGeometry';
import { BONE_OUTPUT_FLOATS, buildPose, outputBoneCount } from './pose';
import { poseInputs, sceneBounds, type PreviewScene } from './scene';

/** At most this many frames are posed (evenly spaced, first and last included). */
const MAX_SAMPLED_FRAMES = 240;

class BoundsBuilder {
  readonly min = [Infinity, Infinity, Infinity];
  readonly max = [-Infinity, -Infinity, -Infinity];

  include(x: number, y: number, z: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) return;
    const p = [x, y, z];
    for (let k = 0; k < 3; k++) {
      if (p[k] < this.min[k]) this.min[k] = p[k];
      if (p[k] > this.max[k]) this.max[k] = p[k];
    }
  }

  bounds(fallback: Bounds): Bounds {
    if (this.min[0] === Infinity) return fallback;
    return { min: this.min as [number, number, number], max: this.max as [number, number, number] };
  }
}

/** The frames to pose: all of them, or MAX_SAMPLED_FRAMES spread evenly. */
export function sampledFrames(frames: number, max = MAX_SAMPLED_FRAMES): number[] {
  if (frames <= max) return Array.from({ length: frames }, (_, f) => f);
  return Array.from({ length: max }, (_, i) => Math.round((i * (frames - 1)) / (max - 1)));
}

export function animatedBounds(scene: PreviewScene, rule: BindRule): Bounds {
  const mesh = scene.mesh;
  if (!mesh) return scene.bounds;
  const fitted = new BoundsBuilder();
  const positions = restPositions(mesh.header, mesh.vertices);
  if (!mesh.skinned) {
    for (let v = 0; v < positions.length; v += 3) fitted.include(positions[v], positions[v + 1], positions[v + 2]);
    const joints = sceneBounds(scene.clip);
    fitted.include(...joints.min);
    fitted.include(...joints.max);
    return fitted.bounds(scene.bounds);
  }
  // Bind-space box of each bone's vertices.
  const boxes = new Map<number, BoundsBuilder>();
  let pulledToOrigin = false;
  const stride = mesh.header.stride;
  for (let v = 0, o = mesh.jointsOffset; v < mesh.header.vertexCount; v++, o += stride) {
    let total = 0;
    for (let k = 0; k < 4; k++) {
      const weight = mesh.vertices[o + 4 + k];
      if (weight === 0) continue;
      total += weight;
      const bone = mesh.vertices[o + k];
      let box = boxes.get(bone);
      if (!box) boxes.set(bone, (box = new BoundsBuilder()));
      box.include(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
    }
    if (total < 255) pulledToOrigin = true;
  }
  if (pulledToOrigin) fitted.include(0, 0, 0);
  const inputs = poseInputs(scene, rule);
  const pose = new Float32Array(outputBoneCount(inputs) * BONE_OUTPUT_FLOATS);
  for (const frame of sampledFrames(scene.clip.frames)) {
    buildPose(inputs, { frame, nextFrame: frame, blend: 0, blended: false }, pose);
    for (const [bone, box] of boxes) {
      const m = bone * BONE_OUTPUT_FLOATS + 12;
      for (let corner = 0; corner < 8; corner++) {
        const x = corner & 1 ? box.max[0] : box.min[0];
        const y = corner & 2 ? box.max[1] : box.min[1];
        const z = corner & 4 ? box.max[2] : box.min[2];
        fitted.include(
          pose[m] * x + pose[m + 1] * y + pose[m + 2] * z + pose[m + 3],
          pose[m + 4] * x + pose[m + 5] * y + pose[m + 6] * z + pose[m + 7],
          pose[m + 8] * x + pose[m + 9] * y + pose[m + 10] * z + pose[m + 11],
        );
      }
    }
    // The joints (gizmo origins): each clip bone's model matrix translation.
    for (let bone = 0; bone < scene.clip.bones; bone++) {
      const m = bone * BONE_OUTPUT_FLOATS;
      fitted.include(pose[m + 3], pose[m + 7], pose[m + 11]);
    }
  }
  return fitted.bounds(scene.bounds);
}
