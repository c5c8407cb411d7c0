/**
 * Seeded random inputs for the motion tests: a small deterministic generator, so a failure names
 * its seed, and clips of random record words (noise: broken records everywhere, nearly every
 * step a candidate).
 */
import { CLIP_HEADER_SIZE } from '../../../formats';

/** mulberry32: numbers in [0, 1), every bit random. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A clip of `bones` x `frames` random record words. */
export function randomWordsClip(seed: number, bones: number, frames: number): Uint8Array {
  const next = random(seed);
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + bones * frames * 16);
  bytes.set([bones, 0, frames & 0xff, frames >>> 8]);
  for (let i = CLIP_HEADER_SIZE; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
  return bytes;
}
