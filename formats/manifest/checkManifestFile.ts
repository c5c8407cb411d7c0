/**
 * A manifest as a file: what `checkFile` (and through it the CLI) does with `nether.toml` /
 * `ember.toml`, and the whole pack (the manifest plus every native asset it lists).
 */
import { checkFile, type CheckOptions, type FileCheckResult } from '../check';
import type { FormatDiagnostic } from '../diagnostics';
import type { FileAccess } from '../fileAccess';
import { checkManifest, readManifestText, type ManifestCheckResult } from './checkManifest';
import { AssetSummaryCache } from './summaryCache';

export interface ManifestFileResult extends FileCheckResult {
  /** Absent only when the manifest could not be read. */
  manifest?: ManifestCheckResult;
}

/** `file/unreadable` for a manifest, at the start of its text (it is a text file: no byte range). */
export function unreadableManifestDiagnostic(path: string, why: string): FormatDiagnostic {
  return {
    code: 'file/unreadable',
    severity: 'error',
    message: `Cannot read ${path}: ${why}. Check that the file exists and is readable.`,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  };
}

function unreadable(path: string, why: string): FileCheckResult {
  return { path, kind: 'manifest', diagnostics: [unreadableManifestDiagnostic(path, why)] };
}

/** Reads and checks one manifest through `access`; missing or unreadable -> `file/unreadable`. */
export async function checkManifestFile(access: FileAccess, path: string, options: CheckOptions & { cache?: AssetSummaryCache }): Promise<ManifestFileResult> {
  let text: string;
  try {
    const stat = await access.stat(path);
    if (!stat || stat.isDirectory) return unreadable(path, stat ? 'it is a directory' : 'no such file');
    text = await readManifestText(access, path, stat.size);
  } catch (error) {
    return unreadable(path, error instanceof Error ? error.message : String(error));
  }
  const manifest = await checkManifest(access, path, text, { maxKeyframeProblems: options.maxKeyframeProblems, cache: options.cache });
  return { path, kind: 'manifest', diagnostics: manifest.diagnostics, manifest };
}

/**
 * The manifest's result first, then each native clip, skeleton and mesh it lists that exists
 * (each once, in manifest order), checked as files in their own right.
 */
export async function checkManifestPack(access: FileAccess, path: string, options: CheckOptions): Promise<FileCheckResult[]> {
  const cache = new AssetSummaryCache();
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
