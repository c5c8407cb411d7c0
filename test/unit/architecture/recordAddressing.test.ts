/**
 * One home for record addressing: where a clip's keyframe, a skeleton's matrix, a mesh's vertex
 * or index sits, and how big a file of N of them is, is computed by `formats/clip.ts`,
 * `formats/skeleton.ts` and `formats/mesh.ts` only. Everyone else calls their functions, so
 * this table pins those functions and the scan finds record arithmetic written anywhere else
 * (tests excepted: they spell the layout out on purpose, to check the functions against it).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { test } from 'node:test';
import { clipByteLength, completeRecordCount, keyframeOffset, locateKeyframe, parseClipHeader, recordOffset, recordsByteLength } from '../../../formats/clip';
import { completeVertexCount, indexOffset, meshByteLength, meshStride, parseMeshHeader, vertexOffset, verticesByteLength } from '../../../formats/mesh';
import { completeInverseBindCount, inverseBindOffset, inverseBindSlotAt, inverseBindsByteLength, parseSkeletonHeader, skeletonByteLength } from '../../../formats/skeleton';
import { ROOT, tsFilesUnder } from './importGraph';

test('clip records: 4-byte header, then frame-major 16-byte records', () => {
  const header = { boneCount: 3, frameCount: 5 };
  assert.equal(recordsByteLength(7), 112);
  assert.equal(clipByteLength(3, 5), 4 + 15 * 16);
  assert.equal(recordOffset(0), 4);
  assert.equal(recordOffset(15), 244);
  assert.equal(keyframeOffset(header, 2, 1), 4 + (2 * 3 + 1) * 16);
  assert.equal(keyframeOffset(header, 5, 0), clipByteLength(3, 5));
  assert.deepEqual([completeRecordCount(0), completeRecordCount(4), completeRecordCount(19), completeRecordCount(20), completeRecordCount(244)], [0, 0, 0, 1, 15]);
  assert.deepEqual(locateKeyframe(header, keyframeOffset(header, 2, 1) + 5), { frame: 2, bone: 1, recordStart: 116, field: 'position.x' });
  assert.equal(locateKeyframe(header, clipByteLength(3, 5)), undefined);
  assert.equal(parseClipHeader(Uint8Array.of(3, 0, 5, 0))?.expectedSize, clipByteLength(3, 5));
});

test('skeleton matrices: 8-byte header, then 48-byte matrices of 12 f32', () => {
  assert.equal(inverseBindsByteLength(3), 144);
  assert.equal(skeletonByteLength(2), 8 + 2 * 48);
  assert.equal(inverseBindOffset(0), 8);
  assert.equal(inverseBindOffset(2), 104);
  assert.deepEqual([completeInverseBindCount(7), completeInverseBindCount(55), completeInverseBindCount(56), completeInverseBindCount(104)], [0, 0, 1, 2]);
  assert.deepEqual(inverseBindSlotAt(inverseBindOffset(1) + 45), { bone: 1, slot: 11, start: 100 });
  assert.equal(parseSkeletonHeader(Uint8Array.of(2, 0, 0, 0, 0, 0, 0, 0))?.expectedSize, skeletonByteLength(2));
});

test('mesh vertices and indices: 12-byte header, vertices of the format\'s stride, then u16 indices', () => {
  const stride = meshStride(8); // skinned: position 8 + indices 4 + weights 4
  const header = { stride, vertexCount: 5 };
  assert.equal(stride, 16);
  assert.equal(verticesByteLength(header, 3), 48);
  assert.equal(vertexOffset(header, 2), 12 + 2 * 16);
  assert.equal(indexOffset(header, 0), 12 + 5 * 16);
  assert.equal(indexOffset(header, 4), 12 + 5 * 16 + 8);
  assert.equal(meshByteLength(header, 6), 12 + 5 * 16 + 6 * 2);
  assert.deepEqual([completeVertexCount(header, 11), completeVertexCount(header, 27), completeVertexCount(header, 28)], [0, 0, 1]);
  assert.equal(parseMeshHeader(Uint8Array.of(5, 0, 0, 0, 6, 0, 0, 0, 8, 0, 0, 0))?.expectedSize, meshByteLength(header, 6));
});

const HOMES = new Set(['formats/clip.ts', 'formats/skeleton.ts', 'formats/mesh.ts']);
/** A product or quotient with a record size or a mesh stride: record addressing written out. */
const RECORD_ARITHMETIC = /[*/]\s*\(?\s*(?:KEYFRAME_SIZE|INVERSE_BIND_SIZE|LEGACY_CLIP_RECORD_SIZE|(?:\w+\.)?stride)\b|\b(?:KEYFRAME_SIZE|INVERSE_BIND_SIZE|LEGACY_CLIP_RECORD_SIZE|stride)\s*\*/;

/** `path:line: text` of every line outside the homes and the tests that addresses records itself. */
function recordArithmeticOutsideHomes(): string[] {
  const found: string[] = [];
  for (const file of tsFilesUnder(ROOT)) {
    const path = relative(ROOT, file).split(sep).join('/');
    if (HOMES.has(path) || path.startsWith('test/')) continue;
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (!/^\s*(\/\/|\*|\/\*)/.test(line) && RECORD_ARITHMETIC.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

test('the scan recognises record arithmetic and leaves other products alone', () => {
  for (const line of ['CLIP_HEADER_SIZE + (frame * bones + bone) * KEYFRAME_SIZE', 'count * INVERSE_BIND_SIZE', 'Math.floor((size - 4) / KEYFRAME_SIZE)', 'MESH_HEADER_SIZE + v * header.stride', 'stride * vertexCount']) {
    assert.ok(RECORD_ARITHMETIC.test(line), line);
  }
  for (const line of ['KEYFRAME_SIZE / Uint32Array.BYTES_PER_ELEMENT', 'at + KEYFRAME_SIZE > bytes.length', 'meshStride(format)', 'v * 3 + i']) {
    assert.ok(!RECORD_ARITHMETIC.test(line), line);
  }
});

test('nobody outside clip.ts, skeleton.ts and mesh.ts multiplies or divides by a record size', () => {
  assert.deepEqual(recordArithmeticOutsideHomes(), []);
});
