/**
 * Resolves every entry's `path` and judges the file: missing, wrong kind (extension and
 * content), legacy extension, invalid content (the binary core's summary), glTF skins and
 * animations, wildcard imports and their collisions.
 */
import type { FormatDiagnostic, RelatedLocation } from '../../diagnostics';
import type { FileStat } from '../../fileAccess';
import { kindOfPath, nethercoreRename } from '../../fileKinds';
import { mapInParallel } from '../../inParallel';
import { assetFactsPurpose, readAssetFacts } from '../assetFacts';
import { manifestDiagnostic } from '../codes';
import { describeFormat, formatFitsExtension, SIGNED_EXTENSIONS } from '../contentSniff';
import type { GltfSkinInfo } from '../gltfInfo';
import { entryLabel, stringValue, type ManifestEntry, type ManifestKey } from '../model';
import { extensionOf, resolveManifestPath } from '../../paths';
import { isGltfPath, type ResolvedAsset } from '../resolvedAsset';
import { assetArraySpec, type AssetArraySpec } from '../schema';
import type { FileFacts } from '../summaryCache';
import { mapInTurns, turnBefore, type RuleContext } from './context';
import { effectiveId, isWildcardImport } from './entryRules';

const LEGACY_EXTENSIONS = ['ewzanim', 'ewzskel', 'ewzmesh'];
const NATIVE_KIND_OF_ASSET: Record<string, 'clip' | 'skeleton' | 'mesh' | undefined> = { animation: 'clip', skeleton: 'skeleton', mesh: 'mesh' };

function list(items: readonly string[]): string {
  return items.map((i) => `"${i}"`).join(', ');
}

/**
 * What an entry's text alone decides (resolved path, extension verdict, text-only warnings):
 * computed once per parsed model, since re-validations of an unchanged manifest reuse it.
 */
interface EntryPlan {
  pathKey: ManifestKey;
  pathText: string;
  path: string;
  extension: string;
  /** Reported on every run, before the file is looked at. */
  textDiagnostics: FormatDiagnostic[];
  /** An empty path: nothing to look up. */
  empty: boolean;
  /** Reported once the file is known to exist: its extension cannot be that kind. */
  wrongExtension?: FormatDiagnostic;
}

const plans = new WeakMap<ManifestEntry, EntryPlan | null>();

function acceptedExtensions(array: AssetArraySpec): string {
  return array.extensions.map((e) => `.${e}`).join(', ');
}

function planEntry(ctx: RuleContext, entry: ManifestEntry): EntryPlan | null {
  const pathKey = entry.fields.path;
  const pathText = stringValue(pathKey);
  if (pathKey === undefined || pathText === undefined) return null;
  const extension = extensionOf(pathText);
  const plan: EntryPlan = { pathKey, pathText, path: resolveManifestPath(ctx.folder, pathText), extension, textDiagnostics: [], empty: pathText.trim() === '' };
  const at = pathKey.value.range;
  if (isWildcardImport(entry) && !isGltfPath(pathText)) {
    plan.textDiagnostics.push(manifestDiagnostic('manifest/missing-id', at, `${entryLabel(entry)} has neither \`id\` nor \`animation_name\`: that imports every animation of a .gltf/.glb, but "${pathText}" is not one. Add \`id = "..."\`.`, { data: { key: 'id' } }));
  }
  if (ctx.model.era === 'nethercore' && LEGACY_EXTENSIONS.includes(extension)) {
    const newPath = nethercoreRename(pathText) ?? pathText;
    plan.textDiagnostics.push(manifestDiagnostic('manifest/legacy-extension', at, `"${pathText}" has an Emberware-era extension; the current \`nether pack\` refuses it (the bytes are identical). Rename the file to "${newPath}" and update this path.`, { data: { newPath } }));
  }
  if (plan.empty) plan.textDiagnostics.push(manifestDiagnostic('manifest/missing-file', at, `${entryLabel(entry)} has an empty \`path\`.`));
  const spec = assetArraySpec(entry.array)!;
  if (spec.extensions.length > 0 && !spec.extensions.includes(extension)) {
    const native = kindOfPath(pathText);
    const what = native ? ` is a ${native.kind === 'clip' ? 'keyframe clip' : native.kind} file` : extension ? ` has the extension .${extension}` : ' has no extension';
    const accepted = acceptedExtensions(spec);
    plan.wrongExtension = manifestDiagnostic('manifest/wrong-kind', at, `"${pathText}"${what}; \`[[assets.${spec.array}]]\` takes ${accepted}.`, { data: { expected: accepted } });
  }
  return plan;
}

/**
 * What each entry's text alone decides (its resolved path, its extension's verdict), made ahead
 * of the files' facts (`judgeManifestAhead`): `resolveAssets` of the same parse then finds it made.
 */
export function planEntries(ctx: RuleContext): void {
  for (const entry of ctx.model.entries) planOf(ctx, entry);
}

function planOf(ctx: RuleContext, entry: ManifestEntry): EntryPlan | null {
  let plan = plans.get(entry);
  if (plan === undefined) {
    plan = planEntry(ctx, entry);
    plans.set(entry, plan);
  }
  return plan;
}

/** A copy per report: callers may adjust what they receive (severity overrides). */
function reportCopy(ctx: RuleContext, diagnostic: FormatDiagnostic): void {
  ctx.report({ ...diagnostic });
}

/** The content's signature agrees with the extension; reports and returns false when not. */
function checkContent(ctx: RuleContext, asset: ResolvedAsset, plan: EntryPlan, sniffed: FileFacts['sniffed']): boolean {
  const spec = assetArraySpec(asset.entry.array)!;
  if (spec.extensions.length === 0) return true;
  const { extension, pathText } = plan;
  const signed = SIGNED_EXTENSIONS.includes(extension);
  if (sniffed && !formatFitsExtension(sniffed, extension) && (signed || kindOfPath(pathText) !== undefined || extension === 'gltf' || extension === 'obj')) {
    ctx.report(manifestDiagnostic('manifest/wrong-kind', plan.pathKey.value.range, `"${pathText}" is ${describeFormat(sniffed)}, not a .${extension} file; \`[[assets.${spec.array}]]\` takes ${acceptedExtensions(spec)}.`));
    return false;
  }
  if (!sniffed && signed) {
    ctx.report(manifestDiagnostic('manifest/wrong-kind', plan.pathKey.value.range, `"${pathText}" does not start with the .${extension} signature: its content is not a .${extension} file.`));
    return false;
  }
  return true;
}

function reportInvalidSummary(ctx: RuleContext, asset: ResolvedAsset, pathKey: ManifestKey): void {
  const summary = asset.summary;
  if (!summary || summary.errorCount === 0) return;
  const first = summary.firstError;
  const related: RelatedLocation[] = first ? [{ path: asset.path, message: `${first.code}: ${first.message}` }] : [];
  ctx.report(manifestDiagnostic('manifest/asset-invalid', pathKey.value.range,
    `${entryLabel(asset.entry)} (${asset.pathText}) has ${summary.errorCount} error${summary.errorCount === 1 ? '' : 's'}` +
    (first ? `; first: ${first.code}: ${first.message}` : '.'), { related, data: { errorCount: summary.errorCount, firstCode: first?.code ?? '' } }));
}

function checkGltf(ctx: RuleContext, asset: ResolvedAsset, pathKey: ManifestKey): void {
  const info = asset.gltf;
  if (!info) return;
  const entry = asset.entry;
  if (info.error) {
    ctx.report(manifestDiagnostic('manifest/asset-invalid', pathKey.value.range, `${entryLabel(entry)}: cannot read "${asset.pathText}" as glTF: ${info.error}.`, { data: { errorCount: 1, firstCode: 'gltf' } }));
    return;
  }
  const skinKey = entry.fields.skin_name;
  const skinName = stringValue(skinKey);
  const usesSkin = entry.kind === 'skeleton' || entry.kind === 'animation' || entry.kind === 'mesh';
  let skin = info.skins[0];
  if (skinName !== undefined && usesSkin) {
    skin = info.skins.find((s) => s.name === skinName)!;
    if (!skin) {
      const available = info.skins.length ? `its skins: ${list(info.skins.map((s) => s.name))}` : 'it has no skins';
      ctx.report(manifestDiagnostic('manifest/gltf-missing', skinKey!.value.range, `No skin "${skinName}" in "${asset.pathText}" (${available}).`, { data: { available: info.skins.map((s) => s.name).join(',') } }));
    }
  } else if (entry.kind === 'skeleton' && !skin) {
    ctx.report(manifestDiagnostic('manifest/gltf-missing', pathKey.value.range, `"${asset.pathText}" has no skin, so there is no skeleton to extract.`));
  }
  if (skin) asset.skinName = skin.name;
  if (entry.kind === 'animation') {
    if (skin) asset.boneCount = skin.jointCount;
    const nameKey = entry.fields.animation_name;
    const animationName = stringValue(nameKey);
    if (animationName !== undefined && !info.animations.includes(animationName)) {
      const available = info.animations.length ? `its animations: ${list(info.animations)}` : 'it has no animations';
      ctx.report(manifestDiagnostic('manifest/gltf-missing', nameKey!.value.range, `No animation "${animationName}" in "${asset.pathText}" (${available}).`, { data: { available: info.animations.join(',') } }));
    } else if (info.animations.length === 0) {
      const wildcard = isWildcardImport(entry);
      ctx.report(manifestDiagnostic('manifest/gltf-missing', pathKey.value.range,
        wildcard ? `"${asset.pathText}" has no animations: this import adds nothing.` : `"${asset.pathText}" has no animations to extract.`,
        wildcard ? { severity: 'warning' } : {}));
    }
  }
  if (entry.kind === 'skeleton' && skin) asset.boneCount = skin.jointCount;
  if (entry.kind === 'mesh' && info.maxJointIndex !== undefined) asset.boneCount = info.maxJointIndex + 1;
  if (entry.kind === 'animation' && skin?.localSpace && info.animations.length > 0) reportLocalSpace(ctx, asset, pathKey, skin);
}

/**
 * The upstream packer copies each joint's local TRS into the clip, while `keyframe_bind` uses a
 * clip's transforms as model space: with a joint hierarchy (or a moving ancestor) the imported
 * animation plays wrongly on the console. `ewzanim export animation` writes the model-space clip.
 */
function reportLocalSpace(ctx: RuleContext, asset: ResolvedAsset, pathKey: ManifestKey, skin: GltfSkinInfo): void {
  const difference = skin.localSpace!;
  const animationName = stringValue(asset.entry.fields.animation_name);
  const file = asset.pathText;
  const clip = `${(animationName ?? file.replace(/^.*\//, '').replace(/\.[^.]*$/, '')).replace(/[^\w.-]+/g, '_')}.nczxanim`;
  const quoteArg = (text: string) => (/^[\w./-]+$/.test(text) ? text : `"${text.replace(/"/g, '\\"')}"`);
  const command = `ewzanim export animation ${quoteArg(file)}${animationName !== undefined ? ` --animation ${quoteArg(animationName)}` : ''}${skin.name ? ` --skin ${quoteArg(skin.name)}` : ''} -o ${quoteArg(clip)}`;
  const why = difference.ancestorIsJoint ? `its joints form a hierarchy (${difference.joint} under ${difference.ancestor})` : `joint ${difference.joint} sits under ${difference.ancestor}, which moves it`;
  ctx.report(manifestDiagnostic('manifest/gltf-local-space', pathKey.value.range,
    `${entryLabel(asset.entry)}: in "${file}" ${why}. \`nether pack\` stores each joint's local transform, but keyframe_bind plays clip transforms as model space, so this animation will not move on the console as it does in the glTF. Export a model-space clip (\`${command}\`) and list that file here instead.`,
    { data: { command, joint: difference.joint, ancestor: difference.ancestor } }));
}

type StatOutcome = FileStat | undefined | Error;

/** Everything up to the file's facts; returns what is still to be read, if anything. */
function beginEntry(ctx: RuleContext, entry: ManifestEntry, plan: EntryPlan, stat: StatOutcome): { asset: ResolvedAsset; toRead?: FileStat } {
  const { pathKey, pathText } = plan;
  const asset: ResolvedAsset = { entry, kind: entry.kind, id: effectiveId(entry), pathText, path: plan.path, exists: false };
  for (const d of plan.textDiagnostics) reportCopy(ctx, d);
  if (plan.empty) return { asset };
  if (stat instanceof Error) {
    ctx.report(manifestDiagnostic('manifest/missing-file', pathKey.value.range, `"${pathText}" cannot be read (${stat.message}).`, { data: { resolvedPath: asset.path } }));
    return { asset };
  }
  if (!stat || stat.isDirectory) {
    ctx.report(manifestDiagnostic('manifest/missing-file', pathKey.value.range, `"${pathText}" ${stat ? 'is a folder, not a file' : 'does not exist'} (resolved to ${asset.path}).`, { data: { resolvedPath: asset.path } }));
    return { asset };
  }
  asset.exists = true;
  asset.size = stat.size;
  if (plan.wrongExtension) {
    reportCopy(ctx, plan.wrongExtension);
    return { asset };
  }
  const facts = ctx.cache.fresh(asset.path, stat, purposeOf(ctx, entry));
  if (!facts) return { asset, toRead: stat };
  finishEntry(ctx, asset, plan, facts);
  return { asset };
}

function purposeOf(ctx: RuleContext, entry: ManifestEntry): string {
  return assetFactsPurpose(entry.kind, ctx.maxKeyframeProblems);
}

/** The rules that need the file's facts (content, summary, glTF). */
function finishEntry(ctx: RuleContext, asset: ResolvedAsset, plan: EntryPlan, facts: FileFacts): void {
  const entry = asset.entry;
  if (!checkContent(ctx, asset, plan, facts.sniffed)) return;
  if (facts.summary && NATIVE_KIND_OF_ASSET[entry.kind] === facts.summary.kind) {
    asset.summary = facts.summary;
    asset.boneCount = facts.summary.boneCount;
    reportInvalidSummary(ctx, asset, plan.pathKey);
  }
  if (facts.gltf && NATIVE_KIND_OF_ASSET[entry.kind]) {
    asset.gltf = facts.gltf;
    checkGltf(ctx, asset, plan.pathKey);
    if (isWildcardImport(entry) && !facts.gltf.error) {
      const prefix = stringValue(entry.fields.id_prefix) ?? '';
      asset.importedIds = facts.gltf.animations.map((name) => prefix + name);
    }
  }
}

async function readAndFinish(ctx: RuleContext, asset: ResolvedAsset, plan: EntryPlan, stat: FileStat): Promise<void> {
  let facts: FileFacts;
  try {
    facts = await ctx.cache.facts(asset.path, stat, purposeOf(ctx, asset.entry), () => readAssetFacts(ctx.access, asset.path, stat, ctx.maxKeyframeProblems));
  } catch (error) {
    ctx.report(manifestDiagnostic('manifest/missing-file', plan.pathKey.value.range, `"${plan.pathText}" cannot be read: ${asError(error).message}.`));
    return;
  }
  finishEntry(ctx, asset, plan, facts);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Files stat'ed or read at once: enough to keep the disk busy, few enough to bound memory. */
const PARALLEL_FILES = 16;

/**
 * Stats every file (16 at a time), runs every rule the cache can answer synchronously, then
 * reads (16 at a time) only the files that are new or changed.
 */
export async function resolveAssets(ctx: RuleContext): Promise<ResolvedAsset[]> {
  const entries = ctx.model.entries;
  const entryPlans: (EntryPlan | null)[] = [];
  for (let i = 0; i < entries.length; i++) {
    const turn = turnBefore(ctx, i);
    if (turn) await turn;
    entryPlans.push(planOf(ctx, entries[i]!));
  }
  const stats: StatOutcome[] = await mapInTurns(ctx, entryPlans, PARALLEL_FILES, async (plan) =>
    plan && !plan.empty ? (ctx.cache.runStat(plan.path) ?? ctx.access.stat(plan.path).catch(asError)) : undefined,
  );
  const assets: ResolvedAsset[] = [];
  const reads: (() => Promise<void>)[] = [];
  for (let i = 0; i < entries.length; i++) {
    const turn = turnBefore(ctx, i);
    if (turn) await turn;
    const plan = entryPlans[i];
    if (!plan) continue;
    const { asset, toRead } = beginEntry(ctx, entries[i]!, plan, stats[i]);
    assets.push(asset);
    if (toRead) reads.push(() => readAndFinish(ctx, asset, plan, toRead));
  }
  await mapInParallel(reads, PARALLEL_FILES, (read) => read());
  reportWildcardCollisions(ctx, assets);
  return assets;
}

/** Upstream: explicit ids first, then each wildcard import in order; any repeat is fatal. */
function reportWildcardCollisions(ctx: RuleContext, assets: readonly ResolvedAsset[]): void {
  const owner = new Map<string, ResolvedAsset>();
  for (const asset of assets) if (asset.kind === 'animation' && asset.id !== undefined && !owner.has(asset.id)) owner.set(asset.id, asset);
  for (const asset of assets) {
    for (const id of asset.importedIds ?? []) {
      const other = owner.get(id);
      if (other) {
        const at = asset.entry.fields.id_prefix ?? asset.entry.fields.path!;
        const otherAt = other.entry.fields.id ?? other.entry.fields.animation_name ?? other.entry.fields.path!;
        const from = other === asset ? 'another animation of the same file' : other.importedIds ? `the import of "${other.pathText}"` : `the entry at line ${otherAt.range.start.line + 1}`;
        ctx.report(manifestDiagnostic('manifest/wildcard-collision', at.value.range,
          `Importing every animation of "${asset.pathText}" produces the id "${id}", which ${from} already uses: the packer stops with "Animation ID collision". Set \`id_prefix\` to namespace these animations.`,
          { related: [{ path: ctx.model.path, message: `"${id}" first defined here`, range: otherAt.value.range }], data: { id } }));
      } else {
        owner.set(id, asset);
      }
    }
  }
}
