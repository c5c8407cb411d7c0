/**
 * Each format module owns its layout: the field tables tile their header or record exactly, and
 * the describer and the hex row layout answer with the module's own sizes and ranges.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLIP_HEADER_FIELDS, CLIP_HEADER_SIZE, KEYFRAME_FIELDS, KEYFRAME_SIZE, LEGACY_CLIP_HEADER_SIZE, LEGACY_CLIP_RECORD_SIZE, detectLegacyClip, parseClipHeader } from '../../../formats/clip';
import { fieldAt } from '../../../formats/describe';
import { layoutOfFile } from '../../../formats/editing/rowLayout';
import { INVERSE_BIND_FIELD_NAMES, INVERSE_BIND_FLOAT_SIZE, INVERSE_BIND_SIZE, parseSkeletonHeader, SKELETON_HEADER_FIELDS, SKELETON_HEADER_SIZE } from '../../../formats/skeleton';

function assertTiles(name: string, fields: readonly { start: number; end: number }[], size: number): void {
  let at = 0;
  for (const f of fields) {
    assert.equal(f.start, at, `${name}: a field starts at ${f.start}, expected ${at} (gap or overlap)`);
    assert.ok(f.end > f.start, `${name}: empty field at ${f.start}`);
    at = f.end;
  }
  assert.equal(at, size, `${name}: fields end at ${at}, the layout is ${size} bytes`);
}

test('the field tables tile their header and record exactly', () => {
  assertTiles('clip header', CLIP_HEADER_FIELDS, CLIP_HEADER_SIZE);
  assertTiles('keyframe record', KEYFRAME_FIELDS, KEYFRAME_SIZE);
  assertTiles('skeleton header', SKELETON_HEADER_FIELDS, SKELETON_HEADER_SIZE);
  assert.equal(INVERSE_BIND_FIELD_NAMES.length * INVERSE_BIND_FLOAT_SIZE, INVERSE_BIND_SIZE);
});

test('parsing reads the header fields where the tables put them', () => {
  // 3 bones, flags 7, 0x0102 frames.
  const clip = parseClipHeader(Uint8Array.of(3, 7, 0x02, 0x01));
  assert.deepEqual(clip, { boneCount: 3, flags: 7, frameCount: 0x0102, expectedSize: CLIP_HEADER_SIZE + 3 * 0x0102 * KEYFRAME_SIZE });
  const skeleton = parseSkeletonHeader(Uint8Array.of(2, 0, 0, 0, 9, 0, 0, 0));
  assert.deepEqual(skeleton, { boneCount: 2, reserved: 9, expectedSize: SKELETON_HEADER_SIZE + 2 * INVERSE_BIND_SIZE });
});

test('the describer names every header byte by the module tables', () => {
  const clipHead = { first16: Uint8Array.of(1, 0, 1, 0), size: CLIP_HEADER_SIZE + KEYFRAME_SIZE };
  for (const h of CLIP_HEADER_FIELDS) {
    for (let offset = h.start; offset < h.end; offset++) {
      const found = fieldAt('clip', clipHead, offset);
      assert.deepEqual([found?.name, found?.range], [h.field, { start: h.start, end: h.end }], `clip byte ${offset}`);
    }
  }
  const skeletonHead = { first16: Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0), size: SKELETON_HEADER_SIZE + INVERSE_BIND_SIZE };
  for (const h of SKELETON_HEADER_FIELDS) {
    const found = fieldAt('skeleton', skeletonHead, h.end - 1);
    assert.deepEqual([found?.name, found?.range], [h.field, { start: h.start, end: h.end }], `skeleton byte ${h.end - 1}`);
  }
  const lastFloat = fieldAt('skeleton', skeletonHead, SKELETON_HEADER_SIZE + INVERSE_BIND_SIZE - 1);
  assert.deepEqual(lastFloat?.range, { start: SKELETON_HEADER_SIZE + INVERSE_BIND_SIZE - INVERSE_BIND_FLOAT_SIZE, end: SKELETON_HEADER_SIZE + INVERSE_BIND_SIZE });
});

test('the legacy clip layout: detected by its sizes, described as one header, laid out as plain rows', () => {
  const first16 = new Uint8Array(LEGACY_CLIP_HEADER_SIZE);
  first16[0] = 2; // bones (u32)
  first16[4] = 3; // frames (u32)
  const size = LEGACY_CLIP_HEADER_SIZE + 2 * 3 * LEGACY_CLIP_RECORD_SIZE;
  assert.equal(detectLegacyClip(first16, size)?.expectedSize, size);
  assert.equal(detectLegacyClip(first16, size + 1), undefined);
  assert.deepEqual(fieldAt('clip', { first16, size }, LEGACY_CLIP_HEADER_SIZE - 1)?.range, { start: 0, end: LEGACY_CLIP_HEADER_SIZE });
  assert.equal(layoutOfFile('clip', first16, size).headerSize, 0);
});

test('the hex row layout uses the modules\' header and record sizes', () => {
  const clip = layoutOfFile('clip', Uint8Array.of(2, 0, 5, 0), CLIP_HEADER_SIZE + 10 * KEYFRAME_SIZE);
  assert.deepEqual([clip.headerSize, clip.recordSize, clip.recordCount], [CLIP_HEADER_SIZE, KEYFRAME_SIZE, 10]);
  const skeleton = layoutOfFile('skeleton', Uint8Array.of(3, 0, 0, 0, 0, 0, 0, 0), SKELETON_HEADER_SIZE + 3 * INVERSE_BIND_SIZE);
  assert.deepEqual([skeleton.headerSize, skeleton.recordSize, skeleton.recordCount], [SKELETON_HEADER_SIZE, INVERSE_BIND_SIZE, 3]);
});
