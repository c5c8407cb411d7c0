/**
 * `ewzanim/clipLinks`: which skeleton and mesh go with a clip, from the manifest that lists it
 * (the nearest `nether.toml` / `ember.toml` in the clip's folder or above, up to its workspace
 * folder, checked by the server from its unsaved text when open), plus every skeleton and mesh
 * of that pack with its bone count, for a picker or a guess by bone count.
 * A URI that is not a clip is answered with an InvalidParams error.
 *
 * Its own wire types, written field by field from the manifest service's facts by
 * `protocol/convert/clipLinks.ts`; pinned by `test/fixtures/wire/clipLinks.json`.
 */
export const CLIP_LINKS_REQUEST = 'ewzanim/clipLinks';

export interface ClipLinksParams {
  /** The clip's URI as a string (`file:` only). */
  clip: string;
}

export interface LinkedAssetRef {
  /** The asset file's URI. */
  uri: string;
  /** The manifest entry's id. */
  id?: string;
  /** Skeleton: its bones; mesh: its highest bone index + 1 (absent when unskinned or unknown). */
  boneCount?: number;
}

/**
 * How the link was made: `explicit` by the clip's `skeleton` / `mesh` key, `gltf-skin` because
 * clip and skeleton come from the same glTF skin, `single-skeleton` because the pack has one.
 */
export type ClipLinkSource = 'explicit' | 'gltf-skin' | 'single-skeleton';

export interface ClipLinksResult {
  /** Bones per frame in the clip's header; absent when it cannot be read. */
  clipBones?: number;
  /** URI of the manifest that lists the clip; else of the nearest manifest (its candidates); absent when there is none. */
  manifest?: string;
  /** Whether `manifest` lists the clip. */
  listed: boolean;
  /** The linked skeleton and mesh, when the manifest links them and their files exist. */
  skeleton?: LinkedAssetRef;
  mesh?: LinkedAssetRef;
  /** How the link was made (with `skeleton` or `mesh`). */
  source?: ClipLinkSource;
  /** `source` in words ("linked by its `skeleton`/`mesh` key"), as the diagnostics say it. */
  sourceText?: string;
  /** The native skeletons and meshes of `manifest`'s pack whose files exist, in manifest order. */
  candidates: { skeletons: LinkedAssetRef[]; meshes: LinkedAssetRef[] };
}
