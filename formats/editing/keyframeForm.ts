/**
 * What the hex editor's edit form turns into bytes: a keyframe typed as decoded values
 * (quaternion components or Euler angles, position, scale) or raw hex. Every refusal names the
 * field and why; on success the caller also gets what will actually be stored after
 * quantisation, so the user sees it before applying.
 */
import { decodeKeyframe, encodeKeyframe, KEYFRAME_SIZE } from '../clip';
import { f32ToF16, isNonFiniteF16 } from '../f16';
import type { BoneTransform, Quaternion, Vec3 } from '../records';
import { quaternionFromEulerDegrees } from '../rotationMath';

export interface KeyframeFormInput {
  /** `quaternion`: x, y, z, w; `euler`: degrees about x, y, z (order XYZ, as the inspector shows). */
  rotationMode: 'quaternion' | 'euler';
  rotation: string[];
  position: string[];
  scale: string[];
}

export type EncodeResult = { bytes: Uint8Array; stored: BoneTransform; error?: undefined } | { bytes?: undefined; stored?: undefined; error: string };

const AXES = ['x', 'y', 'z', 'w'];

function parseNumber(text: string, what: string): number | string {
  const t = text.trim();
  const value = t === '' ? NaN : Number(t);
  return Number.isFinite(value) ? value : `${what}: "${text}" is not a number.`;
}

/** Parses f16 fields: refuses non-numbers and values that would be stored as infinity. */
function parseHalfs(texts: string[], what: string): Vec3 | string {
  const values: number[] = [];
  for (let i = 0; i < 3; i++) {
    const value = parseNumber(texts[i] ?? '', `${what} ${AXES[i]}`);
    if (typeof value === 'string') return value;
    if (isNonFiniteF16(f32ToF16(value))) {
      return `${what} ${AXES[i]}: ${value} is out of the f16 range (largest magnitude 65504).`;
    }
    values.push(value);
  }
  return values as Vec3;
}

function parseRotation(input: KeyframeFormInput): Quaternion | string {
  const count = input.rotationMode === 'quaternion' ? 4 : 3;
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    const what = input.rotationMode === 'quaternion' ? `rotation ${AXES[i]}` : `rotation angle about ${AXES[i]}`;
    const value = parseNumber(input.rotation[i] ?? '', what);
    if (typeof value === 'string') return value;
    values.push(value);
  }
  if (input.rotationMode === 'euler') return quaternionFromEulerDegrees(values[0], values[1], values[2]);
  const length = Math.hypot(...values);
  if (length < 1e-6) return 'rotation: a zero quaternion is no rotation; type a unit quaternion such as 0 0 0 1.';
  // The format stores unit quaternions only; a typed non-unit one is normalised, not refused.
  return values.map((v) => v / length) as Quaternion;
}

export function encodeKeyframeForm(input: KeyframeFormInput): EncodeResult {
  const rotation = parseRotation(input);
  if (typeof rotation === 'string') return { error: rotation };
  const position = parseHalfs(input.position, 'position');
  if (typeof position === 'string') return { error: position };
  const scale = parseHalfs(input.scale, 'scale');
  if (typeof scale === 'string') return { error: scale };
  const bytes = new Uint8Array(KEYFRAME_SIZE);
  encodeKeyframe({ rotation, position, scale }, bytes, 0);
  return { bytes, stored: decodeKeyframe(bytes, 0) };
}

/** Raw hex for exactly `length` bytes: pairs of hex digits, spaces optional (`03 08 20 80`). */
export function parseHexInput(text: string, length: number): { bytes: Uint8Array; error?: undefined } | { bytes?: undefined; error: string } {
  const digits = text.replace(/\s+/g, '');
  if (!/^[0-9a-fA-F]*$/.test(digits)) return { error: 'Raw bytes: use hex digits 0-9 and A-F only, e.g. "03 08 20 80".' };
  if (digits.length !== length * 2) {
    return { error: `Raw bytes: ${digits.length / 2} bytes typed, this row needs exactly ${length}.` };
  }
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return { bytes };
}
