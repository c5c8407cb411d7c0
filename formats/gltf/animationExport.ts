/**
 * glTF animation -> clip. The exporter samples the chosen animation on the frame grid
 * (`sampler.ts`), composes every joint's model-space transform from the scene root through all
 * of its ancestors (or keeps its local TRS with `space: 'local'`), encodes one 16-byte record
 * per joint and frame with the core's writer, decodes it again and measures the loss
 * (`quantisationReport.ts`). Records come out in pieces of whole frames, so a 65,535-frame clip
 * never sits in memory at once; the report is complete once the last piece has been taken.
 */
import type { Document, Node } from '@gltf-transform/core';
import { MATRIX_FLOATS, TRANSFORM_FLOATS, clipBoneMatrices, clipByteLength, decodeClipRecords, encodeKeyframe, recordsByteLength } from '../clip';
import type { BoneTransform } from '../records';
import { bindAnimation, type BoundTrack, type IgnoredTarget } from './channels';
import { GltfPointers } from './pointers';
import { GltfProblemList, type GltfProblem } from './problems';
import { DEFAULT_SHELL_DISTANCE_CM, QuantisationAccumulator, type QuantisationReport } from './quantisationReport';
import { frameCountFor, frameTime } from './sampler';
import { buildJointHierarchy, exportedJoints, localSpaceDifference, type ExportedJoint, type JointHierarchy, type LocalSpaceDifference } from './scene';
import { selectAnimation, selectSkin, type Selector } from './selection';
import { composeTrs, decomposeAffine, multiply, normalizeQuaternion, R, S, T, TRS_SIZE } from './transforms';

export type ExportSpace = 'model' | 'local';

export const DEFAULT_EXPORT_FRAME_RATE = 30;
/** A clip's header stores the bone count in a u8 and the frame count in a u16. */
export const MAX_CLIP_JOINTS = 255;
export const MAX_CLIP_FRAMES = 65535;
/** Records per piece handed to the writer (4,096 records = 64 KiB). */
export const RECORDS_PER_PIECE = 4096;

export interface AnimationExportOptions {
  /** Index or name; default the first animation. */
  animation?: Selector;
  /** Index or name; default the skin whose joints the animation drives most. */
  skin?: Selector;
  /** Frames per second, any positive value; default 30. */
  frameRate?: number;
  /** Default 'model', what `keyframe_bind` needs. */
  space?: ExportSpace;
  /** The report's shell distance; default ACL's 3 cm. */
  shellDistanceCm?: number;
}

export interface AnimationExportPlan {
  animation: { index: number; name: string };
  skin: { index: number; name: string };
  joints: ExportedJoint[];
  space: ExportSpace;
  frameRate: number;
  frameCount: number;
  /** The latest input time of any channel of the animation (seconds). */
  lastKeyTime: number;
  /** Size of the clip file: 4 + frames x joints x 16. */
  byteLength: number;
  /** Warnings and notes about the input (errors stop the export before a plan exists). */
  problems: GltfProblem[];
  /** Set when the joints' local transforms differ from their model-space ones. */
  localSpace?: LocalSpaceDifference;
}

export class AnimationExporter {
  private accumulator?: QuantisationAccumulator;
  private finished?: QuantisationReport;

  private constructor(
    readonly plan: AnimationExportPlan,
    private readonly hierarchy: JointHierarchy,
    private readonly tracks: BoundTrack[],
    private readonly shellDistanceCm: number,
  ) {}

  /**
   * Checks the input and plans the export. Throws a `GltfExportError` (every problem, each with
   * its JSON pointer) when the clip cannot be written; warnings end up in `plan.problems`.
   */
  static create(document: Document, options: AnimationExportOptions = {}): AnimationExporter {
    const frameRate = options.frameRate ?? DEFAULT_EXPORT_FRAME_RATE;
    if (!(frameRate > 0) || !Number.isFinite(frameRate)) throw new RangeError(`the frame rate must be a positive number, got ${frameRate}`);
    const space = options.space ?? 'model';
    const problems = new GltfProblemList();
    const pointers = new GltfPointers(document);
    const animation = selectAnimation(document, options.animation, problems);
    const skin = selectSkin(document, animation, options.skin, pointers, problems);
    const joints = skin.listJoints();
    if (joints.length === 0) problems.fail('gltf/no-skin', pointers.skin(skin), `${pointers.skin(skin)} has no joints.`);
    if (joints.length > MAX_CLIP_JOINTS) {
      problems.fail('gltf/too-many-joints', `${pointers.skin(skin)}/joints`, `The skin has ${joints.length} joints; a clip holds at most ${MAX_CLIP_JOINTS} bones (its header stores the count in one byte). Split the skeleton or export a skin with fewer joints.`);
    }
    const hierarchy = buildJointHierarchy(document, skin, pointers, problems);
    const jointSet = new Set(joints);
    const relevant = (node: Node): number | undefined => (space === 'local' && !jointSet.has(node) ? undefined : hierarchy.slotOf.get(node));
    const unrelated = (node: Node): IgnoredTarget =>
      space === 'local' && hierarchy.slotOf.has(node)
        ? { code: 'gltf/ancestor-ignored', reason: `an ancestor of ${pointers.skin(skin)}'s joints, which local-space records cannot carry` }
        : { code: 'gltf/channel-ignored', reason: `which is neither a joint of ${pointers.skin(skin)} nor an ancestor of one` };
    const bound = bindAnimation(animation, frameRate, relevant, pointers, problems, unrelated);
    problems.throwIfErrors();
    const frameCount = frameCountFor(bound.lastKeyTime, frameRate);
    if (frameCount > MAX_CLIP_FRAMES) {
      const fps = Math.floor(((MAX_CLIP_FRAMES - 1) / bound.lastKeyTime) * 1000) / 1000;
      problems.fail('gltf/too-many-frames', pointers.animation(animation),
        `At ${frameRate} fps the animation (last key at ${bound.lastKeyTime} s) needs ${frameCount} frames; a clip holds at most ${MAX_CLIP_FRAMES} (a u16 count). Use a frame rate of at most ${fps}.`);
    }
    const difference = localSpaceDifference(document, skin);
    if (space === 'local' && difference) {
      problems.report('gltf/local-space', pointers.skin(skin),
        `${difference.ancestorIsJoint ? 'The joints form a hierarchy' : 'A joint has a moving ancestor'} (${difference.joint} under ${difference.ancestor}), but the console's keyframe_bind treats clip transforms as model space: this local-space clip will not animate as the glTF does. Export in model space (the default) instead.`);
    }
    const plan: AnimationExportPlan = {
      animation: { index: pointers.animationIndex(animation), name: animation.getName() },
      skin: { index: pointers.skinIndex(skin), name: skin.getName() },
      joints: exportedJoints(joints, pointers),
      space,
      frameRate,
      frameCount,
      lastKeyTime: bound.lastKeyTime,
      byteLength: clipByteLength(joints.length, frameCount),
      problems: problems.items,
      ...(difference ? { localSpace: difference } : {}),
    };
    return new AnimationExporter(plan, hierarchy, bound.tracks, options.shellDistanceCm ?? DEFAULT_SHELL_DISTANCE_CM);
  }

  /** The 4-byte clip header. */
  header(): Uint8Array {
    const { joints, frameCount } = this.plan;
    return new Uint8Array([joints.length, 0, frameCount & 0xff, frameCount >>> 8]);
  }

  /**
   * The clip file in pieces: the header, then the records of whole frames, about
   * `recordsPerPiece` at a time. Each yielded array is new (a consumer may keep it). The report
   * fills as pieces are taken; `report()` is ready after the last.
   */
  *pieces(recordsPerPiece = RECORDS_PER_PIECE): Generator<Uint8Array, void, undefined> {
    const { joints, frameCount, frameRate, space } = this.plan;
    const bones = joints.length;
    const accumulator = new QuantisationAccumulator(space, joints.map((j) => j.name), frameCount, this.shellDistanceCm);
    this.accumulator = accumulator;
    this.finished = undefined;
    yield this.header();

    const framesPerPiece = Math.max(1, Math.floor(recordsPerPiece / bones));
    const capacity = framesPerPiece * bones;
    const sources = new Float64Array(capacity * 16);
    const trs = new Float64Array(capacity * TRS_SIZE);
    const decoded = new Float32Array(capacity * TRANSFORM_FLOATS);
    const matrices = new Float32Array(capacity * MATRIX_FLOATS);
    const pose = new PoseEvaluator(this.hierarchy, this.tracks, space);
    const keyframe: BoneTransform = { rotation: [0, 0, 0, 1], position: [0, 0, 0], scale: [1, 1, 1] };

    for (let first = 0; first < frameCount; first += framesPerPiece) {
      const frames = Math.min(framesPerPiece, frameCount - first);
      const count = frames * bones;
      const bytes = new Uint8Array(recordsByteLength(count));
      for (let f = 0; f < frames; f++) {
        pose.evaluate(frameTime(first + f, frameRate));
        for (let bone = 0; bone < bones; bone++) {
          const record = f * bones + bone;
          pose.jointTransform(bone, sources, record * 16, trs, record * TRS_SIZE);
          const o = record * TRS_SIZE;
          for (let i = 0; i < 4; i++) keyframe.rotation[i] = trs[o + R + i];
          for (let i = 0; i < 3; i++) {
            keyframe.position[i] = trs[o + T + i];
            keyframe.scale[i] = trs[o + S + i];
          }
          encodeKeyframe(keyframe, bytes, recordsByteLength(record));
        }
      }
      decodeClipRecords(bytes, 0, count, decoded);
      clipBoneMatrices(bytes, 0, count, matrices);
      for (let record = 0; record < count; record++) {
        accumulator.add(record % bones, first + Math.floor(record / bones), sources, record * 16, trs, record * TRS_SIZE, decoded, record * TRANSFORM_FLOATS, matrices, record * MATRIX_FLOATS);
      }
      yield bytes;
    }
    this.finished = accumulator.finish();
  }

  /** Runs the whole export without keeping the bytes: the report alone (hover, previews). */
  measure(): QuantisationReport {
    for (const piece of this.pieces()) void piece;
    return this.report();
  }

  /** The quantisation report; throws until every piece has been taken. */
  report(): QuantisationReport {
    if (!this.finished) throw new Error(this.accumulator ? 'the clip has not been written to its end yet' : 'no clip has been written yet');
    return this.finished;
  }
}

/**
 * The pose of every node in the hierarchy at a time: channel values over the rest TRS, local
 * matrices, and global matrices composed parent first. Nodes that neither move nor have a
 * moving ancestor are composed once.
 */
class PoseEvaluator {
  private readonly local: Float64Array;
  private readonly localMatrices: Float64Array;
  private readonly globalMatrices: Float64Array;
  private readonly dynamic: boolean[];
  private evaluated = false;

  constructor(
    private readonly hierarchy: JointHierarchy,
    private readonly tracks: readonly BoundTrack[],
    private readonly space: ExportSpace,
  ) {
    const n = hierarchy.nodes.length;
    this.local = hierarchy.rest.slice();
    this.localMatrices = new Float64Array(n * 16);
    this.globalMatrices = new Float64Array(n * 16);
    const animated = new Set(tracks.map((t) => t.slot));
    this.dynamic = [];
    hierarchy.nodes.forEach(({ parent }, slot) => {
      this.dynamic.push(animated.has(slot) || (space === 'model' && parent >= 0 && this.dynamic[parent]));
    });
  }

  evaluate(time: number): void {
    for (const track of this.tracks) track.sampler.sample(time, this.local, track.slot * TRS_SIZE + track.offset);
    const { nodes } = this.hierarchy;
    for (let slot = 0; slot < nodes.length; slot++) {
      if (this.evaluated && !this.dynamic[slot]) continue;
      const local = this.localMatrices.subarray(slot * 16, slot * 16 + 16);
      composeTrs(local, this.local, slot * TRS_SIZE);
      const global = this.globalMatrices.subarray(slot * 16, slot * 16 + 16);
      const parent = nodes[slot].parent;
      if (this.space === 'model' && parent >= 0) multiply(global, this.globalMatrices.subarray(parent * 16, parent * 16 + 16), local);
      else global.set(local);
    }
    this.evaluated = true;
  }

  /** Joint `bone`'s source matrix (column-major 4x4) into `matrices[mo..]` and its TRS into `trs[to..]`. */
  jointTransform(bone: number, matrices: Float64Array, mo: number, trs: Float64Array, to: number): void {
    const slot = this.hierarchy.jointSlots[bone];
    matrices.set(this.globalMatrices.subarray(slot * 16, slot * 16 + 16), mo);
    if (this.space === 'model') {
      decomposeAffine(matrices.subarray(mo, mo + 16), trs, to);
    } else {
      trs.set(this.local.subarray(slot * TRS_SIZE, slot * TRS_SIZE + TRS_SIZE), to);
      normalizeQuaternion(trs, to + R);
    }
  }
}

/** Concatenates the pieces: the whole clip in memory (tests, small clips). */
export function exportAnimationBytes(document: Document, options: AnimationExportOptions = {}): { bytes: Uint8Array; plan: AnimationExportPlan; report: QuantisationReport } {
  const exporter = AnimationExporter.create(document, options);
  const bytes = new Uint8Array(exporter.plan.byteLength);
  let at = 0;
  for (const piece of exporter.pieces()) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return { bytes, plan: exporter.plan, report: exporter.report() };
}
