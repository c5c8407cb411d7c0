/**
 * The server's calls into the core: binary files through `checkFile`, manifests through the
 * manifest check. One cache holds what the manifest checks learnt about the files they list
 * (summary and lint results); a changed or deleted file leaves it, a cap change empties it.
 */
import { checkFileAs } from '../../formats/check';
import type { FormatDiagnostic } from '../../formats/diagnostics';
import type { FileAccess } from '../../formats/fileAccess';
import type { FileKind } from '../../formats/fileKinds';
import { AssetSummaryCache, checkManifest } from '../../formats/manifest';
import { exportedBoneNames } from '../../formats/gltf/exportRecord';
import { motionOptionsOf } from '../../formats/settings/settings';
import type { ManifestCheckResult, ServerSettings } from './context';

export interface CoreChecks {
  /** A binary asset of the kind the workspace walk (or a file event) gave it. */
  checkAsset(path: string, kind: FileKind): Promise<readonly FormatDiagnostic[]>;
  checkManifest(path: string, text: string): Promise<ManifestCheckResult>;
  /** A file changed or went away: drop its cached summary. */
  forget(path: string): void;
  forgetAll(): void;
}

export function createCoreChecks(files: FileAccess, settings: () => ServerSettings): CoreChecks {
  const cache = new AssetSummaryCache();
  return {
    async checkAsset(path, kind) {
      // A manifest check that listed this file linted it already (same cap: a cap change clears
      // the cache; a file event clears the file's entry before it is queued).
      const linted = cache.peek(path)?.diagnostics;
      if (linted) return linted;
      const result = await checkFileAs(files, path, kind, {
        maxKeyframeProblems: settings().maxKeyframeProblems,
        kinds: { mshExtensions: settings().mshExtensions },
        motion: motionOptionsOf(settings()),
        boneNamesOf: (clip, bones) => exportedBoneNames(files, clip, bones),
      });
      return result.diagnostics;
    },
    checkManifest: (path, text) =>
      checkManifest(files, path, text, { maxKeyframeProblems: settings().maxKeyframeProblems, cache, animationBufferLimit: settings().maxStorageBufferBindingSize }),
    forget: (path) => cache.invalidate(path),
    forgetAll: () => cache.clear(),
  };
}
