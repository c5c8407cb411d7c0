/**
 * The server's calls into the core: binary files through `checkFileOnce`, or in batches on the
 * check pool's workers where the runtime has one (`checkAssets`: each worker stats and reads its
 * files itself), manifests through the manifest check. One cache holds what the checks learnt
 * about each file (summary, lint results, a clip's local-space verdicts): a binary check offers
 * it, so that a manifest checked after it reads none of its files again; a changed or deleted
 * file leaves it, a cap change empties it.
 */
import { checkFileOnce } from '../../formats/check';
import type { CheckOptions } from '../../formats/checkResult';
import { pooledOptions, withBoneNames, type BinaryCheckPool, type PooledFile, type PooledFileCheck } from '../../formats/checkPool';
import type { FormatDiagnostic } from '../../formats/diagnostics';
import type { FileAccess } from '../../formats/fileAccess';
import type { FileKind } from '../../formats/fileKinds';
import { AssetSummaryCache, checkManifestInSteps } from '../../formats/manifest';
import { offerCheckedFacts } from '../../formats/manifest/assetFacts';
import { exportedBoneNames } from '../../formats/gltf/exportRecord';
import { DEFAULT_MOTION_OPTIONS, type MotionOptions } from '../../formats/motion/motionOptions';
import { motionOptionsOf } from '../../formats/settings/settings';
import type { ManifestCheckResult, ServerSettings } from './context';
import { Turns } from './turns';

export interface CoreChecks {
  /** A binary asset of the kind the workspace walk (or a file event) gave it. */
  checkAsset(path: string, kind: FileKind): Promise<readonly FormatDiagnostic[]>;
  /**
   * Many binary assets, each answered to `each` as it is checked (in any order): on the pool's
   * workers many to a message, each worker taking its files' stats and bytes itself (this thread
   * touches none of them). Absent without a pool that takes batches: then `checkAsset` each.
   */
  checkAssets?(files: readonly PooledFile[], each: (index: number, checked: AssetCheck) => void): Promise<void>;
  /** The skeletons checked so far: clips checked from now on are judged against them as they are read. */
  skeletonsChecked(): void;
  /** A pass over the workspace begins: its manifests use the stats its binary checks took. Returns its end. */
  beginPass(): () => void;
  checkManifest(path: string, text: string): Promise<ManifestCheckResult>;
  /** A file changed or went away: drop its cached summary. */
  forget(path: string): void;
  forgetAll(): void;
}

/**
 * Answers of a batch taken (offered to the cache, published) before requests get a turn: a batch
 * of 64 answered at once held this thread ~3 ms, far longer on a loaded machine.
 */
const ANSWERS_PER_TURN = 8;

/** A binary asset's diagnostics, or why its check failed. */
export type AssetCheck = { diagnostics: readonly FormatDiagnostic[] } | { error: unknown };

/** Facts a manifest reads for itself are linted with the default motion thresholds: only such checks are offered. */
function defaultMotion(motion: MotionOptions): boolean {
  return (Object.keys(DEFAULT_MOTION_OPTIONS) as (keyof MotionOptions)[]).every((key) => motion[key] === DEFAULT_MOTION_OPTIONS[key]);
}

export function createCoreChecks(files: FileAccess, settings: () => ServerSettings, pool?: BinaryCheckPool): CoreChecks {
  const cache = new AssetSummaryCache();
  const checkOptions = (): CheckOptions & { motion: MotionOptions } => {
    const { maxKeyframeProblems, mshExtensions } = settings();
    return { maxKeyframeProblems, kinds: { mshExtensions }, motion: motionOptionsOf(settings()), boneNamesOf: (clip: string, bones: number) => exportedBoneNames(files, clip, bones) };
  };
  /** What a check taught offered to the manifests' rules (checked with the thresholds they assume); its diagnostics. */
  const learnt = (checked: PooledFileCheck, options: ReturnType<typeof checkOptions>): readonly FormatDiagnostic[] => {
    if (checked.stat && defaultMotion(options.motion)) offerCheckedFacts(cache, checked, checked.stat, options.maxKeyframeProblems);
    return checked.result.diagnostics;
  };
  // A manifest check that listed a file linted it already (same cap: a cap change clears the
  // cache; a file event clears the file's entry before it is queued).
  const linted = (path: string): readonly FormatDiagnostic[] | undefined => cache.peek(path)?.diagnostics;
  const checkAsset = async (path: string, kind: FileKind): Promise<readonly FormatDiagnostic[]> => {
    const options = checkOptions();
    return linted(path) ?? learnt(await checkFileOnce(files, path, kind, options, pool), options);
  };
  const batches = pool?.checkFiles?.bind(pool);
  return {
    checkAsset,
    checkAssets: batches && (async (assets, each) => {
      const options = checkOptions();
      const toPool: number[] = [];
      assets.forEach(({ path }, index) => {
        const known = linted(path);
        if (known) each(index, { diagnostics: known });
        else toPool.push(index);
      });
      const answers: Promise<void>[] = [];
      const turns = new Turns(ANSWERS_PER_TURN);
      await batches(toPool.map((index) => assets[index]!), pooledOptions(options), (at, checked) => {
        const index = toPool[at]!;
        const { path, kind } = assets[index]!;
        const answer = async (): Promise<readonly FormatDiagnostic[]> =>
          // A file the pool leaves here (a clip it splits, a worker that failed) is checked as one.
          checked ? learnt({ ...(await withBoneNames(checked, options)), stat: checked.stat }, options) : checkAsset(path, kind);
        answers.push(turns.next().then(answer).then((found) => each(index, { diagnostics: found }), (error: unknown) => each(index, { error })));
      });
      await Promise.all(answers);
    }),
    skeletonsChecked: () => pool?.knowBindPoses?.(cache.bindPoses()),
    beginPass: () => cache.beginPass(),
    checkManifest: (path, text) =>
      checkManifestInSteps(files, path, text, { maxKeyframeProblems: settings().maxKeyframeProblems, cache, animationBufferLimit: settings().maxStorageBufferBindingSize }),
    forget: (path) => cache.invalidate(path),
    forgetAll: () => cache.clear(),
  };
}
