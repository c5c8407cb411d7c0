/**
 * Manifest completion as plain data (the server turns it into LSP items): table names, keys per
 * table, ids for the `skeleton` / `mesh` link keys, allowed values, and file paths filtered by
 * the kind of the entry's array (directories read through FileAccess). The cursor's context is read from the line's text,
 * so it works while the TOML is half-typed; the model says which table the cursor is in.
 */
import type { TextPosition, TextRange } from '../../diagnostics';
import type { FileAccess } from '../../fileAccess';
import { stringValue, type ManifestModel, type ManifestTable } from '../model';
import { directoryOf, extensionOf, resolveManifestPath } from '../../paths';
import { entriesOfKind, isEntry, tableAt } from '../query';
import {
  ASSET_ARRAYS,
  ENTRY_KEYS,
  MANIFEST_KEY_DOCS,
  MANIFEST_TABLES,
  assetArraySpec,
  entryKeySpec,
  tableSpec,
  type ManifestKeySpec,
} from '../schema';

export type SuggestionKind = 'table' | 'key' | 'value' | 'id' | 'file' | 'folder';

export interface CompletionSuggestion {
  label: string;
  kind: SuggestionKind;
  /** Plain text that replaces `range` (for editors without snippets). */
  insertText: string;
  /** The same as a snippet (`$1`, `${1|a,b|}`), for editors that declare snippet support. */
  snippet?: string;
  range: TextRange;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** Ask for completion again after inserting (a folder: its files come next). */
  retrigger?: boolean;
}

const TABLE_HEADER = /^(\s*)(\[\[?)([A-Za-z0-9_.-]*)$/;
const KEY_START = /^(\s*)([A-Za-z0-9_-]*)$/;
const STRING_VALUE = /^\s*([A-Za-z0-9_-]+)\s*=\s*"([^"]*)$/;
const BARE_VALUE = /^\s*([A-Za-z0-9_-]+)\s*=\s*([A-Za-z0-9_-]*)$/;

export async function manifestCompletions(
  model: ManifestModel,
  position: TextPosition,
  files: FileAccess,
): Promise<CompletionSuggestion[]> {
  const lineText = lineOf(model.text, position.line);
  const before = lineText.slice(0, position.character);
  const after = lineText.slice(position.character);
  const rangeBack = (length: number, extendBy = 0): TextRange => ({
    start: { line: position.line, character: position.character - length },
    end: { line: position.line, character: position.character + extendBy },
  });

  const header = TABLE_HEADER.exec(before);
  if (header) {
    const closing = header[2] === '[[' ? ']]' : ']';
    const typedClose = after.startsWith(closing) ? closing.length : 0;
    return tableSuggestions(header[2] === '[[').map((s) => ({ ...s, insertText: s.insertText + closing, range: rangeBack(header[3].length, typedClose) }));
  }
  const table = tableAt(model, position);
  const stringValue_ = STRING_VALUE.exec(before);
  if (stringValue_) {
    const [, key, typed] = stringValue_;
    const range = rangeBack(typed.length - typed.lastIndexOf('/') - 1);
    if (key === 'skeleton' || key === 'mesh') return idSuggestions(model, key, rangeBack(typed.length));
    if (key === 'path' && isEntry(table)) return pathSuggestions(model, table.array, typed, range, files);
    return [];
  }
  const bare = BARE_VALUE.exec(before);
  if (bare) return valueSuggestions(specOfKey(table, bare[1]), rangeBack(bare[2].length));
  const keyStart = KEY_START.exec(before);
  if (keyStart && /^\s*$/.test(after.replace(/^[A-Za-z0-9_-]*/, ''))) {
    const typedAfter = /^[A-Za-z0-9_-]*/.exec(after)?.[0].length ?? 0;
    const range = rangeBack(keyStart[2].length, typedAfter);
    return table ? keySuggestions(table, range) : tableSuggestions(false).map((s) => ({ ...s, label: `[${s.label}]`, insertText: `[${s.insertText}]`, range }));
  }
  return [];
}

function lineOf(text: string, line: number): string {
  let start = 0;
  for (let i = 0; i < line; i++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return '';
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
}

const NO_RANGE: TextRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function tableSuggestions(arrayOfTables: boolean): CompletionSuggestion[] {
  if (arrayOfTables) {
    return ASSET_ARRAYS.map((a) => ({
      label: `assets.${a.array}`,
      kind: 'table' as const,
      insertText: `assets.${a.array}`,
      range: NO_RANGE,
      detail: a.extensions.length ? a.extensions.map((e) => `.${e}`).join(' ') : 'any file',
      documentation: MANIFEST_KEY_DOCS[`assets.${a.array}`],
    }));
  }
  return MANIFEST_TABLES.map((t) => ({
    label: t.name,
    kind: 'table' as const,
    insertText: t.name,
    range: NO_RANGE,
    detail: t.required ? 'required' : 'optional',
    documentation: t.doc,
  }));
}

function specOfKey(table: ManifestTable | undefined, key: string): ManifestKeySpec | undefined {
  if (!table) return undefined;
  if (isEntry(table)) return entryKeySpec(key);
  return tableSpec(table.name)?.keys.find((k) => k.name === key);
}

/** The plain text of a key: empty quotes or brackets, the first allowed value. */
function keyText(spec: ManifestKeySpec): string {
  switch (spec.type) {
    case 'string':
      return `${spec.name} = ""`;
    case 'string-array':
      return `${spec.name} = []`;
    case 'boolean':
      return `${spec.name} = true`;
    case 'integer':
      return `${spec.name} = ${spec.values?.[0]?.value ?? ''}`;
  }
}

function keySnippet(spec: ManifestKeySpec): string {
  switch (spec.type) {
    case 'string':
      return `${spec.name} = "$1"`;
    case 'string-array':
      return `${spec.name} = [$1]`;
    case 'boolean':
      return `${spec.name} = \${1|true,false|}`;
    case 'integer':
      return spec.values ? `${spec.name} = \${1|${spec.values.map((v) => v.value).join(',')}|}` : `${spec.name} = $1`;
  }
}

function keySuggestions(table: ManifestTable, range: TextRange): CompletionSuggestion[] {
  const present = new Set(table.keys.map((k) => k.name));
  const array = isEntry(table) ? assetArraySpec(table.array) : undefined;
  const specs: readonly ManifestKeySpec[] = array
    ? ENTRY_KEYS.filter((k) => array.keys.includes(k.name as (typeof array.keys)[number]))
    : (tableSpec(table.name)?.keys ?? []);
  const docPrefix = array ? `assets.${array.array}` : table.name;
  return specs
    .filter((spec) => !present.has(spec.name))
    .map((spec) => ({
      label: spec.name,
      kind: 'key' as const,
      insertText: keyText(spec),
      snippet: keySnippet(spec),
      range,
      detail: spec.extension ? `${spec.type} (added by this extension)` : spec.required ? `${spec.type}, required` : spec.type,
      documentation: MANIFEST_KEY_DOCS[`${docPrefix}.${spec.name}`],
    }));
}

function valueSuggestions(spec: ManifestKeySpec | undefined, range: TextRange): CompletionSuggestion[] {
  if (!spec) return [];
  const values: { text: string; detail?: string }[] =
    spec.type === 'boolean' ? [{ text: 'true' }, { text: 'false' }] : (spec.values ?? []).map((v) => ({ text: String(v.value), detail: v.meaning }));
  return values.map((v) => ({ label: v.text, kind: 'value' as const, insertText: v.text, range, detail: v.detail }));
}

function idSuggestions(model: ManifestModel, key: 'skeleton' | 'mesh', range: TextRange): CompletionSuggestion[] {
  const seen = new Set<string>();
  const suggestions: CompletionSuggestion[] = [];
  for (const entry of entriesOfKind(model, key)) {
    const id = stringValue(entry.fields.id);
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    suggestions.push({ label: id, kind: 'id', insertText: id, range, detail: stringValue(entry.fields.path) ?? `[[assets.${entry.array}]]` });
  }
  return suggestions;
}

async function pathSuggestions(
  model: ManifestModel,
  arrayName: string,
  typed: string,
  range: TextRange,
  files: FileAccess,
): Promise<CompletionSuggestion[]> {
  const typedDirectory = typed.slice(0, typed.lastIndexOf('/') + 1);
  const directory = resolveManifestPath(directoryOf(model.path), typedDirectory || '.');
  const extensions = assetArraySpec(arrayName)?.extensions ?? [];
  let names: string[];
  try {
    const stat = await files.stat(directory);
    if (!stat?.isDirectory) return [];
    names = await files.readDirectory(directory);
  } catch {
    return [];
  }
  const suggestions: CompletionSuggestion[] = [];
  for (const name of names.sort()) {
    if (name.startsWith('.')) continue;
    const stat = await files.stat(`${directory.replace(/\/$/, '')}/${name}`);
    if (stat?.isDirectory) {
      suggestions.push({ label: `${name}/`, kind: 'folder', insertText: `${name}/`, range, retrigger: true });
    } else if (stat && (extensions.length === 0 || extensions.includes(extensionOf(name)))) {
      suggestions.push({ label: name, kind: 'file', insertText: name, range, detail: `${stat.size} bytes` });
    }
  }
  return suggestions;
}
