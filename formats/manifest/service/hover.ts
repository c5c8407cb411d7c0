/**
 * Manifest hover: on an asset entry, what its file is (kind, bones, frames, duration at the
 * configured frame rate, size, its problems; for glTF the animation or skin found, and the
 * skeleton/mesh link); on `[game]` the pack's budget on the console; on game keys and tables,
 * what they mean and their allowed values.
 */
import type { TextPosition, TextRange } from '../../diagnostics';
import { formatFixed } from '../../numberText';
import { clipDurationSeconds } from '../../summary';
import { stringValue, type ManifestEntry } from '../model';
import { entryAt, entryById, keyAt } from '../query';
import type { ResolvedAsset } from '../resolvedAsset';
import { budgetByKind, DECODED_BONE_BYTES, formatBytes, formatShare, packBudget } from '../rules/budget';
import { SOURCE_TEXT } from '../rules/links';
import { MANIFEST_KEY_DOCS } from '../schema';
import { rangeContains } from '../textRanges';
import { linkedAssets, plural, type ManifestFacts } from './facts';

export interface ManifestHover {
  markdown: string;
  range?: TextRange;
}

const KIND_NAMES: Record<string, string> = {
  clip: 'Keyframe clip',
  skeleton: 'Skeleton (inverse bind matrices)',
  mesh: 'Mesh',
  rom: 'Packed ROM',
};

/** Seconds to at most 4 decimals, without trailing zeros. */
function seconds(value: number): string {
  return formatFixed(value, 4);
}

function assetLines(asset: ResolvedAsset, frameRate: number): string[] {
  if (!asset.exists) return [`- File not found: \`${asset.path}\``];
  const lines: string[] = [];
  const summary = asset.summary;
  if (summary) {
    const kind = KIND_NAMES[summary.kind] ?? summary.kind;
    if (summary.kind === 'clip' && summary.boneCount !== undefined && summary.frameCount !== undefined) {
      const duration = clipDurationSeconds(summary.frameCount, frameRate);
      lines.push(`- ${kind}: ${plural(summary.boneCount, 'bone')} x ${plural(summary.frameCount, 'frame')}, ${seconds(duration)} s at ${frameRate} fps`);
    } else if (summary.kind === 'skeleton' && summary.boneCount !== undefined) {
      lines.push(`- ${kind}: ${plural(summary.boneCount, 'bone')}`);
    } else if (summary.kind === 'mesh' && summary.vertexCount !== undefined) {
      const skinned = summary.boneCount !== undefined ? `, skinned (bone indices up to ${summary.boneCount - 1})` : '';
      lines.push(`- ${kind}: ${plural(summary.vertexCount, 'vertex', 'vertices')}, ${plural(summary.indexCount ?? 0, 'index', 'indices')}${skinned}`);
    } else {
      lines.push(`- ${kind}`);
    }
    lines.push(`- ${summary.size} bytes`);
    lines.push(problemsLine(summary.errorCount, summary.warningCount, summary.firstError));
  }
  if (asset.gltf) lines.push(...gltfLines(asset));
  return lines;
}

function problemsLine(errors: number, warnings: number, first?: { code: string; message: string }): string {
  if (errors === 0 && warnings === 0) return '- Problems: none';
  const counts = [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(', ');
  return `- Problems: ${counts}${first ? `; first: \`${first.code}\` ${first.message}` : ''}`;
}

function gltfLines(asset: ResolvedAsset): string[] {
  const gltf = asset.gltf!;
  if (gltf.error) return [`- glTF: cannot be read: ${gltf.error}`];
  const lines: string[] = [];
  const animationName = stringValue(asset.entry.fields.animation_name);
  if (asset.kind === 'animation') {
    if (animationName !== undefined) {
      lines.push(gltf.animations.includes(animationName) ? `- glTF animation "${animationName}" found` : `- glTF animation "${animationName}" not found`);
    } else if (asset.importedIds?.length) {
      lines.push(`- Imports every glTF animation: ${asset.importedIds.map((id) => `"${id}"`).join(', ')}`);
    }
    if (gltf.animations.length) lines.push(`- Animations in the file: ${gltf.animations.map((a) => `"${a}"`).join(', ')}`);
  }
  if (asset.kind !== 'texture') {
    const skin = gltf.skins.find((s) => s.name === asset.skinName) ?? (asset.skinName === undefined ? gltf.skins[0] : undefined);
    if (skin) lines.push(`- glTF skin "${skin.name}": ${plural(skin.jointCount, 'joint')}`);
    else if (asset.skinName !== undefined) lines.push(`- glTF skin "${asset.skinName}" not found`);
  }
  return lines;
}

function linkLines(asset: ResolvedAsset, facts: ManifestFacts): string[] {
  const link = asset.kind === 'animation' ? linkedAssets(facts, asset) : undefined;
  if (!link) return [];
  const name = (a: ResolvedAsset) => `"${a.id ?? a.pathText}"${a.boneCount !== undefined ? ` (${plural(a.boneCount, 'bone')})` : ''}`;
  const parts = [link.skeleton ? `skeleton ${name(link.skeleton)}` : '', link.mesh ? `mesh ${name(link.mesh)}` : ''].filter(Boolean);
  return parts.length ? [`- With ${parts.join(' and ')}, ${SOURCE_TEXT[link.source]}`] : [];
}

function entryProblems(entry: ManifestEntry, facts: ManifestFacts): string[] {
  const inside = facts.diagnostics.filter((d) => d.range && rangeContains(entry.range, d.range.start));
  return inside.map((d) => `- \`${d.code}\` ${d.message}`);
}

function entryMarkdown(entry: ManifestEntry, facts: ManifestFacts, frameRate: number): string {
  const asset = facts.assets.find((a) => a.entry === entry || (a.entry.array === entry.array && a.entry.index === entry.index));
  const id = stringValue(entry.fields.id) ?? stringValue(entry.fields.animation_name);
  const title = `**${entry.kind}${id !== undefined ? ` "${id}"` : ''}**${asset ? `: \`${asset.pathText}\`` : ''}`;
  const lines = [title, ''];
  if (asset) lines.push(...assetLines(asset, frameRate), ...linkLines(asset, facts));
  const problems = entryProblems(entry, facts);
  if (problems.length) lines.push('', 'In this manifest:', ...problems);
  return lines.join('\n').trimEnd();
}

/** The entry a `skeleton = "<id>"` / `mesh = "<id>"` link key names (last wins, as upstream). */
function linkTarget(facts: ManifestFacts, key: string, id: string | undefined): ManifestEntry | undefined {
  if ((key !== 'skeleton' && key !== 'mesh') || id === undefined) return undefined;
  return entryById(facts.model, key, id);
}

export interface ManifestHoverOptions {
  /** Frames per second for clip durations. */
  frameRate: number;
  /** The storage-buffer binding limit the `[game]` hover compares the decoded clips with. */
  animationBufferLimit?: number;
}

/** The hover at `position`, or undefined where there is nothing to explain. */
export function manifestHoverAt(facts: ManifestFacts, position: TextPosition, options: ManifestHoverOptions): ManifestHover | undefined {
  const { frameRate } = options;
  const { model } = facts;
  const hit = keyAt(model, position);
  const entry = entryAt(model, position);
  if (entry && hit?.table === entry) {
    if (hit.part === 'value' && (hit.key.name === 'path' || hit.key.name === 'id')) {
      return { markdown: entryMarkdown(entry, facts, frameRate), range: hit.key.value.range };
    }
    const target = hit.part === 'value' ? linkTarget(facts, hit.key.name, stringValue(hit.key)) : undefined;
    if (target) return { markdown: entryMarkdown(target, facts, frameRate), range: hit.key.value.range };
    const doc = MANIFEST_KEY_DOCS[`assets.${entry.array}.${hit.key.name}`];
    return doc ? { markdown: doc, range: hit.part === 'key' ? hit.key.keyRange : hit.key.value.range } : undefined;
  }
  if (entry?.headerRange && rangeContains(entry.headerRange, position)) {
    const doc = MANIFEST_KEY_DOCS[`assets.${entry.array}`];
    return { markdown: `${entryMarkdown(entry, facts, frameRate)}${doc ? `\n\n---\n\n${doc}` : ''}`, range: entry.headerRange };
  }
  if (hit) {
    const doc = MANIFEST_KEY_DOCS[`${hit.table.name}.${hit.key.name}`];
    return doc ? { markdown: doc, range: hit.part === 'key' ? hit.key.keyRange : hit.key.value.range } : undefined;
  }
  for (const table of [model.game, model.build, model.netplay]) {
    if (table?.headerRange && rangeContains(table.headerRange, position)) {
      const doc = MANIFEST_KEY_DOCS[table.name];
      if (table === model.game) return { markdown: `${budgetMarkdown(facts, options.animationBufferLimit)}${doc ? `\n\n---\n\n${doc}` : ''}`, range: table.headerRange };
      return doc ? { markdown: doc, range: table.headerRange } : undefined;
    }
  }
  return undefined;
}

/** The pack's budget on the console: the cartridge by asset kind, the decoded animation buffer. */
export function budgetMarkdown(facts: ManifestFacts, animationBufferLimit?: number): string {
  const budget = packBudget(facts.assets, animationBufferLimit);
  const lines = [
    '**Data pack budget**',
    '',
    `- Cartridge: ${formatBytes(budget.romBytes)} of 16 MiB, ${formatShare(budget.romBytes, budget.romLimit)} (listed files; converted assets counted by file size)`,
    ...budgetByKind(budget).map((k) => `  - ${k.words}: ${formatBytes(k.budget.bytes)}, ${formatShare(k.budget.bytes, budget.romLimit)} (${plural(k.budget.entries, 'entry', 'entries')})`),
    `- Decoded animation: ${formatBytes(budget.animationBytes)} of the ${formatBytes(budget.animationLimit)} storage-buffer binding, ${formatShare(budget.animationBytes, budget.animationLimit)} (${plural(budget.countedClips, 'clip')}, frames x bones x ${DECODED_BONE_BYTES} bytes)`,
  ];
  if (budget.uncountedClips > 0) lines.push(`  - not counted: ${plural(budget.uncountedClips, 'animation')} from glTF or unreadable clips (sampled at pack time)`);
  return lines.join('\n');
}

