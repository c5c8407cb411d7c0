/**
 * What the manifest features read from a manifest check: the model with its ranges, the
 * resolved assets, the links and the diagnostics (with `data` for quick fixes).
 */
import { assetById, type LinkSource, type ManifestCheckResult, type ResolvedAsset } from '../../../../formats';

export type ManifestFacts = Pick<ManifestCheckResult, 'model' | 'assets' | 'diagnostics' | 'links'>;

/** The skeleton and mesh assets the manifest links to a clip asset (by its id or imported ids). */
export function linkedAssets(facts: ManifestFacts, clip: ResolvedAsset): { skeleton?: ResolvedAsset; mesh?: ResolvedAsset; source: LinkSource } | undefined {
  const ids = clip.importedIds ?? (clip.id !== undefined ? [clip.id] : []);
  const link = facts.links.find((l) => ids.includes(l.animation));
  if (!link) return undefined;
  return {
    skeleton: link.skeleton !== undefined ? assetById(facts, 'skeleton', link.skeleton) : undefined,
    mesh: link.mesh !== undefined ? assetById(facts, 'mesh', link.mesh) : undefined,
    source: link.source,
  };
}

