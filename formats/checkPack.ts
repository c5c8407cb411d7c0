/**
 * A manifest and the pack it lists: above `check.ts` (it checks each listed asset as a file),
 * while `manifest/checkManifestFile.ts` sits below it.
 */
import { checkFile } from './check';
import type { CheckOptions, FileCheckResult } from './checkResult';
import { checkManifestFile } from './manifest/checkManifestFile';
import type { FileAccess } from './fileAccess';
import { AssetSummaryCache } from './manifest/summaryCache';

/**
 * The manifest's result first, then each native clip, skeleton and mesh it lists that exists
 * (each once, in manifest order), checked as files in their own right. `cache` may hold the
 * facts of files checked already (`offerCheckedFacts`): those are not read again.
 */
export async function checkManifestPack(access: FileAccess, path: string, options: CheckOptions, cache = new AssetSummaryCache()): Promise<FileCheckResult[]> {
  const manifestResult = await checkManifestFile(access, path, { ...options, cache });
  const results: FileCheckResult[] = [{ path, kind: 'manifest', diagnostics: manifestResult.diagnostics }];
  const seen = new Set<string>();
  for (const asset of manifestResult.manifest?.assets ?? []) {
    if (!asset.exists || !asset.summary || seen.has(asset.path)) continue;
    seen.add(asset.path);
    // The manifest check linted it already: reuse that, unless it is gone from the cache.
    const diagnostics = cache.peek(asset.path)?.diagnostics;
    results.push(diagnostics ? { path: asset.path, kind: asset.summary.kind, diagnostics, summary: asset.summary } : await checkFile(access, asset.path, options));
  }
  return results;
}
