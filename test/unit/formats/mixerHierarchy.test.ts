/**
 * The bone hierarchy behind the mask presets: an export from glTF records each bone's parent
 * (its nearest joint ancestor) beside the joint names, the record gives them back for the clip,
 * and the upper/lower body presets split the Fox at its first spine bone. A record without
 * parents (older exports) gives names only, and the presets say why they are unavailable.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXPORT_RECORD_FORMAT, exportAnimationBytes, exportedBones, exportRecordText, exportSidecars } from '../../../formats/gltf';
import { bodyPresets } from '../../../formats/mixer';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { fixture } from '../gltf/gltfTestKit';

test('Fox: the record holds each bone\'s parent; presets split at b_Spine01_02', async () => {
  const walk = exportAnimationBytes(await fixture('fox'), { animation: 'Walk' });
  const { record } = exportSidecars({
    modelPath: '/p/Fox.glb',
    outputFolder: '/p',
    outputs: [{ kind: 'clip', path: '/p/Fox.Walk.nczxanim', skin: walk.plan.skin, plan: walk.plan }],
    summaries: [],
  });
  const files = new MemoryFileAccess({ '/p/Fox.Walk.nczxanim': walk.bytes, [`/p/${record.name}`]: record.text });
  const bones = await exportedBones(files, '/p/Fox.Walk.nczxanim', 24);
  assert.deepEqual(bones?.parents, [-1, 0, 1, 2, 3, 4, 5, 4, 7, 8, 4, 10, 11, 2, 13, 14, 2, 16, 17, 18, 2, 20, 21, 22]);
  assert.equal(bones?.names[9], 'b_RightHand_08');
  assert.deepEqual(bodyPresets(bones?.parents, bones?.names), {
    // Spine, neck, head, both arms and hands.
    upper: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    // Root, hips, tail, both legs and feet.
    lower: [0, 1, 2, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23],
  });
});

test('a record without parents (or with parents of another length) gives names only; presets unavailable', async () => {
  const recordOf = (parents?: number[]) => exportRecordText({
    format: EXPORT_RECORD_FORMAT,
    source: 'Hero.glb',
    outputs: [{ kind: 'clip', path: 'Hero.Walk.nczxanim', joints: ['hips', 'spine'], ...(parents ? { parents } : {}) }],
  });
  for (const parents of [undefined, [-1], [-1, 5]]) {
    const files = new MemoryFileAccess({ '/p/Hero.Walk.nczxanim': new Uint8Array(4), '/p/Hero.export.json': recordOf(parents) });
    const bones = await exportedBones(files, '/p/Hero.Walk.nczxanim', 2);
    assert.deepEqual(bones, { names: ['hips', 'spine'] }, `parents ${JSON.stringify(parents)}`);
    assert.match('unavailable' in bodyPresets(bones?.parents, bones?.names) ? 'unavailable' : 'available', /unavailable/);
  }
  const files = new MemoryFileAccess({ '/p/Hero.Walk.nczxanim': new Uint8Array(4), '/p/Hero.export.json': recordOf([-1, 0]) });
  assert.deepEqual(await exportedBones(files, '/p/Hero.Walk.nczxanim', 2), { names: ['hips', 'spine'], parents: [-1, 0] });
});
