/**
 * `keyframe_bind` when a clip, a skeleton and a mesh disagree on the bone count: which matrices a
 * skinned vertex's bone index reads, under two rules. Pure; the preview (its CPU mirror and its
 * WGSL), the manifest's bone-mismatch messages and the tests all ask this module.
 *
 * - `design`: the design document's rule. A clip bone beyond the skeleton is ignored; a bone the
 *   clip or the skeleton lacks skins with the identity.
 * - `console`: what the shipped console draws. All loaded skeletons' inverse binds and then all
 *   loaded clips' keyframe matrices lie in one GPU buffer, in load order. `keyframe_bind` only
 *   records where the frame's matrices start (`keyframe_base` = the clip's start + frame x
 *   bone_count), `skeleton_bind` where the skeleton's inverse binds start, and the vertex shader
 *   reads `matrices[keyframe_base + bone]` (times `matrices[inverse_bind_base + bone]` with a
 *   skeleton bound) for any bone index below 256, which a u8 index always is. So a bone past the
 *   clip's bone count reads the next frame's matrices, and past the clip's last frame whatever
 *   was loaded after the clip; a bone past the skeleton reads the next skeleton's inverse binds,
 *   and past the last skeleton the first clip's keyframes.
 */

export type BindRule = 'design' | 'console';

/** The bone counts that decide the rule's outcome. */
export interface BindShape {
  clipBones: number;
  frameCount: number;
  /** Bones of the bound skeleton; 0 = raw mode (no skeleton bound). */
  skeletonBones: number;
}

/** Where the console reads a keyframe matrix: a record of this clip, or the `index`-th matrix after its last record. */
export type KeyframeRead =
  | { kind: 'record'; frame: number; bone: number }
  | { kind: 'past-clip'; index: number };

/** Where the console reads an inverse bind: the skeleton's own, or the `index`-th matrix after its last one. */
export type InverseBindRead =
  | { kind: 'skeleton'; bone: number }
  | { kind: 'past-skeleton'; index: number };

/** What a vertex bound to a bone is skinned with. */
export type SkinningSource =
  | { kind: 'identity' }
  /** keyframe matrix (times the inverse bind in skeleton mode). */
  | { kind: 'keyframe'; keyframe: KeyframeRead; inverseBind?: InverseBindRead };

/** The console's address arithmetic: record `frame * clipBones + bone` of the clip, wherever that lands. */
export function consoleKeyframeRead(shape: BindShape, frame: number, bone: number): KeyframeRead {
  const index = frame * shape.clipBones + bone;
  const records = shape.clipBones * shape.frameCount;
  if (index < records) return { kind: 'record', frame: Math.floor(index / shape.clipBones), bone: index % shape.clipBones };
  return { kind: 'past-clip', index: index - records };
}

export function consoleInverseBindRead(shape: BindShape, bone: number): InverseBindRead {
  return bone < shape.skeletonBones ? { kind: 'skeleton', bone } : { kind: 'past-skeleton', index: bone - shape.skeletonBones };
}

/** The skinning source of `bone` at `frame` under `rule`. */
export function skinningSource(rule: BindRule, shape: BindShape, frame: number, bone: number): SkinningSource {
  const skeleton = shape.skeletonBones > 0;
  if (rule === 'design') {
    if (bone >= shape.clipBones || (skeleton && bone >= shape.skeletonBones)) return { kind: 'identity' };
    return skeleton
      ? { kind: 'keyframe', keyframe: { kind: 'record', frame, bone }, inverseBind: { kind: 'skeleton', bone } }
      : { kind: 'keyframe', keyframe: { kind: 'record', frame, bone } };
  }
  const keyframe = consoleKeyframeRead(shape, frame, bone);
  return skeleton ? { kind: 'keyframe', keyframe, inverseBind: consoleInverseBindRead(shape, bone) } : { kind: 'keyframe', keyframe };
}

/** Whether the two rules skin `bone` differently (at some frame). */
export function rulesDiffer(shape: BindShape, bone: number): boolean {
  return bone >= shape.clipBones || (shape.skeletonBones > 0 && bone >= shape.skeletonBones);
}

/** The bones of `used` (a mesh's bone indices) that the two rules skin differently, ascending, once each. */
export function affectedBones(shape: BindShape, used: Iterable<number>): number[] {
  const out = new Set<number>();
  for (const bone of used) if (rulesDiffer(shape, bone)) out.add(bone);
  return [...out].sort((a, b) => a - b);
}

/**
 * The matrix the preview draws for a console read, assuming the console loaded only this
 * skeleton and then this clip (so the buffer is: the skeleton's inverse binds, the clip's
 * keyframes, nothing after): a record of the clip, or zeros past the buffer. What a real game
 * shows there depends on what else it loaded.
 */
export type AloneMatrix = { kind: 'record'; frame: number; bone: number } | { kind: 'zero' };

export function aloneMatrix(shape: BindShape, read: KeyframeRead | InverseBindRead): AloneMatrix {
  switch (read.kind) {
    case 'record':
      return read;
    case 'past-clip':
      return { kind: 'zero' };
    case 'skeleton':
      throw new RangeError('aloneMatrix: the skeleton\'s own inverse bind is not a clip record');
    case 'past-skeleton': {
      const records = shape.clipBones * shape.frameCount;
      return read.index < records ? { kind: 'record', frame: Math.floor(read.index / shape.clipBones), bone: read.index % shape.clipBones } : { kind: 'zero' };
    }
  }
}

// ---- Words --------------------------------------------------------------------------------

function bonesText(bones: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < bones.length; ) {
    let j = i;
    while (j + 1 < bones.length && bones[j + 1] === bones[j] + 1) j++;
    runs.push(j === i ? String(bones[i]) : j === i + 1 ? `${bones[i]}, ${bones[j]}` : `${bones[i]}..${bones[j]}`);
    i = j + 1;
  }
  return `${bones.length === 1 ? 'bone' : 'bones'} ${runs.join(', ')}`;
}

function plural(n: number): string {
  return `${n} bone${n === 1 ? '' : 's'}`;
}

/** "the next frame's bone 0" / "bone 2 of 3 frames later": where the console finds `bone`'s keyframe. */
function laterFrameText(clipBones: number, bone: number): string {
  const frames = Math.floor(bone / clipBones);
  const other = bone % clipBones;
  return frames === 1 ? `the next frame's bone ${other}` : `bone ${other} of the frame ${frames} frames later`;
}

/** What the console does with `bones` (past the clip's bone count), as a sentence without its full stop. */
export function pastClipEffect(clipBones: number, bones: readonly number[]): string {
  const first = bones[0];
  return `${bonesText(bones)} ${bones.length === 1 ? 'is' : 'are'} skinned with the next frames' matrices (bone ${first} with ${laterFrameText(clipBones, first)}), ` +
    'and near the last frame with whatever the console loaded after this clip (another clip, or nothing)';
}

/** What the console does with `bones` (past the skeleton's bone count), as a sentence without its full stop. */
export function pastSkeletonEffect(bones: readonly number[]): string {
  return `${bonesText(bones)} ${bones.length === 1 ? 'takes its inverse bind' : 'take their inverse binds'} from past the skeleton ` +
    '(the next skeleton\'s, or after the last skeleton the first clip\'s keyframes)';
}

/**
 * The banner text for the preview: which of `used` (mesh bone indices) the two rules skin
 * differently, and what each rule does with them. Empty when they agree.
 */
export function describeMismatch(shape: BindShape, used: Iterable<number>): string[] {
  const bones = affectedBones(shape, used);
  if (bones.length === 0) return [];
  const pastClip = bones.filter((b) => b >= shape.clipBones);
  const pastSkeleton = shape.skeletonBones > 0 ? bones.filter((b) => b >= shape.skeletonBones) : [];
  const lacking = [pastClip.length ? `the clip's ${plural(shape.clipBones)}` : '', pastSkeleton.length ? `the skeleton's ${plural(shape.skeletonBones)}` : ''].filter(Boolean).join(' and ');
  const lines = [`The mesh uses ${bonesText(bones)}, past ${lacking}.`];
  if (pastClip.length) lines.push(`On the console, ${pastClipEffect(shape.clipBones, pastClip)}.`);
  if (pastSkeleton.length) lines.push(`On the console, ${pastSkeletonEffect(pastSkeleton)}.`);
  lines.push(`The design document gives ${bones.length === 1 ? 'it' : 'them'} the identity.`);
  return lines;
}

/**
 * A linked clip and skeleton with different bone counts, in words for the manifest: what the
 * console shows (the mesh is not known here, so it is said for vertices bound to those bones).
 */
export function clipSkeletonMismatchEffect(clipBones: number, skeletonBones: number): string {
  if (clipBones > skeletonBones) {
    const extra = Array.from({ length: clipBones - skeletonBones }, (_, i) => skeletonBones + i);
    return `the clip's extra ${plural(extra.length)} (${bonesText(extra)}) ${extra.length === 1 ? 'moves' : 'move'} no vertex bound to the skeleton's bones; ` +
      `if a mesh used ${extra.length === 1 ? 'it' : 'them'}, on the console, ${pastSkeletonEffect(extra)}`;
  }
  const missing = Array.from({ length: skeletonBones - clipBones }, (_, i) => clipBones + i);
  return `vertices bound to the skeleton's ${bonesText(missing)} do not get the identity on the console: ${pastClipEffect(clipBones, missing)}`;
}

/** A mesh using bones past a linked clip's or skeleton's bone count, in words for the manifest. */
export function meshPastBonesEffect(available: number, needed: number, against: 'clip' | 'skeleton'): string {
  const past = Array.from({ length: needed - available }, (_, i) => available + i);
  return `on the console, ${against === 'clip' ? pastClipEffect(available, past) : pastSkeletonEffect(past)}`;
}
