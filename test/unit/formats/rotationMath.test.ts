import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axisAngle, eulerDegrees, multiplyQuaternions, quaternionFromEulerDegrees, rotationAngleBetween } from '../../../formats/rotationMath';
import type { Quaternion, Vec3 } from '../../../formats/records';
import { seededRandom } from '../../gpu/clipFixtures';

const close = (a: number, b: number, eps = 1e-9): boolean => Math.abs(a - b) < eps;

/** Rotates v by unit q (q v q*). */
function rotate(q: Quaternion, v: Vec3): Vec3 {
  const r = multiplyQuaternions(multiplyQuaternions(q, [v[0], v[1], v[2], 0]), [-q[0], -q[1], -q[2], q[3]]);
  return [r[0], r[1], r[2]];
}

test('axisAngle of known rotations', () => {
  const s = Math.SQRT1_2;
  const cases: { q: Quaternion; axis: Vec3; angle: number }[] = [
    { q: [0, 0, 0, 1], axis: [1, 0, 0], angle: 0 },
    { q: [s, 0, 0, s], axis: [1, 0, 0], angle: 90 },
    { q: [0, 1, 0, 0], axis: [0, 1, 0], angle: 180 },
    { q: [0, 0, -s, -s], axis: [0, 0, 1], angle: 90 }, // -q is the same rotation
    { q: [0.5, 0.5, 0.5, 0.5], axis: [1 / Math.sqrt(3), 1 / Math.sqrt(3), 1 / Math.sqrt(3)], angle: 120 },
  ];
  for (const { q, axis, angle } of cases) {
    const result = axisAngle(q);
    assert.ok(close(result.angleDeg, angle), `${q}: ${result.angleDeg}`);
    result.axis.forEach((v, i) => assert.ok(close(v, axis[i]), `${q}: axis ${result.axis}`));
  }
});

test("Euler 'XYZ' means R = Rx * Ry * Rz: single-axis table and composition order", () => {
  const s = Math.SQRT1_2;
  const table: { angles: [number, number, number]; q: Quaternion }[] = [
    { angles: [90, 0, 0], q: [s, 0, 0, s] },
    { angles: [0, 90, 0], q: [0, s, 0, s] },
    { angles: [0, 0, 90], q: [0, 0, s, s] },
    { angles: [0, 0, 0], q: [0, 0, 0, 1] },
  ];
  for (const { angles, q } of table) {
    const got = quaternionFromEulerDegrees(...angles);
    got.forEach((v, i) => assert.ok(close(v, q[i]), `${angles}: ${got}`));
  }
  // R = Rx(90) Ry(90) applied to +X: Ry(90) maps +X to -Z, then Rx(90) maps -Z to +Y.
  const v = rotate(quaternionFromEulerDegrees(90, 90, 0), [1, 0, 0]);
  [0, 1, 0].forEach((e, i) => assert.ok(close(v[i], e), `${v}`));
});

test('eulerDegrees inverts quaternionFromEulerDegrees (away from gimbal lock), and gimbal lock is handled', () => {
  const next = seededRandom(5);
  const angle = (range: number): number => (next() / 2 ** 32 - 0.5) * 2 * range;
  for (let i = 0; i < 2000; i++) {
    const [x, y, z] = [angle(179), angle(89), angle(179)];
    const e = eulerDegrees(quaternionFromEulerDegrees(x, y, z));
    assert.equal(e.order, 'XYZ');
    assert.ok(close(e.x, x, 1e-6) && close(e.y, y, 1e-6) && close(e.z, z, 1e-6), `${[x, y, z]} -> ${[e.x, e.y, e.z]}`);
  }
  const locked = quaternionFromEulerDegrees(30, 90, 20);
  const e = eulerDegrees(locked);
  assert.ok(close(e.y, 90, 1e-4) && e.z === 0);
  assert.ok(rotationAngleBetween(quaternionFromEulerDegrees(e.x, e.y, e.z), locked) < 1e-6);
});
