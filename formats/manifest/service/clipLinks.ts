/**
 * What the preview needs from a manifest about one clip: the skeleton and mesh it is linked to
 * (and how, in words), plus every skeleton and mesh of the pack with its bone count, so a viewer
 * can offer them or pick one by bone count when the manifest links nothing.
 */
import type { ResolvedAsset } from '../resolvedAsset';
import { SOURCE_TEXT, type LinkSource } from '../rules/links';
import { linkedAssets, type ManifestFacts } from './facts';

export interface LinkedAssetFacts {
  /** The entry's id (an imported id for wildcard glTF imports: the first). */
  id?: string;
  /** Absolute path of the file. */
  path: string;
  /** Skeleton: its bones; mesh: its highest bone index + 1 (absent when unskinned or unknown). */
  boneCount?: number;
}

export interface ClipLinkFacts {
  /** The clip's entry (its id and bone count as the manifest check read them). */
  clip: LinkedAssetFacts;
  skeleton?: LinkedAssetFacts;
  mesh?: LinkedAssetFacts;
  source?: LinkSource;
  /** `source` in words, as the diagnostics and the hover say it. */
  sourceText?: string;
  /** Every native skeleton and mesh of the pack whose file exists, in manifest order. */
  candidates: { skeletons: LinkedAssetFacts[]; meshes: LinkedAssetFacts[] };
}

function factsOf(asset: ResolvedAsset): LinkedAssetFacts {
  const id = asset.id ?? asset.importedIds?.[0];
  return { ...(id !== undefined ? { id } : {}), path: asset.path, ...(asset.boneCount !== undefined ? { boneCount: asset.boneCount } : {}) };
}

function candidates(facts: ManifestFacts, kind: 'skeleton' | 'mesh'): LinkedAssetFacts[] {
  const seen = new Set<string>();
  const out: LinkedAssetFacts[] = [];
  for (const asset of facts.assets) {
    if (asset.kind !== kind || !asset.exists || asset.summary?.kind !== kind || seen.has(asset.path)) continue;
    seen.add(asset.path);
    out.push(factsOf(asset));
  }
  return out;
}

/** Every native skeleton and mesh of the pack whose file exists (each file once), in manifest order. */
export function packCandidates(facts: ManifestFacts): ClipLinkFacts['candidates'] {
  return { skeletons: candidates(facts, 'skeleton'), meshes: candidates(facts, 'mesh') };
}

/** The links of the native clip at `clipPath` (absolute), or undefined when the manifest does not list it. */
export function clipLinks(facts: ManifestFacts, clipPath: string): ClipLinkFacts | undefined {
  const clip = facts.assets.find((a) => a.kind === 'animation' && a.path === clipPath);
  if (!clip) return undefined;
  const link = linkedAssets(facts, clip);
  const result: ClipLinkFacts = { clip: factsOf(clip), candidates: packCandidates(facts) };
  if (link?.skeleton?.exists) result.skeleton = factsOf(link.skeleton);
  if (link?.mesh?.exists) result.mesh = factsOf(link.mesh);
  if (link && (result.skeleton || result.mesh)) {
    result.source = link.source;
    result.sourceText = SOURCE_TEXT[link.source];
  }
  return result;
}
