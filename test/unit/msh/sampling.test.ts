/**
 * The runtime's sampling rules as tables: the frame index (f32 `t - 0.5`, ties to even), the
 * fallback paths, exact-time hits on k0 and k0 + 1, interpolation, the slerp's linear threshold,
 * the blend's validity rules and sign flip, and the row-major 4x4 matrix.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoryByteSource } from '../../../formats/fileAccess';
import {
  MSH_SAMPLING_CAVEAT,
  MSH_SLERP_LINEAR_THRESHOLD,
  type MshAnimation,
  type MshPose,
  type MshQuaternion,
  blendMshPoses,
  interpolateMshRotation,
  mshFrameIndex,
  mshPoseMatrix,
  openMshFile,
  poseMshModel,
  readMshAnimation,
  sampleMshNode,
  sampleMshNodeBlended,
} from '../../../formats/msh';
import { heroModel, patched } from './mshFixtures';

const fr = Math.fround;

async function heroAnimation(bytes = heroModel()): Promise<MshAnimation> {
  const source = memoryByteSource(bytes);
  const { layout } = await openMshFile(source);
  const animation = await readMshAnimation(source, layout.models[0]);
  assert.ok(animation);
  return animation;
}

function close(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance: number, message: string): void {
  assert.equal(actual.length, expected.length, message);
  for (let i = 0; i < expected.length; i++) assert.ok(Math.abs(actual[i] - expected[i]) <= tolerance, `${message}: [${i}] ${actual[i]} vs ${expected[i]}`);
}

test('frame index: t - 0.5 in f32, rounded to nearest with ties to even', () => {
  const TABLE: [number, number, string][] = [
    [0, 0, '-0.5 is a tie: to even 0 (never -0)'],
    [0.5, 0, 'exactly 0'],
    [1, 0, '0.5 is a tie: to even 0'],
    [1.5, 1, 'exactly 1'],
    [2, 2, '1.5 is a tie: to even 2'],
    [3, 2, '2.5 is a tie: to even 2'],
    [4, 4, '3.5 is a tie: to even 4'],
    [5, 4, '4.5 is a tie: to even 4'],
    [2.4, 2, '1.9 rounds up'],
    [2.6, 2, '2.1 rounds down'],
    [1 + 2 ** -25, 0, 't is rounded to f32 first (1), so 0.5 is a tie: 0 (in doubles it would be 1)'],
    [-0.6, -1, 'negative frames stay negative (out of range as unsigned)'],
    [-1, -2, '-1.5 is a tie: to even -2'],
    [NaN, -0x80000000, 'NaN converts to the integer indefinite'],
    [1e10, -0x80000000, 'overflow converts to the integer indefinite'],
  ];
  for (const [t, frame, why] of TABLE) assert.equal(mshFrameIndex(t), frame, `t = ${t}: ${why}`);
  assert.ok(Object.is(mshFrameIndex(0), 0), 'not -0');
});

test('key choice: fallback paths, exact hits on k0 and k0 + 1, interpolation', async () => {
  const a = await heroAnimation();
  // Arm (node 1): keys 1, 2, 3 at 0, 2, 4, map 1 1 2 2 3; hand (node 2): keys 4, 5, 6 at 0, 1, 3, map 4 5 5 6 6.
  const TABLE: { node: number; t: number; expect: string; why: string }[] = [
    { node: 0, t: 2, expect: 'fallback no-map key 0', why: 'a static node always uses its fallback key' },
    { node: 1, t: 5, expect: 'fallback map-at-fallback key 3', why: 'frame 4 maps to 3 = the fallback' },
    { node: 1, t: 4, expect: 'fallback map-at-fallback key 3', why: 'frame 4 (3.5 to even); the map reaches the fallback, no exact-time test' },
    { node: 1, t: 6, expect: 'fallback frame-out-of-range key 3', why: 'frame 6 >= frame count 5' },
    { node: 1, t: -1, expect: 'fallback frame-out-of-range key 3', why: 'frame -2 is huge as unsigned' },
    { node: 1, t: NaN, expect: 'fallback frame-out-of-range key 3', why: 'the integer indefinite is out of range' },
    { node: 1, t: 0, expect: 'exact key 1', why: 't equals k0.time' },
    { node: 1, t: 2, expect: 'exact key 2', why: 'frame 2 maps to key 2 at time 2' },
    { node: 2, t: 1, expect: 'exact key 5', why: 'frame 0 maps to key 4 (time 0); t equals k0 + 1 = key 5' },
    { node: 2, t: 3, expect: 'exact key 6', why: 'frame 2 maps to key 5 (time 1); t equals key 6 (time 3), found by the exact test, not the fallback path' },
    { node: 1, t: 1, expect: 'interpolated 1..2 a=0.5', why: 'frame 0 (0.5 to even), halfway between times 0 and 2' },
    { node: 1, t: 0.5, expect: 'interpolated 1..2 a=0.25', why: 'frame 0' },
    { node: 1, t: 3, expect: 'interpolated 2..3 a=0.5', why: 'frame 2 (2.5 to even)' },
    { node: 2, t: 2, expect: 'interpolated 5..6 a=0.5', why: 'frame 2 (1.5 to even) maps to key 5' },
    { node: 2, t: 1.25, expect: 'interpolated 5..6 a=0.125', why: 'frame 1 maps to key 5' },
  ];
  for (const row of TABLE) {
    const s = sampleMshNode(a, row.node, row.t);
    const got =
      s.kind === 'fallback' ? `fallback ${s.reason} key ${s.key}` : s.kind === 'exact' ? `exact key ${s.key}` : s.kind === 'interpolated' ? `interpolated ${s.key0}..${s.key1} a=${s.alpha}` : `out-of-bounds ${s.what}`;
    assert.equal(got, row.expect, `node ${row.node} at t = ${row.t}: ${row.why}`);
  }
});

test('interpolated poses: lerped position, slerped rotation (f32 steps)', async () => {
  const a = await heroAnimation();
  const s = sampleMshNode(a, 1, 1);
  assert.equal(s.kind, 'interpolated');
  if (s.kind !== 'interpolated') return;
  assert.deepEqual(s.pose.position, [0, 1.5, 0]);
  // Halfway from identity to 90 degrees about Z: 45 degrees (the keys are i16-quantised).
  close(s.pose.rotation, [Math.cos(Math.PI / 8), 0, 0, Math.sin(Math.PI / 8)], 2e-5, 'rotation');
  for (const c of s.pose.rotation) assert.equal(c, fr(c), 'every component is an f32');
  const quarter = sampleMshNode(a, 1, 0.5);
  assert.ok(quarter.kind === 'interpolated');
  if (quarter.kind === 'interpolated') close(quarter.pose.rotation, [Math.cos(Math.PI / 16), 0, 0, Math.sin(Math.PI / 16)], 2e-5, 'a quarter of 90 degrees is 22.5');
});

test('out-of-bounds indices are reported, never read', async () => {
  const hero = heroModel();
  const fallback7 = await heroAnimation(patched(hero, (v) => v.setUint16(16 + 38 + 6, 7, true)));
  assert.deepEqual(sampleMshNode(fallback7, 1, 6), { kind: 'out-of-bounds', frame: 6, what: 'fallback key 7 (Res8 has 7)' });
  const map9 = await heroAnimation(patched(hero, (v) => v.setUint16(16 + 2 * 38 + 4, 9, true)));
  assert.deepEqual(sampleMshNode(map9, 2, 2), { kind: 'out-of-bounds', frame: 2, what: 'map word 11 (Res19 has 10)' });
  const a = await heroAnimation();
  assert.equal(sampleMshNode(a, 3, 0).kind, 'out-of-bounds');
  // A frame count above 2^31: the integer indefinite (NaN's frame) is in range as unsigned and indexes far past the map.
  const huge = await heroAnimation(patched(hero, (v) => v.setUint32(552 + 8, 0xffffffff, true)));
  assert.deepEqual(sampleMshNode(huge, 1, NaN), { kind: 'out-of-bounds', frame: -0x80000000, what: 'map word 2147483648 (Res19 has 10)' });
  assert.equal(MSH_SAMPLING_CAVEAT, 'reference sampling, not bit-exact with the x87 runtime');
});

test('the slerp threshold: 1 - d <= 9.9999997e-6 interpolates linearly, just above it does not', () => {
  assert.equal(MSH_SLERP_LINEAR_THRESHOLD, fr(9.9999997e-6));
  const q0: MshQuaternion = [1, 0, 0, 0];
  const unitWith = (d: number): MshQuaternion => [d, fr(Math.sqrt(1 - d * d)), 0, 0];
  // The largest f32 d whose 1 - d (in f32) is above the threshold, and the next f32 up.
  let d = fr(1 - MSH_SLERP_LINEAR_THRESHOLD);
  while (fr(1 - d) <= MSH_SLERP_LINEAR_THRESHOLD) d = fr(d - 2 ** -24);
  const slerpD = d;
  const linearD = fr(d + 2 ** -24);
  assert.ok(fr(1 - linearD) <= MSH_SLERP_LINEAR_THRESHOLD && fr(1 - slerpD) > MSH_SLERP_LINEAR_THRESHOLD);
  const a = 0.25;
  const linearOf = (q1: MshQuaternion) => q0.map((c, i) => fr(fr(fr(1 - a) * c) + fr(a * q1[i])));
  const atThreshold = unitWith(linearD);
  assert.deepEqual(interpolateMshRotation(q0, atThreshold, a), linearOf(atThreshold), 'weights (1 - a, a)');
  const above = unitWith(slerpD);
  const slerped = interpolateMshRotation(q0, above, a);
  assert.notDeepEqual(slerped, linearOf(above), 'weights from acos and sin');
  // The slerp weight w1 = sin(a theta) / sin(theta) exceeds a for small theta: x grows faster.
  assert.ok(slerped[1] > linearOf(above)[1]);
});

test('rotation interpolation: a negative dot product flips the sign of w1, and the result is not normalised', () => {
  const q0: MshQuaternion = [fr(Math.cos(0.2)), 0, fr(Math.sin(0.2)), 0];
  const q1: MshQuaternion = [fr(Math.cos(0.7)), 0, fr(Math.sin(0.7)), 0];
  const negated = q1.map((c) => -c) as MshQuaternion;
  assert.deepEqual(interpolateMshRotation(q0, negated, 0.3), interpolateMshRotation(q0, q1, 0.3), 'q and -q give the same path');
  assert.deepEqual(interpolateMshRotation([2, 0, 0, 0], [2, 0, 0, 0], 0.5), [2, 0, 0, 0], 'a length-2 quaternion stays length 2');
  const halfway = interpolateMshRotation([1, 0, 0, 0], [0, 1, 0, 0], 0.5);
  close(halfway, [Math.SQRT1_2, Math.SQRT1_2, 0, 0], 1e-6, 'a 180-degree pair slerps on the great circle');
});

const pose = (position: [number, number, number], rotation: MshQuaternion): MshPose => ({ position, rotation });

test('blend validity: A when blend < 1 and tA >= 0, B when blend > 0 and tB >= 0', () => {
  const A = pose([0, 0, 0], [1, 0, 0, 0]);
  const B = pose([2, 0, 0], [0, 0, 0, 1]);
  const TABLE: [number, number, number, string][] = [
    [0, 1, 1, 'a'],
    [1, 1, 1, 'b'],
    [0.5, 1, 1, 'both'],
    [0.5, -1, 1, 'b'],
    [0.5, 1, -1, 'a'],
    [0.5, -1, -1, 'none'],
    [0.5, -0, 2, 'both'],
    [1.5, 1, 1, 'b'],
    [-0.5, 1, 1, 'a'],
    [NaN, 1, 1, 'none'],
    [0.5, NaN, 1, 'b'],
  ];
  for (const [blend, tA, tB, used] of TABLE) {
    assert.equal(blendMshPoses({ time: tA, pose: A }, { time: tB, pose: B }, blend).used, used, `blend ${blend}, tA ${tA}, tB ${tB}`);
  }
  const onlyB = blendMshPoses({ time: 1, pose: A }, { time: 1, pose: B }, 1);
  assert.ok(onlyB.used === 'b' && onlyB.pose === B, 'one pose alone is returned as is');
  const both = blendMshPoses({ time: 0, pose: A }, { time: 0, pose: B }, 0.25);
  assert.ok(both.used === 'both');
  if (both.used === 'both') assert.deepEqual(both.pose.position, [0.5, 0, 0], '(1 - blend) pA + blend pB');
});

test('blend sign flip: qB is negated when |qA + qB|^2 < |qA - qB|^2', () => {
  const qA: MshQuaternion = [1, 0, 0, 0];
  const near: MshQuaternion = [fr(Math.cos(0.1)), 0, 0, fr(Math.sin(0.1))];
  const nearNegated = near.map((c) => -c) as MshQuaternion;
  const same = blendMshPoses({ time: 0, pose: pose([0, 0, 0], qA) }, { time: 0, pose: pose([0, 0, 0], near) }, 0.5);
  const flipped = blendMshPoses({ time: 0, pose: pose([0, 0, 0], qA) }, { time: 0, pose: pose([0, 0, 0], nearNegated) }, 0.5);
  assert.ok(same.used === 'both' && !same.flipped);
  assert.ok(flipped.used === 'both' && flipped.flipped);
  if (same.used === 'both' && flipped.used === 'both') {
    assert.deepEqual(flipped.pose.rotation, same.pose.rotation, 'the flip takes the short way, as if qB had not been negated');
    assert.deepEqual(flipped.pose.rotation, interpolateMshRotation(qA, near, 0.5));
    assert.ok(flipped.pose.rotation[0] > 0.99);
  }
  const orthogonal = blendMshPoses({ time: 0, pose: pose([0, 0, 0], qA) }, { time: 0, pose: pose([0, 0, 0], [0, 1, 0, 0]) }, 0.5);
  assert.ok(orthogonal.used === 'both' && !orthogonal.flipped, 'equal lengths (a dot product of 0): no flip');
});

test('blending two sampled times of a node', async () => {
  const a = await heroAnimation();
  const blended = sampleMshNodeBlended(a, 1, 0, 4, 0.5);
  assert.ok(blended.used === 'both');
  if (blended.used === 'both') {
    assert.deepEqual(blended.pose.position, [0, 2.5, 0]);
    close(blended.pose.rotation, [Math.SQRT1_2, 0, 0, Math.SQRT1_2], 2e-5, 'halfway from 0 to 180 degrees about Z');
  }
  assert.equal(sampleMshNodeBlended(a, 1, -1, 4, 0.5).used, 'b');
});

test('the pose matrix: row-major 4x4, translation in cells 3, 7, 11', () => {
  const s = Math.SQRT1_2;
  const m = mshPoseMatrix(pose([1, 2, 3], [fr(s), 0, 0, fr(s)]));
  close(m, [0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1], 1e-6, '90 degrees about Z, then (1, 2, 3)');
  assert.deepEqual(Array.from(mshPoseMatrix(pose([0, 0, 0], [1, 0, 0, 0]))), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const stretched = mshPoseMatrix(pose([0, 0, 0], [2, 0, 0, 0]));
  assert.equal(stretched[0], 1, 'not normalised: 1 - 2(y^2 + z^2) whatever w is');
});

test('the whole model: parents compose before children', async () => {
  const a = await heroAnimation();
  const atZero = poseMshModel(a, 0);
  close([atZero.world[2 * 16 + 3], atZero.world[2 * 16 + 7], atZero.world[2 * 16 + 11]], [1, 1, 0], 1e-6, 'hand at (1, 0, 0) under the arm at (0, 1, 0)');
  const atTwo = poseMshModel(a, 2);
  // The arm turned 90 degrees about Z at (0, 2, 0); the hand halfway between (2, 0, 0) and (3, 0, 0).
  close([atTwo.world[2 * 16 + 3], atTwo.world[2 * 16 + 7], atTwo.world[2 * 16 + 11]], [0, 4.5, 0], 1e-3, 'hand in the world');
  assert.deepEqual(
    atTwo.samples.map((s) => s.kind),
    ['fallback', 'exact', 'interpolated'],
  );
  const blended = poseMshModel(a, 0, { time: 4, blend: 1 });
  close([blended.local[16 + 7]], [4], 0, 'blend 1 takes the second time');
});
