/**
 * Small clips (held in one block of the WebAssembly pass, whose steps it computes exactly: the
 * lint runs them there, its record test included) give the same diagnostics as through the
 * TypeScript loop: random words, smooth motion, a real clip's size (40 x 60) and the edges: 1 to
 * 3 bones (no kernel: the loop in any pieces), 1 and 2 frames, NaN halves, repeated records, pops
 * and teleports at frame 1 and at the last frame.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { u32View } from '../../../formats/bytes';
import { CLIP_HEADER_SIZE, lintClipRecords, memoryByteSource, parseClipHeader, recordOffset, type BoneTransform } from '../../../formats';
import { lintableRecordCount, reportRecord, scanSuspectRecords } from '../../../formats/clipLint';
import type { FormatDiagnostic } from '../../../formats/diagnostics';
import { motionDiagnostic } from '../../../formats/motion/motionDiagnostics';
import { DEFAULT_MOTION_OPTIONS, type MotionOptions } from '../../../formats/motion/motionOptions';
import { MOTION_KERNEL_PIECES_MIN_RECORDS, MotionScanner, motionKernelFor } from '../../../formats/motion/motionScanner';
import { ProblemCollector } from '../../../formats/problemCollector';
import { MOTION_KERNEL_BLOCK, MOTION_KERNEL_MIN_BONES, createMotionKernel } from '../../../formats/wasm/motionKernel';
import { clipOf, smoothTransform } from './plantedClips';
import { random, randomWordsClip } from './randomClips';

const LOWERED: MotionOptions = { ...DEFAULT_MOTION_OPTIONS, popMinDegrees: 20, jumpRatio: 2 };

/**
 * The lint as `lintClipRecords` runs it, with the motion rules in the WebAssembly pass (its
 * record test too) or in the TypeScript loop (`kernel` false), in pieces of `pieceBytes`.
 */
async function lintThrough(kernel: boolean, clip: Uint8Array, options: MotionOptions, pieceBytes: number): Promise<FormatDiagnostic[]> {
  const header = parseClipHeader(clip)!;
  const runner = kernel ? createMotionKernel(header.boneCount) : null;
  assert.ok(!kernel || runner, `a kernel for ${header.boneCount} bones`);
  const problems = new ProblemCollector(100);
  const suspect = (record: number, rot: number, w1: number, w2: number, w3: number): void => reportRecord(problems, header, record, rot, w1, w2, w3);
  const motion = new MotionScanner(header, options, runner ?? null, suspect);
  const source = memoryByteSource(clip);
  await scanSuspectRecords(source, header, pieceBytes, suspect, undefined, (words, records) => {
    motion.feed(words, records);
    return motion.lintsRecords;
  });
  motion.flush();
  const count = lintableRecordCount(header, source.size);
  const diagnostics = problems.finish('anim/more-problems', { start: CLIP_HEADER_SIZE, end: recordOffset(count) }, 'keyframe');
  const found = diagnostics.length === 0 ? motion.finish().map(motionDiagnostic) : diagnostics;
  motion.release();
  return found;
}

/** The loop's findings of `clip` fed in pieces of `pieces()` records. */
function loopFindings(clip: Uint8Array, options: MotionOptions, pieces: () => number): FormatDiagnostic[] {
  const header = parseClipHeader(clip)!;
  const scanner = new MotionScanner(header, options, null);
  const records = header.boneCount * header.frameCount;
  const words = u32View(clip.subarray(CLIP_HEADER_SIZE));
  for (let done = 0; done < records; ) {
    const n = Math.min(records - done, pieces());
    scanner.feed(words.subarray(done * 4), n);
    done += n;
  }
  return scanner.finish().map(motionDiagnostic);
}

/**
 * Asserts the lint of `clip` (through the kernel, as the check runs a small clip) equals the lint
 * through the loop, and through the kernel in three piece sizes (or, below the kernel's fewest
 * bones, the loop fed in random pieces); returns the diagnostics.
 */
async function assertSameLint(clip: Uint8Array, label: string, options: MotionOptions = DEFAULT_MOTION_OPTIONS): Promise<FormatDiagnostic[]> {
  const header = parseClipHeader(clip)!;
  assert.ok(header.boneCount * header.frameCount < MOTION_KERNEL_BLOCK, `${label}: a clip held in one block`);
  const expected = await lintThrough(false, clip, options, 4 * 1024 * 1024);
  const linted = await lintClipRecords(memoryByteSource(clip), header, { maxKeyframeProblems: 100, motion: options });
  assert.deepEqual(linted, expected, `${label}: the lint`);
  if (header.boneCount < MOTION_KERNEL_MIN_BONES) {
    assert.equal(motionKernelFor(header), null, `${label}: the loop below ${MOTION_KERNEL_MIN_BONES} bones`);
    assert.equal(createMotionKernel(header.boneCount), undefined, `${label}: no kernel below ${MOTION_KERNEL_MIN_BONES} bones`);
    const next = random(header.boneCount * 1000 + header.frameCount);
    const problems = await lintClipRecords(memoryByteSource(clip), header, { maxKeyframeProblems: 100, motion: false });
    if (problems.length === 0) assert.deepEqual(loopFindings(clip, options, () => 1 + Math.floor(next() * 5)), expected, `${label}: the loop in pieces`);
    return expected;
  }
  for (const pieceBytes of [16, 16 * 7, 4 * 1024 * 1024]) {
    assert.deepEqual(await lintThrough(true, clip, options, pieceBytes), expected, `${label}: pieces of ${pieceBytes} bytes`);
  }
  return expected;
}

/** Random unit rotations and positions within 2 units, scale 1: legal records, every step large (the check bench's kind of clip). */
function randomLegalClip(seed: number, bones: number, frames: number): Uint8Array {
  const next = random(seed);
  return clipOf({ bones, frames }, () => {
    const u1 = next(), u2 = next() * 2 * Math.PI, u3 = next() * 2 * Math.PI;
    const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
    return {
      rotation: [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)],
      position: [next() * 4 - 2, next() * 4 - 2, next() * 4 - 2],
      scale: [1, 1, 1],
    };
  });
}

/** Smooth motion with bone `bone` turned 120 degrees (and moved 30 units) from frame `at` on. */
function stepAt(bones: number, frames: number, bone: number, at: number): Uint8Array {
  return clipOf({ bones, frames }, (b, frame): BoneTransform => {
    const pose = smoothTransform(b, frame);
    if (b !== bone || frame < at) return pose;
    const [x, y, z, w] = pose.rotation;
    // 120 degrees about z: (0, 0, sin 60, cos 60) times the pose.
    const s = Math.sin(Math.PI / 3), c = Math.cos(Math.PI / 3);
    return { ...pose, rotation: [c * x - s * y, c * y + s * x, c * z + s * w, c * w - s * z], position: [pose.position[0] + 30, pose.position[1], pose.position[2]] };
  });
}

/** `clip` with the half at byte `offset` of record `record` set to a NaN (0x7e00). */
function withNaN(clip: Uint8Array, record: number, offset: number): Uint8Array {
  const copy = clip.slice();
  const at = CLIP_HEADER_SIZE + record * 16 + offset;
  copy[at] = 0x00;
  copy[at + 1] = 0x7e;
  return copy;
}

test('random clips of every small shape: the kernel path and the loop lint alike', async () => {
  let findings = 0, problems = 0;
  for (let seed = 1; seed <= 24; seed++) {
    const next = random(seed);
    const bones = 1 + Math.floor(next() * 12), frames = 1 + Math.floor(next() * 70);
    for (const diagnostics of [
      await assertSameLint(randomWordsClip(seed, bones, frames), `random words ${bones}x${frames}`),
      await assertSameLint(randomLegalClip(seed, bones, frames), `random records ${bones}x${frames}`),
      await assertSameLint(randomLegalClip(seed, bones, frames), `random records ${bones}x${frames}, 20° ratio 2`, LOWERED),
      await assertSameLint(clipOf({ bones, frames }), `smooth ${bones}x${frames}`),
      await assertSameLint(stepAt(bones, frames, seed % bones, seed % frames), `smooth ${bones}x${frames}, a step at frame ${seed % frames}`),
    ]) {
      for (const d of diagnostics) d.code.startsWith('anim/pop') || d.code.startsWith('anim/position') || d.code.startsWith('anim/repeated') ? findings++ : problems++;
    }
  }
  assert.ok(findings > 20 && problems > 20, `${findings} motion findings, ${problems} record problems compared`);
});

test("a real clip's size (40 bones x 60 frames): random records, smooth motion and planted pops lint alike through the kernel", async () => {
  await assertSameLint(randomLegalClip(40, 40, 60), 'random records 40x60');
  await assertSameLint(randomLegalClip(41, 40, 60), 'random records 40x60, 20° ratio 2', LOWERED);
  assert.deepEqual(await assertSameLint(clipOf({ bones: 40, frames: 60 }), 'smooth 40x60'), []);
  const popped = await assertSameLint(stepAt(40, 60, 17, 30), 'a pop and a teleport at frame 30');
  assert.deepEqual(popped.map((d) => d.code).sort(), ['anim/pop', 'anim/position-jump']);
});

test('edge cases: 1-3 bones, 1 and 2 frames, NaN halves, repeated records, pops at frame 1 and at the last frame', async () => {
  for (const bones of [1, 2, 3, 4, 5]) {
    for (const frames of [1, 2, 3]) {
      await assertSameLint(clipOf({ bones, frames }), `smooth ${bones}x${frames}`);
      await assertSameLint(randomLegalClip(bones * 10 + frames, bones, frames), `random records ${bones}x${frames}`, LOWERED);
    }
    // A pop (and a teleport) at frame 1 and at the last frame.
    const first = await assertSameLint(stepAt(bones, 40, bones - 1, 1), `${bones} bones, a step at frame 1`);
    assert.ok(first.some((d) => d.code === 'anim/pop'), `${bones} bones: the pop at frame 1 is found`);
    const last = await assertSameLint(stepAt(bones, 40, 0, 39), `${bones} bones, a step at the last frame`);
    assert.ok(last.some((d) => d.code === 'anim/pop'), `${bones} bones: the pop at the last frame is found`);
    // NaN halves: a position (the lint's anim/non-finite, no motion finding) and a scale.
    const nan = await assertSameLint(withNaN(stepAt(bones, 40, 0, 20), 5 * bones, 4), `${bones} bones, a NaN position`);
    assert.ok(nan.some((d) => d.code === 'anim/non-finite'), `${bones} bones: the NaN is reported`);
    await assertSameLint(withNaN(clipOf({ bones, frames: 40 }), 40 * bones - 1, 14), `${bones} bones, a NaN scale in the last record`);
    // Repeated records: every frame twice (the source rate: repeated frames), and one record held.
    const twice = clipOf({ bones, frames: 40 }, (b, frame) => smoothTransform(b, frame >> 1));
    assert.ok((await assertSameLint(twice, `${bones} bones, every frame twice`)).some((d) => d.code === 'anim/repeated-frames'));
    await assertSameLint(clipOf({ bones, frames: 40 }, (b, frame) => smoothTransform(b, b === 0 ? 0 : frame)), `${bones} bones, bone 0 held`);
  }
});

test('clips longer than one block and shorter than the piece buffers\' threshold lint through the pass as through the loop', async () => {
  const cases: [Uint8Array, string, MotionOptions?][] = [
    [randomLegalClip(51, 40, 120), 'random records 40x120'],
    [randomLegalClip(52, 40, 120), 'random records 40x120, 20° ratio 2', LOWERED],
    [randomLegalClip(53, 4, 1100), 'random records 4x1100', LOWERED],
    [randomWordsClip(54, 40, 150), 'random words 40x150'],
    [stepAt(61, 300, 60, 299), 'smooth 61x300, a step at the last frame'],
    [withNaN(stepAt(40, 200, 7, 103), 150 * 40 + 3, 4), 'smooth 40x200, a step at frame 103, a NaN position at frame 150'],
    [stepAt(255, 257, 254, 1), 'smooth 255x257 (65,535 records), a step at frame 1'],
  ];
  const codes = new Set<string>();
  for (const [clip, label, options = DEFAULT_MOTION_OPTIONS] of cases) {
    const header = parseClipHeader(clip)!;
    const records = header.boneCount * header.frameCount;
    assert.ok(records >= MOTION_KERNEL_BLOCK && records < MOTION_KERNEL_PIECES_MIN_RECORDS, `${label}: between one block and the threshold`);
    assert.ok(motionKernelFor(header, 4 * 1024 * 1024), `${label}: the check's lint takes the pass`);
    const expected = await lintThrough(false, clip, options, 4 * 1024 * 1024);
    assert.deepEqual(await lintClipRecords(memoryByteSource(clip), header, { maxKeyframeProblems: 100, motion: options }), expected, `${label}: the lint`);
    assert.deepEqual(await lintThrough(true, clip, options, 16 * 7), expected, `${label}: the pass in pieces of 7 records`);
    for (const d of expected) codes.add(d.code);
  }
  // Findings of each motion rule and record problems were compared.
  for (const code of ['anim/pop', 'anim/position-jump', 'anim/non-finite', 'anim/non-unit-rotation']) assert.ok(codes.has(code), `${code} among ${[...codes].join(', ')}`);
});
