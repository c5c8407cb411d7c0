import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clipRowLayout, recordStart, rowOfOffset, skeletonRowLayout } from '../../../formats/editing/rowLayout';
import { mapOffset, mapTopRow } from '../../../formats/editing/viewPosition';

const clip = (bones: number, frames: number, size = 4 + bones * frames * 16) =>
  clipRowLayout(size, { boneCount: bones, flags: 0, frameCount: frames, expectedSize: 4 + bones * frames * 16 });

test('a reload keeps frame, bone and the byte within the record where they still exist (table)', () => {
  // The repaired clip of the report: 1,000 bytes (truncated 3-bone, 30-frame clip) -> 38,404 bytes (3 bones x 800 frames).
  const truncated = clip(3, 30, 1000);
  const repaired = clip(3, 800);
  const moreBones = clip(5, 30);
  const fewerFrames = clip(3, 10);
  const table: [name: string, before: ReturnType<typeof clip>, after: ReturnType<typeof clip>, offset: number, expected: number | undefined][] = [
    ['same layout, same byte', repaired, repaired, recordStart(repaired, 7, 1) + 10, recordStart(repaired, 7, 1) + 10],
    ['a truncated clip repaired: frame 20 bone 2 stays', truncated, repaired, recordStart(truncated, 20, 2) + 5, recordStart(repaired, 20, 2) + 5],
    ['more bones per frame: frame 7 bone 1 moves to its new place', repaired, moreBones, recordStart(repaired, 7, 1) + 3, recordStart(moreBones, 7, 1) + 3],
    ['the frame is gone: the same offset, clamped', repaired, fewerFrames, recordStart(repaired, 500, 0), fewerFrames.size - 1],
    ['a header byte stays a header byte', repaired, moreBones, 2, 2],
    ['the file became empty', repaired, clip(3, 30, 0), 100, undefined],
  ];
  for (const [name, before, after, offset, expected] of table) assert.equal(mapOffset(before, after, offset), expected, name);
});

test('the top row follows its frame; skeletons map by bone', () => {
  const before = clip(3, 800);
  const after = clip(5, 800);
  const top = rowOfOffset(before, recordStart(before, 100, 0));
  assert.equal(mapTopRow(before, after, top), rowOfOffset(after, recordStart(after, 100, 0)));
  const skeleton = (bones: number) => skeletonRowLayout(8 + bones * 48, { boneCount: bones, reserved: 0, expectedSize: 8 + bones * 48 });
  assert.equal(mapOffset(skeleton(4), skeleton(6), 8 + 2 * 48 + 7), 8 + 2 * 48 + 7);
  assert.equal(mapOffset(skeleton(4), skeleton(2), 8 + 3 * 48 + 7), 8 + 2 * 48 - 1, 'bone 3 is gone: clamped to the end');
});
