/** Per-entry structure: `path` present, `id` where needed, ids unique within a kind. */
import type { RelatedLocation } from '../../diagnostics';
import { manifestDiagnostic } from '../codes';
import { entryLabel, stringValue, type ManifestEntry } from '../model';
import { assetArraySpec, type ManifestAssetKind } from '../schema';
import { tableAnchor, type RuleContext } from './context';

/** The id the game loads an entry by: explicit, or (animations) the `animation_name`. */
export function effectiveId(entry: ManifestEntry): string | undefined {
  return stringValue(entry.fields.id) ?? (entry.kind === 'animation' ? stringValue(entry.fields.animation_name) : undefined);
}

/** An animation entry that imports every animation of its glTF (neither `id` nor `animation_name`). */
export function isWildcardImport(entry: ManifestEntry): boolean {
  return entry.kind === 'animation' && entry.fields.id === undefined && entry.fields.animation_name === undefined;
}

export function checkEntries(ctx: RuleContext): void {
  const { model } = ctx;
  for (const entry of model.entries) {
    const spec = assetArraySpec(entry.array)!;
    if (!entry.fields.path) {
      ctx.report(manifestDiagnostic('manifest/missing-field', tableAnchor(entry), `${entryLabel(entry)} has no \`path\`: the packer refuses the whole manifest. Add \`path = "..."\` relative to this file.`, { data: { key: 'path' } }));
    }
    if (entry.fields.id_prefix && !isWildcardImport(entry) && entry.kind === 'animation') {
      ctx.report(manifestDiagnostic('manifest/unknown-key', entry.fields.id_prefix.keyRange, '`id_prefix` has no effect here: it only prefixes the ids of an import of every animation (an entry with neither `id` nor `animation_name`).', { data: { key: 'id_prefix' } }));
    }
    if (spec.idRequired && entry.fields.id === undefined) {
      ctx.report(manifestDiagnostic('manifest/missing-id', tableAnchor(entry), `\`[[assets.${entry.array}]]\` entry #${entry.index + 1} has no \`id\`; the packer requires one for ${spec.kind}s (the game loads assets by id).`, { data: { key: 'id' } }));
    }
  }
  reportDuplicateIds(ctx);
}

function reportDuplicateIds(ctx: RuleContext): void {
  // By kind, then id: the first entry of each id alone, a list only for an id met again (10,000 unique ids make no lists).
  const firstById = new Map<ManifestAssetKind, Map<string, ManifestEntry>>();
  const repeated = new Map<ManifestEntry, ManifestEntry[]>();
  for (const entry of ctx.model.entries) {
    const id = effectiveId(entry);
    if (id === undefined) continue;
    let ofKind = firstById.get(entry.kind);
    if (!ofKind) firstById.set(entry.kind, (ofKind = new Map()));
    const first = ofKind.get(id);
    if (!first) ofKind.set(id, entry);
    else repeated.get(first)?.push(entry) ?? repeated.set(first, [first, entry]);
  }
  // In the order of each id's first entry (the order one map of `kind, id` keys listed them in).
  for (const first of ctx.model.entries) {
    const entries = repeated.get(first);
    if (!entries) continue;
    const kind = first.kind;
    const id = effectiveId(first)!;
    const last = entries[entries.length - 1];
    const lastLine = (last.fields.id ?? last.fields.animation_name)!.range.start.line + 1;
    for (const entry of entries.slice(0, -1)) {
      const at = entry.fields.id ?? entry.fields.animation_name!;
      const related: RelatedLocation[] = entries
        .filter((other) => other !== entry)
        .map((other) => ({ path: ctx.model.path, message: `also ${kind} id "${id}"`, range: (other.fields.id ?? other.fields.animation_name)!.value.range }));
      ctx.report(manifestDiagnostic('manifest/duplicate-id', at.value.range, `${entries.length} ${kind} entries have the id "${id}"; the packer silently keeps only the last one (line ${lastLine}) and drops this one. Rename one of them.`, { related, data: { id, kind } }));
    }
  }
}
