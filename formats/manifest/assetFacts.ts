/**
 * What the manifest's asset rules learn from a listed file (its signature, the binary core's
 * summary and diagnostics, its glTF skins and animations), and where those facts come from: a
 * read of the file (each byte once), or a check of the same file that already ran (the folder
 * walk of `ewzanim check`, the language server's scan), so that the manifest reads nothing again.
 */
import { checkBinaryFile, type BinaryFileCheck } from '../checkBinaryFile';
import { keyframeOffset, recordsByteLength } from '../clip';
import { judgeLocalSpace, localSpaceSampleFrames, sampledFrameMatrices, type LocalSpaceVerdict } from '../motion/localSpace';
import type { AssetSummary } from '../records';
import type { FileAccess, FileStat } from '../fileAccess';
import { kindOfPath } from '../fileKinds';
import { SNIFF_BYTES, type SniffedFormat, sniffFormat } from './contentSniff';
import { readGltfInfo } from './gltfInfo';
import { isGltfPath } from './resolvedAsset';
import { type BindPose, bindPoseKey } from './bindPose';
import type { AssetSummaryCache, FileFacts } from './summaryCache';

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

/** Skeletons a clip is judged against when it is read; past this many of its bone count it keeps its frames instead. */
export const MAX_BIND_POSES_PER_CLIP = 8;

/**
 * What `anim/local-space` takes from a file whose bytes are all in `whole` (copied: `whole`
 * goes): a skeleton's bytes; a clip's verdicts against `poses` of its bone count (the skeletons
 * this run knows already), or, with none of them (or too many), its sampled frames.
 */
function addLocalSpaceFacts(facts: FileFacts, whole: Uint8Array | undefined, poses: readonly BindPose[] = []): void {
  const summary: AssetSummary | undefined = facts.summary;
  if (!whole || whole.length !== summary?.size) return;
  if (summary.kind === 'skeleton') facts.skeletonBytes = whole.slice();
  if (summary.kind !== 'clip') return;
  const { boneCount, frameCount } = summary;
  if (boneCount === undefined || frameCount === undefined) return;
  const frames = localSpaceSampleFrames(frameCount);
  const frameBytes = recordsByteLength(boneCount);
  // The file ends before the last sampled frame: an empty sample says so (the rule judges nothing).
  if (frames.some((frame) => keyframeOffset({ boneCount }, frame, 0) + frameBytes > whole.length)) return void (facts.localSpaceSamples = new Uint8Array(0));
  const judgedAgainst = poses.filter((pose) => pose.bones === boneCount);
  if (judgedAgainst.length > 0 && judgedAgainst.length <= MAX_BIND_POSES_PER_CLIP) {
    facts.localSpaceVerdicts = judgeSampledFrames(whole, boneCount, frames, judgedAgainst);
    return;
  }
  const samples = new Uint8Array(frames.length * frameBytes);
  for (const [i, frame] of frames.entries()) {
    const start = keyframeOffset({ boneCount }, frame, 0);
    samples.set(whole.subarray(start, start + frameBytes), i * frameBytes);
  }
  facts.localSpaceSamples = samples;
}

/** The clip in `whole` judged against each of `poses` (all of its bone count), by `bindPoseKey`. */
function judgeSampledFrames(whole: Uint8Array, bones: number, frames: number[], poses: readonly BindPose[]): Record<string, LocalSpaceVerdict> {
  const matrices = sampledFrameMatrices(whole, bones, frames);
  const verdicts: Record<string, LocalSpaceVerdict> = {};
  for (const pose of poses) verdicts[bindPoseKey(pose.path, pose, bones)] = judgeLocalSpace(bones, pose.inverseBinds, matrices, frames);
  return verdicts;
}

/**
 * `checked` to send to another thread: the head cut to the signature bytes and, instead of the
 * whole file, what `anim/local-space` takes from it (`addLocalSpaceFacts` with `poses`: verdicts,
 * or bytes whose buffers are listed for transfer).
 */
export function compactForTransfer(checked: BinaryFileCheck, poses: readonly BindPose[] = []): { checked: BinaryFileCheck; transfer: ArrayBuffer[] } {
  const { head, result } = checked;
  if (!head) return { checked, transfer: [] };
  const facts: FileFacts = { summary: result.summary };
  addLocalSpaceFacts(facts, head, poses);
  const ruleBytes = { localSpaceSamples: facts.localSpaceSamples, skeletonBytes: facts.skeletonBytes, localSpaceVerdicts: facts.localSpaceVerdicts };
  const transfer = [ruleBytes.localSpaceSamples, ruleBytes.skeletonBytes].flatMap((b) => (b && b.byteLength > 0 ? [b.buffer as ArrayBuffer] : []));
  return { checked: { result, head: head.slice(0, SNIFF_BYTES), ruleBytes }, transfer };
}
