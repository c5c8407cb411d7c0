/**
 * Questions the language server asks of a parsed manifest: what is under the cursor, which
 * table is the cursor in (for completion), which entry has this id (for links and hover).
 */
import type { TextPosition } from '../diagnostics';
import { stringValue, type ManifestEntry, type ManifestKey, type ManifestModel, type ManifestTable } from './model';
import type { ManifestAssetKind } from './schema';
import { rangeContains } from './textRanges';

/** Every table of the model (fixed, entries, unknown) in file order. */
export function allTables(model: ManifestModel): ManifestTable[] {
  const tables: ManifestTable[] = [...model.entries, ...model.unknownTables];
  for (const fixed of [model.game, model.build, model.netplay]) if (fixed) tables.push(fixed);
  const startOf = (t: ManifestTable) => (t.headerRange ?? t.range).start;
  return tables.sort((a, b) => startOf(a).line - startOf(b).line || startOf(a).character - startOf(b).character);
}

function startsAtOrBefore(table: ManifestTable, position: TextPosition): boolean {
  const start = (table.headerRange ?? table.range).start;
  return start.line < position.line || (start.line === position.line && start.character <= position.character);
}

/**
 * The table the cursor belongs to: the last one starting at or before it (so an empty line
 * below `[[assets.meshes]]` still counts as inside that entry, as it does for TOML).
 */
export function tableAt(model: ManifestModel, position: TextPosition): ManifestTable | undefined {
  let found: ManifestTable | undefined;
  for (const table of allTables(model)) {
    // Inline tables (`assets.meshes = [{...}]`) end where they close.
    if (startsAtOrBefore(table, position) && (!table.inline || rangeContains(table.range, position))) found = table;
  }
  return found;
}

export function isEntry(table: ManifestTable | undefined): table is ManifestEntry {
  return table !== undefined && 'array' in table;
}

/** The asset entry the cursor is in, if any. */
export function entryAt(model: ManifestModel, position: TextPosition): ManifestEntry | undefined {
  const table = tableAt(model, position);
  return isEntry(table) ? table : undefined;
}

export interface KeyHit {
  table: ManifestTable;
  key: ManifestKey;
  /** Whether the cursor is on the key's name or on its value. */
  part: 'key' | 'value';
}

/** The key or value under the cursor. */
export function keyAt(model: ManifestModel, position: TextPosition): KeyHit | undefined {
  for (const table of allTables(model)) {
    if (!rangeContains(table.range, position) && !(table.headerRange && rangeContains(table.headerRange, position))) continue;
    for (const key of table.keys) {
      if (rangeContains(key.keyRange, position)) return { table, key, part: 'key' };
      if (rangeContains(key.value.range, position)) return { table, key, part: 'value' };
    }
  }
  return undefined;
}

export function entriesOfKind(model: ManifestModel, kind: ManifestAssetKind): ManifestEntry[] {
  return model.entries.filter((e) => e.kind === kind);
}

/** The entry of that kind with that explicit id; the last one when duplicated (upstream: last wins). */
export function entryById(model: ManifestModel, kind: ManifestAssetKind, id: string): ManifestEntry | undefined {
  let found: ManifestEntry | undefined;
  for (const entry of model.entries) if (entry.kind === kind && stringValue(entry.fields.id) === id) found = entry;
  return found;
}
