/**
 * A clip against its own re-export through the exporter (clip -> GLB -> clip): the diff reports
 * the differences, all within the quantisation bound: a rotation within one smallest-three step
 * (a component moves by 1/511.5/sqrt(2), about 0.16° of angle), a position or scale within half
 * an f16 step of its value; bytes that differ without a change of meaning (-0 written back as
 * 0) are no change.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryByteSource } from '../../../formats/fileAccess';
import { type ClipDiff, diffClips, isDiffFailure } from '../../../formats/diff';
import { exportAnimationBytes, exportGlb, exportSkeleton, readGltfBytes } from '../../../formats/gltf';
import { fixture } from '../gltf/gltfTestKit';

const ONE_ROTATION_STEP_DEG = (2 * (1 / 511.5 / Math.SQRT2) * 180) / Math.PI;

async function reexportDiff(name: 'simpleSkin' | 'riggedFigure'): Promise<{ clip: Uint8Array; again: Uint8Array; diff: ClipDiff }> {
  const doc = await fixture(name);
  const clip = exportAnimationBytes(doc).bytes;
  const glb = await exportGlb(clip, exportSkeleton(doc).bytes);
  const again = exportAnimationBytes(await readGltfBytes(glb.bytes)).bytes;
  const diff = await diffClips(memoryByteSource(clip), memoryByteSource(again));
  if (isDiffFailure(diff)) throw new Error(diff.failure.message);
  return { clip, again, diff };
}

test('SimpleSkin against its re-export through GLB: rotations moved, each within one quantisation step', async () => {
  const { diff } = await reexportDiff('simpleSkin');
  assert.deepEqual(diff.headerChanges, []);
  assert.deepEqual(diff.compared, { boneCount: 2, frameCount: 166 });
  assert.equal(diff.identical, false);
  assert.ok(diff.changedKeyframes > 0);
  assert.ok(diff.worst.rotation.value > 0 && diff.worst.rotation.value <= ONE_ROTATION_STEP_DEG, `rotation ${diff.worst.rotation.value}° within ${ONE_ROTATION_STEP_DEG}°`);
  assert.equal(diff.worst.position.value, 0);
  assert.equal(diff.worst.scale.value, 1);
});

test('RiggedFigure against its re-export: other bytes (-0 as 0), the same meaning, so identical', async () => {
  const { clip, again, diff } = await reexportDiff('riggedFigure');
  assert.notDeepEqual(Buffer.from(again), Buffer.from(clip), 'the bytes differ');
  assert.equal(diff.identical, true);
  assert.equal(diff.changedKeyframes, 0);
});
