/**
 * What the manifest language service reads from a manifest check: the model with its ranges,
 * the resolved assets, the links and the diagnostics (with `data` for quick fixes).
 */
import { assetById, type ManifestCheckResult } from '../checkManifest';
import type { ResolvedAsset } from '../resolvedAsset';
import type { LinkSource } from '../rules/links';

export type ManifestFacts = Pick<ManifestCheckResult, 'model' | 'assets' | 'diagnostics' | 'links'>;

export interface LinkedAssets {
  skeleton?: ResolvedAsset;
  mesh?: ResolvedAsset;
  source: LinkSource;
}

/** The skeleton and mesh assets the manifest links to a clip asset (by its id or imported ids). */
export function linkedAssets(facts: ManifestFacts, clip: ResolvedAsset): LinkedAssets | undefined {
  const ids = clip.importedIds ?? (clip.id !== undefined ? [clip.id] : []);
  const link = facts.links.find((l) => ids.includes(l.animation));
  if (!link) return undefined;
  return {
    skeleton: link.skeleton !== undefined ? assetById(facts, 'skeleton', link.skeleton) : undefined,
    mesh: link.mesh !== undefined ? assetById(facts, 'mesh', link.mesh) : undefined,
    source: link.source,
  };
}

/** `3 bones`, `1 bone`; `4 vertices` with the plural given. */
export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}
