/**
 * The clip diff in frame ranges (formats/diff/clipDiffRanges.ts, merged by clipDiffMerge.ts):
 * whatever the number of ranges (1 to 9), the result is one thread's, every number to the bit
 * (deepStrictEqual compares numbers with Object.is), through the WebAssembly kernel and through
 * the TypeScript reference alike, on random clips, planted changes at range boundaries, clips of
 * other bone and frame counts (the common range), a truncated side and a real clip against its
 * re-export. A bone's sums are defined in chunks of DIFF_SUM_CHUNK_FRAMES frames; the clips here
 * span ten chunks, the last one short.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clipByteLength, keyframeOffset, recordsByteLength } from '../../../formats/clip';
import { type ClipDiff, type ClipDiffOptions, diffClips, isDiffFailure } from '../../../formats/diff';
import { type ClipRangeDiffer, diffClipRange, planClipDiffRanges } from '../../../formats/diff/clipDiffRanges';
import { DIFF_SUM_CHUNK_FRAMES } from '../../../formats/diff/clipDiffTotals';
import { memoryByteSource } from '../../../formats/fileAccess';
import { exportAnimationBytes, exportGlb, exportSkeleton, readGltfBytes } from '../../../formats/gltf';
import { fixture } from '../gltf/gltfTestKit';
import { axisAngle, basePose, multiply, planted, writeClip, type Pose } from './clipBuilder';
import { mutated, random, randomClip } from './randomClips';

/** Ten chunks of the sums, the last one short: up to 10 ranges. */
const FRAMES = 9 * DIFF_SUM_CHUNK_FRAMES + 300;
const CHUNK = DIFF_SUM_CHUNK_FRAMES;

async function diff(a: Uint8Array, b: Uint8Array, options: ClipDiffOptions = {}): Promise<ClipDiff> {
  const result = await diffClips(memoryByteSource(a), memoryByteSource(b), options);
  if (isDiffFailure(result)) throw new Error(result.failure.message);
  return result;
}

/** A differ of `parts` threads, one range each, comparing each range here (through `webAssembly`, default the host's), counting them. */
function inProcess(a: Uint8Array, b: Uint8Array, parts: number, webAssembly?: null): ClipRangeDiffer & { ranges: number[] } {
  const ranges: number[] = [];
  return {
    ranges,
    threadsFor: () => parts,
    rangesPerThread: 1,
    thread: async () => ({
      diff: (request) => {
        ranges.push(request.range.from);
        return diffClipRange(memoryByteSource(a), memoryByteSource(b), request, webAssembly);
      },
      release: () => {},
    }),
  };
}

/** One thread's result (kernel = reference), and the same from 2 to 9 ranges, kernel and reference. */
async function assertRangesAgree(a: Uint8Array, b: Uint8Array, what: string, options: ClipDiffOptions = {}): Promise<ClipDiff> {
  const one = await diff(a, b, options);
  assert.deepStrictEqual(await diff(a, b, { ...options, webAssembly: null }), one, `${what}: the reference on one thread`);
  for (let parts = 2; parts <= 9; parts++) {
    const differ = inProcess(a, b, parts);
    assert.deepStrictEqual(await diff(a, b, { ...options, rangeDiffer: differ }), one, `${what}: ${parts} ranges`);
    // The first range is compared here, the others by whichever thread is free: each once.
    assert.ok(differ.ranges.length < Math.min(parts, Math.ceil(one.compared.frameCount / CHUNK)), `${what}: ${parts} ranges, some here`);
    assert.equal(new Set(differ.ranges).size, differ.ranges.length, `${what}: no range compared twice`);
    assert.ok(differ.ranges.every((from) => from > 0), `${what}: the first range stays here`);
  }
  for (const parts of [3, 7]) {
    assert.deepStrictEqual(await diff(a, b, { ...options, rangeDiffer: inProcess(a, b, parts, null) }), one, `${what}: ${parts} ranges of the reference`);
  }
  return one;
}

/** `clip`'s frames repeated to `frames` frames (a real motion, made long). */
function tiled(clip: Uint8Array, frames: number): Uint8Array {
  const bones = clip[0];
  const own = clip[2] | (clip[3] << 8);
  const out = new Uint8Array(clipByteLength(bones, frames));
  out.set([bones, clip[1], frames & 0xff, frames >> 8]);
  const header = { boneCount: bones };
  for (let frame = 0; frame < frames; frame++) {
    const from = keyframeOffset(header, frame % own, 0);
    out.set(clip.subarray(from, from + recordsByteLength(bones)), keyframeOffset(header, frame, 0));
  }
  return out;
}

test('the plan: ranges of whole chunks of the sums, in order, covering every frame, none empty', () => {
  assert.deepEqual(planClipDiffRanges(FRAMES, 1), [{ from: 0, to: FRAMES }]);
  assert.deepEqual(planClipDiffRanges(FRAMES, 2), [{ from: 0, to: 5 * CHUNK }, { from: 5 * CHUNK, to: FRAMES }]);
  assert.deepEqual(planClipDiffRanges(FRAMES, 3).map((r) => r.from), [0, 3 * CHUNK, 6 * CHUNK]);
  assert.deepEqual(planClipDiffRanges(2 * CHUNK + 1, 8).map((r) => r.from), [0, CHUNK, 2 * CHUNK], 'no more ranges than chunks');
  assert.deepEqual(planClipDiffRanges(CHUNK, 8), [{ from: 0, to: CHUNK }]);
  assert.deepEqual(planClipDiffRanges(0, 4), [{ from: 0, to: 0 }]);
  for (let parts = 1; parts <= 12; parts++) {
    const ranges = planClipDiffRanges(FRAMES, parts);
    assert.equal(ranges.length, Math.min(parts, 10));
    ranges.forEach((range, k) => {
      assert.equal(range.from % CHUNK, 0);
      assert.ok(range.to > range.from);
      assert.equal(range.from, k === 0 ? 0 : ranges[k - 1].to);
    });
    assert.equal(ranges.at(-1)!.to, FRAMES);
  }
});

test('random clips of unit rotations, every kind of change: 1 to 9 ranges give one thread\'s result, bit for bit', async () => {
  for (const seed of [1, 2]) {
    const next = random(seed);
    const a = randomClip(5, FRAMES, next, false);
    const b = mutated(a, randomClip(5, FRAMES, next, false), next);
    const d = await assertRangesAgree(a, b, `seed ${seed}`);
    assert.ok(d.changedKeyframes > 5 * FRAMES * 0.5, `seed ${seed}: ${d.changedKeyframes} changed`);
  }
});

test('random words (NaN, infinite, zero halves), small windows across chunk ends, other bone and frame counts, a truncated side', async () => {
  const next = random(11);
  const a = randomClip(7, FRAMES, next, true);
  const b = mutated(a, randomClip(7, FRAMES, next, true), next);
  await assertRangesAgree(a, b, 'random words, windows of 37 records, 5 grid columns', { windowRecords: 37, gridColumns: 5 });
  await assertRangesAgree(a, b, 'random words, one grid column a frame', { gridColumns: 1_000_000 });
  const fewer = randomClip(5, FRAMES - 700, next, true);
  const d = await assertRangesAgree(a, fewer, '7 bones x 9,516 frames against 5 x 8,816');
  assert.deepEqual(d.compared, { boneCount: 5, frameCount: FRAMES - 700 });
  await assertRangesAgree(fewer, a, '5 bones against 7');
  const truncated = await assertRangesAgree(a, b.subarray(0, b.length - 16 * 7 * 3 - 5), 'B truncated');
  assert.equal(truncated.compared.frameCount, FRAMES - 4);
});

test('planted at the ranges\' boundaries: the largest difference is the first in frame order, whichever range holds it', async () => {
  const turn = (degrees: number): ((t: ReturnType<Pose>) => ReturnType<Pose>) => (t) => ({ ...t, rotation: multiply(axisAngle([0, 0, 1], degrees), t.rotation) });
  // Rotations that stay: the same turn gives the same angle in every frame.
  const still: Pose = (frame, bone) => ({ ...basePose(frame, bone), rotation: axisAngle([0, 1, 0], bone * 10) });
  const base = writeClip(6, FRAMES, still);
  // The same turn at the last frame of one chunk, the first of the next and later: frame 1023 is the worst.
  let pose: Pose = planted(still, CHUNK - 1, 2, turn(30));
  pose = planted(pose, CHUNK, 2, turn(30));
  pose = planted(pose, 5 * CHUNK, 2, turn(30));
  pose = planted(pose, 2 * CHUNK, 4, (t) => ({ ...t, position: [t.position[0], t.position[1] + 0.75, t.position[2]] }));
  pose = planted(pose, FRAMES - 1, 5, (t) => ({ ...t, scale: [1, 1.5, 1] }));
  const d = await assertRangesAgree(base, writeClip(6, FRAMES, pose), 'planted');
  assert.deepEqual(d.changedBones, [2, 4, 5]);
  assert.equal(d.bones[2].changedKeyframes, 3);
  assert.equal(d.bones[2].rotation.maxFrame, CHUNK - 1);
  assert.deepEqual([d.worst.rotation.index, d.worst.rotation.frame], [2, CHUNK - 1]);
  assert.deepEqual([d.worst.position.index, d.worst.position.frame], [4, 2 * CHUNK]);
  assert.deepEqual([d.worst.scale.index, d.worst.scale.frame, d.worst.scale.value], [5, FRAMES - 1, 1.5]);
  assert.deepEqual([d.frames.changedBones[CHUNK - 1], d.frames.changedBones[CHUNK], d.frames.rotationBone[5 * CHUNK]], [1, 1, 2]);
  assert.equal(d.frames.rotationMax[CHUNK], d.frames.rotationMax[CHUNK - 1], 'the same angle in both frames');
  assert.equal(d.frames.rotationMax[5 * CHUNK], d.frames.rotationMax[CHUNK - 1]);
});

test('a real clip (SimpleSkin, tiled to ten chunks) against its re-export through GLB: the same in 1 to 9 ranges', async () => {
  const doc = await fixture('simpleSkin');
  const clip = exportAnimationBytes(doc).bytes;
  const again = exportAnimationBytes(await readGltfBytes((await exportGlb(clip, exportSkeleton(doc).bytes)).bytes)).bytes;
  const d = await assertRangesAgree(tiled(clip, FRAMES), tiled(again, FRAMES), 'SimpleSkin re-exported');
  assert.ok(d.changedKeyframes > 0 && d.worst.rotation.value > 0);
});

test('a bone\'s mean is its chunks\' sums added in clip order, each chunk summed from 0 in frame order, over the frames', async () => {
  // One bone: each frame's largest difference is that bone's.
  const next = random(5);
  const a = randomClip(1, FRAMES, next, false);
  const b = mutated(a, randomClip(1, FRAMES, next, false), next);
  const d = await diff(a, b);
  const chunked = (values: readonly number[]): number => {
    let total = 0;
    for (let from = 0; from < values.length; from += CHUNK) {
      let chunk = 0;
      for (const value of values.slice(from, from + CHUNK)) chunk += value;
      total += chunk;
    }
    return total;
  };
  assert.equal(d.bones[0].rotation.mean, chunked(d.frames.rotationMax) / FRAMES);
  assert.equal(d.bones[0].position.mean, chunked(d.frames.positionMax) / FRAMES);
  assert.equal(d.bones[0].scale.mean, 1 + chunked(d.frames.scaleMax.map((ratio) => ratio - 1)) / FRAMES);
});
