/**
 * A manifest as a file: what `checkFile` (and through it the CLI) does with `nether.toml` /
 * `ember.toml`. The whole pack (the manifest plus every native asset it lists) is `checkPack.ts`,
 * above `check.ts`, which dispatches manifests here.
 */
import type { CheckOptions, FileCheckResult } from '../checkResult';
import type { FormatDiagnostic } from '../diagnostics';
import type { FileAccess } from '../fileAccess';
import { checkManifest, readManifestText, type ManifestCheckResult } from './checkManifest';
import type { AssetSummaryCache } from './summaryCache';

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
