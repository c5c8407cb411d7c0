/**
 * Clip + skeleton (+ mesh) -> GLB: every GLB passes the Khronos glTF validator with zero
 * errors (and zero warnings), and a round trip glTF -> clip -> GLB poses the joints as the
 * original glTF does, within the quantisation report's bound.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { WebIO } from '@gltf-transform/core';
import { f16ToF32, readU16LE } from '../../../formats';
import { exportAnimationBytes, exportGlb, exportMesh, exportSkeleton, NativeInputError, readGltfBytes } from '../../../formats/gltf';
import { fixture, poseAtKey, shellErrorCm, validateGlb } from './gltfTestKit';

/** Column-major 4x4 -> row-major 3x4, the shape `shellErrorCm` compares against. */
function rowMajor3x4(m: ArrayLike<number>): number[] {
  return [m[0], m[4], m[8], m[12], m[1], m[5], m[9], m[13], m[2], m[6], m[10], m[14]];
}

test('Fox Walk round trip: glTF -> clip + skeleton + mesh -> GLB, valid, joints within the report\'s bound', async () => {
  const fox = await fixture('fox');
  const clip = exportAnimationBytes(fox, { animation: 'Walk', frameRate: 24 });
  const skeleton = exportSkeleton(fox);
  const mesh = exportMesh(fox);
  const glb = await exportGlb(clip.bytes, skeleton.bytes, mesh.bytes, { frameRate: 24, animationName: 'Walk' });
  assert.deepEqual([glb.boneCount, glb.frameCount, glb.problems], [24, 18, []]);
  const validation = await validateGlb(glb.bytes);
  assert.deepEqual(validation.errors, []);
  assert.deepEqual(validation.warnings, []);

  const back = await readGltfBytes(glb.bytes);
  const root = back.getRoot();
  assert.deepEqual(root.listAnimations().map((a) => a.getName()), ['Walk']);
  assert.equal(root.listSkins()[0].listJoints().length, 24);
  // The skin's inverse bind matrices are the skeleton's, the bottom row restored.
  const original = fox.getRoot().listSkins()[0].getInverseBindMatrices()!;
  const written = root.listSkins()[0].getInverseBindMatrices()!;
  for (let bone = 0; bone < 24; bone++) {
    // (+ 0 folds -0 into 0: the bottom row is written as 0 0 0 1.)
    assert.deepEqual(written.getElement(bone, [] as number[]).map((v) => v + 0), original.getElement(bone, [] as number[]).map((v) => Math.fround(v) + 0));
  }
  // Every frame: the GLB's joints against the Fox's own world matrices at the same time.
  const foxJoints = fox.getRoot().listSkins()[0].listJoints();
  const glbJoints = root.listSkins()[0].listJoints();
  let worst = 0;
  for (let frame = 0; frame < 18; frame++) {
    poseAtKey(fox, 1, frame);
    poseAtKey(back, 0, frame);
    foxJoints.forEach((joint, bone) => {
      worst = Math.max(worst, shellErrorCm(joint.getWorldMatrix(), rowMajor3x4(glbJoints[bone].getWorldMatrix())));
    });
  }
  // The GLB's quaternions are the decoded ones renormalised: a hair from the console's matrix.
  assert.ok(worst <= clip.report.error.maxCm + 1e-3, `round trip ${worst} cm, report ${clip.report.error.maxCm} cm`);
  // The mesh came back with its vertices, UVs, joints and weights.
  const primitive = root.listMeshes()[0].listPrimitives()[0];
  assert.deepEqual(primitive.listSemantics().sort(), ['JOINTS_0', 'POSITION', 'TEXCOORD_0', 'WEIGHTS_0']);
  assert.equal(primitive.getAttribute('POSITION')!.getCount(), 1728);
});

test('re-exporting the GLB gives the same clip (model space in, model space out)', async () => {
  const doc = await fixture('riggedFigure');
  const clip = exportAnimationBytes(doc);
  const glb = await exportGlb(clip.bytes, exportSkeleton(doc).bytes, exportMesh(doc).bytes);
  assert.deepEqual((await validateGlb(glb.bytes)).errors, []);
  const again = exportAnimationBytes(await readGltfBytes(glb.bytes));
  assert.equal(again.plan.frameCount, clip.plan.frameCount);
  // Positions and scales come back value for value (f16 -> f32 -> f16; only a -0 may come back
  // as 0); a renormalised rotation can move to a neighbouring quantisation level.
  for (let i = 4; i < clip.bytes.length; i += 16) {
    for (let k = 4; k < 16; k += 2) {
      assert.equal(f16ToF32(readU16LE(again.bytes, i + k)) + 0, f16ToF32(readU16LE(clip.bytes, i + k)) + 0, `record at ${i}, byte ${k}`);
    }
  }
  assert.ok(again.report.error.maxCm < 0.1, String(again.report.error.maxCm));
  assert.equal(again.report.space, 'model');
  assert.deepEqual(again.plan.problems, []);
});

test('upstream clip, skeleton and mesh (arm1 + wave1, files nobody here wrote) make a valid GLB', async () => {
  const assets = 'test/fixtures/upstream/multi-skinned-rom/assets';
  const [clip, skeleton, mesh] = await Promise.all(['wave1.ewzanim', 'arm1.ewzskel', 'arm1.ewzmesh'].map((f) => readFile(`${assets}/${f}`)));
  const glb = await exportGlb(clip, skeleton, mesh);
  assert.deepEqual([glb.boneCount, glb.frameCount], [3, 30]);
  const validation = await validateGlb(glb.bytes);
  assert.deepEqual(validation.errors, []);
  const doc = await new WebIO().readBinary(glb.bytes);
  assert.equal(doc.getRoot().listNodes().filter((n) => n.getSkin()).length, 1);
});

test('bone count mismatches follow the console; broken inputs are refused with a reason', async () => {
  const doc = await fixture('simpleSkin');
  const clip = exportAnimationBytes(doc).bytes;
  const skeleton = exportSkeleton(doc).bytes;
  // A clip of 2 bones on a 3-bone skeleton: bone 2 keeps the identity.
  const wider = new Uint8Array(8 + 3 * 48);
  wider.set(skeleton);
  wider[0] = 3;
  wider.set(skeleton.subarray(8, 56), 8 + 2 * 48);
  const glb = await exportGlb(clip, wider);
  assert.deepEqual(glb.problems.map((p) => p.message), ['The clip has 2 bones and the skeleton 3: bones 2-2 keep the identity, as on the console.']);
  assert.deepEqual((await validateGlb(glb.bytes)).errors, []);
  await assert.rejects(exportGlb(clip.subarray(0, 100), skeleton), NativeInputError);
  await assert.rejects(exportGlb(clip, skeleton.subarray(0, 20)), /the skeleton is empty or truncated/);
});
