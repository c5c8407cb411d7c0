/**
 * The typed manifest model: every table, entry, key and value with its text range, so that
 * the validator, hover, links, completion and quick fixes all work from one parse.
 */
import type { FormatDiagnostic, TextRange } from '../diagnostics';
import type { Era } from '../fileKinds';
import type { AssetArrayName, EntryKeyName, ManifestAssetKind } from './schema';

export type ManifestValueKind = 'string' | 'integer' | 'float' | 'boolean' | 'datetime' | 'array' | 'table';

export type ManifestScalar = string | number | boolean;

export interface ManifestValue {
  kind: ManifestValueKind;
  /** Strings, numbers and booleans as parsed; arrays of them; undefined for tables and dates. */
  value: ManifestScalar | ManifestScalar[] | undefined;
  range: TextRange;
}

export interface ManifestKey {
  /** The key's last segment (`id` in `game.id = ...`). */
  name: string;
  keyRange: TextRange;
  value: ManifestValue;
  /** The whole `key = value`. */
  range: TextRange;
}

export interface ManifestTable {
  /** Dotted path, array indices left out: `game`, `assets.fonts`. */
  name: string;
  /** The `[game]` / `[[assets.fonts]]` header or the inline key that opened it; absent when implicit. */
  headerRange?: TextRange;
  /** Header plus body. */
  range: TextRange;
  keys: ManifestKey[];
  /** True for an element of an array of tables. */
  isArrayElement: boolean;
  /** Written inline (`{ ... }`): it ends where its braces close, not at the next header. */
  inline: boolean;
}

export interface ManifestEntry extends ManifestTable {
  array: AssetArrayName;
  kind: ManifestAssetKind;
  /** Position inside its own array (`[[assets.meshes]]` number n, from 0). */
  index: number;
  /** Entry keys by name, for quick access (`entry.fields.path`). */
  fields: Partial<Record<EntryKeyName, ManifestKey>>;
}

export interface ManifestModel {
  path: string;
  /**
   * By file name: a name ending in `ember.toml` is Emberware-era, anything else is read as a
   * Nethercore manifest (the current packer's rules, e.g. its refusal of `.ewz*` paths).
   */
  era: Era;
  text: string;
  game?: ManifestTable;
  build?: ManifestTable;
  netplay?: ManifestTable;
  /** Every asset entry in file order, `keyframes` and `animations` alike. */
  entries: ManifestEntry[];
  /** Tables the packer does not know (`[[assets.fonts]]`, `[foo]`). */
  unknownTables: ManifestTable[];
  /** Keys outside any table, and keys directly under `[assets]`. */
  strayKeys: { table: string; key: ManifestKey }[];
  /** Syntax errors and keys of the wrong type (the real parser refuses such a file). */
  diagnostics: FormatDiagnostic[];
  /** False when not even error recovery produced a tree: the model is then empty. */
  parsed: boolean;
}

/** The string value of an entry's or table's key, or undefined if absent or not a string. */
export function stringValue(key: ManifestKey | undefined): string | undefined {
  return key && key.value.kind === 'string' && typeof key.value.value === 'string' ? key.value.value : undefined;
}

export function findKey(table: ManifestTable | undefined, name: string): ManifestKey | undefined {
  if (!table) return undefined;
  let found: ManifestKey | undefined;
  // The last one wins, like every TOML reader (duplicates are syntax errors anyway).
  for (const key of table.keys) if (key.name === name) found = key;
  return found;
}

/** How an entry is named in messages: `[[assets.meshes]] "arm1_mesh"` or `[[assets.meshes]] #2`. */
export function entryLabel(entry: ManifestEntry): string {
  const id = stringValue(entry.fields.id);
  return id !== undefined ? `${entry.kind} "${id}"` : `[[assets.${entry.array}]] #${entry.index + 1}`;
}
