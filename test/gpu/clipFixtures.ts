/** Clips, skeletons and meshes the GPU tests and the preview bench use: upstream files and seeded random clips. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIP_HEADER_SIZE, inverseBindOffset, KEYFRAME_SIZE, parseClipHeader, parseSkeletonHeader, readInverseBind } from '../../formats/index';

export const UPSTREAM = join(__dirname, '..', 'fixtures', 'upstream');

export function upstreamFile(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(join(UPSTREAM, relative)));
}

export interface ClipFile {
  name: string;
  bytes: Uint8Array;
  bones: number;
  frames: number;
}

export function clipFile(name: string, bytes: Uint8Array): ClipFile {
  const header = parseClipHeader(bytes)!;
  return { name, bytes, bones: header.boneCount, frames: header.frameCount };
}

/** The same clip started `shift` frames later: its records rotated by whole frames (a second clip of the same skeleton). */
export function shiftedClip(clip: Uint8Array, shift: number): Uint8Array {
  const bones = clip[0];
  const frames = clip[2] | (clip[3] << 8);
  const frameBytes = bones * KEYFRAME_SIZE;
  const out = clip.slice();
  for (let f = 0; f < frames; f++) {
    const from = CLIP_HEADER_SIZE + ((f + shift) % frames) * frameBytes;
    out.set(clip.subarray(from, from + frameBytes), CLIP_HEADER_SIZE + f * frameBytes);
  }
  return out;
}

export const UPSTREAM_CLIPS = ['animation-demo/assets/wave.ewzanim', 'multi-skinned-rom/assets/wave1.ewzanim', 'multi-skinned-rom/assets/wave2.ewzanim'];

/** Deterministic 32-bit generator (mulberry32), so a failure can be reproduced from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * A clip of random records: any rotation word (non-unit words included) and any finite f16
 * bit pattern for position and scale, subnormals and -0 included. Infinities and NaN are left
 * out: WGSL lets implementations assume finite values, so they are not comparable.
 */
export function randomClip(bones: number, frames: number, seed: number): Uint8Array {
  const next = seededRandom(seed);
  const bytes = new Uint8Array(4 + bones * frames * 16);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, bones);
  view.setUint16(2, frames, true);
  for (let r = 0; r < bones * frames; r++) {
    const o = 4 + r * 16;
    view.setUint32(o, next(), true);
    for (let i = 0; i < 6; i++) {
      let h = next() & 0xffff;
      if ((h & 0x7c00) === 0x7c00) h &= ~0x4000;
      view.setUint16(o + 4 + i * 2, h, true);
    }
  }
  return bytes;
}

/** The skeleton's inverse binds as 12 f32 each, column-major as stored. */
export function inverseBindsOf(skeleton: Uint8Array): { bones: number; matrices: Float32Array } {
  const bones = parseSkeletonHeader(skeleton)!.boneCount;
  const matrices = new Float32Array(bones * 12);
  for (let b = 0; b < bones; b++) matrices.set(readInverseBind(skeleton, inverseBindOffset(b)), b * 12);
  return { bones, matrices };
}
