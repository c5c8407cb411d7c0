/**
 * `checkManifest`: every manifest rule over one parse. Reads referenced files only through
 * `FileAccess` and only when the cache says they changed. Never throws for bad input.
 */
import type { FormatDiagnostic } from '../diagnostics';
import type { FileAccess } from '../fileAccess';
import { turnsEvery, type TakeTurn } from '../hostTurn';
import type { ManifestModel } from './model';
import { parseManifestAsync } from './parseManifest';
import { directoryOf } from '../paths';
import type { ResolvedAsset } from './resolvedAsset';
import { planEntries, resolveAssets } from './rules/assetFiles';
import { checkBudget, DEFAULT_ANIMATION_BUFFER_LIMIT } from './rules/budget';
import { turnBefore, type RuleContext } from './rules/context';
import { checkEntries } from './rules/entryRules';
import { checkGameTables } from './rules/gameRules';
import { linkAssets, skeletonsWithBoneCount, type AnimationLink, type MeshLink } from './rules/links';
import { checkLocalSpace } from './rules/localSpace';
import { checkUnknownKeys } from './rules/unknownKeys';
import { AssetSummaryCache } from './summaryCache';

export interface ManifestCheckOptions {
  maxKeyframeProblems: number;
  /** Keep one per workspace to re-read only changed files on re-validation. */
  cache?: AssetSummaryCache;
  /**
   * The GPU's storage-buffer binding limit in bytes, which the decoded animation data must fit
   * (`manifest/animation-budget`); default `DEFAULT_ANIMATION_BUFFER_LIMIT` (128 MiB).
   */
  animationBufferLimit?: number;
}

export interface ManifestCheckResult {
  diagnostics: FormatDiagnostic[];
  model: ManifestModel;
  assets: ResolvedAsset[];
  /** Which skeleton and mesh go with each clip (for the preview and hover). */
  links: AnimationLink[];
  /** Which skeleton each skinned mesh is checked against. */
  meshLinks: MeshLink[];
}

export function checkManifest(access: FileAccess, manifestPath: string, text: string, options: ManifestCheckOptions): Promise<ManifestCheckResult> {
  return runRules(access, manifestPath, text, options, undefined);
}

/**
 * `checkManifest` for a host that must answer meanwhile (the language server): the same rules,
 * diagnostics and order, with a turn of the event loop between rules and every
 * `ENTRIES_PER_TURN` entries of the rules that go through every entry one by one, so that 10,000
 * entries are not judged in one go. Each step calls `takeTurn`; the default gives the host's turn
 * once `HOST_SLICE_MS` have passed (a timer per step cost a 10,000-entry check ~0.1 s).
 */
export function checkManifestInSteps(access: FileAccess, manifestPath: string, text: string, options: ManifestCheckOptions, takeTurn: TakeTurn = turnsEvery()): Promise<ManifestCheckResult> {
  return runRules(access, manifestPath, text, options, takeTurn);
}

async function runRules(access: FileAccess, manifestPath: string, text: string, options: ManifestCheckOptions, takeTurn: TakeTurn | undefined): Promise<ManifestCheckResult> {
  const cache = options.cache ?? new AssetSummaryCache();
  // Rules never modify the model, so an unchanged text can reuse the last parse.
  const model = await cache.modelAsync(manifestPath, text, () => parseManifestAsync(text, manifestPath));
  const diagnostics: FormatDiagnostic[] = [...model.diagnostics];
  const result: ManifestCheckResult = { diagnostics, model, assets: [], links: [], meshLinks: [] };
  if (!model.parsed) return result;
  const ctx: RuleContext = {
    model,
    access,
    folder: directoryOf(manifestPath),
    cache,
    maxKeyframeProblems: options.maxKeyframeProblems,
    report: (d) => diagnostics.push(d),
    takeTurn,
  };
  const judged = takeJudgedAhead(model);
  if (judged) diagnostics.push(...judged);
  else await judgeText(ctx);
  await takeTurn?.();
  result.assets = await resolveAssets(ctx);
  await takeTurn?.();
  const { links, meshLinks } = linkAssets(ctx, result.assets);
  result.links = links;
  result.meshLinks = meshLinks;
  await takeTurn?.();
  await checkLocalSpace(ctx, result.assets, links);
  // What the files' facts carried for that rule is judged: 10,000 clips must not keep their frames.
  for (const [i, asset] of result.assets.entries()) {
    const turn = turnBefore(ctx, i);
    if (turn) await turn;
    cache.releaseBytes(asset.path);
  }
  await takeTurn?.();
  checkBudget(ctx, result.assets, options.animationBufferLimit ?? DEFAULT_ANIMATION_BUFFER_LIMIT);
  diagnostics.sort((a, b) => (a.range!.start.line - b.range!.start.line) || (a.range!.start.character - b.range!.start.character));
  return result;
}

/** The rules the manifest's text alone decides (its game tables, its keys, its entries' ids), in the order `checkManifest` runs them. */
async function judgeText(ctx: RuleContext): Promise<void> {
  await ctx.takeTurn?.();
  checkGameTables(ctx);
  checkUnknownKeys(ctx);
  await ctx.takeTurn?.();
  checkEntries(ctx);
}

/** What `judgeManifestAhead` found, by the parse it judged: taken (once) by the check of that parse. */
const judgedAhead = new WeakMap<ManifestModel, FormatDiagnostic[]>();

function takeJudgedAhead(model: ManifestModel): FormatDiagnostic[] | undefined {
  const judged = judgedAhead.get(model);
  judgedAhead.delete(model);
  return judged;
}

/**
 * The part of `checkManifest` that needs only the parse, run ahead of it (while a folder's files
 * are checked elsewhere, `ewzanim check FOLDER`): the text's rules and each entry's resolved path
 * and key. The next `checkManifest` of this very parse (the cache's `modelAsync`) then runs only
 * the rules that need the listed files' facts; its diagnostics and their order are the same.
 */
export async function judgeManifestAhead(manifestPath: string, model: ManifestModel): Promise<void> {
  if (!model.parsed) return;
  const diagnostics: FormatDiagnostic[] = [];
  // No file is read nor any file's facts judged ahead: no access, no cache, no problem limit.
  const ctx: RuleContext = { model, access: NO_FILES, folder: directoryOf(manifestPath), cache: new AssetSummaryCache(), maxKeyframeProblems: 0, report: (d) => diagnostics.push(d) };
  await judgeText(ctx);
  planEntries(ctx);
  judgedAhead.set(model, diagnostics);
}

/** The text's rules read no file. */
const NO_FILES: FileAccess = {
  stat: () => Promise.reject(new Error('no file is read ahead')),
  read: () => Promise.reject(new Error('no file is read ahead')),
  readDirectory: () => Promise.reject(new Error('no file is read ahead')),
};

/** Ids of the manifest's skeletons with `boneCount` bones (the "add skeleton = <id>" quick fix). */
export function skeletonsMatchingBoneCount(result: Pick<ManifestCheckResult, 'assets'>, boneCount: number): string[] {
  return skeletonsWithBoneCount(result.assets, boneCount);
}

/** The resolved asset of that kind and id (last wins, as upstream). */
export function assetById(result: Pick<ManifestCheckResult, 'assets'>, kind: ResolvedAsset['kind'], id: string): ResolvedAsset | undefined {
  let found: ResolvedAsset | undefined;
  for (const asset of result.assets) if (asset.kind === kind && (asset.id === id || asset.importedIds?.includes(id))) found = asset;
  return found;
}

const utf8 = new TextDecoder('utf-8');

/** Bytes decoded between two steps of `readManifestText` in steps. */
export const DECODE_BYTES_PER_STEP = 256 * 1024;

/**
 * Reads a manifest's text through `FileAccess` (manifests are small: read whole). `takeTurn`,
 * where given (a language server), is awaited between steps of the decode: 5 MB of bytes that
 * are not UTF-8 take ~50 ms to decode; the text is the same.
 */
export async function readManifestText(access: FileAccess, path: string, size: number, takeTurn?: TakeTurn): Promise<string> {
  const bytes = await access.read(path, 0, size);
  if (!takeTurn || bytes.length <= DECODE_BYTES_PER_STEP) return utf8.decode(bytes);
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  for (let from = 0; from < bytes.length; from += DECODE_BYTES_PER_STEP) {
    if (from > 0) await takeTurn();
    const last = from + DECODE_BYTES_PER_STEP >= bytes.length;
    parts.push(decoder.decode(bytes.subarray(from, from + DECODE_BYTES_PER_STEP), { stream: !last }));
  }
  return parts.join('');
}
