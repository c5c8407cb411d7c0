/**
 * What the manifest's asset rules learn from a listed file (its signature, the binary core's
 * summary and diagnostics, its glTF skins and animations), and where those facts come from: a
 * read of the file (each byte once), or a check of the same file that already ran (the folder
 * walk of `ewzanim check`, the language server's scan), so that the manifest reads nothing again.
 */
import { checkBinaryFile, type BinaryFileCheck } from '../checkBinaryFile';
import type { FileAccess, FileStat } from '../fileAccess';
import { kindOfPath } from '../fileKinds';
import { SNIFF_BYTES, type SniffedFormat, sniffFormat } from './contentSniff';
import { readGltfInfo } from './gltfInfo';
import { addLocalSpaceFacts } from './localSpaceFacts';
import { isGltfPath } from './resolvedAsset';
import type { AssetSummaryCache, FileFacts } from './summaryCache';

export { compactForTransfer, MAX_BIND_POSES_PER_CLIP } from './localSpaceFacts';

/** The entry kind each native file kind is listed under (`[[assets.animations]]` takes clips). */
const ENTRY_KIND_OF_NATIVE = { clip: 'animation', skeleton: 'skeleton', mesh: 'mesh' } as const;

/** Facts depend on how the file is listed and on the problem limit: the cache's purpose key. */
export function assetFactsPurpose(entryKind: string, maxKeyframeProblems: number): string {
  return `${entryKind}:${maxKeyframeProblems}`;
}

/**
 * The signature of a file from its first bytes, when they are enough to tell: `SNIFF_BYTES` of
 * them (or the whole file), or fewer that no longer signature could still match.
 */
export function sniffOfHead(whole: Uint8Array, size: number): { sniffed?: SniffedFormat } | undefined {
  const head = whole.subarray(0, SNIFF_BYTES);
  if (head.length >= Math.min(SNIFF_BYTES, size)) return { sniffed: sniffFormat(head) };
  const sniffed = sniffFormat(head);
  if (sniffed) return { sniffed };
  // 'Extended Module: ' (XM) is 17 bytes; blank text may still open a JSON object further on.
  const text = String.fromCharCode(...head);
  if ('Extended Module: '.startsWith(text) || text.trim() === '' || text.replace(/^\u00ef\u00bb\u00bf/, '').trim() === '') return undefined;
  return {};
}

/** Reads `access`, keeping the first read error (the binary core turns it into a diagnostic). */
function recordingErrors(access: FileAccess): { access: FileAccess; error: () => unknown } {
  let failure: unknown;
  const keep = (error: unknown): never => {
    failure ??= error;
    throw error;
  };
  const readInto = access.readInto?.bind(access);
  const recording: FileAccess = {
    stat: (path) => access.stat(path),
    read: (path, offset, length) => access.read(path, offset, length).catch(keep),
    readDirectory: (path) => access.readDirectory(path),
  };
  if (readInto) recording.readInto = (path, offset, target) => readInto(path, offset, target).catch(keep);
  return { access: recording, error: () => failure };
}

/**
 * Reads a listed file's facts. A native clip, skeleton or mesh is checked by the binary core
 * (read once when it fits one piece); a read that fails throws, as a missing file's does.
 */
export async function readAssetFacts(access: FileAccess, path: string, stat: FileStat, maxKeyframeProblems: number): Promise<FileFacts> {
  const native = kindOfPath(path)?.kind;
  if (native === 'clip' || native === 'skeleton' || native === 'mesh') {
    const recording = recordingErrors(access);
    const checked = await checkBinaryFile(recording.access, path, native, stat, { maxKeyframeProblems });
    if (recording.error() !== undefined) throw recording.error();
    const known = checked.head && sniffOfHead(checked.head, stat.size);
    const sniffed = known ? known.sniffed : sniffFormat(await access.read(path, 0, Math.min(SNIFF_BYTES, stat.size)));
    const facts: FileFacts = { sniffed, summary: checked.result.summary, diagnostics: checked.result.diagnostics };
    addLocalSpaceFacts(facts, checked.head);
    return facts;
  }
  const facts: FileFacts = { sniffed: sniffFormat(await access.read(path, 0, Math.min(SNIFF_BYTES, stat.size))) };
  if (isGltfPath(path)) facts.gltf = await readGltfInfo(access, path, stat.size);
  return facts;
}

/**
 * Offers `cache` the facts of a native file checked elsewhere with the same problem limit, under
 * the entry kind that lists such a file; a failed read or an unclear signature offers nothing.
 */
export function offerCheckedFacts(cache: AssetSummaryCache, checked: BinaryFileCheck, stat: FileStat, maxKeyframeProblems: number): void {
  const { result, head } = checked;
  const summary = result.summary;
  if (!summary || summary.kind === 'rom' || !head || result.kind !== kindOfPath(result.path)?.kind) return;
  if (result.diagnostics.some((d) => d.code === 'file/unreadable')) return;
  const known = sniffOfHead(head, stat.size);
  if (!known) return;
  const facts: FileFacts = { sniffed: known.sniffed, summary, diagnostics: result.diagnostics };
  if (checked.ruleBytes) Object.assign(facts, checked.ruleBytes);
  else addLocalSpaceFacts(facts, head, cache.bindPoses());
  cache.offer(result.path, stat, assetFactsPurpose(ENTRY_KIND_OF_NATIVE[summary.kind], maxKeyframeProblems), facts);
}
