/**
 * `anim/local-space` measured on evidence: the exporter writes both spaces from the same glTF,
 * so every skinned fixture gives labelled clips (labelledClips.ts). The rule must never call a
 * model-space clip local (precision) and should find the local-space ones (recall); the test
 * prints both figures, which docs/formats.md states.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MATRIX_FLOATS, clipBoneMatrices, keyframeOffset } from '../../../formats/clip';
import { judgeClipAgainstSkeleton, judgeLocalSpace, sampledFrameMatrices, type LocalSpaceVerdict } from '../../../formats/motion/localSpace';
import { random } from './randomClips';
import { labelledClips } from './labelledClips';
import { chainClip, chainSkeleton, clipOf } from './plantedClips';

function verdict(clip: Uint8Array, skeleton: Uint8Array): LocalSpaceVerdict {
  const judged = judgeClipAgainstSkeleton(clip, skeleton);
  assert.ok(judged, 'same bone counts, whole files');
  return judged;
}

test('a bending chain: the model-space clip keeps its joints attached, the local-space one does not', () => {
  const model = verdict(chainClip('model'), chainSkeleton());
  const local = verdict(chainClip('local'), chainSkeleton());
  assert.deepEqual([model.localSpace, model.connected, model.tested], [false, 2, 3]);
  assert.deepEqual([local.localSpace, local.connected, local.tested], [true, 0, 3]);
  assert.equal(local.example?.bone, 2);
});

test('no verdict for a skeleton of another bone count or a cut file', () => {
  assert.equal(judgeClipAgainstSkeleton(chainClip('local'), chainSkeleton().subarray(0, 100)), undefined);
  assert.equal(judgeClipAgainstSkeleton(chainClip('local').subarray(0, 50), chainSkeleton()), undefined);
  const fourBones = new Uint8Array(8 + 4 * 48);
  new DataView(fourBones.buffer).setUint32(0, 4, true);
  assert.equal(judgeClipAgainstSkeleton(chainClip('local'), fourBones), undefined);
});

test('no bind pose to judge by: identity or implausible inverse binds give no verdict', () => {
  const identity = new Uint8Array(8 + 3 * 48);
  const view = new DataView(identity.buffer);
  view.setUint32(0, 3, true);
  for (let b = 0; b < 3; b++) for (const i of [0, 4, 8]) view.setFloat32(8 + b * 48 + i * 4, 1, true);
  assert.deepEqual([verdict(chainClip('local'), identity).localSpace, verdict(chainClip('local'), identity).tested], [false, 0]);
  // A column of 1e28 is no rotation and scale of a bind pose: that bone is not tested.
  const huge = chainSkeleton();
  new DataView(huge.buffer).setFloat32(8, 1e28, true);
  assert.equal(verdict(chainClip('local'), huge).tested, 2);
});

test('precision and recall on the labelled set (every skinned glTF fixture, both spaces, and upstream)', async () => {
  const clips = (await labelledClips()).filter((c) => c.skeleton);
  let truePositives = 0, falsePositives = 0, falseNegatives = 0, trueNegatives = 0;
  const wrong: string[] = [];
  for (const c of clips) {
    const found = verdict(c.clip, c.skeleton!).localSpace;
    if (found && c.space === 'local') truePositives++;
    else if (found) (falsePositives++, wrong.push(`model-space ${c.name} called local`));
    else if (c.space === 'local') (falseNegatives++, wrong.push(`local-space ${c.name} missed`));
    else trueNegatives++;
  }
  const precision = truePositives / (truePositives + falsePositives);
  const recall = truePositives / (truePositives + falseNegatives);
  console.log(`anim/local-space on ${clips.length} labelled clips (${truePositives + falseNegatives} local, ${falsePositives + trueNegatives} model): ` +
    `precision ${(100 * precision).toFixed(1)}%, recall ${(100 * recall).toFixed(1)}% (TP ${truePositives}, FP ${falsePositives}, FN ${falseNegatives}, TN ${trueNegatives})`);
  assert.equal(falsePositives, 0, wrong.join('\n'));
  assert.ok(recall >= 0.95, wrong.join('\n'));
});

/** The verdict as the rule defines it, every pair and every frame measured (no shortcut). */
function referenceVerdict(bones: number, inverseBinds: Float32Array, matrices: Float32Array, frames: number[], tolerance: number, valid: boolean[]): Pick<LocalSpaceVerdict, 'connected' | 'tested' | 'example'> {
  let connected = 0, tested = 0;
  let example: LocalSpaceVerdict['example'];
  const joint = (b: number): number[] => {
    // The inverse of the bind's affine part applied to the origin, as judgeLocalSpace's bind joints.
    const m = Array.from(inverseBinds.subarray(b * 12, b * 12 + 12), Number);
    const [a, d, g, bb, e, h, c, f, i] = m;
    const det = a * (e * i - f * h) - bb * (d * i - f * g) + c * (d * h - e * g);
    const inv = [(e * i - f * h) / det, (f * g - d * i) / det, (d * h - e * g) / det, (c * h - bb * i) / det, (a * i - c * g) / det, (bb * g - a * h) / det, (bb * f - c * e) / det, (c * d - a * f) / det, (a * e - bb * d) / det];
    return [0, 1, 2].map((row) => -(inv[row] * m[9] + inv[3 + row] * m[10] + inv[6 + row] * m[11]));
  };
  for (let c = 0; c < bones; c++) {
    if (!valid[c]) continue;
    tested++;
    const [jx, jy, jz] = joint(c);
    let best = Infinity;
    for (let k = 0; k < bones; k++) {
      if (k === c) continue;
      const o = k * 12, ib = inverseBinds;
      const ux = ib[o] * jx + ib[o + 3] * jy + ib[o + 6] * jz + ib[o + 9];
      const uy = ib[o + 1] * jx + ib[o + 4] * jy + ib[o + 7] * jz + ib[o + 10];
      const uz = ib[o + 2] * jx + ib[o + 5] * jy + ib[o + 8] * jz + ib[o + 11];
      let worst = 0;
      for (let f = 0; f < frames.length; f++) {
        const bk = (f * bones + k) * 12, bc = (f * bones + c) * 12, m = matrices;
        const dx = m[bk] * ux + m[bk + 1] * uy + m[bk + 2] * uz + m[bk + 3] - m[bc + 3];
        const dy = m[bk + 4] * ux + m[bk + 5] * uy + m[bk + 6] * uz + m[bk + 7] - m[bc + 7];
        const dz = m[bk + 8] * ux + m[bk + 9] * uy + m[bk + 10] * uz + m[bk + 11] - m[bc + 11];
        worst = Math.max(worst, Math.hypot(dx, dy, dz));
      }
      best = Math.min(best, worst);
    }
    if (best <= tolerance) connected++;
    else if (!example || best > example.tear) example = { bone: c, tear: best };
  }
  return { connected, tested, example };
}

test('the judge gives the verdict of every pair and frame measured: random bone matrices near and far from a chain, tears equal to the bit', () => {
  const bones = 12;
  const frames = [0, 3, 7, 9];
  // A chain along x: each inverse bind a pure translation, so every joint is valid and the skeleton's size is known.
  const inverseBinds = new Float32Array(bones * 12);
  for (let b = 0; b < bones; b++) inverseBinds.set([1, 0, 0, 0, 1, 0, 0, 0, 1, -b, 0, 0], b * 12);
  const tolerance = 0.02 * (bones - 1);
  const valid = new Array<boolean>(bones).fill(true);
  for (let seed = 1; seed <= 200; seed++) {
    const next = random(seed);
    // Scales from connected (the bind pose, jittered below the tolerance) to torn apart, with ties among bones.
    const spread = [0, 0.001, 0.01, 0.2, 5, 1e6][seed % 6];
    const matrices = new Float32Array(frames.length * bones * 12);
    for (let f = 0; f < frames.length; f++) {
      for (let b = 0; b < bones; b++) {
        const jitter = (): number => (seed % 7 === 0 ? Math.round(next() * 4) : next() - 0.5) * spread;
        matrices.set([1, 0, 0, b + jitter(), 0, 1, 0, jitter(), 0, 0, 1, jitter()], (f * bones + b) * 12);
      }
    }
    const judged = judgeLocalSpace(bones, inverseBinds, matrices, frames);
    const expected = referenceVerdict(bones, inverseBinds, matrices, frames, tolerance, valid);
    assert.deepEqual({ connected: judged.connected, tested: judged.tested, example: judged.example }, expected, `seed ${seed}`);
  }
});

test('sampled frames are decoded as each frame alone would be, in an array the next clip uses again', () => {
  const frames = [0, 2, 5, 9];
  const decodeEach = (clip: Uint8Array, bones: number): number[] =>
    frames.flatMap((frame) => Array.from(clipBoneMatrices(clip, keyframeOffset({ boneCount: bones }, frame, 0), bones, new Float32Array(bones * MATRIX_FLOATS))));
  const smooth = clipOf({ bones: 5, frames: 12 });
  const first = sampledFrameMatrices(smooth, 5, frames);
  assert.deepEqual(Array.from(first), decodeEach(smooth, 5));
  const chain = chainClip('local', 10);
  const second = sampledFrameMatrices(chain, 3, frames);
  assert.equal(second.length, frames.length * 3 * MATRIX_FLOATS);
  assert.deepEqual(Array.from(second), decodeEach(chain, 3));
  assert.equal(second.buffer, first.buffer, 'a smaller clip takes the same array');
});
