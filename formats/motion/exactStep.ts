/**
 * One bone's step between two records, exactly as the motion rules' TypeScript loop computes it
 * (`motionScanner.ts`): the |dot| of the two rotations in double precision of their f32
 * components (1 when the rotation word is unchanged) and the squared distance of the two
 * positions (0 when the position's halves are unchanged, or when either position or the new
 * one's distance from the origin is not finite: that is the lint's anim/non-finite). The
 * WebAssembly path judges the steps its gate flags, and the steps around a candidate, with these.
 */
import { f16LookupTable } from '../f16';
import { rotationFieldTable, rotationOneMinusSquareTable, rotationSquareTable } from '../rotation';

const field = rotationFieldTable();
const square = rotationSquareTable();
const oneMinus = rotationOneMinusSquareTable();
/** f16 bits -> value, made on the first position step judged. */
let half: Float32Array | undefined;
/** Two decoded rotations (x y z w each): the record's, then the one before. */
const decoded = new Float32Array(8);
/** A step in double precision, as stepTurn and stepMove hand it back. */
const exact = new Float64Array(1);

/** Decodes `word` into `decoded[at..at + 4)` as the loop does (tables, the dropped component placed by index). */
function decodeInto(word: number, at: number): void {
  const a = word >>> 22, b = (word >>> 12) & 0x3ff, c = (word >>> 2) & 0x3ff, idx = word & 3;
  const radicand = Math.fround(Math.fround(oneMinus[a] - square[b]) - square[c]);
  decoded[at + idx] = Math.sqrt(radicand > 0 ? radicand : 0);
  decoded[at + ((idx - 1) >>> 31)] = field[a];
  decoded[at + 1 + ((idx - 2) >>> 31)] = field[b];
  decoded[at + 2 + ((idx - 3) >>> 31)] = field[c];
}

export function stepTurn(previousWord: number, word: number): number {
  if (previousWord === word) return 1;
  turnInto(previousWord, word, exact, 0);
  return exact[0];
}

/**
 * The turns along one bone's records, each rotation decoded once (a window's steps share their
 * records): `words[wordAt[0]]` is the rotation word before the first step, `words[wordAt[i]]`
 * the one ending step i (1 to `steps`), whose turn, as stepTurn gives it, goes to
 * `out[at + i - 1]` (f32).
 */
export function stepTurnsAlong(words: Uint32Array, wordAt: Int32Array, steps: number, out: Float32Array, at: number): void {
  const q = decoded;
  let previous = words[wordAt[0]];
  // The slot (0 or 4) of `decoded` holding the previous rotation.
  let slot = 4;
  decodeInto(previous, slot);
  for (let i = 1; i <= steps; i++) {
    const word = words[wordAt[i]];
    if (word === previous) {
      out[at + i - 1] = 1;
      continue;
    }
    const current = 4 - slot;
    decodeInto(word, current);
    out[at + i - 1] = Math.abs(q[current] * q[slot] + q[current + 1] * q[slot + 1] + q[current + 2] * q[slot + 2] + q[current + 3] * q[slot + 3]);
    slot = current;
    previous = word;
  }
}

/** `w1`, `w2`: the record's second and third words (position x y, then z in the low half). */
export function stepMove(previousW1: number, previousW2: number, w1: number, w2: number): number {
  if (previousW1 === w1 && (previousW2 & 0xffff) === (w2 & 0xffff)) return 0;
  moveInto(previousW1, previousW2, w1, w2, exact, 0);
  return exact[0];
}

/** `stepMove` written to `out[at]` (f32) instead of handed back: no boxed number where the call is not inlined. */
export function stepMoveInto(previousW1: number, previousW2: number, w1: number, w2: number, out: Float32Array, at: number): void {
  if (previousW1 === w1 && (previousW2 & 0xffff) === (w2 & 0xffff)) out[at] = 0;
  else moveInto(previousW1, previousW2, w1, w2, out, at);
}

/** Writes the |dot| of two different rotation words to `out[at]` (results go through arrays, never as a returned number: see stepMoveInto). */
function turnInto(previousWord: number, word: number, out: Float32Array | Float64Array, at: number): void {
  decodeInto(word, 0);
  decodeInto(previousWord, 4);
  const q = decoded;
  out[at] = Math.abs(q[0] * q[4] + q[1] * q[5] + q[2] * q[6] + q[3] * q[7]);
}

/** Writes the squared move between two different positions to `out[at]`, 0 when either is not finite. */
function moveInto(previousW1: number, previousW2: number, w1: number, w2: number, out: Float32Array | Float64Array, at: number): void {
  half ??= f16LookupTable();
  const px = half[w1 & 0xffff], py = half[w1 >>> 16], pz = half[w2 & 0xffff];
  const dx = px - half[previousW1 & 0xffff], dy = py - half[previousW1 >>> 16], dz = pz - half[previousW2 & 0xffff];
  const move = dx * dx + dy * dy + dz * dz;
  const reach = px * px + py * py + pz * pz;
  out[at] = move < Infinity && reach < Infinity ? move : 0;
}
