/**
 * The quantisation report: its error figures against an independent computation (the glTF's
 * own world matrices against the decoded records, per bone and frame), its percentile bound,
 * the contributions and the flags, each provoked by a crafted value.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Document, type Node } from '@gltf-transform/core';
import { decodeKeyframe, keyframeOffset, parseClipHeader } from '../../../formats';
import { exportAnimationBytes, HISTOGRAM_RELATIVE_RESOLUTION, QuantisationAccumulator, reportMarkdown, reportSummaryLines } from '../../../formats/gltf';
import { ErrorHistogram } from '../../../formats/gltf/errorHistogram';
import { clipMatrix, fixture, poseAtKey, shellErrorCm } from './gltfTestKit';

test('Fox Survey: max, p99 and the share under 0.01 cm match an independent per-keyframe computation', async () => {
  const doc = await fixture('fox');
  const { bytes, report, plan } = exportAnimationBytes(doc, { animation: 'Survey', frameRate: 24 });
  const joints = doc.getRoot().listSkins()[0].listJoints();
  const errors: number[] = [];
  let translationMax = 0;
  for (let frame = 0; frame < plan.frameCount; frame++) {
    poseAtKey(doc, 0, frame);
    joints.forEach((joint, bone) => {
      const world = joint.getWorldMatrix();
      errors.push(shellErrorCm(world, clipMatrix(bytes, frame, bone)));
      const decoded = decodeKeyframe(bytes, keyframeOffset(parseClipHeader(bytes)!, frame, bone));
      translationMax = Math.max(translationMax, 100 * Math.hypot(world[12] - decoded.position[0], world[13] - decoded.position[1], world[14] - decoded.position[2]));
    });
  }
  errors.sort((a, b) => a - b);
  const exactP99 = errors[Math.ceil(0.99 * errors.length) - 1];
  assert.equal(report.samples, 83 * 24);
  assert.ok(Math.abs(report.error.maxCm - errors[errors.length - 1]) < 1e-9);
  assert.ok(report.error.p99Cm >= exactP99 && report.error.p99Cm <= exactP99 * (1 + HISTOGRAM_RELATIVE_RESOLUTION), `${report.error.p99Cm} vs ${exactP99}`);
  const under = errors.filter((e) => e < 0.01).length;
  assert.ok(Math.abs(report.error.underPrecisionPercent - (100 * under) / errors.length) < 1e-9);
  assert.ok(Math.abs(report.contributions.translation.maxCm - translationMax) < 1e-9);
  // The worst bone and frame is the one holding the maximum, named after its joint.
  const worst = report.error.worst!;
  assert.equal(worst.joint, plan.joints[worst.bone].name);
  assert.equal(report.bones[worst.bone].maxCm, report.error.maxCm);
  assert.equal(report.bones[worst.bone].worstFrame, worst.frame);
});

test('the shell distance scales the rotation contribution, not the translation one', async () => {
  const doc = await fixture('riggedFigure');
  const at3 = exportAnimationBytes(doc).report;
  const at30 = exportAnimationBytes(doc, { shellDistanceCm: 30 }).report;
  assert.equal(at30.shellDistanceCm, 30);
  const ratio = at30.contributions.rotation.maxCm / at3.contributions.rotation.maxCm;
  assert.ok(Math.abs(ratio - 10) < 1e-6, String(ratio));
  assert.equal(at30.contributions.translation.maxCm, at3.contributions.translation.maxCm);
});

/** One joint with a constant pose, exported for one frame. */
function constantPose(set: (node: Node) => void): ReturnType<typeof exportAnimationBytes> {
  const doc = new Document();
  doc.createBuffer();
  const joint = doc.createNode('Bone');
  set(joint);
  doc.createScene().addChild(joint);
  doc.createSkin('S').addJoint(joint);
  const buffer = doc.getRoot().listBuffers()[0];
  const input = doc.createAccessor().setType('SCALAR').setArray(new Float32Array([0])).setBuffer(buffer);
  const output = doc.createAccessor().setType('VEC3').setArray(new Float32Array(joint.getScale())).setBuffer(buffer);
  const sampler = doc.createAnimationSampler().setInput(input).setOutput(output);
  doc.createAnimation('A').addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(joint).setTargetPath('scale').setSampler(sampler));
  return exportAnimationBytes(doc);
}

test('flags: f16 overflow, subnormal and zero values, identity rotations', () => {
  const overflow = constantPose((n) => n.setTranslation([70000, 1, 65504]).setRotation([0, 0, 0, 1]));
  assert.deepEqual(overflow.report.flags.f16Overflow, { count: 1, first: { bone: 0, joint: 'Bone', frame: 0, field: 'translation.x', value: 70000 } });
  assert.equal(overflow.report.error.maxCm, Infinity);
  assert.deepEqual(overflow.report.flags.identityRotation, { count: 1, first: { bone: 0, joint: 'Bone', frame: 0, field: 'rotation', value: 1 } });
  // The identity decodes to a 0.137 degree (0.0023938 rad) rotation about (1, 1, 1): a shell
  // point 3 cm out on an axis lies 3 sqrt(2/3) cm from that axis and moves 0.0023938 times that.
  const identity = constantPose((n) => n.setRotation([0, 0, 0, 1]));
  assert.ok(Math.abs(identity.report.contributions.rotation.maxCm - 0.0023938 * 3 * Math.sqrt(2 / 3)) < 1e-5, String(identity.report.contributions.rotation.maxCm));

  const tiny = constantPose((n) => n.setScale([1e-5, 1e-9, 1]).setRotation([0, 0.6, 0, 0.8]));
  assert.deepEqual(tiny.report.flags.f16SubnormalOrZero, { count: 2, toZero: 1, inScale: 2, first: { bone: 0, joint: 'Bone', frame: 0, field: 'scale.x', value: Math.fround(1e-5) } });
  assert.equal(tiny.report.flags.identityRotation.count, 0);
  // Floating-point noise far below any f16 (here a translation of 1e-13) is not flagged.
  const noise = constantPose((n) => n.setTranslation([1e-13, 0, 0]).setRotation([0, 0.6, 0, 0.8]));
  assert.equal(noise.report.flags.f16SubnormalOrZero.count, 0);
});

test('NaN in a sampled value is flagged and counts as an infinite error', () => {
  const accumulator = new QuantisationAccumulator('model', ['a'], 1);
  const source = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, NaN, 0, 0, 1]);
  const trs = new Float64Array([NaN, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
  const decoded = new Float32Array([0, 0, 0, 1, NaN, 0, 0, 1, 1, 1]);
  const matrix = new Float32Array([1, 0, 0, NaN, 0, 1, 0, 0, 0, 0, 1, 0]);
  accumulator.add(0, 0, source, 0, trs, 0, decoded, 0, matrix, 0);
  const report = accumulator.finish();
  assert.equal(report.flags.nan.count, 1);
  assert.equal(report.error.maxCm, Infinity);
  assert.equal(report.error.underPrecisionPercent, 0);
});

test('histogram percentiles: nearest rank, an upper bound within 2.2%, exact zeros and infinities', () => {
  const histogram = new ErrorHistogram();
  for (let i = 1; i <= 1000; i++) histogram.add(i / 1000);
  const p99 = histogram.percentile(99);
  assert.ok(p99 >= 0.99 && p99 <= 0.99 * (1 + HISTOGRAM_RELATIVE_RESOLUTION), String(p99));
  assert.equal(histogram.percentile(100), 1);
  const zeros = new ErrorHistogram();
  for (let i = 0; i < 99; i++) zeros.add(0);
  zeros.add(Infinity);
  assert.equal(zeros.percentile(99), 0);
  assert.equal(zeros.percentile(100), Infinity);
  assert.equal(new ErrorHistogram().percentile(99), 0);
});

test('markdown report: summary table, flags, problems, bones worst first; summary lines for the hover', async () => {
  const doc = await fixture('fox');
  const summary = { ...exportAnimationBytes(doc, { animation: 'Walk' }), source: 'Fox.glb' };
  const markdown = reportMarkdown(summary).split('\n');
  assert.equal(markdown[0], '# Quantisation report: animation 1 "Walk" of `Fox.glb`');
  assert.match(markdown[2], /^Skin 0 \(unnamed\) \(24 joints\), model space, 30 fps: 23 frames \(last key at 0\.708333 s\), 552 keyframes, 8836 bytes\.$/);
  assert.ok(markdown.includes('| rotation (smallest-three) | ' + markdown.find((l) => l.startsWith('| rotation'))!.split(' | ').slice(1).join(' | ')));
  const boneRows = markdown.filter((l) => /^\| \d+ \| "/.test(l));
  assert.equal(boneRows.length, 24);
  const maxima = boneRows.map((row) => Number(row.split(' | ')[2].replace(' cm', '')));
  assert.deepEqual(maxima, [...maxima].sort((a, b) => b - a));
  assert.ok(markdown.some((l) => l.startsWith('- identity rotations (not storable: the identity word decodes to a 0.137 degree rotation): 23, first at bone 0 "_rootJoint", frame 0')));
  const lines = reportSummaryLines(summary);
  assert.match(lines[0], /^- Export \(model space, 30 fps\): 23 frames x 24 bones; error max 3\.\d+ cm, p99 \d\.\d+ cm, \d+(\.\d)?% under 0\.01 cm$/);
  assert.match(lines[1], /^- Worst bone \d+ "b_\w+" at frame \d+: \d\.\d+ cm \(mostly translation \d\.\d+ cm\)$/);
  assert.equal(lines[2], '- Flags: 23 identity rotations (stored as 0.137 degrees)');
});
