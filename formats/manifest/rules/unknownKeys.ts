/**
 * Keys and tables the packer silently ignores (typos, `[[assets.fonts]]`, keys that have no
 * effect on that kind of entry), each naming the nearest known key.
 */
import { manifestDiagnostic } from '../codes';
import { nearestName } from '../editDistance';
import type { ManifestKey } from '../model';
import { ASSET_ARRAYS, ENTRY_KEYS, MANIFEST_TABLES, TOP_LEVEL_TABLES, assetArraySpec, tableSpec } from '../schema';
import { tableAnchor, type RuleContext } from './context';

/** Names people reach for that edit distance would not find (seen in upstream examples). */
const SYNONYMS: Readonly<Record<string, string>> = {
  name: 'title',
  entry: 'wasm',
  fps: 'tick_rate',
  players: 'max_players',
  file: 'path',
  animation: 'animation_name',
  skin: 'skin_name',
  prefix: 'id_prefix',
};

function suggestion(name: string, known: readonly string[]): { text: string; data: Record<string, string> } {
  const synonym = SYNONYMS[name];
  if (synonym && known.includes(synonym)) return { text: ` Did you mean \`${synonym}\`?`, data: { key: name, suggestion: synonym } };
  const nearest = nearestName(name, known);
  if (!nearest) return { text: '', data: { key: name } };
  return nearest.likelyTypo
    ? { text: ` Did you mean \`${nearest.name}\`?`, data: { key: name, suggestion: nearest.name } }
    : { text: ` Nearest known: \`${nearest.name}\`.`, data: { key: name, nearest: nearest.name } };
}

function reportKey(ctx: RuleContext, key: ManifestKey, where: string, known: readonly string[]): void {
  const hint = suggestion(key.name, known);
  ctx.report(manifestDiagnostic('manifest/unknown-key', key.keyRange, `\`${key.name}\` is not a key of ${where}; the packer ignores it.${hint.text}`, { data: hint.data }));
}

/** Every key an entry may have, and those each kind of entry uses: looked up for each key of 10,000 entries. */
const ENTRY_KEY_NAMES: ReadonlySet<string> = new Set(ENTRY_KEYS.map((k) => k.name));
const USED_KEYS = new Map(ASSET_ARRAYS.map((array) => [array, new Set<string>(array.keys)]));

export function checkUnknownKeys(ctx: RuleContext): void {
  const { model } = ctx;
  for (const fixed of MANIFEST_TABLES) {
    const table = fixed.name === 'game' ? model.game : fixed.name === 'build' ? model.build : model.netplay;
    const known = tableSpec(fixed.name)!.keys.map((k) => k.name);
    for (const key of table?.keys ?? []) if (!known.includes(key.name)) reportKey(ctx, key, `\`[${fixed.name}]\``, known);
  }
  const arrayNames = ASSET_ARRAYS.map((a) => a.array);
  for (const { table, key } of model.strayKeys) {
    if (table === 'assets') reportKey(ctx, key, '`[assets]` (asset kinds are arrays of tables)', arrayNames);
    else reportKey(ctx, key, 'the top level (keys belong in a table such as `[game]`)', TOP_LEVEL_TABLES);
  }
  const knownTables = [...MANIFEST_TABLES.map((t) => t.name), ...arrayNames.map((a) => `assets.${a}`)];
  for (const table of model.unknownTables) {
    const brackets = table.isArrayElement ? `[[${table.name}]]` : `[${table.name}]`;
    const hint = suggestion(table.name, knownTables);
    const kind = table.name.startsWith('assets.') ? ' (it is not an asset kind the packer knows)' : '';
    ctx.report(manifestDiagnostic('manifest/unknown-key', tableAnchor(table), `\`${brackets}\` is ignored by the packer${kind}.${hint.text}`, { data: { ...hint.data, table: table.name } }));
  }
  for (const entry of model.entries) {
    const spec = assetArraySpec(entry.array)!;
    const usedKeys = USED_KEYS.get(spec)!;
    for (const key of entry.keys) {
      if (!ENTRY_KEY_NAMES.has(key.name)) {
        reportKey(ctx, key, `\`[[assets.${entry.array}]]\` entries`, spec.keys);
      } else if (!usedKeys.has(key.name)) {
        ctx.report(manifestDiagnostic('manifest/unknown-key', key.keyRange, `\`${key.name}\` has no effect on \`[[assets.${entry.array}]]\` entries (they use ${spec.keys.map((k) => `\`${k}\``).join(', ')}).`, { data: { key: key.name } }));
      }
    }
  }
}
