/** Inputs shared by the WebAssembly kernel tests and their --jitless probe. */
import { isNonUnitRotation } from '../../../formats/index';
import { seededRandom } from '../../gpu/clipFixtures';

/** f16 patterns the random records draw from half the time: NaN, infinities, zeros, subnormals, extremes. */
const SPECIAL_HALVES = [0x7c00, 0xfc00, 0x7c01, 0x7e00, 0xfe00, 0x7fff, 0xffff, 0x0000, 0x8000, 0x0001, 0x03ff, 0x8001, 0x0400, 0x7bff, 0xfbff, 0x3c00];

/** Records of any rotation word and six halves, each half made by `half` from one random draw. */
export function randomRecords(count: number, seed: number, half: (draw: number) => number): Uint8Array {
  const next = seededRandom(seed);
  const bytes = new Uint8Array(count * 16);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < count; i++) {
    view.setUint32(i * 16, next(), true);
    for (let h = 0; h < 6; h++) view.setUint16(i * 16 + 4 + h * 2, half(next()), true);
  }
  return bytes;
}

/** Random records: any rotation word (about 3.5% decode to non-unit quaternions), halves half special, half any bits. */
export function specialRecords(count: number, seed: number): Uint8Array {
  return randomRecords(count, seed, (r) => (r & 1 ? SPECIAL_HALVES[(r >>> 1) % SPECIAL_HALVES.length] : r >>> 16));
}

/** Problems injected into otherwise good records, with what the lint must say (controls: none). */
const INJECTED: { at: 'rotation' | number; value: number }[] = [
  { at: 'rotation', value: 0x00000000 }, // fields 0,0,0 square-sum 1.5: non-unit
  { at: 0, value: 0x7c00 }, // position.x +inf
  { at: 1, value: 0x7e00 }, // position.y NaN
  { at: 2, value: 0xfc00 }, // position.z -inf
  { at: 3, value: 0x0000 }, // scale.x 0
  { at: 4, value: 0x8000 }, // scale.y -0
  { at: 5, value: 0xffff }, // scale.z NaN
  { at: 5, value: 0x0000 }, // scale.z 0
  { at: 2, value: 0x7c00 }, // position.z +inf
  { at: 0, value: 0x0000 }, // control: a zero position is fine
  { at: 3, value: 0x0001 }, // control: a subnormal scale is not zero
];

/**
 * A clip (header included) of good records (unit rotation words, normal non-zero halves) with
 * problems injected at `forced` record indices and at random ones (about 1 in 300).
 */
export function sparseProblemClip(bones: number, frames: number, seed: number, forced: readonly number[]): Uint8Array {
  const next = seededRandom(seed);
  const count = bones * frames;
  const bytes = new Uint8Array(4 + count * 16);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, bones);
  view.setUint16(2, frames, true);
  const forcedSet = new Set(forced);
  for (let r = 0; r < count; r++) {
    const o = 4 + r * 16;
    let word = next();
    while (isNonUnitRotation(word)) word = next();
    view.setUint32(o, word, true);
    for (let h = 0; h < 6; h++) view.setUint16(o + 4 + h * 2, (next() & 0x83ff) | ((1 + (next() % 30)) << 10), true);
    if (forcedSet.has(r) || next() % 300 === 0) {
      const problem = INJECTED[next() % INJECTED.length];
      if (problem.at === 'rotation') view.setUint32(o, problem.value, true);
      else view.setUint16(o + 4 + problem.at * 2, problem.value, true);
    }
  }
  return bytes;
}

/** Every problem of a clip's records by the rules, independently of clipLint: "record code field". */
export function expectedLintProblems(bytes: Uint8Array, count: number): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const fields = ['position.x', 'position.y', 'position.z', 'scale.x', 'scale.y', 'scale.z'];
  const problems: string[] = [];
  for (let r = 0; r < count; r++) {
    const o = 4 + r * 16;
    if (isNonUnitRotation(view.getUint32(o, true))) problems.push(`${r} anim/non-unit-rotation rotation`);
    for (let h = 0; h < 6; h++) {
      const bits = view.getUint16(o + 4 + h * 2, true);
      if ((bits & 0x7c00) === 0x7c00) problems.push(`${r} anim/non-finite ${fields[h]}`);
      else if (h >= 3 && (bits & 0x7fff) === 0) problems.push(`${r} anim/zero-scale ${fields[h]}`);
    }
  }
  return problems;
}
