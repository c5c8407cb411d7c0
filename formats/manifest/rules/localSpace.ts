/**
 * `anim/local-space`: a native clip linked to a native skeleton (by the links of `links.ts`)
 * whose transforms read as local space against that skeleton's bind pose (`judgeLocalSpace`),
 * so `keyframe_bind`, which draws model space, pulls the mesh apart at its joints. Reads a few
 * evenly spread frames of the clip and the skeleton's inverse binds; the verdict is kept per
 * pair of file versions, so a re-validation reads nothing again.
 */
import { MATRIX_FLOATS, clipBoneMatrices, keyframeOffset, recordsByteLength } from '../../clip';
import { SKELETON_HEADER_SIZE, inverseBindsByteLength } from '../../skeleton';
import { judgeLocalSpace, localSpaceSampleFrames, type LocalSpaceVerdict } from '../../motion/localSpace';
import type { TextRange } from '../../diagnostics';
import type { FileStat } from '../../fileAccess';
import { mapInParallel } from '../../inParallel';
import { formatPrecision } from '../../numberText';
import { bindPoseKey, inverseBindsFrom } from '../bindPose';
import { manifestDiagnostic } from '../codes';
import { entryLabel } from '../model';
import type { ResolvedAsset } from '../resolvedAsset';
import type { AssetSummaryCache } from '../summaryCache';
import { turnBefore, type RuleContext } from './context';
import { SOURCE_TEXT, type AnimationLink } from './links';

/** Verdicts by clip and skeleton file versions, one map per workspace cache. */
const verdicts = new WeakMap<AssetSummaryCache, Map<string, LocalSpaceVerdict | undefined>>();

/** The clip's bone matrices of the sampled frames and the skeleton's inverse binds, judged. */
async function readVerdict(ctx: RuleContext, clip: ResolvedAsset, skeleton: ResolvedAsset, skeletonStat: FileStat, bones: number, frameCount: number): Promise<LocalSpaceVerdict | undefined> {
  const frames = localSpaceSampleFrames(frameCount);
  const matrices = new Float32Array(frames.length * bones * MATRIX_FLOATS);
  // A clip read whole by its check left its sampled frames with its facts: no second read.
  const samples = ctx.cache.peek(clip.path)?.localSpaceSamples;
  const frameBytes = recordsByteLength(bones);
  if (samples && samples.length !== frames.length * frameBytes) return undefined;
  for (const [i, frame] of frames.entries()) {
    const bytes = samples
      ? samples.subarray(i * frameBytes, (i + 1) * frameBytes)
      : await ctx.access.read(clip.path, keyframeOffset({ boneCount: bones }, frame, 0), frameBytes);
    if (bytes.length < frameBytes) return undefined;
    clipBoneMatrices(bytes, 0, bones, matrices.subarray(i * bones * MATRIX_FLOATS));
  }
  const inverseBinds = await inverseBindsOf(ctx, skeleton, skeletonStat, bones);
  return inverseBinds && judgeLocalSpace(bones, inverseBinds, matrices, frames);
}

/** Inverse binds of each skeleton's current version: one read per skeleton, however many clips link it. */
const inverseBindReads = new WeakMap<AssetSummaryCache, Map<string, { version: string; read: Promise<Float32Array | undefined> }>>();

function inverseBindsOf(ctx: RuleContext, skeleton: ResolvedAsset, stat: FileStat, bones: number): Promise<Float32Array | undefined> {
  let known = inverseBindReads.get(ctx.cache);
  if (!known) inverseBindReads.set(ctx.cache, (known = new Map()));
  const version = [stat.size, stat.mtimeMs, bones].join('\u0000');
  const last = known.get(skeleton.path);
  if (last?.version === version) return last.read;
  const read = readInverseBinds(ctx, skeleton, bones);
  known.set(skeleton.path, { version, read });
  // A failed read is tried again next time.
  read.catch(() => known.delete(skeleton.path));
  return read;
}

async function readInverseBinds(ctx: RuleContext, skeleton: ResolvedAsset, bones: number): Promise<Float32Array | undefined> {
  // A skeleton read whole by its check left its bytes with its facts: no second read.
  const whole = ctx.cache.peek(skeleton.path)?.skeletonBytes;
  if (whole && whole.length === skeleton.size) return inverseBindsFrom(whole, bones);
  return inverseBindsFrom(await ctx.access.read(skeleton.path, SKELETON_HEADER_SIZE, inverseBindsByteLength(bones)), bones, 0);
}

/**
 * The verdict known without waiting, where it is: none for a pair the rule does not judge (bone
 * counts), or the one the clip's check made against this skeleton's version (the common case of
 * `check FOLDER`: 10,000 clips, each judged as it was read). Else undefined: `verdictOf` finds it.
 */
function settledVerdict(ctx: RuleContext, clip: ResolvedAsset, skeleton: ResolvedAsset, poseKeys: PoseKeys): { verdict: LocalSpaceVerdict | undefined } | undefined {
  const bones = clip.summary?.boneCount;
  if (bones === undefined || clip.summary?.frameCount === undefined || bones !== skeleton.boneCount) return { verdict: undefined };
  // Verdicts are the facts of the clip's version the cache holds, as the skeleton's pose key is of its version.
  const verdicts = ctx.cache.peek(clip.path)?.localSpaceVerdicts;
  const poseKey = verdicts && poseKeys.of(skeleton, bones);
  const verdict = poseKey === undefined ? undefined : verdicts![poseKey];
  return verdict ? { verdict } : undefined;
}

/**
 * The `bindPoseKey` of each skeleton's version the cache holds (undefined: none), made once per
 * skeleton and bone count however many clips link it.
 */
class PoseKeys {
  private readonly keys = new Map<ResolvedAsset, { bones: number; key: string | undefined }>();
  constructor(private readonly cache: AssetSummaryCache) {}

  of(skeleton: ResolvedAsset, bones: number): string | undefined {
    const known = this.keys.get(skeleton);
    if (known?.bones === bones) return known.key;
    const stat = this.cache.statOf(skeleton.path);
    const key = stat && bindPoseKey(skeleton.path, stat, bones);
    this.keys.set(skeleton, { bones, key });
    return key;
  }
}

async function verdictOf(ctx: RuleContext, clip: ResolvedAsset, skeleton: ResolvedAsset): Promise<LocalSpaceVerdict | undefined> {
  const bones = clip.summary?.boneCount;
  const frameCount = clip.summary?.frameCount;
  if (bones === undefined || frameCount === undefined || bones !== skeleton.boneCount) return undefined;
  // The versions the asset rules just stat'ed (their facts' entries); a stat only where there is none.
  const statOf = (path: string) => ctx.cache.statOf(path) ?? ctx.access.stat(path);
  const [clipStat, skeletonStat] = await Promise.all([statOf(clip.path), statOf(skeleton.path)]);
  if (!clipStat || !skeletonStat) return undefined;
  const key = [clip.path, clipStat.size, clipStat.mtimeMs, skeleton.path, skeletonStat.size, skeletonStat.mtimeMs].join('\u0000');
  let known = verdicts.get(ctx.cache);
  if (!known) verdicts.set(ctx.cache, (known = new Map()));
  if (known.has(key)) return known.get(key);
  // A clip checked after its skeleton was judged against it then (its facts are this version's: statOf).
  let verdict = ctx.cache.peek(clip.path)?.localSpaceVerdicts?.[bindPoseKey(skeleton.path, skeletonStat, bones)];
  if (verdict) return verdict;
  try {
    verdict = await readVerdict(ctx, clip, skeleton, skeletonStat, bones, frameCount);
  } catch {
    verdict = undefined; // an unreadable file has its own diagnostic
  }
  known.set(key, verdict);
  return verdict;
}

function anchor(asset: ResolvedAsset): TextRange {
  const f = asset.entry.fields;
  return (f.path ?? f.id)?.value.range ?? asset.entry.headerRange ?? asset.entry.range;
}

/** Verdicts judged at once: reads overlap, as the asset rules' do. */
const PARALLEL_VERDICTS = 16;

/** The last asset of each id of that kind (last wins, as upstream). */
function lastByIds(assets: readonly ResolvedAsset[], kind: ResolvedAsset['kind']): Map<string, ResolvedAsset> {
  const byId = new Map<string, ResolvedAsset>();
  for (const asset of assets) if (asset.kind === kind && asset.id !== undefined) byId.set(asset.id, asset);
  return byId;
}

/** `anim/local-space` on every linked native clip that reads as local space against its native skeleton. */
export async function checkLocalSpace(ctx: RuleContext, assets: readonly ResolvedAsset[], links: readonly AnimationLink[]): Promise<void> {
  const seen = new Set<ResolvedAsset>();
  const clips = lastByIds(assets, 'animation');
  const skeletons = lastByIds(assets, 'skeleton');
  const pairs: { link: AnimationLink; skeletonId: string; clip: ResolvedAsset; skeleton: ResolvedAsset }[] = [];
  for (const link of links) {
    if (link.skeleton === undefined) continue;
    const clip = clips.get(link.animation);
    const skeleton = skeletons.get(link.skeleton);
    if (!clip || !skeleton || seen.has(clip) || clip.summary?.kind !== 'clip' || skeleton.summary?.kind !== 'skeleton') continue;
    seen.add(clip);
    pairs.push({ link, skeletonId: link.skeleton, clip, skeleton });
  }
  const settled: ReturnType<typeof settledVerdict>[] = [];
  const poseKeys = new PoseKeys(ctx.cache);
  for (const [i, { clip, skeleton }] of pairs.entries()) {
    const turn = turnBefore(ctx, i);
    if (turn) await turn;
    settled.push(settledVerdict(ctx, clip, skeleton, poseKeys));
  }
  const unsettled = pairs.filter((_, i) => !settled[i]);
  const read = await mapInParallel(unsettled, PARALLEL_VERDICTS, ({ clip, skeleton }) => verdictOf(ctx, clip, skeleton));
  let nextRead = 0;
  pairs.forEach(({ link, skeletonId, clip, skeleton }, i) => {
    const verdict = settled[i] ? settled[i].verdict : read[nextRead++];
    if (!verdict?.localSpace) return;
    const example = verdict.example ? ` (bone ${verdict.example.bone} lands ${formatPrecision(verdict.example.tear, 3)} units from any bone it could hang from)` : '';
    ctx.report(manifestDiagnostic('anim/local-space', anchor(clip),
      `${entryLabel(clip.entry)} looks like local-space joint transforms: against the bind pose of ${entryLabel(skeleton.entry)} (${SOURCE_TEXT[link.source]}), ` +
      `only ${verdict.connected} of its ${verdict.tested} joints stay attached to another bone in ${verdict.frames.length} sampled frames${example}, ` +
      'where a model-space clip keeps every joint but the roots attached. keyframe_bind draws clip transforms as model space, so the mesh comes apart at its joints. ' +
      'Re-export the clip in model space (`ewzanim export animation`, the default `--space model`), or link the skeleton it was made for.',
      { related: [{ path: ctx.model.path, message: `${entryLabel(skeleton.entry)}: the bind pose it was compared with`, range: anchor(skeleton) }],
        data: { connected: verdict.connected, tested: verdict.tested, skeleton: skeletonId } }));
  });
}
