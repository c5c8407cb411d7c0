/** keyframe_bind's two rules (design document, console) as tables: one row per bone-count case. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  affectedBones,
  aloneMatrix,
  clipSkeletonMismatchEffect,
  describeMismatch,
  meshPastBonesEffect,
  skinningSource,
  type BindRule,
  type BindShape,
  type SkinningSource,
} from '../../../formats/keyframeBind';

const record = (frame: number, bone: number) => ({ kind: 'record', frame, bone }) as const;
const pastClip = (index: number) => ({ kind: 'past-clip', index }) as const;
const own = (bone: number) => ({ kind: 'skeleton', bone }) as const;
const pastSkeleton = (index: number) => ({ kind: 'past-skeleton', index }) as const;
const IDENTITY: SkinningSource = { kind: 'identity' };

interface Row {
  name: string;
  rule: BindRule;
  shape: BindShape;
  frame: number;
  bone: number;
  source: SkinningSource;
}

// 3-bone clips of 30 frames (upstream wave1) and 4-bone skeletons (arm2), and the reverse.
const CLIP3: BindShape = { clipBones: 3, frameCount: 30, skeletonBones: 0 };
const CLIP3_SKEL4: BindShape = { clipBones: 3, frameCount: 30, skeletonBones: 4 };
const CLIP4_SKEL3: BindShape = { clipBones: 4, frameCount: 30, skeletonBones: 3 };
const SAME: BindShape = { clipBones: 3, frameCount: 30, skeletonBones: 3 };

const ROWS: Row[] = [
  // Counts agree: both rules read the bone's own record and inverse bind.
  { name: 'same counts, design', rule: 'design', shape: SAME, frame: 5, bone: 2, source: { kind: 'keyframe', keyframe: record(5, 2), inverseBind: own(2) } },
  { name: 'same counts, console', rule: 'console', shape: SAME, frame: 5, bone: 2, source: { kind: 'keyframe', keyframe: record(5, 2), inverseBind: own(2) } },
  { name: 'raw mode, a clip bone, console', rule: 'console', shape: CLIP3, frame: 0, bone: 1, source: { kind: 'keyframe', keyframe: record(0, 1) } },
  // Fewer clip bones than the skeleton: design gives the identity, the console reads on.
  { name: 'skeleton bone the clip lacks, design', rule: 'design', shape: CLIP3_SKEL4, frame: 5, bone: 3, source: IDENTITY },
  { name: 'skeleton bone the clip lacks, console: next frame bone 0', rule: 'console', shape: CLIP3_SKEL4, frame: 5, bone: 3, source: { kind: 'keyframe', keyframe: record(6, 0), inverseBind: own(3) } },
  { name: 'last frame, console: record 90 of 90 is past the clip', rule: 'console', shape: CLIP3_SKEL4, frame: 29, bone: 3, source: { kind: 'keyframe', keyframe: pastClip(0), inverseBind: own(3) } },
  // More clip bones than the skeleton: design ignores the extra one, the console uses the next skeleton's inverse bind.
  { name: 'clip bone past the skeleton, design', rule: 'design', shape: CLIP4_SKEL3, frame: 2, bone: 3, source: IDENTITY },
  { name: 'clip bone past the skeleton, console', rule: 'console', shape: CLIP4_SKEL3, frame: 2, bone: 3, source: { kind: 'keyframe', keyframe: record(2, 3), inverseBind: pastSkeleton(0) } },
  // Raw mode, mesh bones far past the clip: whole frames later, then past the clip.
  { name: 'raw mode, bone 7 of a 3-bone clip at frame 0: frame 2 bone 1', rule: 'console', shape: CLIP3, frame: 0, bone: 7, source: { kind: 'keyframe', keyframe: record(2, 1) } },
  { name: 'raw mode, bone 255 at frame 28: record 339 is 249 past the clip', rule: 'console', shape: CLIP3, frame: 28, bone: 255, source: { kind: 'keyframe', keyframe: pastClip(249) } },
  { name: 'raw mode, bone 7, design', rule: 'design', shape: CLIP3, frame: 0, bone: 7, source: IDENTITY },
];

for (const row of ROWS) {
  test(`skinningSource: ${row.name}`, () => {
    assert.deepEqual(skinningSource(row.rule, row.shape, row.frame, row.bone), row.source);
  });
}

test('affectedBones: only the mesh bones where the rules differ, once each and sorted', () => {
  const table: [BindShape, number[], number[]][] = [
    [SAME, [0, 1, 2, 2, 1], []],
    [CLIP3_SKEL4, [3, 0, 3, 1], [3]],
    [CLIP4_SKEL3, [0, 1, 2], []],
    [CLIP4_SKEL3, [3, 2], [3]],
    [CLIP3, [39, 3, 0, 4], [3, 4, 39]],
  ];
  for (const [shape, used, expected] of table) assert.deepEqual(affectedBones(shape, used), expected, JSON.stringify({ shape, used }));
});

test('aloneMatrix: with only this skeleton and clip loaded, past the clip is zero and past the skeleton is the clip\'s first records', () => {
  assert.deepEqual(aloneMatrix(CLIP3_SKEL4, record(6, 0)), record(6, 0));
  assert.deepEqual(aloneMatrix(CLIP3_SKEL4, pastClip(0)), { kind: 'zero' });
  assert.deepEqual(aloneMatrix(CLIP4_SKEL3, pastSkeleton(0)), record(0, 0));
  assert.deepEqual(aloneMatrix(CLIP4_SKEL3, pastSkeleton(5)), record(1, 1));
  assert.deepEqual(aloneMatrix(CLIP4_SKEL3, pastSkeleton(4 * 30)), { kind: 'zero' });
  assert.throws(() => aloneMatrix(SAME, own(0)), RangeError);
});

test('describeMismatch names the affected bones and what each rule does', () => {
  assert.deepEqual(describeMismatch(SAME, [0, 1, 2]), []);
  assert.deepEqual(describeMismatch(CLIP3_SKEL4, [0, 1, 2, 3]), [
    'The mesh uses bone 3, past the clip\'s 3 bones.',
    'On the console, bone 3 is skinned with the next frames\' matrices (bone 3 with the next frame\'s bone 0), and near the last frame with whatever the console loaded after this clip (another clip, or nothing).',
    'The design document gives it the identity.',
  ]);
  const creatureOnArm = describeMismatch({ clipBones: 3, frameCount: 30, skeletonBones: 3 }, Array.from({ length: 40 }, (_, i) => i));
  assert.equal(creatureOnArm[0], 'The mesh uses bones 3..39, past the clip\'s 3 bones and the skeleton\'s 3 bones.');
  assert.match(creatureOnArm[1], /^On the console, bones 3\.\.39 are skinned with the next frames' matrices \(bone 3 with the next frame's bone 0\)/);
  assert.match(creatureOnArm[2], /^On the console, bones 3\.\.39 take their inverse binds from past the skeleton/);
  assert.equal(creatureOnArm[3], 'The design document gives them the identity.');
  assert.match(describeMismatch(CLIP3, [8])[1], /bone 8 with bone 2 of the frame 2 frames later/);
});

test('manifest wording: what the console shows for each bone-count mismatch', () => {
  assert.equal(clipSkeletonMismatchEffect(3, 4),
    'vertices bound to the skeleton\'s bone 3 do not get the identity on the console: bone 3 is skinned with the next frames\' matrices (bone 3 with the next frame\'s bone 0), and near the last frame with whatever the console loaded after this clip (another clip, or nothing)');
  assert.equal(clipSkeletonMismatchEffect(5, 3),
    'the clip\'s extra 2 bones (bones 3, 4) move no vertex bound to the skeleton\'s bones; if a mesh used them, on the console, bones 3, 4 take their inverse binds from past the skeleton (the next skeleton\'s, or after the last skeleton the first clip\'s keyframes)');
  assert.match(meshPastBonesEffect(3, 6, 'clip'), /^on the console, bones 3\.\.5 are skinned with the next frames' matrices/);
  assert.match(meshPastBonesEffect(3, 4, 'skeleton'), /^on the console, bone 3 takes its inverse bind from past the skeleton \(the next skeleton's/);
});
