/**
 * What `anim/local-space` takes from a native file checked whole, without the rest of the
 * manifest's asset facts (`assetFacts.ts`): a check worker's bundle needs this and none of the
 * glTF reading or manifest rules there.
 */
import type { BinaryFileCheck } from '../checkBinaryFile';
import { keyframeOffset, recordsByteLength } from '../clip';
import { judgeLocalSpace, localSpaceSampleFrames, sampledFrameMatrices, type LocalSpaceVerdict } from '../motion/localSpace';
import type { AssetSummary } from '../records';
import { SNIFF_BYTES } from './contentSniff';
import { type BindPose, bindPoseKey } from './bindPose';
import type { FileFacts } from './summaryCache';

/** Skeletons a clip is judged against when it is read; past this many of its bone count it keeps its frames instead. */
export const MAX_BIND_POSES_PER_CLIP = 8;

/**
 * What `anim/local-space` takes from a file whose bytes are all in `whole` (copied: `whole`
 * goes): a skeleton's bytes; a clip's verdicts against `poses` of its bone count (the skeletons
 * this run knows already), or, with none of them (or too many), its sampled frames.
 */
export function addLocalSpaceFacts(facts: FileFacts, whole: Uint8Array | undefined, poses: readonly BindPose[] = []): void {
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
