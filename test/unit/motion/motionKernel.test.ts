/**
 * The WebAssembly pass of the motion rules against the TypeScript loop (the reference, kept as
 * the fallback where WebAssembly is unavailable): finding for finding (with the clip's typical
 * step and size in their data), on the planted clips, on random clips of smooth motion with
 * planted pops, teleports, frozen bones and repeated frames, and on random words, each fed in
 * random pieces (a piece may start or end inside a frame or a kernel block); and the content
 * lint's record test it runs for a large clip against the lint's own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { u32View } from '../../../formats/bytes';
import { CLIP_HEADER_SIZE, encodeKeyframe, keyframeOffset, lintClipRecords, memoryByteSource, parseClipHeader, type BoneTransform, type ByteSource } from '../../../formats';
import { motionDiagnostic } from '../../../formats/motion/motionDiagnostics';
import { smallTurnFieldSteps } from '../../../formats/motion/kernelPass';
import { stepTurn } from '../../../formats/motion/exactStep';
import { isNonUnitRotation } from '../../../formats/rotation';
import { expectedLintProblems, sparseProblemClip } from '../formats/clipKernelInputs';
import { DEFAULT_MOTION_OPTIONS, type MotionFinding, type MotionOptions } from '../../../formats/motion/motionOptions';
import { MOTION_KERNEL_PIECES_MIN_RECORDS, MotionScanner, motionKernelFor } from '../../../formats/motion/motionScanner';
import { MOTION_KERNEL_BLOCK, MOTION_KERNEL_MIN_BONES, createMotionKernel, type MotionKernel } from '../../../formats/wasm/motionKernel';
import { clipOf, frozenBoneClip, poppedClip, repeatedFramesClip, staticClip, teleportedClip } from './plantedClips';
import { random, randomWordsClip } from './randomClips';

/** Findings of `clip` with the step in the kernel (`kernel`) or in TypeScript, fed in pieces of `pieces()` records. */
function scan(clip: Uint8Array, options: MotionOptions, kernel: boolean, pieces: () => number, cut = 0): MotionFinding[] {
  const shape = { boneCount: clip[0], frameCount: clip[2] | (clip[3] << 8) };
  const runner = kernel ? createMotionKernel(shape.boneCount) : null;
  assert.ok(!kernel || runner, 'WebAssembly should load in Node');
  const scanner = new MotionScanner(shape, options, runner ?? null);
  const records = shape.boneCount * shape.frameCount - cut;
  const words = u32View(clip.subarray(CLIP_HEADER_SIZE, CLIP_HEADER_SIZE + records * 16));
  for (let done = 0; done < records; ) {
    const n = Math.min(records - done, pieces());
    scanner.feed(words.subarray(done * 4), n);
    done += n;
  }
  return scanner.finish();
}

/** `cut`: records missing at the end (a file cut inside a frame). */
function assertSameFindings(clip: Uint8Array, label: string, seed: number, options: MotionOptions = DEFAULT_MOTION_OPTIONS, cut = 0): MotionFinding[] {
  const next = random(seed);
  const maxPiece = 1 + Math.floor(next() * 3 * MOTION_KERNEL_BLOCK);
  const reference = scan(clip, options, false, () => 1 + Math.floor(next() * maxPiece), cut);
  const fast = scan(clip, options, true, () => 1 + Math.floor(next() * maxPiece), cut);
  assert.deepEqual(fast, reference, `${label} (seed ${seed})`);
  return reference;
}

/** A unit quaternion turned `degrees` about a random axis from `q`. */
function turned(q: number[], degrees: number, next: () => number): number[] {
  const axis = [next() - 0.5, next() - 0.5, next() - 0.5];
  const length = Math.hypot(...axis) || 1;
  const half = (degrees * Math.PI) / 360;
  const s = Math.sin(half) / length;
  const [ax, ay, az, aw] = [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(half)];
  const [x, y, z, w] = q;
  const r = [aw * x + ax * w + ay * z - az * y, aw * y - ax * z + ay * w + az * x, aw * z + ax * y - ay * x + az * w, aw * w - ax * x - ay * y - az * z];
  const n = Math.hypot(...r);
  return r.map((c) => c / n);
}

/** Smooth random motion with rare pops, teleports, frozen bones and runs of repeated frames; `minRecords` records at least. */
function randomMotionClip(seed: number, minRecords = 0): Uint8Array {
  const next = random(seed);
  // The kernel takes clips of MOTION_KERNEL_MIN_BONES bones or more.
  const bones = MOTION_KERNEL_MIN_BONES + Math.floor(next() * 57);
  const frames = Math.max(2 + Math.floor(next() * 900), Math.ceil(minRecords / bones));
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + bones * frames * 16);
  bytes.set([bones, 0, frames & 0xff, frames >>> 8]);
  const header = { boneCount: bones };
  const rotations = Array.from({ length: bones }, () => turned([0, 0, 0, 1], 360 * next(), next));
  const positions = Array.from({ length: bones }, () => [next() * 2 - 1, next() * 2 - 1, next() * 2 - 1]);
  const frozen = Array.from({ length: bones }, () => next() < 0.05);
  const hold = 1 + Math.floor(next() * 3);
  const step = next() * 6;
  for (let frame = 0; frame < frames; frame++) {
    const moves = frame % hold === 0;
    for (let bone = 0; bone < bones; bone++) {
      if (moves && frame > 0 && !frozen[bone]) {
        rotations[bone] = turned(rotations[bone], next() < 0.003 ? 60 + next() * 120 : step * next(), next);
        const jump = next() < 0.003 ? 20 : 0.02;
        positions[bone] = positions[bone].map((c) => c + (next() - 0.5) * jump);
      }
      const transform: BoneTransform = { rotation: rotations[bone] as BoneTransform['rotation'], position: positions[bone] as BoneTransform['position'], scale: [1, 1, 1] };
      encodeKeyframe(transform, bytes, keyframeOffset(header, frame, bone));
    }
  }
  return bytes;
}

test('the kernel and the TypeScript loop find the same in each planted clip', () => {
  const planted = { poppedClip, teleportedClip, staticClip, frozenBoneClip, repeatedFramesClip };
  for (const [name, clip] of Object.entries(planted)) {
    const findings = assertSameFindings(clip(), name, 1);
    assert.equal(findings.length, 1, name);
  }
  assert.deepEqual(assertSameFindings(clipOf({ bones: 40, frames: 2000 }), 'smooth, several kernel blocks', 2), []);
});

test('the kernel and the TypeScript loop find the same in random clips of smooth motion with planted problems', () => {
  const codes = new Set<string>();
  for (let seed = 1; seed <= 40; seed++) {
    const clip = randomMotionClip(seed);
    for (const finding of assertSameFindings(clip, 'random motion', seed)) codes.add(finding.code);
    // Lower thresholds: many more candidates judged.
    assertSameFindings(clip, 'random motion, 20° and ratio 2', seed, { ...DEFAULT_MOTION_OPTIONS, popMinDegrees: 20, jumpRatio: 2 });
    // Cut inside a frame (candidates in the cut frame are judged, its change is not counted).
    assertSameFindings(clip, 'random motion, cut', seed, { ...DEFAULT_MOTION_OPTIONS, popMinDegrees: 20, jumpRatio: 2 }, 1 + (seed % clip[0]));
  }
  // The comparison covered each kind of finding.
  assert.deepEqual([...codes].sort(), ['anim/frozen-bones', 'anim/pop', 'anim/position-jump', 'anim/repeated-frames']);
});

test('the kernel and the TypeScript loop find the same in random words (past the candidate cap)', () => {
  for (let seed = 1; seed <= 3; seed++) assertSameFindings(randomWordsClip(seed, 1 + seed * 50, 300), 'random words', seed);
  // 765,000 records: more candidates than MAX_MOTION_CANDIDATES, so both stop judging at the same one.
  assertSameFindings(randomWordsClip(4, 255, 3000), 'random words, largest bone count', 4);
  // The fewest bones the kernel takes: a group of four records then spans two frames.
  assertSameFindings(randomWordsClip(5, MOTION_KERNEL_MIN_BONES, 5000), 'random words, fewest bones', 5);
});

/** The candidates a scan of the whole of `clip` as one range takes (keys: (frame x bones + bone) x 2 + kind), with the kernel or the loop. */
function candidatesTaken(clip: Uint8Array, options: MotionOptions, kernel: boolean, pieces: () => number): number[] {
  const shape = { boneCount: clip[0], frameCount: clip[2] | (clip[3] << 8) };
  const made = kernel ? createMotionKernel(shape.boneCount) : null;
  assert.notEqual(made, undefined, `a kernel for ${shape.boneCount} bones`);
  const scanner = new MotionScanner(shape, options, made ?? null, undefined, { firstFrame: 0, keepFrom: 0, keepTo: shape.frameCount });
  const records = shape.boneCount * shape.frameCount;
  const words = u32View(clip.subarray(CLIP_HEADER_SIZE, CLIP_HEADER_SIZE + records * 16));
  for (let done = 0; done < records; ) {
    const n = Math.min(records - done, pieces());
    scanner.feed(words.subarray(done * 4), n);
    done += n;
  }
  return scanner.rangeScan().candidates;
}

test("the kernel's candidates among the gate's flagged records (MotionKernel.candidates) are those the loop takes, in the same order", () => {
  const clips: [string, Uint8Array, MotionOptions][] = [
    ['random words, 40 bones', randomWordsClip(11, 40, 400), DEFAULT_MOTION_OPTIONS],
    ['random words, fewest bones', randomWordsClip(12, MOTION_KERNEL_MIN_BONES, 3000), DEFAULT_MOTION_OPTIONS],
    ['random motion, 20° and ratio 2', randomMotionClip(13, 3 * MOTION_KERNEL_BLOCK), { ...DEFAULT_MOTION_OPTIONS, popMinDegrees: 20, jumpRatio: 2 }],
    ['random motion, no jump ratio', randomMotionClip(14, 3 * MOTION_KERNEL_BLOCK), { ...DEFAULT_MOTION_OPTIONS, jumpRatio: Infinity }],
  ];
  for (const [label, clip, options] of clips) {
    const next = random(label.length);
    const reference = candidatesTaken(clip, options, false, () => 1 + Math.floor(next() * 2 * MOTION_KERNEL_BLOCK));
    const fast = candidatesTaken(clip, options, true, () => 1 + Math.floor(next() * 2 * MOTION_KERNEL_BLOCK));
    assert.ok(reference.length > 10, `${label}: ${reference.length} candidates`);
    assert.deepEqual(fast, reference, label);
  }
});

test('the kernel and the TypeScript loop find the same when non-finite, extreme or zero halves appear late in a clean clip', () => {
  // The kernel takes its exact NaN path only from the first group holding such a half: halves
  // planted after several clean blocks (positions NaN, +-infinity and +-65504, a zero scale).
  const planted: [number, number][] = [
    [0x7e00, 0], // NaN position x
    [0x7c00, 1], // +infinity position y
    [0xfc00, 2], // -infinity position z
    [0x7bff, 0], // 65504: finite, the largest half
    [0xfbff, 2], // -65504
    [0x0000, 4], // a zero scale y
  ];
  for (const [seed, [bits, half]] of planted.entries()) {
    const clip = randomMotionClip(seed + 50, 5 * MOTION_KERNEL_BLOCK + 4000);
    const bones = clip[0];
    const records = (clip.length - CLIP_HEADER_SIZE) / 16;
    const view = new DataView(clip.buffer);
    // A bone's record in one late frame, then in the frame after it too (a step from and to it).
    const record = 5 * MOTION_KERNEL_BLOCK + 7 + seed;
    for (const at of [record, record + 2 * bones]) if (at < records) view.setUint16(CLIP_HEADER_SIZE + at * 16 + 4 + 2 * half, bits, true);
    assertSameFindings(clip, `half ${bits.toString(16)} at record ${record}`, seed + 50);
    assertSameFindings(clip, `half ${bits.toString(16)} at record ${record}, 20° and ratio 2`, seed + 50, { ...DEFAULT_MOTION_OPTIONS, popMinDegrees: 20, jumpRatio: 2 });
  }
});

test('a turn within smallTurnFieldSteps of each rotation field (the dropped index kept) is never a pop candidate', () => {
  const next = random(7);
  const field = (word: number, shift: number): number => (word >>> shift) & 0x3ff;
  const bounds: [number, number][] = [];
  for (const degrees of [1, 5, 20, 60, 120, 180]) {
    const cosHalfMin = Math.cos((degrees * Math.PI) / 360);
    const steps = smallTurnFieldSteps(cosHalfMin);
    bounds.push([degrees, steps]);
    if (steps < 0) continue;
    for (let i = 0; i < 20000; i++) {
      // Any word (non-unit ones too); each field moved by up to `steps`, the last pairs by exactly that.
      const word = Math.floor(next() * 2 ** 32) >>> 0;
      const moved = [22, 12, 2].map((shift) => {
        const change = i % 4 === 0 ? (next() < 0.5 ? -steps : steps) : Math.round((2 * next() - 1) * steps);
        return Math.min(1023, Math.max(0, field(word, shift) + change)) << shift;
      });
      const other = (moved[0] | moved[1] | moved[2] | (word & 3)) >>> 0;
      const turn = stepTurn(word, other);
      assert.ok(turn >= cosHalfMin, `${degrees}°: ${word.toString(16)} -> ${other.toString(16)} has |dot| ${turn}`);
    }
  }
  // 0.5° (half of 1°) is below the margin: every change is decoded.
  assert.deepEqual(bounds, [[1, -1], [5, 0], [20, 5], [60, 43], [120, 148], [180, 269]]);
});

test('the lint uses the kernel for every clip of 4 bones or more, with piece buffers from MOTION_KERNEL_PIECES_MIN_RECORDS records', () => {
  const pieceBytes = 1024 * 1024;
  const kernel = (boneCount: number, frameCount: number): MotionKernel => {
    const made = motionKernelFor({ boneCount, frameCount }, pieceBytes);
    assert.ok(made, `a kernel for ${boneCount} x ${frameCount}`);
    return made;
  };
  assert.equal(kernel(16, 60).pieceBuffer(0, 16), undefined, 'one block: no piece buffers');
  assert.equal(kernel(16, MOTION_KERNEL_BLOCK / 16).pieceBuffer(0, 16), undefined, 'two blocks: no piece buffers');
  assert.equal(kernel(255, Math.ceil(MOTION_KERNEL_PIECES_MIN_RECORDS / 255) - 1).pieceBuffer(0, 16), undefined, 'below the threshold: no piece buffers');
  assert.equal(kernel(255, Math.ceil(MOTION_KERNEL_PIECES_MIN_RECORDS / 255)).pieceBuffer(0, pieceBytes)?.length, pieceBytes, 'from the threshold: piece buffers');
  assert.equal(motionKernelFor({ boneCount: MOTION_KERNEL_MIN_BONES - 1, frameCount: 5000 }, pieceBytes), null, 'the loop below the fewest bones');
  assert.equal(createMotionKernel(4, null), undefined);
  assert.equal(createMotionKernel(MOTION_KERNEL_MIN_BONES - 1), undefined);
});

/**
 * `bytes` as a file whose `readInto` fills the target at once: a read-ahead overwrites its buffer
 * before the piece read into the other one is checked (the worst a real read can do).
 */
function readIntoSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.slice(offset, Math.min(bytes.length, offset + length)),
    readInto: (offset, target) => {
      const length = Math.max(0, Math.min(target.length, bytes.length - offset));
      target.set(bytes.subarray(offset, offset + length));
      target.fill(0xa5, length);
      return Promise.resolve(length);
    },
  };
}

test('the lint reading its pieces into the motion kernel memory finds what the TypeScript loop finds', async () => {
  // Pieces of whole blocks (scanned where they lie, both buffers in turn), the default (one
  // piece and a partial block), and pieces with a tail (a block then spans two pieces).
  const pieces = [16 * 2 * MOTION_KERNEL_BLOCK, 16 * 3 * MOTION_KERNEL_BLOCK, undefined, 16 * (MOTION_KERNEL_BLOCK + 7)];
  const lowered = { ...DEFAULT_MOTION_OPTIONS, popMinDegrees: 20, jumpRatio: 2 };
  let findings = 0;
  for (let seed = 1; seed <= 6; seed++) {
    const clip = randomMotionClip(seed, MOTION_KERNEL_PIECES_MIN_RECORDS + 4 * MOTION_KERNEL_BLOCK);
    const header = parseClipHeader(clip)!;
    assert.ok(motionKernelFor(header));
    for (const options of [DEFAULT_MOTION_OPTIONS, lowered]) {
      const reference = new MotionScanner(header, options, null);
      reference.feed(u32View(clip.subarray(CLIP_HEADER_SIZE)), header.boneCount * header.frameCount);
      const expected = reference.finish().map(motionDiagnostic);
      findings += expected.length;
      for (const chunkBytes of pieces) {
        const found = await lintClipRecords(readIntoSource(clip), header, { maxKeyframeProblems: 100, chunkBytes, motion: options });
        assert.deepEqual(found, expected, `seed ${seed}, ${options.popMinDegrees}°, pieces of ${chunkBytes ?? 'default'} bytes`);
      }
    }
  }
  assert.ok(findings > 12, `${findings} findings compared`);
});

test('a kernel given back serves the next clip as a fresh one would: lints in turn, one instance, each finds what the TypeScript loop finds', async () => {
  const pieceBytes = 16 * 2 * MOTION_KERNEL_BLOCK;
  // Random words first (non-finite halves: the exact path kept across scans, every bone moved,
  // the candidate cap reached), then clips of smooth motion, each linted after the one before
  // gave its kernel back (the same piece size every time, so one instance serves them all).
  const words = randomWordsClip(11, 61, Math.ceil(MOTION_KERNEL_PIECES_MIN_RECORDS / 61) + 40);
  const clips = [words, ...[7, 8, 9].map((seed) => randomMotionClip(seed, MOTION_KERNEL_PIECES_MIN_RECORDS)), words];
  for (const [index, clip] of clips.entries()) {
    const header = parseClipHeader(clip)!;
    const reference = new MotionScanner(header, DEFAULT_MOTION_OPTIONS, null);
    reference.feed(u32View(clip.subarray(CLIP_HEADER_SIZE)), header.boneCount * header.frameCount);
    const problems = await lintClipRecords(memoryByteSource(clip), header, { maxKeyframeProblems: 100, motion: false });
    const expected = problems.length > 0 ? problems : reference.finish().map(motionDiagnostic);
    const found = await lintClipRecords(readIntoSource(clip), header, { maxKeyframeProblems: 100, chunkBytes: pieceBytes, motion: {} });
    assert.deepEqual(found, expected, `clip ${index}`);
    // The instance the lint gave back, as the next kernel made alike gets it: cleared.
    const next = createMotionKernel(header.boneCount, undefined, pieceBytes);
    assert.ok(next);
    assert.ok(next.moved.every((moved) => moved === 0) && next.laneSums.every((sum) => sum === 0) && next.farthest.every((far) => far === 0), `clip ${index}: state cleared`);
    next.release();
    assert.equal(createMotionKernel(header.boneCount, undefined, pieceBytes)?.words.buffer, next.words.buffer, 'the instance given back is reused');
    next.release();
  }
});

test('on a large clip the lint runs its record test in the motion pass and finds exactly what the lint kernel finds', async () => {
  // 66,045 records (the motion pass's size), problems at the edges of its groups and blocks.
  const bytes = sparseProblemClip(5, 13209, 7, [0, 1, 3, 4, 5, 4091, 4095, 4096, 4097, 8191, 8192, 12289, 66044]);
  const header = parseClipHeader(bytes)!;
  assert.ok(motionKernelFor(header));
  const problems = async (motion: boolean, chunkBytes?: number, source = memoryByteSource(bytes)): Promise<string[]> =>
    (await lintClipRecords(source, header, { maxKeyframeProblems: 1e9, chunkBytes, motion: motion ? {} : false })).map((d) => {
      const data = d.data as { frame: number; bone: number; field: string };
      return `${data.frame * header.boneCount + data.bone} ${d.code} ${data.field}`;
    });
  const expected = expectedLintProblems(bytes, 66045);
  assert.ok(expected.length > 100, `${expected.length} problems`);
  assert.deepEqual(await problems(false), expected);
  assert.deepEqual(await problems(true), expected);
  // Pieces of 3 and of 4,099 records move the pass's groups and blocks against the pieces.
  assert.deepEqual(await problems(true, 16 * 3), expected);
  assert.deepEqual(await problems(true, 16 * 4099), expected);
  // Read into the pass's own memory: scanned where the pieces lie.
  assert.deepEqual(await problems(true, undefined, readIntoSource(bytes)), expected);
  assert.deepEqual(await problems(true, 16 * 2 * MOTION_KERNEL_BLOCK, readIntoSource(bytes)), expected);
  assert.deepEqual(await problems(true, 16 * 4099, readIntoSource(bytes)), expected);
});

test("the motion pass's non-unit test: rotation words at the edge of unit length are reported exactly as isNonUnitRotation judges them", async () => {
  // Field v = (2q - 1023) / (1023 sqrt 2): the squares sum to 1 at S = sum of (2q - 1023)^2 = 2 * 1023^2.
  const unitEdge = 2 * 1023 * 1023;
  const bones = 5, frames = 13209, count = bones * frames;
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + count * 16);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, bones);
  view.setUint16(2, frames, true);
  let r = 0, nearUnit = 0, nonUnit = 0;
  const square = (q: number): number => (2 * q - 1023) ** 2;
  for (let a = 0; a < 1024 && r < count; a++) {
    for (let b = 0; b < 1024 && r < count; b++) {
      // The fields c nearest the edge: (2c - 1023)^2 close to what a and b leave.
      const rest = unitEdge - square(a) - square(b);
      if (rest < 0) continue;
      const middle = Math.round((1023 + Math.sqrt(rest)) / 2);
      for (let c = Math.max(0, middle - 1); c <= Math.min(1023, middle + 1) && r < count; c++) {
        const s = square(a) + square(b) + square(c);
        if (Math.abs(s - unitEdge) > 3000) continue;
        const word = ((a << 22) | (b << 12) | (c << 2) | (r & 3)) >>> 0;
        if (isNonUnitRotation(word)) nonUnit++;
        else if (s > unitEdge - 64) nearUnit++;
        const at = CLIP_HEADER_SIZE + r * 16;
        view.setUint32(at, word, true);
        for (let h = 0; h < 6; h++) view.setUint16(at + 4 + 2 * h, 0x3c00, true);
        r++;
      }
    }
  }
  assert.equal(r, count, 'enough words at the edge');
  assert.ok(nonUnit > 1000 && nearUnit > 100, `${nonUnit} non-unit words, ${nearUnit} unit words within the kernel's margin`);
  const header = parseClipHeader(bytes)!;
  assert.ok(motionKernelFor(header));
  const expected = expectedLintProblems(bytes, count);
  assert.equal(expected.length, nonUnit);
  const found = (await lintClipRecords(readIntoSource(bytes), header, { maxKeyframeProblems: 1e9 })).map((d) => {
    const data = d.data as { frame: number; bone: number; field: string };
    return `${data.frame * bones + data.bone} ${d.code} ${data.field}`;
  });
  assert.deepEqual(found, expected);
});

test('kernels without piece buffers given back are kept for several clips checked at once (16); one with piece buffers, the newest', () => {
  const first = Array.from({ length: 20 }, () => createMotionKernel(40)!);
  const buffers = new Set(first.map((kernel) => kernel.words.buffer));
  assert.equal(buffers.size, 20, 'twenty instances at once');
  for (const kernel of first) kernel.release();
  const second = Array.from({ length: 20 }, () => createMotionKernel(12)!);
  const reused = second.filter((kernel) => buffers.has(kernel.words.buffer)).length;
  assert.equal(reused, 16);
  // A reused one comes cleared.
  assert.ok(second.every((kernel) => kernel.moved.every((moved) => moved === 0) && kernel.laneSums.every((sum) => sum === 0)));
  for (const kernel of second) kernel.release();
  const large = [createMotionKernel(40, undefined, 1 << 16)!, createMotionKernel(40, undefined, 1 << 16)!];
  for (const kernel of large) kernel.release();
  const again = [createMotionKernel(40, undefined, 1 << 16)!, createMotionKernel(40, undefined, 1 << 16)!];
  assert.deepEqual(again.map((kernel) => kernel.words.buffer === large[1].words.buffer), [true, false], 'only the newest is kept');
  for (const kernel of again) kernel.release();
});
