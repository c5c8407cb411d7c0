/**
 * The server's calls into the core: binary files through `checkFileOnce` (on the check pool's
 * workers where the runtime has one), manifests through the manifest check. One cache holds what
 * the checks learnt about each file (summary, lint results, a clip's local-space verdicts): a
 * binary check offers it, so that a manifest checked after it reads none of its files again; a
 * changed or deleted file leaves it, a cap change empties it.
 */
import { checkFileOnce } from '../../formats/check';
import type { BinaryCheckPool } from '../../formats/checkPool';
import type { FormatDiagnostic } from '../../formats/diagnostics';
import type { FileAccess } from '../../formats/fileAccess';
import type { FileKind } from '../../formats/fileKinds';
import { AssetSummaryCache, checkManifest } from '../../formats/manifest';
import { offerCheckedFacts } from '../../formats/manifest/assetFacts';
import { exportedBoneNames } from '../../formats/gltf/exportRecord';
import { DEFAULT_MOTION_OPTIONS, type MotionOptions } from '../../formats/motion/motionOptions';
import { motionOptionsOf } from '../../formats/settings/settings';
import type { ManifestCheckResult, ServerSettings } from './context';

export interface CoreChecks {
  /** A binary asset of the kind the workspace walk (or a file event) gave it. */
  checkAsset(path: string, kind: FileKind): Promise<readonly FormatDiagnostic[]>;
  /** The skeletons checked so far: clips checked from now on are judged against them as they are read. */
  skeletonsChecked(): void;
  /** A pass over the workspace begins: its manifests use the stats its binary checks took. Returns its end. */
  beginPass(): () => void;
  checkManifest(path: string, text: string): Promise<ManifestCheckResult>;
  /** A file changed or went away: drop its cached summary. */
  forget(path: string): void;
  forgetAll(): void;
}

/** Facts a manifest reads for itself are linted with the default motion thresholds: only such checks are offered. */
function defaultMotion(motion: MotionOptions): boolean {
  return (Object.keys(DEFAULT_MOTION_OPTIONS) as (keyof MotionOptions)[]).every((key) => motion[key] === DEFAULT_MOTION_OPTIONS[key]);
}

export function createCoreChecks(files: FileAccess, settings: () => ServerSettings, pool?: BinaryCheckPool): CoreChecks {
  const cache = new AssetSummaryCache();
  return {
    async checkAsset(path, kind) {
      // A manifest check that listed this file linted it already (same cap: a cap change clears
      // the cache; a file event clears the file's entry before it is queued).
      const linted = cache.peek(path)?.diagnostics;
      if (linted) return linted;
      const { maxKeyframeProblems, mshExtensions } = settings();
      const motion = motionOptionsOf(settings());
      const options = { maxKeyframeProblems, kinds: { mshExtensions }, motion, boneNamesOf: (clip: string, bones: number) => exportedBoneNames(files, clip, bones) };
      const checked = await checkFileOnce(files, path, kind, options, pool);
      if (checked.stat && defaultMotion(motion)) offerCheckedFacts(cache, checked, checked.stat, maxKeyframeProblems);
      return checked.result.diagnostics;
    },
    skeletonsChecked: () => pool?.knowBindPoses?.(cache.bindPoses()),
    beginPass: () => cache.beginPass(),
    checkManifest: (path, text) =>
      checkManifest(files, path, text, { maxKeyframeProblems: settings().maxKeyframeProblems, cache, animationBufferLimit: settings().maxStorageBufferBindingSize }),
    forget: (path) => cache.invalidate(path),
    forgetAll: () => cache.clear(),
  };
}
