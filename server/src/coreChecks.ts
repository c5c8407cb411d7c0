/**
 * The server's calls into the core: binary files through `checkFile`, manifests through the
 * manifest check. The manifest check keeps its summaries of referenced files in one cache, which
 * a changed or deleted file leaves.
 */
import { checkFile } from '../../formats/check';
import type { FormatDiagnostic } from '../../formats/diagnostics';
import type { FileAccess } from '../../formats/fileAccess';
import { AssetSummaryCache, checkManifest } from '../../formats/manifest';
import type { ManifestCheckResult, ServerSettings } from './context';

export interface CoreChecks {
  checkAsset(path: string): Promise<readonly FormatDiagnostic[]>;
  checkManifest(path: string, text: string): Promise<ManifestCheckResult>;
  /** A file changed or went away: drop its cached summary. */
  forget(path: string): void;
  forgetAll(): void;
}

export function createCoreChecks(files: FileAccess, settings: () => ServerSettings): CoreChecks {
  const cache = new AssetSummaryCache();
  return {
    async checkAsset(path) {
      cache.invalidate(path);
      const result = await checkFile(files, path, { maxKeyframeProblems: settings().maxKeyframeProblems });
      return result.diagnostics;
    },
    checkManifest: (path, text) => checkManifest(files, path, text, { maxKeyframeProblems: settings().maxKeyframeProblems, cache }),
    forget: (path) => cache.invalidate(path),
    forgetAll: () => cache.clear(),
  };
}
