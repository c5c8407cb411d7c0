/**
 * The quantisation report's summary for a manifest entry that imports an animation from a
 * .gltf/.glb: what `ewzanim export animation` would write for it (model space, at the editor's
 * frame rate), computed on first hover and cached by the file's size and modification time.
 */
import type { TextPosition } from '../../diagnostics';
import type { FileAccess } from '../../fileAccess';
import { AnimationExporter } from '../../gltf/animationExport';
import { errorMessage, loadGltfDocument, MAX_GLTF_INSPECT_BYTES } from '../../gltf/load';
import { formatGltfProblem, GltfExportError } from '../../gltf/problems';
import { reportSummaryLines } from '../../gltf/reportText';
import type { ManifestModel } from '../model';
import { stringValue } from '../model';
import { entryAt, keyAt } from '../query';
import { rangeContains } from '../textRanges';
import { isGltfPath, type ResolvedAsset } from '../resolvedAsset';

/** At most this many animations of an import of every animation are summarised. */
const MAX_SUMMARISED_ANIMATIONS = 8;

interface CachedLines {
  size: number;
  mtimeMs: number;
  lines: Promise<string[]>;
}

/** Summaries by file and export settings, dropped when the file's size or mtime changes. */
export class GltfExportSummaryCache {
  private readonly entries = new Map<string, CachedLines>();
  /** Summaries computed (cache misses), for tests. */
  computed = 0;

  async lines(access: FileAccess, path: string, settings: string, compute: (size: number) => Promise<string[]>): Promise<string[]> {
    const stat = await access.stat(path);
    if (!stat || stat.isDirectory) return [];
    const key = `${path}\u0000${settings}`;
    const hit = this.entries.get(key);
    if (hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs) return hit.lines;
    this.computed++;
    const lines = compute(stat.size);
    this.entries.set(key, { size: stat.size, mtimeMs: stat.mtimeMs, lines });
    return lines;
  }
}

async function summarise(access: FileAccess, asset: ResolvedAsset, size: number, frameRate: number): Promise<string[]> {
  if (size > MAX_GLTF_INSPECT_BYTES) return [`- Export report: the file is larger than ${MAX_GLTF_INSPECT_BYTES / 1024 / 1024} MiB; run \`ewzanim export animation --report md\``];
  let document;
  try {
    document = await loadGltfDocument(access, asset.path, size, MAX_GLTF_INSPECT_BYTES);
  } catch (error) {
    return [`- Export report: cannot read the glTF: ${errorMessage(error)}`];
  }
  const animationName = stringValue(asset.entry.fields.animation_name);
  const all = document.getRoot().listAnimations();
  const names = animationName !== undefined ? [animationName] : all.map((a) => a.getName()).slice(0, MAX_SUMMARISED_ANIMATIONS);
  const lines: string[] = [];
  for (const [i, name] of names.entries()) {
    if (names.length > 1) lines.push(`- Animation "${name}":`);
    try {
      const exporter = AnimationExporter.create(document, { animation: animationName !== undefined ? name : i, skin: asset.skinName, frameRate });
      const summary = reportSummaryLines({ plan: exporter.plan, report: exporter.measure() });
      lines.push(...(names.length > 1 ? summary.map((l) => `  ${l}`) : summary));
    } catch (error) {
      const text = error instanceof GltfExportError ? formatGltfProblem(error.problems.find((p) => p.severity === 'error') ?? error.problems[0]) : errorMessage(error);
      lines.push(`${names.length > 1 ? '  ' : ''}- Export not possible: ${text}`);
    }
  }
  if (animationName === undefined && all.length > MAX_SUMMARISED_ANIMATIONS) lines.push(`- ...and ${all.length - MAX_SUMMARISED_ANIMATIONS} more animations`);
  return lines;
}

/**
 * Markdown lines for the hover at `position`, when it is on an animation entry (its header,
 * `id`, `path` or `animation_name`) whose `path` is a readable .gltf/.glb; else none.
 */
export async function gltfExportHoverLines(
  access: FileAccess,
  cache: GltfExportSummaryCache,
  facts: { model: ManifestModel; assets: readonly ResolvedAsset[] },
  position: TextPosition,
  frameRate: number,
): Promise<string[]> {
  const entry = entryAt(facts.model, position);
  if (!entry || entry.kind !== 'animation') return [];
  const hit = keyAt(facts.model, position);
  const onEntry = (entry.headerRange && rangeContains(entry.headerRange, position)) ||
    (hit?.table === entry && hit.part === 'value' && ['id', 'path', 'animation_name'].includes(hit.key.name));
  if (!onEntry) return [];
  const asset = facts.assets.find((a) => a.entry === entry || (a.entry.array === entry.array && a.entry.index === entry.index));
  if (!asset?.exists || !isGltfPath(asset.path) || !asset.gltf || asset.gltf.error) return [];
  const settings = `${stringValue(entry.fields.animation_name) ?? '*'}\u0000${asset.skinName ?? ''}\u0000${frameRate}`;
  const lines = await cache.lines(access, asset.path, settings, (size) => summarise(access, asset, size, frameRate));
  return lines.length ? ['', `Console export (\`ewzanim export animation\`, model space, ACL error on a 3 cm shell):`, ...lines] : [];
}
