/**
 * `anim/local-space` measured on evidence: the exporter writes both spaces from the same glTF,
 * so every skinned fixture gives labelled clips (labelledClips.ts). The rule must never call a
 * model-space clip local (precision) and should find the local-space ones (recall); the test
 * prints both figures, which docs/formats.md states.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeClipAgainstSkeleton, type LocalSpaceVerdict } from '../../../formats/motion/localSpace';
import { labelledClips } from './labelledClips';
import { chainClip, chainSkeleton } from './plantedClips';

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
