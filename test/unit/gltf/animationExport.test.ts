/**
 * glTF -> clip on real files nobody here wrote: exact frame counts and joint order, and the
 * decoded clip's bone matrices against the glTF's own world matrices (@gltf-transform's
 * `getWorldMatrix()`, through every joint and non-joint ancestor) at the same times, within
 * the quantisation report's bound; the report's maximum is that very comparison's maximum.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { quat, vec3 } from 'gl-matrix';
import type { Document, Node } from '@gltf-transform/core';
import { keyframeOffset, parseClipHeader, readU32LE } from '../../../formats';
import { exportAnimationBytes, frameCountFor } from '../../../formats/gltf';
import { clipMatrix, fixture, poseAtKey, shellErrorCm } from './gltfTestKit';

/** The largest shell error between the clip and the glTF's world matrices at each of `frames`, each posed by `pose`. */
function worstAgainstWorld(document: Document, clip: Uint8Array, frames: number[], pose: (frame: number) => void, skinIndex = 0): number {
  const joints = document.getRoot().listSkins()[skinIndex].listJoints();
  let worst = 0;
  for (const frame of frames) {
    pose(frame);
    joints.forEach((joint, bone) => {
      worst = Math.max(worst, shellErrorCm(joint.getWorldMatrix(), clipMatrix(clip, frame, bone)));
    });
  }
  return worst;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

test('Fox: frame counts of its three clips, from 0 to the last key inclusive', async () => {
  const doc = await fixture('fox');
  const counts = ['Survey', 'Walk', 'Run'].map((name) => exportAnimationBytes(doc, { animation: name }).plan.frameCount);
  // Last keys 3.4167, 0.7083 and 1.1583 s at 30 fps: 102.5, 21.25 and 34.75 frames.
  assert.deepEqual(counts, [104, 23, 36]);
  const walk = exportAnimationBytes(doc, { animation: 'Walk', frameRate: 24 });
  assert.equal(walk.plan.frameCount, 18);
  assert.equal(walk.bytes.length, 4 + 18 * 24 * 16);
  assert.deepEqual(Array.from(walk.bytes.subarray(0, 4)), [24, 0, 18, 0]);
  assert.deepEqual(walk.plan.animation, { index: 1, name: 'Walk' });
});

test('Fox: joints in the skin\'s order, the clip\'s bones named after them', async () => {
  const doc = await fixture('fox');
  const { plan } = exportAnimationBytes(doc, { animation: 'Survey' });
  const skinJoints = doc.getRoot().listSkins()[0].listJoints();
  assert.deepEqual(plan.joints.map((j) => j.name), skinJoints.map((n) => n.getName()));
  assert.deepEqual(plan.joints.slice(0, 3).map((j) => j.name), ['_rootJoint', 'b_Root_00', 'b_Hip_01']);
  assert.deepEqual(plan.joints.map((j) => j.node), skinJoints.map((n) => doc.getRoot().listNodes().indexOf(n)));
});

test('Fox at 24 fps (its keys lie on frames): every bone matrix equals the glTF world matrix within the report\'s bound', async () => {
  for (const [name, index] of [['Walk', 1], ['Survey', 0]] as const) {
    const doc = await fixture('fox');
    const { bytes, report, plan } = exportAnimationBytes(doc, { animation: name, frameRate: 24 });
    const input = doc.getRoot().listAnimations()[index].listSamplers()[0].getInput()!;
    assert.equal(input.getCount(), plan.frameCount);
    const worst = worstAgainstWorld(doc, bytes, range(plan.frameCount), (f) => poseAtKey(doc, index, f));
    // The report measures exactly this: its maximum is the same number (up to rounding).
    assert.ok(Math.abs(worst - report.error.maxCm) <= 1e-9 * Math.max(1, worst), `${name}: world ${worst} cm vs report ${report.error.maxCm} cm`);
    // The Fox is ~100 units tall: f16 positions there are 1/16 apart; rotations stay within 0.01 cm.
    assert.ok(report.error.maxCm < 4, `${name}: ${report.error.maxCm}`);
    assert.ok(report.contributions.rotation.maxCm < 0.015, `${name}: rotation ${report.contributions.rotation.maxCm}`);
    assert.ok(report.contributions.shear.maxCm < 1e-9);
  }
});

test('RiggedFigure (19 joints, depth 6, LINEAR): every frame against an independent lerp/slerp of its two keys', async () => {
  const doc = await fixture('riggedFigure');
  const { bytes, report, plan } = exportAnimationBytes(doc, { frameRate: 24 });
  assert.equal(plan.frameCount, 31);
  const animation = doc.getRoot().listAnimations()[0];
  const keys = animation.listChannels().map((channel) => ({
    node: channel.getTargetNode() as Node,
    path: channel.getTargetPath(),
    from: channel.getSampler()!.getOutput()!.getElement(0, [] as number[]),
    to: channel.getSampler()!.getOutput()!.getElement(1, [] as number[]),
  }));
  const pose = (frame: number): void => {
    const s = frame / 30; // keys at 0 and 1.25 s = frame 30 at 24 fps
    for (const { node, path, from, to } of keys) {
      if (path === 'rotation') node.setRotation(Array.from(quat.slerp(quat.create(), from as quat, to as quat, s)) as [number, number, number, number]);
      else {
        const v = Array.from(vec3.lerp([0, 0, 0], from as vec3, to as vec3, s)) as [number, number, number];
        if (path === 'translation') node.setTranslation(v);
        else node.setScale(v);
      }
    }
  };
  const worst = worstAgainstWorld(doc, bytes, range(31), pose);
  // gl-matrix's slerp in f32 (quat.create) differs from the exporter's double one by ~1e-7.
  assert.ok(Math.abs(worst - report.error.maxCm) < 1e-4, `world ${worst} vs report ${report.error.maxCm}`);
  assert.ok(report.error.maxCm < 0.1, String(report.error.maxCm));
});

test('SimpleSkinStep (STEP): a key on a frame applies from that frame; frames between keys repeat it', async () => {
  const doc = await fixture('simpleSkinStep');
  const { bytes, plan } = exportAnimationBytes(doc);
  assert.equal(plan.frameCount, 166); // keys every 0.5 s up to 5.5 s at 30 fps
  const header = parseClipHeader(bytes)!;
  const word = (frame: number) => readU32LE(bytes, keyframeOffset(header, frame, 1));
  let changes = 0;
  for (let key = 0; key < 11; key++) {
    for (let f = key * 15 + 1; f < key * 15 + 15; f++) assert.equal(word(f), word(key * 15), `frame ${f} repeats key ${key}`);
    if (word(key * 15 + 15) !== word(key * 15)) changes++;
  }
  assert.ok(changes >= 5, `${changes} key changes`);
  const worst = worstAgainstWorld(doc, bytes, range(12).map((k) => k * 15), (f) => poseAtKey(doc, 0, f / 15));
  assert.ok(worst < 0.01, String(worst));
});

test('SimpleSkin (LINEAR): key frames match the keys, frames between them move', async () => {
  const doc = await fixture('simpleSkin');
  const { bytes, report } = exportAnimationBytes(doc);
  const header = parseClipHeader(bytes)!;
  assert.notEqual(readU32LE(bytes, keyframeOffset(header, 7, 1)), readU32LE(bytes, keyframeOffset(header, 0, 1)));
  const worst = worstAgainstWorld(doc, bytes, range(12).map((k) => k * 15), (f) => poseAtKey(doc, 0, f / 15));
  assert.ok(worst <= report.error.maxCm + 1e-12, `${worst} vs ${report.error.maxCm}`);
  // Joint 0 never moves: a joint without channels keeps its rest pose (identity here, flagged).
  assert.ok(report.flags.identityRotation.count >= 166, String(report.flags.identityRotation.count));
  assert.equal(report.flags.identityRotation.first?.joint, 'joint 0');
});

test('RecursiveSkeletons (30 levels, 84 skins): the driven skin, composed through every level', async () => {
  const doc = await fixture('recursiveSkeletons');
  const { bytes, plan, report } = exportAnimationBytes(doc, { frameRate: 30 });
  assert.equal(plan.skin.index, 0);
  assert.equal(plan.frameCount, frameCountFor(2, 30));
  const worst = worstAgainstWorld(doc, bytes, [0], () => poseAtKey(doc, 0, 0));
  assert.ok(worst <= report.error.maxCm + 1e-9);
  // 830 channels drive the other skins: ten named, then one line with the total.
  const ignored = plan.problems.filter((p) => p.code === 'gltf/channel-ignored');
  assert.equal(ignored.length, 11);
  assert.match(ignored[10].message, /^\d+ more gltf\/channel-ignored problems like those above \(\d+ in all\)\.$/);
  assert.match(ignored[0].pointer, /^\/animations\/0\/channels\/\d+$/);
});

test('local space (what the upstream packer writes) is offered, and warned about on a joint hierarchy', async () => {
  const doc = await fixture('riggedFigure');
  const model = exportAnimationBytes(doc, { frameRate: 24 });
  const local = exportAnimationBytes(doc, { frameRate: 24, space: 'local' });
  assert.equal(model.plan.problems.length, 0);
  const warning = local.plan.problems.find((p) => p.code === 'gltf/local-space');
  assert.ok(warning, JSON.stringify(local.plan.problems));
  assert.equal(warning.pointer, '/skins/0');
  assert.match(warning.message, /"torso_joint_2" under "torso_joint_1"/);
  assert.equal(local.report.space, 'local');
  assert.notDeepEqual(local.bytes, model.bytes);
  // A local record is the joint's own TRS: the second joint's translation is its node's.
  const joint = doc.getRoot().listSkins()[0].listJoints()[1];
  poseAtKey(doc, 0, 0);
  const m = clipMatrix(local.bytes, 0, 1);
  const [tx, ty, tz] = joint.getTranslation();
  assert.ok(Math.abs(m[3] - tx) < 1e-3 && Math.abs(m[7] - ty) < 1e-3 && Math.abs(m[11] - tz) < 1e-3, `${m[3]} ${m[7]} ${m[11]} vs ${tx} ${ty} ${tz}`);
});
