/**
 * One bone's step between two records, exactly as the motion rules' TypeScript loop computes it
 * (`motionScanner.ts`): the |dot| of the two rotations in double precision of their f32
 * components (1 when the rotation word is unchanged) and the squared distance of the two
 * positions (0 when the position's halves are unchanged, or when either position or the new
 * one's distance from the origin is not finite: that is the lint's anim/non-finite). The
 * WebAssembly path judges the steps its gate flags, and the steps around a candidate, with these.
 */
import { f16LookupTable } from '../f16';
import { decodeRotation } from '../rotation';

const previousRotation = new Float32Array(4);
const rotation = new Float32Array(4);

export function stepTurn(previousWord: number, word: number): number {
  if (previousWord === word) return 1;
  const [px, py, pz, pw] = decodeRotation(previousWord, previousRotation);
  const [x, y, z, w] = decodeRotation(word, rotation);
  return Math.abs(x * px + y * py + z * pz + w * pw);
}

/** `w1`, `w2`: the record's second and third words (position x y, then z in the low half). */
export function stepMove(previousW1: number, previousW2: number, w1: number, w2: number): number {
  if (previousW1 === w1 && (previousW2 & 0xffff) === (w2 & 0xffff)) return 0;
  const half = f16LookupTable();
  const px = half[w1 & 0xffff], py = half[w1 >>> 16], pz = half[w2 & 0xffff];
  const dx = px - half[previousW1 & 0xffff], dy = py - half[previousW1 >>> 16], dz = pz - half[previousW2 & 0xffff];
  const move = dx * dx + dy * dy + dz * dz;
  const reach = px * px + py * py + pz * pz;
  return move < Infinity && reach < Infinity ? move : 0;
}
