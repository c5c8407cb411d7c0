/** A manifest entry joined with what its file turned out to be. */
import type { AssetSummary } from '../records';
import type { GltfInfo } from './gltfInfo';
import type { ManifestEntry } from './model';
import type { ManifestAssetKind } from './schema';

export interface ResolvedAsset {
  entry: ManifestEntry;
  kind: ManifestAssetKind;
  /** The id the game loads it by (explicit, or an animation's `animation_name`). */
  id?: string;
  /** `path` as written in the manifest. */
  pathText: string;
  /** `path` resolved against the manifest's folder. */
  path: string;
  exists: boolean;
  /** The file's size in bytes, when it exists. */
  size?: number;
  /** Native clip, skeleton or mesh. */
  summary?: AssetSummary;
  /** .gltf / .glb. */
  gltf?: GltfInfo;
  /** glTF: the skin used (`skin_name`, else the file's first skin). */
  skinName?: string;
  /**
   * What the bone cross-check compares: clip bones, skeleton bones, or for a mesh the highest
   * bone index + 1 (only when skinned). Undefined when unknown.
   */
  boneCount?: number;
  /** Wildcard glTF import: the ids it produces (`id_prefix` + animation name). */
  importedIds?: string[];
}

export function isGltfPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower.endsWith('.gltf') || lower.endsWith('.glb');
}
