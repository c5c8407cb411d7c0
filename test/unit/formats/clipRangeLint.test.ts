/**
 * A clip linted in frame ranges and merged (formats/clipRangeLint.ts) reports exactly what one
 * pass over the whole clip reports: the same diagnostics, byte for byte, in the same order, with
 * the same caps and summaries, whatever the number of ranges. The ranges' results cross a
 * structured clone, as they do between threads.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLIP_HEADER_SIZE, KEYFRAME_SIZE, type BoneTransform } from '../../../formats';
import { checkClipStructure } from '../../../formats/clipCheck';
import { lintClipRecords, type ClipLintOptions } from '../../../formats/clipLint';
import { MIN_RANGE_FRAMES, lintClipRange, lintClipRecordsInRanges, planClipRanges, type ClipRangeLinter } from '../../../formats/clipRangeLint';
import { memoryByteSource } from '../../../formats/fileAccess';
import { MAX_MOTION_CANDIDATES } from '../../../formats/motion/motionScanner';
import type { ClipHeader } from '../../../formats/records';
import { clipOf, smoothTransform } from '../motion/plantedClips';
import { labelledClips } from '../motion/labelledClips';
import { sparseProblemClip, specialRecords } from './clipKernelInputs';

/** Ranges linted on this thread, their results cloned as a worker's answer is. */
function inThread(bytes: Uint8Array, parts: number): ClipRangeLinter {
  return {
    partsFor: () => parts,
    lint: async (request) => structuredClone(await lintClipRange(memoryByteSource(bytes), request.header, request.range, request.options)),
  };
}

function headerOf(bytes: Uint8Array): ClipHeader {
  const structure = checkClipStructure(bytes.subarray(0, 16), bytes.length);
  assert.ok(structure.header && structure.recordsReadable, 'a readable clip');
  return structure.header;
}

/** Asserts the split lint equals the whole one for each number of ranges; returns the whole lint's codes. */
async function assertSameAsOneThread(bytes: Uint8Array, options: ClipLintOptions, parts: readonly number[] = [2, 3, 7]): Promise<string[]> {
  const header = headerOf(bytes);
  const whole = await lintClipRecords(memoryByteSource(bytes), header, options);
  for (const n of parts) {
    const split = await lintClipRecordsInRanges(memoryByteSource(bytes), header, { ...options, rangeLinter: inThread(bytes, n) });
    assert.equal(JSON.stringify(split), JSON.stringify(whole), `${n} ranges`);
  }
  return whole.map((d) => d.code);
}

/** The clip's bytes with `extra` records of a frame cut short after its whole frames. */
function cutShort(bytes: Uint8Array, extra: number): Uint8Array {
  const bones = bytes[0];
  const out = new Uint8Array(bytes.length + extra * KEYFRAME_SIZE);
  out.set(bytes);
  out.set(bytes.subarray(CLIP_HEADER_SIZE, CLIP_HEADER_SIZE + extra * KEYFRAME_SIZE), bytes.length);
  const frames = (bytes.length - CLIP_HEADER_SIZE) / KEYFRAME_SIZE / bones + 1;
  out[2] = frames & 0xff;
  out[3] = frames >>> 8;
  return out;
}

test('ranges: about equal frame ranges, and none where a clip has fewer than two ranges of MIN_RANGE_FRAMES', () => {
  assert.deepEqual(planClipRanges({ boneCount: 4, frameCount: 100 }, 400, 3), [
    { from: 0, to: 33, last: false },
    { from: 33, to: 66, last: false },
    { from: 66, to: 100, last: true },
  ]);
  assert.deepEqual(planClipRanges({ boneCount: 4, frameCount: 2 * MIN_RANGE_FRAMES - 1 }, 4 * (2 * MIN_RANGE_FRAMES - 1), 8), []);
  assert.equal(planClipRanges({ boneCount: 4, frameCount: 2 * MIN_RANGE_FRAMES }, 8 * MIN_RANGE_FRAMES, 8).length, 2);
  // A frame cut short belongs to the last range.
  assert.deepEqual(planClipRanges({ boneCount: 4, frameCount: 65 }, 4 * 64 + 3, 2).at(-1), { from: 32, to: 65, last: true });
});

test('random records (non-unit rotations, NaNs, zero scales everywhere): the same first problems, the same summary with its per-code counts', async () => {
  const bones = 8, frames = 300;
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + bones * frames * KEYFRAME_SIZE);
  bytes.set([bones, 0, frames & 0xff, frames >>> 8]);
  bytes.set(specialRecords(bones * frames, 24), CLIP_HEADER_SIZE);
  for (const maxKeyframeProblems of [1, 100]) {
    const codes = await assertSameAsOneThread(bytes, { maxKeyframeProblems, chunkBytes: 4096 });
    assert.equal(codes.at(-1), 'anim/more-problems', `cap ${maxKeyframeProblems}`);
  }
  const all = await assertSameAsOneThread(bytes, { maxKeyframeProblems: 100_000 }, [3]);
  assert.ok(all.length > 1000 && !all.includes('anim/more-problems'), `${all.length} problems, all listed`);
  await assertSameAsOneThread(cutShort(bytes, 5), { maxKeyframeProblems: 100 });
});

test('problems planted on both sides of each boundary, fewer than the cap and more: each reported once, in record order', async () => {
  const bones = 6, frames = 210;
  // Records of the frames around 70 and 140 (the boundaries of 3 ranges), first and last bones.
  const forced = [69, 70, 139, 140].flatMap((f) => [f * bones, f * bones + bones - 1]);
  const bytes = sparseProblemClip(bones, frames, 7, forced);
  const codes = await assertSameAsOneThread(bytes, { maxKeyframeProblems: 1000, chunkBytes: 1600 }, [2, 3, 6]);
  assert.ok(codes.length >= 6 && !codes.includes('anim/more-problems'), `${codes.length} problems, none left out`);
  const capped = await assertSameAsOneThread(bytes, { maxKeyframeProblems: 3 }, [3]);
  assert.equal(capped.at(-1), 'anim/more-problems');
});

/** `q` turned a further `degrees` about x. */
function turnedX(q: readonly number[], degrees: number): [number, number, number, number] {
  const h = (degrees * Math.PI) / 360;
  const [x, y, z, w] = q;
  const c = Math.cos(h), s = Math.sin(h);
  return [x * c + w * s, y * c + z * s, z * c - y * s, w * c - x * s];
}

test('pops and jumps planted at, just before and just after the range boundaries (3 ranges of 100 frames): the same findings, caps and notes', async () => {
  const pops = new Set([8, 92, 99, 100, 101, 108, 109, 191, 192, 200, 207, 208, 290].map((f) => `${f % 16} ${f}`));
  const jumps = new Set([93, 100, 107, 199, 201, 215].map((f) => `${(f + 3) % 16} ${f}`));
  const transform = (bone: number, frame: number): BoneTransform => {
    const t = smoothTransform(bone, frame);
    const rotation = pops.has(`${bone} ${frame}`) ? turnedX(t.rotation, 150) : t.rotation;
    const position: [number, number, number] = jumps.has(`${bone} ${frame}`) ? [t.position[0] + 8, t.position[1], t.position[2]] : [...t.position];
    return { ...t, rotation, position };
  };
  const bytes = clipOf({ bones: 16, frames: 300 }, transform);
  const codes = await assertSameAsOneThread(bytes, { maxKeyframeProblems: 100 }, [2, 3, 4, 9]);
  assert.ok(codes.filter((c) => c === 'anim/pop').length >= 10, codes.join(' '));
  assert.ok(codes.includes('anim/position-jump'), codes.join(' '));
  // A cap of 3 per code: the last listed pop names how many more there are.
  const capped = await assertSameAsOneThread(bytes, { maxKeyframeProblems: 100, motion: { maxFindingsPerCode: 3 } }, [3]);
  assert.equal(capped.filter((c) => c === 'anim/pop').length, 3);
  await assertSameAsOneThread(cutShort(bytes, 9), { maxKeyframeProblems: 100 }, [3]);
});

test('NaNs near a boundary: the record problems are reported and the motion findings left out, as on one thread', async () => {
  const bytes = clipOf({ bones: 16, frames: 300 }, (bone, frame) => {
    const t = smoothTransform(bone, frame);
    return bone === 2 && (frame === 99 || frame === 100) ? { ...t, position: [Number.NaN, t.position[1], t.position[2]] } : t;
  });
  const codes = await assertSameAsOneThread(bytes, { maxKeyframeProblems: 100 }, [3]);
  assert.deepEqual(codes, ['anim/non-finite', 'anim/non-finite']);
});

test('still, frozen and repeated frames across ranges: the clip-wide rules see every frame once', async () => {
  const still = clipOf({ bones: 8, frames: 200 }, (bone) => smoothTransform(bone, 0));
  assert.deepEqual(await assertSameAsOneThread(still, { maxKeyframeProblems: 100 }), ['anim/static-clip']);
  const repeated = clipOf({ bones: 8, frames: 200 }, (bone, frame) => smoothTransform(bone, Math.floor(frame / 3)));
  assert.deepEqual(await assertSameAsOneThread(repeated, { maxKeyframeProblems: 100 }), ['anim/repeated-frames']);
  const frozen = clipOf({ bones: 16, frames: 200 }, (bone, frame) => smoothTransform(bone, bone === 3 ? 0 : frame));
  assert.deepEqual(await assertSameAsOneThread(frozen, { maxKeyframeProblems: 100 }), ['anim/frozen-bones']);
});

test('pops past the candidate cap (each bone pops every 20 frames, 12,000 candidates, the WebAssembly pass): the first candidates of the clip are judged', async () => {
  const bones = 40;
  const bytes = clipOf({ bones, frames: 6000 }, (bone, frame) => {
    const t = smoothTransform(bone, frame);
    return (frame + bone * 7) % 20 === 10 ? { ...t, rotation: turnedX(t.rotation, 150) } : t;
  });
  const whole = await lintClipRecords(memoryByteSource(bytes), headerOf(bytes), { maxKeyframeProblems: 100 });
  const lastPop = whole.filter((d) => d.code === 'anim/pop').at(-1);
  // 12,000 pops without the cap; nearly every candidate judged is a pop.
  const total = Number(lastPop?.data?.total);
  assert.ok(total > MAX_MOTION_CANDIDATES - 100 && total <= MAX_MOTION_CANDIDATES, `${total} pops`);
  await assertSameAsOneThread(bytes, { maxKeyframeProblems: 100 }, [2, 5]);
});

test('real clips (every skinned glTF fixture exported at 120 fps, long enough to split): the same diagnostics', async () => {
  const clips = (await labelledClips([120])).filter(({ clip }) => planClipRanges(headerOf(clip), (clip.length - CLIP_HEADER_SIZE) / KEYFRAME_SIZE, 2).length === 2);
  assert.ok(clips.length >= 3, `${clips.length} clips long enough`);
  for (const { clip } of clips) await assertSameAsOneThread(clip, { maxKeyframeProblems: 100 }, [2, 3]);
});
