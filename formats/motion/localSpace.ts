/**
 * Does a clip hold local-space joint transforms (what upstream's exporter writes) instead of
 * the model-space ones `keyframe_bind` draws? Decided against the linked skeleton's inverse bind
 * matrices by the joints the mesh is skinned at: in a model-space clip, the point where a child
 * joint sat in the bind pose, carried by its parent's skinning matrix (clip matrix x inverse
 * bind), lands on the child's own clip translation in every frame: the joint stays connected.
 * In a local-space clip the child's translation is an offset from its parent, so almost no joint
 * lands there and the mesh comes apart at its joints. The parent is not stored anywhere: each
 * bone is tested against every other bone and the best fit counts. A few evenly spread frames
 * suffice (the test is per frame). Pure arithmetic on plain arrays.
 */
import { MATRIX_FLOATS, clipBoneMatrices, completeRecordCount, keyframeOffset, parseClipHeader, recordsByteLength } from '../clip';
import { INVERSE_BIND_FLOATS, SKELETON_HEADER_SIZE, completeInverseBindCount } from '../skeleton';

/** How many frames the test samples, evenly spread (first and last included). */
export const LOCAL_SPACE_SAMPLE_FRAMES = 16;
/**
 * A joint is connected when its tear stays below this share of the skeleton's size (the extent
 * of its bind-pose joint positions), far above quantisation (f16 positions, 0.27° rotations)
 * and far below a bone's length. The labelled set's figures are in docs/formats.md.
 */
export const CONNECTED_TEAR_SHARE = 0.02;
/** The clip reads as local space when fewer than this share of its non-root joints stays connected. */
export const LOCAL_SPACE_CONNECTED_SHARE = 0.5;

export interface LocalSpaceVerdict {
  localSpace: boolean;
  /** Bones whose joint stays connected to some other bone in every sampled frame. */
  connected: number;
  /** Bones tested (with a plausible, invertible inverse bind); roots never connect. */
  tested: number;
  /** The frames sampled. */
  frames: number[];
  /** The first bone that tears apart, with its worst distance in model units (for the message). */
  example?: { bone: number; tear: number };
}

/** The frames to sample of a clip of `frameCount` frames: up to `LOCAL_SPACE_SAMPLE_FRAMES`, evenly spread. */
export function localSpaceSampleFrames(frameCount: number): number[] {
  const count = Math.min(frameCount, LOCAL_SPACE_SAMPLE_FRAMES);
  if (count <= 1) return frameCount > 0 ? [0] : [];
  const frames: number[] = [];
  for (let i = 0; i < count; i++) {
    const frame = Math.round((i * (frameCount - 1)) / (count - 1));
    if (frames[frames.length - 1] !== frame) frames.push(frame);
  }
  return frames;
}

/**
 * The sampled frames' records and their matrices: arrays of the thread, grown as needed and used
 * again by the next clip (a clip's 16 frames of 40 bones make 30 KiB of matrices; one array a
 * clip was most of what a check worker's garbage collector had to sweep).
 */
let sampledRecords = new Uint8Array(0);
let sampledMatrices = new Float32Array(0);

/**
 * The 3x4 bone matrices of `frames` of the clip in `whole` (`bones` bones a frame, every frame
 * present), frames x bones x 12 as `judgeLocalSpace` takes them, decoded in one call. The array
 * is the thread's: valid until the next call.
 */
export function sampledFrameMatrices(whole: Uint8Array, bones: number, frames: readonly number[]): Float32Array {
  const frameBytes = recordsByteLength(bones);
  const recordBytes = frames.length * frameBytes;
  if (sampledRecords.length < recordBytes) sampledRecords = new Uint8Array(recordBytes);
  const floats = frames.length * bones * MATRIX_FLOATS;
  if (sampledMatrices.length < floats) sampledMatrices = new Float32Array(floats);
  for (let i = 0; i < frames.length; i++) {
    const start = keyframeOffset({ boneCount: bones }, frames[i], 0);
    sampledRecords.set(whole.subarray(start, start + frameBytes), i * frameBytes);
  }
  return clipBoneMatrices(sampledRecords, 0, frames.length * bones, sampledMatrices).subarray(0, floats);
}

/**
 * Column lengths an inverse bind of a real bind pose has: a rotation times a scale, so three
 * columns of similar, moderate length. Anything else (garbage, a matrix of 1e28) is no bind
 * pose to judge a clip by.
 */
const MIN_COLUMN = 1e-4;
const MAX_COLUMN = 1e4;
const MAX_COLUMN_RATIO = 100;

function plausibleInverseBind(m: ArrayLike<number>, o: number): boolean {
  const lengths = [0, 1, 2].map((col) => Math.hypot(m[o + col * 3], m[o + col * 3 + 1], m[o + col * 3 + 2]));
  const shortest = Math.min(...lengths), longest = Math.max(...lengths);
  return shortest >= MIN_COLUMN && longest <= MAX_COLUMN && longest <= MAX_COLUMN_RATIO * shortest && Math.hypot(m[o + 9], m[o + 10], m[o + 11]) <= MAX_COLUMN * MAX_COLUMN;
}

/** Inverse of a column-major 3x4 affine matrix, as a column-major 3x4; undefined when singular or no bind pose. */
function invertAffine(m: ArrayLike<number>, o: number): Float64Array | undefined {
  if (!plausibleInverseBind(m, o)) return undefined;
  const a = m[o], d = m[o + 1], g = m[o + 2], b = m[o + 3], e = m[o + 4], h = m[o + 5], c = m[o + 6], f = m[o + 7], i = m[o + 8];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return undefined;
  const inv = new Float64Array(12);
  // Column-major: inv[col * 3 + row].
  inv[0] = (e * i - f * h) / det; inv[3] = (c * h - b * i) / det; inv[6] = (b * f - c * e) / det;
  inv[1] = (f * g - d * i) / det; inv[4] = (a * i - c * g) / det; inv[7] = (c * d - a * f) / det;
  inv[2] = (d * h - e * g) / det; inv[5] = (b * g - a * h) / det; inv[8] = (a * e - b * d) / det;
  const tx = m[o + 9], ty = m[o + 10], tz = m[o + 11];
  for (let row = 0; row < 3; row++) inv[9 + row] = -(inv[row] * tx + inv[3 + row] * ty + inv[6 + row] * tz);
  return inv;
}

/**
 * The verdict for `bones` bones from their inverse binds (`inverseBinds`: 12 f32 per bone,
 * column-major 3x4, as the skeleton stores them) and the clip's 3x4 row-major bone matrices of
 * the sampled frames (`matrices`: frames x bones x 12, as `clipBoneMatrices` writes them).
 */
interface BindJoints {
  joint: Float64Array;
  valid: boolean[];
  size: number;
}

/** Bind poses already inverted, by inverse-bind array (never changed once judged): the clips of one skeleton share it. */
const bindJointsOf = new WeakMap<object, { bones: number; joints: BindJoints }>();

/** Bind-pose joint positions (the inverse of each inverse bind applied to the origin) and their extent. */
function bindJoints(bones: number, inverseBinds: ArrayLike<number>): BindJoints {
  const known = bindJointsOf.get(inverseBinds);
  if (known?.bones === bones) return known.joints;
  const joint = new Float64Array(bones * 3);
  const valid: boolean[] = [];
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let b = 0; b < bones; b++) {
    const inv = invertAffine(inverseBinds, b * INVERSE_BIND_FLOATS);
    valid.push(inv !== undefined);
    if (!inv) continue;
    for (let k = 0; k < 3; k++) {
      joint[b * 3 + k] = inv[9 + k];
      min[k] = Math.min(min[k], inv[9 + k]);
      max[k] = Math.max(max[k], inv[9 + k]);
    }
  }
  const joints = { joint, valid, size: Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) };
  bindJointsOf.set(inverseBinds, { bones, joints });
  return joints;
}

/** Relative margin of a squared distance against the square of `Math.hypot`'s: far above their few ulps of rounding. */
const SQUARED_MARGIN = 1e-9;
/** Below this squared best a square may have lost digits to underflow: no shortcut. */
const SQUARED_NORMAL_MIN = 1e-200;

/**
 * Whether bone k surely hangs child c no closer than `best` already found: its first sampled
 * frame's tear (`Math.hypot`, the judge's measure) is surely at least `best`, told from the squared
 * distance with a margin, so the frames' loop would stop after that frame with `best` unchanged.
 * Random or local-space clips rule out most pairs so, without a square root each.
 */
function surelyNoCloser(matrices: ArrayLike<number>, bk: number, bc: number, ux: number, uy: number, uz: number, best: number): boolean {
  const bestSquared = best * best;
  if (!(bestSquared >= SQUARED_NORMAL_MIN && bestSquared < Infinity)) return false;
  jointGap(matrices, bk, bc, ux, uy, uz);
  return gap[0] * gap[0] + gap[1] * gap[1] + gap[2] * gap[2] > bestSquared * (1 + SQUARED_MARGIN);
}

/** The gap `jointGap` wrote last: one array for every call (no allocation per pair and frame). */
const gap = new Float64Array(3);

/**
 * Writes to `gap` where bone k's matrix (at `bk`) carries the child's bind point `u` in k's bind
 * frame, less the child's clip translation (its matrix at `bc`).
 */
function jointGap(matrices: ArrayLike<number>, bk: number, bc: number, ux: number, uy: number, uz: number): void {
  gap[0] = matrices[bk] * ux + matrices[bk + 1] * uy + matrices[bk + 2] * uz + matrices[bk + 3] - matrices[bc + 3];
  gap[1] = matrices[bk + 4] * ux + matrices[bk + 5] * uy + matrices[bk + 6] * uz + matrices[bk + 7] - matrices[bc + 7];
  gap[2] = matrices[bk + 8] * ux + matrices[bk + 9] * uy + matrices[bk + 10] * uz + matrices[bk + 11] - matrices[bc + 11];
}

export function judgeLocalSpace(bones: number, inverseBinds: ArrayLike<number>, matrices: ArrayLike<number>, frames: number[]): LocalSpaceVerdict {
  const verdict: LocalSpaceVerdict = { localSpace: false, connected: 0, tested: 0, frames };
  if (bones < 2 || frames.length === 0) return verdict;
  const { joint, valid, size } = bindJoints(bones, inverseBinds);
  if (!(size > 0) || !Number.isFinite(size)) return verdict;
  const tolerance = CONNECTED_TEAR_SHARE * size;
  for (let c = 0; c < bones; c++) {
    if (!valid[c]) continue;
    verdict.tested++;
    let best = Infinity;
    const jx = joint[c * 3], jy = joint[c * 3 + 1], jz = joint[c * 3 + 2];
    for (let k = 0; k < bones && best > tolerance; k++) {
      if (k === c) continue;
      // The child's bind point in bone k's bind frame: IBM_k * joint_c.
      const o = k * INVERSE_BIND_FLOATS;
      const ux = inverseBinds[o] * jx + inverseBinds[o + 3] * jy + inverseBinds[o + 6] * jz + inverseBinds[o + 9];
      const uy = inverseBinds[o + 1] * jx + inverseBinds[o + 4] * jy + inverseBinds[o + 7] * jz + inverseBinds[o + 10];
      const uz = inverseBinds[o + 2] * jx + inverseBinds[o + 5] * jy + inverseBinds[o + 8] * jz + inverseBinds[o + 11];
      if (surelyNoCloser(matrices, k * MATRIX_FLOATS, c * MATRIX_FLOATS, ux, uy, uz, best)) continue;
      let worst = 0;
      for (let f = 0; f < frames.length && worst < best; f++) {
        const bk = (f * bones + k) * MATRIX_FLOATS;
        const bc = (f * bones + c) * MATRIX_FLOATS;
        jointGap(matrices, bk, bc, ux, uy, uz);
        worst = Math.max(worst, Math.hypot(gap[0], gap[1], gap[2]));
      }
      best = Math.min(best, worst);
    }
    if (best <= tolerance) verdict.connected++;
    else if (!verdict.example || best > verdict.example.tear) verdict.example = { bone: c, tear: best };
  }
  verdict.localSpace = verdict.tested >= 2 && verdict.connected < LOCAL_SPACE_CONNECTED_SHARE * verdict.tested;
  return verdict;
}

/**
 * The verdict for a whole clip and skeleton in memory (the preview's banner, tests): undefined
 * when the bone counts differ or either file is too short for its header's counts.
 */
export function judgeClipAgainstSkeleton(clip: Uint8Array, skeleton: Uint8Array): LocalSpaceVerdict | undefined {
  const header = parseClipHeader(clip);
  if (!header || header.boneCount === 0 || header.frameCount === 0) return undefined;
  const bones = header.boneCount;
  if (completeRecordCount(clip.length) < bones * header.frameCount || completeInverseBindCount(skeleton.length) < bones) return undefined;
  const view = new DataView(skeleton.buffer, skeleton.byteOffset, skeleton.byteLength);
  if (view.getUint32(0, true) !== bones) return undefined;
  const frames = localSpaceSampleFrames(header.frameCount);
  const matrices = sampledFrameMatrices(clip, bones, frames);
  const inverseBinds = Float32Array.from({ length: bones * INVERSE_BIND_FLOATS }, (_, i) => view.getFloat32(SKELETON_HEADER_SIZE + i * 4, true));
  return judgeLocalSpace(bones, inverseBinds, matrices, frames);
}
