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
import { MIN_RANGE_FRAMES, lintClipRange, lintClipRecordsInRanges, mergeClipRanges, planClipRanges, type ClipRangeLinter, type ClipRangeResult } from '../../../formats/clipRangeLint';
import type { FormatDiagnostic } from '../../../formats/diagnostics';
import { memoryByteSource } from '../../../formats/fileAccess';
import { DEFAULT_MOTION_OPTIONS } from '../../../formats/motion/motionOptions';
import { MAX_MOTION_CANDIDATES, MotionScanner, motionKernelFor } from '../../../formats/motion/motionScanner';
import { STEP_SUM_CHUNK_FRAMES, stepTotal } from '../../../formats/motion/stepSums';
import type { ClipHeader } from '../../../formats/records';
import { clipOf, smoothTransform } from '../motion/plantedClips';
import { labelledClips } from '../motion/labelledClips';
import { sparseProblemClip, specialRecords } from './clipKernelInputs';

/** Ranges linted on this thread, their results cloned as a worker's answer is. */
function inThread(bytes: Uint8Array, parts: number): ClipRangeLinter {
  return {
    partsFor: () => parts,
    // The tally's shared memory crosses the clone shared, as it does to a worker.
    lint: async (request) => structuredClone(await lintClipRange(memoryByteSource(bytes), request.header, request.range, request.options, request.tally)),
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

test('ranges: about equal frame ranges starting on chunks of the step sums, and none where a clip has fewer than two ranges of MIN_RANGE_FRAMES', () => {
  assert.equal(STEP_SUM_CHUNK_FRAMES, 32);
  assert.deepEqual(planClipRanges({ boneCount: 4, frameCount: 100 }, 400, 3), [
    { from: 0, to: 32, last: false },
    { from: 32, to: 64, last: false },
    { from: 64, to: 100, last: true },
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
  // Records of the frames around 64 and 128 (the boundaries of 3 ranges), first and last bones.
  const forced = [63, 64, 127, 128].flatMap((f) => [f * bones, f * bones + bones - 1]);
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

test('pops and jumps planted at, just before and just after the range boundaries (3 ranges: boundaries at frames 96 and 192): the same findings, caps and notes', async () => {
  const pops = new Set([8, 92, 95, 96, 99, 100, 101, 108, 109, 191, 192, 200, 207, 208, 290].map((f) => `${f % 16} ${f}`));
  const jumps = new Set([93, 97, 100, 107, 193, 199, 201, 215].map((f) => `${(f + 3) % 16} ${f}`));
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

test('past the candidate cap, a range takes only what its earlier ranges leave of the cap (a shared tally): the same output whichever range finishes first, and in clip order exactly the cap is taken', async () => {
  const bones = 40;
  const bytes = clipOf({ bones, frames: 6000 }, (bone, frame) => {
    const t = smoothTransform(bone, frame);
    return (frame + bone * 7) % 20 === 10 ? { ...t, rotation: turnedX(t.rotation, 150) } : t;
  });
  const header = headerOf(bytes);
  const records = bones * 6000;
  const options: ClipLintOptions = { maxKeyframeProblems: 100 };
  const whole = JSON.stringify(await lintClipRecords(memoryByteSource(bytes), header, options));
  for (const parts of [2, 5]) {
    const ranges = planClipRanges(header, records, parts);
    const taken = new Int32Array(new SharedArrayBuffer(4 * parts));
    const lintInOrder = async (order: number[]): Promise<ClipRangeResult[]> => {
      taken.fill(0);
      const results: ClipRangeResult[] = [];
      for (const k of order) results[k] = await lintClipRange(memoryByteSource(bytes), header, ranges[k]!, options, { taken, index: k });
      return results;
    };
    const order = ranges.map((_, k) => k);
    const inClipOrder = await lintInOrder(order);
    assert.equal(JSON.stringify(mergeClipRanges(header, records, options, inClipOrder)), whole, `${parts} ranges in clip order`);
    const scanned = inClipOrder.map((result) => result.motion!.scan.candidates.length);
    assert.equal(scanned.reduce((a, b) => a + b, 0), MAX_MOTION_CANDIDATES, `${parts} ranges in clip order: ${scanned.join(' + ')}`);
    // 2 ranges: about 6,000 candidates, then the rest of the cap; 5 ranges: about 2,400 each until the cap, then none.
    if (parts === 5) assert.deepEqual(scanned.slice(4), [0], 'the last range takes none: the ranges before it reached the cap');
    assert.deepEqual([...taken], scanned, 'the tally holds what each range took');
    const reversed = await lintInOrder(order.reverse());
    assert.equal(JSON.stringify(mergeClipRanges(header, records, options, reversed)), whole, `${parts} ranges, last first`);
  }
});

test('real clips (every skinned glTF fixture exported at 120 fps, long enough to split): the same diagnostics', async () => {
  const clips = (await labelledClips([120])).filter(({ clip }) => planClipRanges(headerOf(clip), (clip.length - CLIP_HEADER_SIZE) / KEYFRAME_SIZE, 2).length === 2);
  assert.ok(clips.length >= 3, `${clips.length} clips long enough`);
  for (const { clip } of clips) await assertSameAsOneThread(clip, { maxKeyframeProblems: 100 }, [2, 3]);
});

/** `bones` x `frames` records at random finite positions (a seeded generator), unit rotations and unit scales. */
function randomPositionClip(bones: number, frames: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + bones * frames * KEYFRAME_SIZE);
  bytes.set([bones, 0, frames & 0xff, frames >>> 8]);
  const words = new Uint32Array(bytes.buffer, CLIP_HEADER_SIZE);
  let state = seed;
  const next = (): number => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
  // A half of either sign, exponent 1 to 29 (about 2^-14 to 2^14: steps whose sums round), any mantissa: finite, never zero.
  const half = (): number => (next() & 0x8000) | ((1 + (next() % 29)) << 10) | (next() & 0x3ff);
  const rotation = (511 << 22) | (511 << 12) | (511 << 2) | 3; // fields near 0, w near 1
  const unitScale = 0x3c00;
  for (let i = 0; i < words.length; i += 4) {
    words[i] = rotation;
    words[i + 1] = half() | (half() << 16);
    words[i + 2] = (half() | (unitScale << 16)) >>> 0;
    words[i + 3] = (unitScale | (unitScale << 16)) >>> 0;
  }
  return bytes;
}

/** The f64 one unit in the last place above or below `value` (> 0). */
function nextDouble(value: number, direction: 1 | -1): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  view.setBigUint64(0, view.getBigUint64(0) + BigInt(direction));
  return view.getFloat64(0);
}

test('the typical position step of a split lint equals one thread\'s bit for bit at 2 to 9 ranges (random positions, 13 bones: the WebAssembly pass and the TypeScript loop), and a jump exactly at its threshold is judged alike', async () => {
  const bones = 13, frames = 46_000;
  const bytes = randomPositionClip(bones, frames, 7);
  const header = headerOf(bytes);
  const records = bones * frames;
  const options: ClipLintOptions = { maxKeyframeProblems: 100 };
  // One thread, both ways: the kernel (the lint's path at this size) and the reference loop.
  const words = new Uint32Array(bytes.slice(CLIP_HEADER_SIZE).buffer);
  const oneThread = (kernel: boolean): number[] => {
    const scanner = new MotionScanner(header, DEFAULT_MOTION_OPTIONS, kernel ? motionKernelFor(header) : null);
    scanner.feed(words, records);
    return scanner.rangeScan().stepChunks;
  };
  const chunks = oneThread(true);
  const whole = stepTotal(chunks);
  assert.ok(motionKernelFor(header) !== null && whole > 0, 'the clip runs in the WebAssembly pass');
  assert.equal(chunks.length, Math.ceil(frames / STEP_SUM_CHUNK_FRAMES));
  // deepStrictEqual compares numbers with Object.is: bit for bit.
  assert.deepStrictEqual(oneThread(false), chunks, 'the TypeScript loop sums as the kernel does');
  // The jump of bone 0 at frame 40 whose distance is exactly the threshold the one-thread typical step sets.
  const steps = (frames - 1) * bones;
  const threshold = DEFAULT_MOTION_OPTIONS.jumpRatio * Math.sqrt(whole / steps);
  let squared = threshold * threshold;
  while (Math.sqrt(squared) < threshold) squared = nextDouble(squared, 1);
  while (Math.sqrt(nextDouble(squared, -1)) >= threshold) squared = nextDouble(squared, -1);
  const planted = (results: ClipRangeResult[], squaredStep: number): ClipRangeResult[] => {
    const copy = structuredClone(results);
    copy[0].motion!.scan.jumps.unshift({ bone: 0, frame: 40, squared: squaredStep, typicalSquared: 0 });
    return copy;
  };
  const jumpAt40 = (diagnostics: FormatDiagnostic[]): boolean => diagnostics.some((d) => d.code === 'anim/position-jump' && d.data?.bone === 0 && d.data?.to === 40);
  const single = [await lintClipRange(memoryByteSource(bytes), header, { from: 0, to: frames, last: true }, options)];
  const expected = mergeClipRanges(header, records, options, planted(single, squared));
  assert.ok(jumpAt40(expected), 'the jump at the threshold is found on one thread');
  assert.ok(!jumpAt40(mergeClipRanges(header, records, options, planted(single, nextDouble(squared, -1)))), 'a hair shorter, it is not');
  for (let parts = 2; parts <= 9; parts++) {
    const ranges = planClipRanges(header, records, parts);
    assert.equal(ranges.length, parts);
    const results = await Promise.all(ranges.map((range) => inThread(bytes, parts).lint({ size: bytes.length, header, range, options })));
    const splitChunks = results.flatMap((result) => result.motion!.scan.stepChunks);
    assert.deepStrictEqual(splitChunks, chunks, `${parts} ranges: each chunk's total`);
    assert.ok(Object.is(stepTotal(splitChunks), whole), `${parts} ranges`);
    assert.equal(JSON.stringify(mergeClipRanges(header, records, options, planted(results, squared))), JSON.stringify(expected), `${parts} ranges`);
  }
});
