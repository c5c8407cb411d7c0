/**
 * Bench inputs: realistic clip records (unit rotations, positions within a few metres, scales
 * near 1) written by the core's own encoder, and clip files of any size built by tiling them.
 */
import { open } from 'node:fs/promises';
import { CLIP_HEADER_SIZE, clipByteLength, encodeKeyframe, recordsByteLength, type Quaternion } from '../formats/index';
import { seededRandom } from '../test/gpu/clipFixtures';

/** Distinct keyframes encoded once; longer inputs repeat them (1 MiB). */
const UNIQUE_RECORDS = 65536;

function randomUnitQuaternion(next: () => number): Quaternion {
  const unit = (): number => next() / 2 ** 32;
  // Shoemake's uniform random rotation.
  const u1 = unit(), u2 = unit() * 2 * Math.PI, u3 = unit() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
}

let unique: Uint8Array | undefined;

function uniqueRecords(): Uint8Array {
  if (!unique) {
    const next = seededRandom(0xc1a9);
    const signed = (range: number): number => (next() / 2 ** 32 - 0.5) * 2 * range;
    unique = new Uint8Array(recordsByteLength(UNIQUE_RECORDS));
    for (let r = 0; r < UNIQUE_RECORDS; r++) {
      const s = 1 + signed(0.25);
      encodeKeyframe(
        { rotation: randomUnitQuaternion(next), position: [signed(2), signed(2), signed(2)], scale: [s, s, s] },
        unique,
        recordsByteLength(r),
      );
    }
  }
  return unique;
}

/** `count` consecutive records (16 bytes each), no header. */
export function keyframeRecords(count: number): Uint8Array {
  const source = uniqueRecords();
  const out = new Uint8Array(recordsByteLength(count));
  for (let at = 0; at < out.length; at += source.length) out.set(source.subarray(0, Math.min(source.length, out.length - at)), at);
  return out;
}

/** Writes a legal clip of `bones` x `frames` to `path`, a piece at a time. Returns its size. */
export async function writeClipFile(path: string, bones: number, frames: number): Promise<number> {
  const size = clipByteLength(bones, frames);
  const records = uniqueRecords();
  const file = await open(path, 'w');
  try {
    await file.write(new Uint8Array([bones, 0, frames & 0xff, frames >>> 8]), 0, CLIP_HEADER_SIZE, 0);
    for (let at = CLIP_HEADER_SIZE; at < size; at += records.length) {
      await file.write(records, 0, Math.min(records.length, size - at), at);
    }
  } finally {
    await file.close();
  }
  return size;
}
