/**
 * The data pack's budget on the console. Two limits:
 * - the cartridge: a ZX ROM holds at most 16 MiB (`NETHERCORE_ZX_ROM_LIMIT` upstream). Counted
 *   here: the size of every listed file, once per entry (each entry is packed as its own asset).
 *   Native clips, skeletons and meshes are packed byte for byte; converted assets (images,
 *   glTF, sounds) are counted by their file size, an estimate;
 * - the animation buffer: the console decodes every clip into 3x4 f32 bone matrices
 *   (frames x bones x 48 bytes) in one GPU storage buffer; a binding above the GPU's
 *   `max_storage_buffer_binding_size` (typically 128 MiB, a setting) fails with "Animation data
 *   too large". Counted: native clips (glTF animations are sampled at pack time: not counted).
 */
import { MATRIX_FLOATS } from '../../clip';
import type { TextRange } from '../../diagnostics';
import { formatFixed, formatThousands } from '../../numberText';
import { manifestDiagnostic } from '../codes';
import { entryLabel } from '../model';
import type { ResolvedAsset } from '../resolvedAsset';
import type { ManifestAssetKind } from '../schema';
import { START_OF_FILE, tableAnchor, type RuleContext } from './context';

export const MIB = 1024 * 1024;
/** The ZX cartridge (`NETHERCORE_ZX_ROM_LIMIT` upstream). */
export const NETHERCORE_ZX_ROM_LIMIT = 16 * MIB;
/** WebGPU's default `maxStorageBufferBindingSize`, what most GPUs offer at least. */
export const DEFAULT_ANIMATION_BUFFER_LIMIT = 128 * MIB;
/** One decoded bone: a 3x4 f32 matrix. */
export const DECODED_BONE_BYTES = MATRIX_FLOATS * Float32Array.BYTES_PER_ELEMENT;

export interface KindBudget {
  bytes: number;
  entries: number;
}

export interface PackBudget {
  /** Bytes of the listed files per kind of entry (files that exist). */
  byKind: Partial<Record<ManifestAssetKind, KindBudget>>;
  romBytes: number;
  romLimit: number;
  /** Decoded bone matrices of the native clips: sum of frames x bones x 48 bytes. */
  animationBytes: number;
  animationLimit: number;
  /** Native clips counted in `animationBytes`. */
  countedClips: number;
  /** Animation entries whose decoded size is unknown here (glTF, unreadable clips). */
  uncountedClips: number;
  /** The clips with the most decoded bytes, largest first (at most 3). */
  largestClips: { asset: ResolvedAsset; bytes: number }[];
}

/** Decoded bytes of a native clip (frames x bones x 48), undefined when its header is unknown. */
export function decodedClipBytes(asset: ResolvedAsset): number | undefined {
  const s = asset.summary;
  if (s?.kind !== 'clip' || s.frameCount === undefined || s.boneCount === undefined) return undefined;
  return s.frameCount * s.boneCount * DECODED_BONE_BYTES;
}

/** How many of the largest clips `PackBudget.largestClips` names. */
const LARGEST_CLIPS = 3;

export function packBudget(assets: readonly ResolvedAsset[], animationLimit = DEFAULT_ANIMATION_BUFFER_LIMIT): PackBudget {
  const budget: PackBudget = {
    byKind: {},
    romBytes: 0,
    romLimit: NETHERCORE_ZX_ROM_LIMIT,
    animationBytes: 0,
    animationLimit,
    countedClips: 0,
    uncountedClips: 0,
    largestClips: [],
  };
  const largest = budget.largestClips;
  for (const asset of assets) {
    if (asset.exists && asset.size !== undefined) {
      const kind = (budget.byKind[asset.kind] ??= { bytes: 0, entries: 0 });
      kind.bytes += asset.size;
      kind.entries++;
      budget.romBytes += asset.size;
    }
    if (asset.kind !== 'animation') continue;
    const decoded = decodedClipBytes(asset);
    if (decoded === undefined) {
      budget.uncountedClips += asset.importedIds?.length ?? 1;
      continue;
    }
    budget.animationBytes += decoded;
    budget.countedClips++;
    // The 3 largest, largest first, ties in manifest order (a stable sort's first 3, without sorting 10,000 clips).
    let at = largest.length;
    while (at > 0 && largest[at - 1]!.bytes < decoded) at--;
    if (at < LARGEST_CLIPS) {
      largest.splice(at, 0, { asset, bytes: decoded });
      largest.length = Math.min(largest.length, LARGEST_CLIPS);
    }
  }
  return budget;
}

/** `17.25 MiB (18,087,936 bytes)`; below 1 MiB in KiB, below 1 KiB in bytes. */
export function formatBytes(bytes: number): string {
  const exact = `${formatThousands(bytes)} bytes`;
  if (bytes < 1024) return exact;
  const [value, unit] = bytes < MIB ? [bytes / 1024, 'KiB'] : [bytes / MIB, 'MiB'];
  return `${formatFixed(value, 2)} ${unit} (${exact})`;
}

/** `7.5%` of a limit, one decimal (two below 1%). */
export function formatShare(bytes: number, limit: number): string {
  const percent = (bytes / limit) * 100;
  return `${formatFixed(percent, percent < 1 ? 2 : 1)}%`;
}

const KIND_WORDS: Record<ManifestAssetKind, string> = {
  animation: 'animations',
  skeleton: 'skeletons',
  mesh: 'meshes',
  texture: 'textures',
  sound: 'sounds',
  tracker: 'trackers',
  data: 'data',
};

/** Per kind, largest first: `animations 12.1 MiB (40 entries)`. */
export function budgetByKind(budget: PackBudget): { kind: ManifestAssetKind; words: string; budget: KindBudget }[] {
  return (Object.entries(budget.byKind) as [ManifestAssetKind, KindBudget][])
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([kind, kindBudget]) => ({ kind, words: KIND_WORDS[kind], budget: kindBudget }));
}

function anchorOf(ctx: RuleContext): TextRange {
  return ctx.model.game ? tableAnchor(ctx.model.game) : START_OF_FILE;
}

/** `manifest/rom-budget` and `manifest/animation-budget`, at the `[game]` header. */
export function checkBudget(ctx: RuleContext, assets: readonly ResolvedAsset[], animationLimit: number): void {
  const budget = packBudget(assets, animationLimit);
  const at = anchorOf(ctx);
  if (budget.romBytes > budget.romLimit) {
    const kinds = budgetByKind(budget).slice(0, 3).map((k) => `${k.words} ${formatBytes(k.budget.bytes)}`).join(', ');
    ctx.report(manifestDiagnostic('manifest/rom-budget', at,
      `The listed assets take ${formatBytes(budget.romBytes)}, ${formatShare(budget.romBytes, budget.romLimit)} of the 16 MiB ZX cartridge (NETHERCORE_ZX_ROM_LIMIT); largest: ${kinds}. Remove or shrink assets (converted assets are counted by their file size).`,
      { data: { romBytes: budget.romBytes, romLimit: budget.romLimit } }));
  }
  if (budget.animationBytes > budget.animationLimit) {
    ctx.report(manifestDiagnostic('manifest/animation-budget', at,
      `Decoded, the ${budget.countedClips} clips take ${formatBytes(budget.animationBytes)} of bone matrices (frames x bones x ${DECODED_BONE_BYTES} bytes), more than the ${formatBytes(budget.animationLimit)} storage-buffer binding limit: the console fails with "Animation data too large". Shorten or drop clips, or use fewer bones.`,
      {
        related: budget.largestClips.map((c) => ({ path: ctx.model.path, message: `${entryLabel(c.asset.entry)}: ${formatBytes(c.bytes)} decoded`, range: c.asset.entry.fields.path?.value.range ?? tableAnchor(c.asset.entry) })),
        data: { animationBytes: budget.animationBytes, animationLimit: budget.animationLimit },
      }));
  }
}
