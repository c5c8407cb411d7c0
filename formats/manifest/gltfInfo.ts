/**
 * What the manifest rules need from a .gltf/.glb: its skins (name, joint count, whether local
 * and model space differ), the names of its animations and the highest JOINTS_0 value. Read with
 * the core's glTF loader (@gltf-transform/core) through `FileAccess`; any failure becomes
 * `error`, never an exception.
 */
import type { FileAccess } from '../fileAccess';
import { errorMessage, loadGltfDocument, MAX_GLTF_INSPECT_BYTES } from '../gltf/load';
import { localSpaceDifference, type LocalSpaceDifference } from '../gltf/scene';

export interface GltfSkinInfo {
  name: string;
  jointCount: number;
  /**
   * Set when a joint's local transform is not its model-space transform (a joint parent, or an
   * ancestor node that moves it): a clip of local TRS, as the upstream packer writes it, is then
   * drawn wrongly by `keyframe_bind`.
   */
  localSpace?: LocalSpaceDifference;
}

export interface GltfInfo {
  skins: GltfSkinInfo[];
  animations: string[];
  /** Highest JOINTS_0 value of any mesh primitive, when the file has skinned meshes. */
  maxJointIndex?: number;
  /** Set when the file could not be read as glTF: what went wrong. */
  error?: string;
}

/**
 * A glTF is read whole (the library needs its buffers). Past this size we say so instead of
 * loading it: the rules then simply know nothing about its skins and animations.
 */
export const MAX_GLTF_BYTES = MAX_GLTF_INSPECT_BYTES;

export async function readGltfInfo(access: FileAccess, path: string, size: number): Promise<GltfInfo> {
  if (size > MAX_GLTF_BYTES) {
    return { skins: [], animations: [], error: `it is larger than ${MAX_GLTF_BYTES / 1024 / 1024} MiB, too large to inspect` };
  }
  try {
    const document = await loadGltfDocument(access, path, size, MAX_GLTF_BYTES);
    const root = document.getRoot();
    const info: GltfInfo = {
      skins: root.listSkins().map((skin) => {
        const skinInfo: GltfSkinInfo = { name: skin.getName(), jointCount: skin.listJoints().length };
        const difference = localSpaceDifference(document, skin);
        if (difference) skinInfo.localSpace = difference;
        return skinInfo;
      }),
      animations: root.listAnimations().map((animation) => animation.getName()),
    };
    for (const mesh of root.listMeshes()) {
      for (const primitive of mesh.listPrimitives()) {
        const joints = primitive.getAttribute('JOINTS_0');
        if (!joints) continue;
        const max = joints.getMax([]) as number[];
        info.maxJointIndex = Math.max(info.maxJointIndex ?? 0, ...max);
      }
    }
    return info;
  } catch (error) {
    return { skins: [], animations: [], error: errorMessage(error) };
  }
}
