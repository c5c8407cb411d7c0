/**
 * Manifest quick fixes as plain data (text edits and file renames), from the core's
 * diagnostics and their `data`: rename an Emberware-era path and its file, add a missing `id`,
 * link a clip to the one skeleton with its bone count, remove a duplicate entry, fix a typo'd key.
 */
import type { FormatDiagnostic, TextPosition, TextRange } from '../../diagnostics';
import { skeletonsMatchingBoneCount } from '../checkManifest';
import { stringValue, type ManifestEntry, type ManifestModel } from '../model';
import { directoryOf, resolveManifestPath } from '../../paths';
import { entriesOfKind, entryAt } from '../query';
import { rangeContains } from '../textRanges';
import type { ManifestFacts } from './facts';

export interface TextEditFact {
  range: TextRange;
  newText: string;
}

export interface ManifestFix {
  title: string;
  /** The diagnostic the fix resolves. */
  diagnostic: FormatDiagnostic;
  /** Edits of the manifest's text. */
  edits: TextEditFact[];
  /** A file rename done before the text edits (absolute paths). */
  rename?: { from: string; to: string };
  preferred?: boolean;
}

/** Whether two ranges share a position (a cursor at either end counts). */
export function overlaps(a: TextRange, b: TextRange): boolean {
  const before = (p: TextPosition, q: TextPosition) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

function lineText(text: string, line: number): string {
  return text.split('\n')[line]?.replace(/\r$/, '') ?? '';
}

/** The text of a TOML string with the quoting style of `original` (basic "..." or literal '...'). */
export function quoteLike(model: ManifestModel, range: TextRange, value: string): string {
  const original = lineText(model.text, range.start.line).charAt(range.start.character);
  return original === "'" && !value.includes("'") ? `'${value}'` : JSON.stringify(value);
}

/** Inserts `line` as a new line after line `after` (at its end, so a file without a final newline works). */
function insertLineAfter(model: ManifestModel, after: number, line: string): TextEditFact {
  const end = { line: after, character: lineText(model.text, after).length };
  return { range: { start: end, end }, newText: `\n${line}` };
}

/** The last line of an entry that holds a key (or its header), where new keys go. */
function lastLineOf(entry: ManifestEntry): number {
  const keyLines = entry.keys.map((k) => k.range.end.line);
  return Math.max(entry.headerRange?.end.line ?? entry.range.start.line, ...keyLines);
}

function renameFix(model: ManifestModel, facts: ManifestFacts, d: FormatDiagnostic): ManifestFix | undefined {
  const newPath = d.data?.newPath;
  const entry = d.range && entryAt(model, d.range.start);
  const pathKey = entry?.fields.path;
  const oldPath = stringValue(pathKey);
  if (typeof newPath !== 'string' || !pathKey || oldPath === undefined) return undefined;
  const folder = directoryOf(model.path);
  const asset = facts.assets.find((a) => a.entry === entry || a.entry.range.start.line === entry.range.start.line);
  const edit = { range: pathKey.value.range, newText: quoteLike(model, pathKey.value.range, newPath) };
  if (asset && !asset.exists) return { title: `Change the path to "${newPath}"`, diagnostic: d, edits: [edit] };
  return {
    title: `Rename "${oldPath}" to "${newPath}" (file and path)`,
    diagnostic: d,
    edits: [edit],
    rename: { from: resolveManifestPath(folder, oldPath), to: resolveManifestPath(folder, newPath) },
    preferred: true,
  };
}

/** An id from the file name (`assets/Walk Cycle.nczxanim` -> `walk_cycle`), unique among that kind's ids. */
export function suggestedId(model: ManifestModel, entry: ManifestEntry): string {
  const path = stringValue(entry.fields.path) ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  const base = name.toLowerCase().replace(/[^a-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || entry.kind;
  const taken = new Set(entriesOfKind(model, entry.kind).map((e) => stringValue(e.fields.id)));
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  return id;
}

function missingIdFix(model: ManifestModel, d: FormatDiagnostic): ManifestFix | undefined {
  const entry = d.range && entryAt(model, d.range.start);
  if (!entry?.headerRange || entry.fields.id) return undefined;
  const id = suggestedId(model, entry);
  return { title: `Add id = "${id}"`, diagnostic: d, edits: [insertLineAfter(model, entry.headerRange.end.line, `id = ${JSON.stringify(id)}`)], preferred: true };
}

/** `data.candidates` of manifest/unlinked-animation: ids of the skeletons with the clip's bone count. */
function candidateIds(d: FormatDiagnostic): string[] {
  const raw = d.data?.candidates;
  return typeof raw === 'string' ? raw.split(',').map((s) => s.trim()).filter(Boolean) : [];
}

function addSkeletonFix(model: ManifestModel, d: FormatDiagnostic): ManifestFix | undefined {
  const entry = d.range && entryAt(model, d.range.start);
  const candidates = candidateIds(d);
  if (!entry || entry.kind !== 'animation' || entry.fields.skeleton || candidates.length !== 1) return undefined;
  const line = `skeleton = ${JSON.stringify(candidates[0])}`;
  return { title: `Add ${line} (the only skeleton with this clip's bone count)`, diagnostic: d, edits: [insertLineAfter(model, lastLineOf(entry), line)], preferred: true };
}

/** A clip linked by its `skeleton` key to a skeleton of another bone count: point it at the one that fits. */
function relinkSkeletonFix(model: ManifestModel, facts: ManifestFacts, d: FormatDiagnostic): ManifestFix | undefined {
  const entry = d.range && entryAt(model, d.range.start);
  const key = entry?.fields.skeleton;
  const clipBones = d.data?.clipBones;
  if (!entry || !key || d.data?.source !== 'explicit' || typeof clipBones !== 'number') return undefined;
  const matching = skeletonsMatchingBoneCount(facts, clipBones);
  if (matching.length !== 1) return undefined;
  return {
    title: `Change skeleton to "${matching[0]}" (the only skeleton with ${clipBones} bones)`,
    diagnostic: d,
    edits: [{ range: key.value.range, newText: quoteLike(model, key.value.range, matching[0]) }],
    preferred: true,
  };
}

function removeEntryFix(model: ManifestModel, d: FormatDiagnostic): ManifestFix | undefined {
  const entry = d.range && entryAt(model, d.range.start);
  if (!entry?.headerRange) return undefined;
  const lastLine = lastLineOf(entry);
  const lines = model.text.split('\n');
  // Whole lines, header through last key; at the end of the file also the newline before it.
  const range: TextRange =
    lastLine + 1 < lines.length
      ? { start: { line: entry.headerRange.start.line, character: 0 }, end: { line: lastLine + 1, character: 0 } }
      : { start: { line: Math.max(0, entry.headerRange.start.line - 1), character: entry.headerRange.start.line > 0 ? lineText(model.text, entry.headerRange.start.line - 1).length : 0 }, end: { line: lastLine, character: lineText(model.text, lastLine).length } };
  const id = typeof d.data?.id === 'string' ? ` "${d.data.id}"` : '';
  return { title: `Remove this duplicate ${entry.kind}${id} entry (line ${entry.headerRange.start.line + 1})`, diagnostic: d, edits: [{ range, newText: '' }] };
}

function renameKeyFix(d: FormatDiagnostic): ManifestFix | undefined {
  const suggestion = d.data?.suggestion;
  if (typeof suggestion !== 'string' || !d.range || d.data?.table !== undefined) return undefined;
  return { title: `Change to \`${suggestion}\``, diagnostic: d, edits: [{ range: d.range, newText: suggestion }], preferred: true };
}

const FIXERS: Record<string, (model: ManifestModel, facts: ManifestFacts, d: FormatDiagnostic) => ManifestFix | undefined> = {
  'manifest/legacy-extension': renameFix,
  'manifest/missing-id': (model, _facts, d) => missingIdFix(model, d),
  'manifest/unlinked-animation': (model, _facts, d) => addSkeletonFix(model, d),
  'manifest/bone-mismatch': relinkSkeletonFix,
  'manifest/duplicate-id': (model, _facts, d) => removeEntryFix(model, d),
  'manifest/unknown-key': (_model, _facts, d) => renameKeyFix(d),
};

/** Fixes for the diagnostics that touch `range` (the editor's selection or cursor). */
export function manifestFixes(facts: ManifestFacts, range: TextRange): ManifestFix[] {
  const fixes: ManifestFix[] = [];
  for (const d of facts.diagnostics) {
    if (!d.range || !(overlaps(d.range, range) || rangeContains(d.range, range.start))) continue;
    const fix = FIXERS[d.code]?.(facts.model, facts, d);
    if (fix) fixes.push(fix);
  }
  return fixes;
}

