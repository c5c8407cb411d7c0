/**
 * What the preview draws, built from the files' bytes with the core's parsers: the clip (must
 * be playable), an optional skeleton and mesh (dropped with an explanation when malformed), the
 * problems to show, and the bounds the camera fits.
 */
// Core modules by file, not formats/index: the index also exports the manifest checker, whose
// glTF reader needs Node and cannot be bundled for a webview.
import { parseClipHeader } from '../../formats/clip';
import { f16LookupTable } from '../../formats/f16';
import { indexOffset, parseMeshHeader, vertexOffset } from '../../formats/mesh';
import { MESH_FORMAT, type MeshHeader } from '../../formats/records';
import { inverseBindOffset, MAX_SKELETON_BONES, parseSkeletonHeader, readInverseBind } from '../../formats/skeleton';
import type { BindRule } from '../../formats/keyframeBind';
import type { PreviewFile } from '../../protocol/preview';
import type { Bounds } from './camera';
import { meshGeometry, type MeshGeometry } from './meshGeometry';
import type { PoseInputs } from './pose';

export interface SceneClip {
  name: string;
  bytes: Uint8Array;
  bones: number;
  frames: number;
}

export interface SceneSkeleton {
  name: string;
  bytes: Uint8Array;
  bones: number;
  /** 12 f32 per bone, column-major as stored. */
  inverseBinds: Float32Array;
}

export interface SceneMesh {
  name: string;
  header: MeshHeader;
  /** The vertex section as it is in the file (stride `header.stride`). */
  vertices: Uint8Array;
  /** u16 indices as in the file, or undefined for a non-indexed mesh. */
  indices?: Uint8Array;
  skinned: boolean;
  /** Byte offset of bone indices inside a vertex (skinned meshes). */
  jointsOffset: number;
  /** Normals, wireframe edges and the bones the vertices use. */
  geometry: MeshGeometry;
}

export interface PreviewScene {
  clip: SceneClip;
  skeleton?: SceneSkeleton;
  mesh?: SceneMesh;
  /** Shown above the canvas; nothing here stops playback. */
  problems: string[];
  bounds: Bounds;
}

export type SceneResult = { scene: PreviewScene } | { fatal: string };

export function buildScene(clip: PreviewFile, skeleton?: PreviewFile, mesh?: PreviewFile): SceneResult {
  const header = parseClipHeader(clip.bytes);
  if (!header) return { fatal: `${clip.name} is ${clip.bytes.length} bytes: too short for the 4-byte clip header.` };
  if (header.boneCount === 0) return { fatal: `${clip.name} has bone_count 0: nothing to play (1..255 bones expected).` };
  if (header.frameCount === 0) return { fatal: `${clip.name} has frame_count 0: nothing to play. (A 16-byte header with 48-byte matrices is the two-day-old layout; re-export the clip.)` };
  if (clip.bytes.length < header.expectedSize) {
    return { fatal: `${clip.name} is ${clip.bytes.length} bytes but ${header.boneCount} bones x ${header.frameCount} frames need ${header.expectedSize}: truncated.` };
  }
  const problems: string[] = [];
  // Bone-count mismatches are not listed here: the panel's banner explains them per rule.
  if (header.flags !== 0) problems.push(`${clip.name}: flags is ${header.flags}, must be 0; played as if 0.`);
  if (clip.bytes.length > header.expectedSize) problems.push(`${clip.name}: ${clip.bytes.length - header.expectedSize} trailing bytes ignored (the packer drops them).`);
  const sceneClip: SceneClip = { name: clip.name, bytes: clip.bytes, bones: header.boneCount, frames: header.frameCount };
  const sceneSkeleton = skeleton ? readSkeleton(skeleton, problems) : undefined;
  const sceneMesh = mesh ? readMesh(mesh, problems) : undefined;
  return { scene: { clip: sceneClip, skeleton: sceneSkeleton, mesh: sceneMesh, problems, bounds: sceneBounds(sceneClip, sceneMesh) } };
}

function readSkeleton(file: PreviewFile, problems: string[]): SceneSkeleton | undefined {
  const header = parseSkeletonHeader(file.bytes);
  if (!header || header.boneCount === 0 || header.boneCount > MAX_SKELETON_BONES || file.bytes.length < header.expectedSize) {
    problems.push(`${file.name} is not a usable skeleton (${file.bytes.length} bytes${header ? `, bone_count ${header.boneCount}` : ''}): raw mode instead.`);
    return undefined;
  }
  const inverseBinds = new Float32Array(header.boneCount * 12);
  for (let b = 0; b < header.boneCount; b++) inverseBinds.set(readInverseBind(file.bytes, inverseBindOffset(b)), b * 12);
  return { name: file.name, bytes: file.bytes, bones: header.boneCount, inverseBinds };
}

function readMesh(file: PreviewFile, problems: string[]): SceneMesh | undefined {
  const header = parseMeshHeader(file.bytes);
  if (!header || header.vertexCount === 0 || file.bytes.length < header.expectedSize) {
    problems.push(`${file.name} is not a usable mesh (${file.bytes.length} bytes${header ? `, ${header.vertexCount} vertices, format ${header.format}` : ''}): bones only.`);
    return undefined;
  }
  const skinned = (header.format & MESH_FORMAT.SKINNED) !== 0;
  if (!skinned) problems.push(`${file.name} has no bone weights (format ${header.format}): drawn unskinned.`);
  const vertexEnd = vertexOffset(header, header.vertexCount);
  const vertices = file.bytes.subarray(vertexOffset(header, 0), vertexEnd);
  const indices = header.indexCount > 0 ? file.bytes.subarray(vertexEnd, indexOffset(header, header.indexCount)) : undefined;
  if (indices) {
    const view = new DataView(indices.buffer, indices.byteOffset, indices.byteLength);
    for (let i = 0; i < header.indexCount; i++) {
      if (view.getUint16(i * 2, true) >= header.vertexCount) {
        problems.push(`${file.name}: index ${i} points past the ${header.vertexCount} vertices: mesh not drawn.`);
        return undefined;
      }
    }
  }
  return { name: file.name, header, vertices, indices, skinned, jointsOffset: header.stride - 8, geometry: meshGeometry(header, vertices, indices) };
}

/**
 * Bounds over all frames: every keyframe's translation (only the position f16s are read, through
 * the core's lookup table) and the mesh's rest positions.
 */
export function sceneBounds(clip: SceneClip, mesh?: SceneMesh): Bounds {
  const half = f16LookupTable();
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const include = (x: number, y: number, z: number): void => {
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) return;
    if (x < min[0]) min[0] = x; if (x > max[0]) max[0] = x;
    if (y < min[1]) min[1] = y; if (y > max[1]) max[1] = y;
    if (z < min[2]) min[2] = z; if (z > max[2]) max[2] = z;
  };
  const b = clip.bytes;
  const records = clip.bones * clip.frames;
  for (let r = 0, o = 8; r < records; r++, o += 16) {
    include(half[b[o] | (b[o + 1] << 8)], half[b[o + 2] | (b[o + 3] << 8)], half[b[o + 4] | (b[o + 5] << 8)]);
  }
  if (mesh) {
    const v = mesh.vertices;
    for (let i = 0, o = 0; i < mesh.header.vertexCount; i++, o += mesh.header.stride) {
      include(half[v[o] | (v[o + 1] << 8)], half[v[o + 2] | (v[o + 3] << 8)], half[v[o + 4] | (v[o + 5] << 8)]);
    }
  }
  if (min[0] === Infinity) return { min: [-1, -1, -1], max: [1, 1, 1] };
  return { min: min as [number, number, number], max: max as [number, number, number] };
}

/** Bones the mesh names: its highest used bone index + 1 (0 without a skinned mesh). */
export function meshBoneCount(scene: PreviewScene): number {
  const used = scene.mesh?.skinned ? scene.mesh.geometry.usedBones : [];
  return used.length ? used[used.length - 1] + 1 : 0;
}

/** The scene as the CPU mirror's input (WebGL2 fallback, bounds), under `rule`. */
export function poseInputs(scene: PreviewScene, rule: BindRule = 'design'): PoseInputs {
  return {
    clip: scene.clip.bytes, clipBones: scene.clip.bones, frameCount: scene.clip.frames,
    inverseBinds: scene.skeleton?.inverseBinds, skeletonBones: scene.skeleton?.bones ?? 0, meshBones: meshBoneCount(scene), rule,
  };
}

/** A length scale for gizmo axes and the grid: a tenth of the bounds' diagonal. */
export function sceneScale(bounds: Bounds): number {
  return Math.max(1e-3, Math.hypot(bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1], bounds.max[2] - bounds.min[2]) / 10);
}
