/**
 * Human views of a quaternion (axis-angle, Euler angles) for hover, the inspector and the
 * editor, in double precision. These are for people, not for bit-exact decoding.
 */
import type { Quaternion, Vec3 } from './records';

const DEG = 180 / Math.PI;
const RAD = Math.PI / 180;

function normalised(q: ArrayLike<number>): Quaternion {
  const length = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!(length > 0) || !Number.isFinite(length)) return [0, 0, 0, 1];
  return [q[0] / length, q[1] / length, q[2] / length, q[3] / length];
}

/** Hamilton product a * b (apply b first, then a, when rotating vectors). */
export function multiplyQuaternions(a: ArrayLike<number>, b: ArrayLike<number>): Quaternion {
  const [ax, ay, az, aw] = [a[0], a[1], a[2], a[3]];
  const [bx, by, bz, bw] = [b[0], b[1], b[2], b[3]];
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/**
 * Rotation axis (unit) and angle in degrees, 0..180, of the normalised quaternion (q and -q are
 * the same rotation, so w is made non-negative). A zero rotation reports axis [1, 0, 0].
 */
export function axisAngle(q: ArrayLike<number>): { axis: Vec3; angleDeg: number } {
  let [x, y, z, w] = normalised(q);
  if (w < 0) [x, y, z, w] = [-x, -y, -z, -w];
  const sinHalf = Math.hypot(x, y, z);
  const angleDeg = 2 * Math.atan2(sinHalf, w) * DEG;
  if (sinHalf < 1e-12) return { axis: [1, 0, 0], angleDeg: 0 };
  return { axis: [x / sinHalf, y / sinHalf, z / sinHalf], angleDeg };
}

export interface EulerDegrees {
  x: number;
  y: number;
  z: number;
  order: 'XYZ';
}

/**
 * Euler angles in degrees, order 'XYZ' meaning R = Rx(x) * Ry(y) * Rz(z), i.e. intrinsic
 * rotations about X, then the new Y, then the new Z (equivalently extrinsic Z, then Y, then X),
 * with the notes' matrix convention (column vectors, right-handed). y is in [-90, 90]; at
 * gimbal lock (|y| = 90) z is reported as 0 and all the roll goes into x.
 */
export function eulerDegrees(q: ArrayLike<number>): EulerDegrees {
  const [x, y, z, w] = normalised(q);
  const r00 = 1 - 2 * (y * y + z * z);
  const r01 = 2 * (x * y - w * z);
  const r02 = 2 * (x * z + w * y);
  const r11 = 1 - 2 * (x * x + z * z);
  const r12 = 2 * (y * z - w * x);
  const r21 = 2 * (y * z + w * x);
  const r22 = 1 - 2 * (x * x + y * y);
  const sinY = Math.max(-1, Math.min(1, r02));
  const ey = Math.asin(sinY);
  if (Math.abs(sinY) > 1 - 1e-9) {
    return { x: Math.atan2(r21, r11) * DEG, y: ey * DEG, z: 0, order: 'XYZ' };
  }
  return { x: Math.atan2(-r12, r22) * DEG, y: ey * DEG, z: Math.atan2(-r01, r00) * DEG, order: 'XYZ' };
}

/** The inverse of `eulerDegrees`: q = qx * qy * qz (same 'XYZ' convention), unit length. */
export function quaternionFromEulerDegrees(xDeg: number, yDeg: number, zDeg: number): Quaternion {
  const hx = (xDeg * RAD) / 2;
  const hy = (yDeg * RAD) / 2;
  const hz = (zDeg * RAD) / 2;
  const qx: Quaternion = [Math.sin(hx), 0, 0, Math.cos(hx)];
  const qy: Quaternion = [0, Math.sin(hy), 0, Math.cos(hy)];
  const qz: Quaternion = [0, 0, Math.sin(hz), Math.cos(hz)];
  return multiplyQuaternions(multiplyQuaternions(qx, qy), qz);
}

/** Angle in radians between the rotations of two quaternions (sign-insensitive). */
export function rotationAngleBetween(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const na = normalised(a);
  const nb = normalised(b);
  const dot = Math.abs(na[0] * nb[0] + na[1] * nb[1] + na[2] * nb[2] + na[3] * nb[3]);
  return 2 * Math.acos(Math.min(1, dot));
}
