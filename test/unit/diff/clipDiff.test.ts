/**
 * diffClips on planted changes: one bone rotated by a known angle at a known frame, a position
 * moved, a scale changed, a frame appended, a bone added; the summaries it gives (text lines,
 * pinned exactly) and the plain data behind them; a clip against itself is identical in text,
 * markdown and data; reading in small windows gives the same answer as reading in one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryByteSource } from '../../../formats/fileAccess';
import { type ClipDiff, diffClips, diffDocument, diffMarkdownOf, diffTextOf, isDiffFailure } from '../../../formats/diff';
import { axisAngle, basePose, multiply, planted, writeClip } from './clipBuilder';

const BONES = 4;
const FRAMES = 10;
const base = writeClip(BONES, FRAMES, basePose);

async function diff(a: Uint8Array, b: Uint8Array, options = {}): Promise<ClipDiff> {
  const result = await diffClips(memoryByteSource(a), memoryByteSource(b), options);
  if (isDiffFailure(result)) throw new Error(result.failure.message);
  return result;
}

/** The summary lines of the text output (without the title and the table). */
async function summary(a: Uint8Array, b: Uint8Array): Promise<string[]> {
  const text = diffTextOf(diffDocument(await diff(a, b), { names: { a: 'a', b: 'b' } }));
  return text.split('\n\n')[0].trimEnd().split('\n').slice(1).map((line) => line.trim());
}

interface PlantedCase {
  name: string;
  b: Uint8Array;
  lines: string[];
  check: (d: ClipDiff) => void;
}

const CASES: PlantedCase[] = [
  {
    name: 'bone 2 turned 30° more about z at frame 7',
    b: writeClip(BONES, FRAMES, planted(basePose, 7, 2, (t) => ({ ...t, rotation: multiply(axisAngle([0, 0, 1], 30), t.rotation) }))),
    lines: [
      'A: 4 bones x 10 frames, 644 bytes; B: 4 bones x 10 frames, 644 bytes',
      'compared: bones 0-3 x frames 0-9',
      'changed: 1 of 40 keyframes, in 1 of 4 bones (2)',
      'largest: rotation 30.0333° (bone 2, frame 7); position 0; scale x1',
    ],
    check: (d) => {
      assert.ok(Math.abs(d.worst.rotation.value - 30) < 0.2, `30° within one quantisation step, got ${d.worst.rotation.value}`);
      assert.deepEqual([d.worst.rotation.index, d.worst.rotation.frame], [2, 7]);
      assert.deepEqual(d.changedBones, [2]);
      assert.equal(d.bones[2].rotation.maxFrame, 7);
      assert.equal(d.bones[2].rotation.mean, d.worst.rotation.value / FRAMES);
      assert.equal(d.frames.rotationBone[7], 2);
      assert.deepEqual(d.frames.changedBones, [0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    },
  },
  {
    name: 'bone 1 moved 0.5 along z at frame 3',
    b: writeClip(BONES, FRAMES, planted(basePose, 3, 1, (t) => ({ ...t, position: [t.position[0], t.position[1], 0.5] }))),
    lines: [
      'A: 4 bones x 10 frames, 644 bytes; B: 4 bones x 10 frames, 644 bytes',
      'compared: bones 0-3 x frames 0-9',
      'changed: 1 of 40 keyframes, in 1 of 4 bones (1)',
      'largest: rotation 0°; position 0.5 (bone 1, frame 3); scale x1',
    ],
    check: (d) => {
      assert.deepEqual(d.worst.position, { value: 0.5, index: 1, frame: 3 });
      assert.equal(d.bones[1].position.mean, 0.05);
      assert.equal(d.frames.positionMax[3], 0.5);
    },
  },
  {
    name: 'bone 0 scaled 1.25 along x at frame 0',
    b: writeClip(BONES, FRAMES, planted(basePose, 0, 0, (t) => ({ ...t, scale: [1.25, 1, 1] }))),
    lines: [
      'A: 4 bones x 10 frames, 644 bytes; B: 4 bones x 10 frames, 644 bytes',
      'compared: bones 0-3 x frames 0-9',
      'changed: 1 of 40 keyframes, in 1 of 4 bones (0)',
      'largest: rotation 0°; position 0; scale x1.25 (bone 0, frame 0)',
    ],
    check: (d) => assert.deepEqual(d.worst.scale, { value: 1.25, index: 0, frame: 0 }),
  },
  {
    name: 'a frame appended',
    b: writeClip(BONES, FRAMES + 1, basePose),
    lines: [
      'A: 4 bones x 10 frames, 644 bytes; B: 4 bones x 11 frames, 708 bytes',
      'frame count: 10 -> 11',
      'size: 644 -> 708',
      'compared: bones 0-3 x frames 0-9',
      'only in B (not compared): frame 10',
      'every compared keyframe is equal (40)',
    ],
    check: (d) => {
      assert.equal(d.identical, false);
      assert.equal(d.changedKeyframes, 0);
      assert.deepEqual(d.onlyIn, { a: {}, b: { frames: { start: 10, end: 11 } } });
    },
  },
  {
    name: 'a bone added',
    b: writeClip(BONES + 1, FRAMES, basePose),
    lines: [
      'A: 4 bones x 10 frames, 644 bytes; B: 5 bones x 10 frames, 804 bytes',
      'bone count: 4 -> 5',
      'size: 644 -> 804',
      'compared: bones 0-3 x frames 0-9',
      'only in B (not compared): bone 4',
      'every compared keyframe is equal (40)',
    ],
    check: (d) => {
      assert.deepEqual(d.compared, { boneCount: 4, frameCount: 10 });
      assert.deepEqual(d.onlyIn.b, { bones: { start: 4, end: 5 } });
      assert.deepEqual(d.changedBones, []);
    },
  },
];

for (const c of CASES) {
  test(`diff of a clip and the same clip with ${c.name}`, async () => {
    assert.deepEqual(await summary(base, c.b), c.lines);
    c.check(await diff(base, c.b));
  });
}

test('a clip against itself is identical: in the data, the text and the markdown', async () => {
  const d = await diff(base, base);
  assert.equal(d.identical, true);
  assert.equal(d.changedKeyframes, 0);
  assert.deepEqual(d.headerChanges, []);
  const document = diffDocument(d, { names: { a: 'walk.nczxanim', b: 'walk.nczxanim' } });
  assert.equal(diffTextOf(document), 'clip diff: walk.nczxanim -> walk.nczxanim\n  identical: every keyframe of 4 bones x 10 frames is equal\n');
  assert.equal(diffMarkdownOf(document), '### ✅ ewzanim clip diff: walk.nczxanim -> walk.nczxanim\n\n- identical: every keyframe of 4 bones x 10 frames is equal\n');
});

test('the rotation grid keeps each bone\'s largest angle per group of frames, at most N columns', async () => {
  const b = writeClip(BONES, FRAMES, planted(basePose, 7, 2, (t) => ({ ...t, rotation: multiply(axisAngle([1, 0, 0], 90), t.rotation) })));
  const d = await diff(base, b, { gridColumns: 4 });
  assert.deepEqual(d.grid.frameStarts, [0, 3, 5, 8, 10]);
  assert.equal(d.grid.values.length, BONES * 4);
  const row2 = d.grid.values.slice(2 * 4, 3 * 4);
  assert.deepEqual(row2.map((v) => (v > 0 ? 'changed' : 0)), [0, 0, 'changed', 0], 'frame 7 lies in column 2 (frames 5-7)');
  assert.equal(row2[2], d.worst.rotation.value);
  assert.ok(Math.abs(row2[2] - 90) < 0.2, String(row2[2]));
  assert.deepEqual((await diff(base, b, { gridColumns: 1000 })).grid.columns, FRAMES, 'never more columns than frames');
});

test('reading two frames at a time gives what reading the whole clip gives', async () => {
  const b = writeClip(BONES, FRAMES + 3, (f, bone) => ({ ...basePose(f, bone), position: [bone, f / 10, f % 3 === 0 ? 0.25 : 0] }));
  assert.deepEqual(await diff(base, b, { windowRecords: 2 * BONES }), await diff(base, b));
  assert.equal((await diff(base, b)).changedKeyframes, 4 * BONES, 'frames 0, 3, 6 and 9 moved');
});

test('a clip with an unusable header is a failure with a stable code, not a crash', async () => {
  for (const [bytes, message] of [
    [new Uint8Array([1, 0]), 'B: 2 bytes is shorter than the 4-byte clip header'],
    [new Uint8Array([0, 0, 1, 0]), 'B: the header says 0 bones x 1 frames, nothing to compare'],
  ] as const) {
    const result = await diffClips(memoryByteSource(base), memoryByteSource(bytes));
    assert.ok(isDiffFailure(result));
    assert.deepEqual(result.failure, { code: 'diff/bad-header', message });
  }
});

test('a truncated clip is compared over its complete frames, and says so', async () => {
  const truncated = base.subarray(0, base.length - 20);
  const d = await diff(base, truncated);
  assert.deepEqual(d.compared, { boneCount: 4, frameCount: 9 });
  assert.deepEqual(d.headerChanges.map((c) => [c.field, c.a, c.b]), [['complete frames', 10, 9], ['size', 644, 624]]);
  assert.deepEqual(d.onlyIn.a, { frames: { start: 9, end: 10 } });
});
