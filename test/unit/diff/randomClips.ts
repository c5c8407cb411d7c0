/** Random clips for the diff tests: unit rotations or raw words, and random changes of them. */
import { clipByteLength, encodeKeyframe, keyframeOffset } from '../../../formats/clip';
import { seededRandom } from '../../gpu/clipFixtures';
import { axisAngle } from './clipBuilder';

/** A deterministic generator of numbers in [0, 1), so a failure names its seed. */
export function random(seed: number): () => number {
  const next = seededRandom(seed);
  return () => next() / 2 ** 32;
}

const HALF_ONE = 0x3c00;
/** Halves that are not plain numbers, or that differ only by the sign of zero. */
const ODD_HALVES = [0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe00, 0x0001, 0x8001, 0x03ff, 0x7bff, 0xfbff];

function randomHalf(next: () => number): number {
  const roll = next();
  if (roll < 0.15) return ODD_HALVES[Math.floor(next() * ODD_HALVES.length)];
  if (roll < 0.3) return HALF_ONE;
  return Math.floor(next() * 65536);
}

/** A clip of random records: unit rotations encoded, or raw random words when `words`. */
export function randomClip(bones: number, frames: number, next: () => number, words: boolean): Uint8Array {
  const bytes = new Uint8Array(clipByteLength(bones, frames));
  bytes.set([bones, 0, frames & 0xff, frames >> 8]);
  const view = new DataView(bytes.buffer);
  const header = { boneCount: bones };
  for (let frame = 0; frame < frames; frame++) {
    for (let bone = 0; bone < bones; bone++) {
      const at = keyframeOffset(header, frame, bone);
      if (words) {
        view.setUint32(at, Math.floor(next() * 2 ** 32), true);
        for (let h = 0; h < 6; h++) view.setUint16(at + 4 + h * 2, randomHalf(next), true);
      } else {
        const axis: [number, number, number] = [next() - 0.5, next() - 0.5, next() - 0.5];
        const length = Math.hypot(...axis) || 1;
        const s = 0.5 + next();
        encodeKeyframe(
          { rotation: axisAngle([axis[0] / length, axis[1] / length, axis[2] / length], next() * 360), position: [next() * 4 - 2, next() * 4 - 2, next() * 4 - 2], scale: [s, next() < 0.5 ? s : s * 1.5, s] },
          bytes,
          at,
        );
      }
    }
  }
  return bytes;
}

/**
 * `a` with changes: per record, kept, or one of its words, halves or bytes taken from `other`,
 * a rotation, position or scale half replaced, a zero half's sign flipped.
 */
export function mutated(a: Uint8Array, other: Uint8Array, next: () => number): Uint8Array {
  const b = a.slice();
  const view = new DataView(b.buffer);
  for (let at = 4; at + 16 <= b.length && at + 16 <= other.length; at += 16) {
    const roll = next();
    if (roll < 0.3) continue;
    if (roll < 0.45) b.set(other.subarray(at, at + 16), at);
    else if (roll < 0.6) b.set(other.subarray(at, at + 4), at);
    else if (roll < 0.75) {
      const h = 4 + 2 * Math.floor(next() * 6);
      view.setUint16(at + h, randomHalf(next), true);
    } else if (roll < 0.85) {
      for (let h = 4; h < 16; h += 2) if ((view.getUint16(at + h, true) & 0x7fff) === 0) view.setUint16(at + h, view.getUint16(at + h, true) ^ 0x8000, true);
    } else b[at + Math.floor(next() * 16)] ^= 1 << Math.floor(next() * 8);
  }
  return b;
}
