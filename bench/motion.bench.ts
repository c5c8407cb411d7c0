/**
 * Motion rows: what the motion rules (formats/motion/) add to the content lint of the largest
 * legal clip (255 bones x 65,535 frames, read from disk in the lint's pieces), against the same
 * lint without them, interleaved in the same run. Two inputs: the core rows' random records
 * (every step large: the candidate gate's worst case) and smooth looping motion (a real clip's
 * case: every record changes a little).
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIP_HEADER_SIZE, MAX_CLIP_SIZE, byteSourceOf, checkBytes, clipByteLength, encodeKeyframe, recordsByteLength, type ByteSource } from '../formats/index';
import { nodeFileAccess } from '../node/fileAccess';
import { writeClipFile } from './clipData';
import { formatNumber, timeInterleaved, type BenchContext } from './harness';

const BONES = 255;
const FRAMES = 65535;
/** Frames of the smooth loop; the file repeats it (the motion is periodic, so the seams are smooth too). */
const LOOP_FRAMES = 64;

/** Writes the largest clip of smooth looping motion (every bone turns and drifts a little each frame). */
async function writeSmoothClip(path: string): Promise<number> {
  const loop = new Uint8Array(recordsByteLength(LOOP_FRAMES * BONES));
  for (let frame = 0; frame < LOOP_FRAMES; frame++) {
    const phase = (2 * Math.PI * frame) / LOOP_FRAMES;
    for (let bone = 0; bone < BONES; bone++) {
      const half = 0.4 * Math.sin(phase + bone);
      const axis = [Math.sin(bone), Math.cos(bone), 0.5];
      const s = Math.sin(half) / Math.hypot(axis[0], axis[1], axis[2]);
      encodeKeyframe(
        { rotation: [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(half)], position: [bone * 0.01 + 0.1 * Math.cos(phase), 1 + 0.1 * Math.sin(phase), 0], scale: [1, 1, 1] },
        loop,
        recordsByteLength(frame * BONES + bone),
      );
    }
  }
  const size = clipByteLength(BONES, FRAMES);
  const file = await open(path, 'w');
  try {
    await file.write(new Uint8Array([BONES, 0, FRAMES & 0xff, FRAMES >>> 8]), 0, CLIP_HEADER_SIZE, 0);
    for (let at = CLIP_HEADER_SIZE; at < size; at += loop.length) await file.write(loop, 0, Math.min(loop.length, size - at), at);
  } finally {
    await file.close();
  }
  return size;
}

async function motionRow(bench: BenchContext, label: string, path: string, size: number): Promise<void> {
  if (size !== MAX_CLIP_SIZE) throw new Error(`generated ${size} bytes, expected ${MAX_CLIP_SIZE}`);
  const file: ByteSource = byteSourceOf(nodeFileAccess, path, size);
  let findings = 0;
  const [without, withMotion] = await timeInterleaved(
    [
      () => checkBytes('clip', file, path, { maxKeyframeProblems: 100, motion: false }),
      async () => {
        findings = (await checkBytes('clip', file, path, { maxKeyframeProblems: 100 })).diagnostics.length;
      },
    ],
    5,
  );
  const baseline = { name: 'content lint without the motion rules', value: size / without.bestCpuSeconds / 1e9, unit: 'GB/s' };
  bench.add({ ...baseline, name: `baseline: content lint of the largest clip without the motion rules (${label})` });
  bench.add({
    name: `content lint + motion rules, largest clip (${label})`,
    value: size / withMotion.bestCpuSeconds / 1e9,
    unit: 'GB/s',
    baseline,
    // At most 25% more time: at least 1 / 1.25 of the throughput.
    target: { on: 'ratio', op: '>=', threshold: 0.8 },
    note: `${findings} diagnostics; +${formatNumber((100 * (withMotion.bestCpuSeconds - without.bestCpuSeconds)) / without.bestCpuSeconds)}% time`,
  });
}

export default async function motionBench(bench: BenchContext): Promise<void> {
  const random = join(bench.tmpDir, 'largest-random.nczxanim');
  await motionRow(bench, 'random records', random, await writeClipFile(random, BONES, FRAMES));
  const smooth = join(bench.tmpDir, 'largest-smooth.nczxanim');
  await motionRow(bench, 'smooth motion', smooth, await writeSmoothClip(smooth));
}
