/**
 * Quick fix for `manifest/missing-file`: when the path's folder holds a file of the right kind
 * whose name is a likely typo of the one written, offer to point the path at it. Reads the
 * folder through FileAccess, so it is async, unlike the other fixes.
 */
import type { TextRange } from '../../diagnostics';
import type { FileAccess } from '../../fileAccess';
import { stringValue } from '../model';
import { entryAt } from '../query';
import { assetArraySpec } from '../schema';
import { nearestName } from '../editDistance';
import { directoryOf, extensionOf, resolveManifestPath } from '../../paths';
import type { ManifestFacts } from './facts';
import { overlaps, quoteLike, type ManifestFix } from './fixes';

export async function missingFileFixes(facts: ManifestFacts, range: TextRange, files: FileAccess): Promise<ManifestFix[]> {
  const fixes: ManifestFix[] = [];
  for (const d of facts.diagnostics) {
    if (d.code !== 'manifest/missing-file' || !d.range || !overlaps(d.range, range)) continue;
    const entry = entryAt(facts.model, d.range.start);
    const pathKey = entry?.fields.path;
    const written = stringValue(pathKey);
    if (!entry || !pathKey || written === undefined) continue;
    const typedFolder = written.slice(0, written.lastIndexOf('/') + 1);
    const folder = resolveManifestPath(directoryOf(facts.model.path), typedFolder || '.');
    let names: string[];
    try {
      names = await files.readDirectory(folder);
    } catch {
      continue;
    }
    const extensions = assetArraySpec(entry.array)?.extensions ?? [];
    const candidates = names.filter((n) => !n.startsWith('.') && (extensions.length === 0 || extensions.includes(extensionOf(n))));
    const name = written.slice(typedFolder.length);
    const nearest = nearestName(name, candidates);
    // A typo is a few edits for the name's stem: the extension is long and shared by every candidate.
    const stemLength = name.length - (extensionOf(name).length > 0 ? extensionOf(name).length + 1 : 0);
    if (!nearest || nearest.distance > Math.max(1, Math.floor(stemLength / 3))) continue;
    const newPath = typedFolder + nearest.name;
    fixes.push({ title: `Change the path to "${newPath}"`, diagnostic: d, edits: [{ range: pathKey.value.range, newText: quoteLike(facts.model, pathKey.value.range, newPath) }], preferred: true });
  }
  return fixes;
}
