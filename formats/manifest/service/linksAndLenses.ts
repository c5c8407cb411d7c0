/**
 * Document links on every asset `path` (a clip's link opens the annotated hex editor, which is
 * the default editor for clips) and a "Preview animation" code lens on every native clip entry,
 * with the skeleton and mesh the manifest links it to.
 */
import type { TextRange } from '../../diagnostics';
import { stringValue } from '../model';
import { directoryOf, resolveManifestPath } from '../../paths';
import { linkedAssets, type ManifestFacts } from './facts';

export interface PathLink {
  /** The path's text, quotes excluded. */
  range: TextRange;
  /** Absolute path of the file. */
  target: string;
  tooltip: string;
}

export interface PreviewLens {
  range: TextRange;
  title: string;
  /** Absolute paths of the clip and of the existing skeleton and mesh the manifest links to it. */
  clip: string;
  skeleton?: string;
  mesh?: string;
}

/** Links for every entry `path` whose file exists (a missing file gets a diagnostic instead). */
export function pathLinks(facts: ManifestFacts): PathLink[] {
  const folder = directoryOf(facts.model.path);
  const links: PathLink[] = [];
  for (const entry of facts.model.entries) {
    const key = entry.fields.path;
    const text = stringValue(key);
    if (!key || text === undefined) continue;
    const target = resolveManifestPath(folder, text);
    const asset = facts.assets.find((a) => a.entry === entry);
    if (asset && !asset.exists) continue;
    const { start, end } = key.value.range;
    // Inside the quotes, on one line (a single-line string).
    const range = start.line === end.line && end.character - start.character >= 2
      ? { start: { line: start.line, character: start.character + 1 }, end: { line: end.line, character: end.character - 1 } }
      : key.value.range;
    const tooltip = asset?.summary?.kind === 'clip' || asset?.summary?.kind === 'skeleton' ? 'Open in the annotated hex editor' : 'Open the file';
    links.push({ range, target, tooltip });
  }
  return links;
}

/** One lens per native clip entry. */
export function previewLenses(facts: ManifestFacts): PreviewLens[] {
  const lenses: PreviewLens[] = [];
  for (const asset of facts.assets) {
    if (asset.kind !== 'animation' || asset.summary?.kind !== 'clip') continue;
    const link = linkedAssets(facts, asset);
    const withWhat = [link?.skeleton && `skeleton "${link.skeleton.id ?? link.skeleton.pathText}"`, link?.mesh && `mesh "${link.mesh.id ?? link.mesh.pathText}"`].filter(Boolean);
    lenses.push({
      range: asset.entry.headerRange ?? asset.entry.range,
      title: withWhat.length ? `Preview animation (with ${withWhat.join(' and ')})` : 'Preview animation',
      clip: asset.path,
      ...(link?.skeleton?.exists ? { skeleton: link.skeleton.path } : {}),
      ...(link?.mesh?.exists ? { mesh: link.mesh.path } : {}),
    });
  }
  return lenses;
}
