/**
 * The diff view's wire data from the core's diff of a planted change: the sides, the summary
 * lines `ewzanim diff` prints, the largest difference per measure by bone and frame, the totals
 * of the changed bone and the grids as Float64Arrays with the same numbers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffClips, isDiffFailure } from '../../../formats/diff';
import { clipChannelGrids } from '../../../formats/diff/clipChannelGrids';
import { memoryByteSource } from '../../../formats/fileAccess';
import { clipDiffViewWire } from '../../../protocol/convert/clipDiff';
import { basePose, planted, writeClip } from '../diff/clipBuilder';

test('a position moved at bone 1, frame 3: sides, summary, worst, totals and grids on the wire', async () => {
  const a = writeClip(3, 5, basePose);
  const b = writeClip(3, 5, planted(basePose, 3, 1, (t) => ({ ...t, position: [t.position[0], t.position[1], t.position[2] + 0.5] })));
  const diff = await diffClips(memoryByteSource(a), memoryByteSource(b));
  if (isDiffFailure(diff)) throw new Error(diff.failure.message);
  const grids = await clipChannelGrids(memoryByteSource(a), memoryByteSource(b), diff);
  const wire = clipDiffViewWire(diff, grids, { labels: { a: 'walk (HEAD)', b: 'walk' }, boneNames: ['hips', 'spine', 'head'] });
  assert.deepEqual(wire.a, { label: 'walk (HEAD)', boneCount: 3, frameCount: 5, size: 244 });
  assert.deepEqual(wire.summary, [
    'A: 3 bones x 5 frames, 244 bytes; B: 3 bones x 5 frames, 244 bytes',
    'compared: bones 0-2 x frames 0-4',
    'changed: 1 of 15 keyframes, in 1 of 3 bones (1)',
    'largest: rotation 0°; position 0.5 (bone 1, frame 3); scale x1',
  ]);
  assert.deepEqual(wire.worst, { rotation: { value: 0, bone: -1, frame: -1 }, position: { value: 0.5, bone: 1, frame: 3 }, scale: { value: 1, bone: -1, frame: -1 } });
  assert.deepEqual(wire.bones[1].position, { max: 0.5, mean: 0.1, maxFrame: 3 });
  assert.deepEqual(wire.changedBones, [1]);
  assert.deepEqual(wire.boneNames, ['hips', 'spine', 'head']);
  assert.ok(wire.grids.position instanceof Float64Array);
  assert.deepEqual(Array.from(wire.grids.position), grids.position);
  assert.equal(wire.grids.position[1 * 5 + 3], 0.5);
  assert.equal('boneNames' in clipDiffViewWire(diff, grids, { labels: { a: 'a', b: 'b' } }), false, 'no names: no key');
});
