import type { LinkSource } from '../formats/manifest';

/**
 * `ewzanim/clipLinks`: which skeleton and mesh go with a clip, from the manifest that lists it
 * (the nearest `nether.toml` / `ember.toml` in the clip's folder or above, up to its workspace
 * folder, checked by the server from its unsaved text when open), plus every skeleton and mesh
 * of that pack with its bone count, for a picker or a guess by bone count.
 * A URI that is not a clip is answered with an InvalidParams error.
 */
export const CLIP_LINKS_REQUEST = 'ewzanim/clipLinks';

export interface ClipLinksParams {
  /** The clip's URI as a string (`file:` only). */
  clip: string;
}

export interface LinkedAssetRef {
  uri: string;
  /** The manifest entry's id. */
  id?: string;
  /** Skeleton: its bones; mesh: its highest bone index + 1 (absent when unskinned or unknown). */
  boneCount?: number;
}

export interface ClipLinksResult {
  /** Bones per frame in the clip's header; absent when it cannot be read. */
  clipBones?: number;
  /** The manifest that lists the clip; else the nearest manifest (its candidates); absent when there is none. */
  manifest?: string;
  /** Whether `manifest` lists the clip. */
  listed: boolean;
  skeleton?: LinkedAssetRef;
  mesh?: LinkedAssetRef;
  /** How the link was made, and the same in words ("linked by its `skeleton`/`mesh` key"). */
  source?: LinkSource;
  sourceText?: string;
  /** The native skeletons and meshes of `manifest`'s pack whose files exist, in manifest order. */
  candidates: { skeletons: LinkedAssetRef[]; meshes: LinkedAssetRef[] };
}
