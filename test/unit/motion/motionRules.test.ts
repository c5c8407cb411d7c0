/**
 * The motion rules as a table: one planted clip per rule (a pop at a known frame, a teleport, a
 * still pose, a frozen bone, repeated frames), each giving exactly its finding with the frames,
 * byte range and message it should; smooth motion gives none; and no finding at all on any real
 * clip (upstream's, and every clip exported from every skinned glTF fixture in both spaces at 30
 * and 60 fps). The lint reports the same findings as diagnostics.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkBytes } from '../../../formats/check';
import { memoryByteSource } from '../../../formats/fileAccess';
import { motionFindings } from '../../../formats/motion/motionFindings';
import type { MotionCode } from '../../../formats/motion/motionOptions';
import { labelledClips } from './labelledClips';
import { SHAPE, clipOf, frozenBoneClip, poppedClip, repeatedFramesClip, staticClip, teleportedClip } from './plantedClips';

/** The byte range of the records of frame `frame`, bone `bone` of the planted clips. */
const record = (frame: number, bone: number) => ({ start: 4 + (frame * SHAPE.bones + bone) * 16, end: 4 + (frame * SHAPE.bones + bone) * 16 + 16 });
const everyRecord = { start: 4, end: 4 + SHAPE.bones * SHAPE.frames * 16 };

interface Row {
  planted: string;
  clip: () => Uint8Array;
  code: MotionCode;
  frames: [number, number];
  byteRange: { start: number; end: number };
  message: RegExp;
  data: Record<string, number | string>;
}

const ROWS: Row[] = [
  {
    planted: 'bone 12 turned 171° further in frame 34 only', clip: poppedClip, code: 'anim/pop', frames: [33, 34], byteRange: record(34, 12),
    message: /^bone 12 turns 169° between frames 33 and 34 \(its typical step is 4°\), so it snaps on the console\. Expected .* correct the rotation of frame 34/,
    data: { bone: 12, from: 33, to: 34 },
  },
  {
    planted: 'bone 5 10 units away in frame 20 only', clip: teleportedClip, code: 'anim/position-jump', frames: [19, 20], byteRange: record(20, 5),
    message: /^bone 5 moves 9\.98 units between frames 19 and 20 \(its typical step is 0\.0201 units, the clip's 0\.461 units\), so it teleports/,
    data: { bone: 5, from: 19, to: 20 },
  },
  {
    planted: 'every frame equal to frame 0', clip: staticClip, code: 'anim/static-clip', frames: [0, 59], byteRange: everyRecord,
    message: /^All 16 bones hold the same transform in all 60 frames: the clip is a still pose/, data: { bones: 16, frames: 60 },
  },
  {
    planted: 'bone 9 holds frame 0 while 15 bones move', clip: frozenBoneClip, code: 'anim/frozen-bones', frames: [0, 59], byteRange: everyRecord,
    message: /^bone 9 never moves in 60 frames while 15 of the 16 bones do/, data: { bones: '9', frozen: 1, moving: 15 },
  },
  {
    planted: 'each pose held 3 frames', clip: repeatedFramesClip, code: 'anim/repeated-frames', frames: [0, 59], byteRange: everyRecord,
    message: /^Frames repeat in runs of 3 \(18 runs\): the animation was sampled at about 10 fps and stored at 30 fps/, data: { runLength: 3, sourceRate: 10 },
  },
];

test('smooth motion gives no finding', () => {
  assert.deepEqual(motionFindings(clipOf(SHAPE)), []);
});

for (const row of ROWS) {
  test(`${row.code}: ${row.planted}`, async () => {
    const findings = motionFindings(row.clip());
    assert.deepEqual(findings.map((f) => f.code), [row.code]);
    const [finding] = findings;
    assert.deepEqual(finding.frames, row.frames);
    assert.deepEqual(finding.byteRange, row.byteRange);
    assert.match(finding.message, row.message);
    for (const [key, value] of Object.entries(row.data)) assert.equal(finding.data[key], value, key);
    // The lint reports it too, with the code's severity and the same byte range.
    const linted = (await checkBytes('clip', memoryByteSource(row.clip()), 'planted.nczxanim')).diagnostics;
    assert.deepEqual(linted.map((d) => [d.code, d.byteRange, d.message]), [[row.code, row.byteRange, finding.message]]);
  });
}

test('bone names from the export record name the bone', () => {
  const names = Array.from({ length: SHAPE.bones }, (_, i) => `joint${i}`);
  assert.match(motionFindings(poppedClip(), { boneNames: names })[0].message, /^bone 12 \(joint12\) turns 169°/);
});

test('the thresholds are settings: a higher minimum turn or ratio lets the pop pass', () => {
  assert.equal(motionFindings(poppedClip(), { popMinDegrees: 175 }).length, 0);
  assert.equal(motionFindings(poppedClip(), { jumpRatio: 50 }).length, 0);
  assert.equal(motionFindings(teleportedClip(), { jumpRatio: 1000 }).length, 0);
});

test('a clip with broken records reports those, not the motion they make', async () => {
  const clip = poppedClip();
  clip.fill(0, 4, 8); // frame 0, bone 0: rotation word 0 (non-unit)
  const codes = (await checkBytes('clip', memoryByteSource(clip), 'broken.nczxanim')).diagnostics.map((d) => d.code);
  assert.deepEqual(codes, ['anim/non-unit-rotation']);
});

test('any piece size gives the same findings (the scanner keeps its state across pieces)', async () => {
  const clip = poppedClip();
  const whole = (await checkBytes('clip', memoryByteSource(clip), 'p.nczxanim')).diagnostics;
  for (const chunkBytes of [16, 48, 16 * 17, 4096]) {
    const pieces = (await checkBytes('clip', memoryByteSource(clip), 'p.nczxanim', { maxKeyframeProblems: 100, chunkBytes })).diagnostics;
    assert.deepEqual(pieces, whole, `pieces of ${chunkBytes} bytes`);
  }
});

test('no finding on any real clip: upstream and every clip exported from every skinned glTF fixture', async () => {
  const clips = await labelledClips([30, 60]);
  const found = clips.flatMap((c) => motionFindings(c.clip, { frameRate: c.frameRate }).map((f) => `${c.space} ${c.name}: ${f.message}`));
  assert.ok(clips.length > 300, `${clips.length} clips`);
  assert.deepEqual(found, []);
});
