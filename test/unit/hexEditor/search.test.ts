import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryByteSource, type ByteSource } from '../../../formats/fileAccess';
import { parseHexPattern, searchBytes, searchCondition, type SearchCondition } from '../../../formats/editing/search';
import { upstreamFile } from '../../gpu/clipFixtures';

const wave1 = upstreamFile('multi-skinned-rom/assets/wave1.ewzanim');
const arm1Skel = upstreamFile('multi-skinned-rom/assets/arm1.ewzskel');
/** Record of frame f, bone b in wave1 (3 bones). */
const record = (frame: number, bone: number): number => 4 + (frame * 3 + bone) * 16;

/** A source that remembers the largest piece it was asked for. */
function measured(bytes: Uint8Array): ByteSource & { largestRead: number } {
  const source = {
    size: bytes.length,
    largestRead: 0,
    read: async (offset: number, length: number) => {
      source.largestRead = Math.max(source.largestRead, length);
      return bytes.subarray(offset, Math.min(bytes.length, offset + length));
    },
  };
  return source;
}

test('hex patterns: pairs of digits, ?? for any byte, refusals that say why (table)', () => {
  assert.deepEqual([...(parseHexPattern('03 08 20 80').pattern ?? [])], [3, 8, 0x20, 0x80]);
  assert.deepEqual([...(parseHexPattern('7e??00').pattern ?? [])], [0x7e, -1, 0]);
  const refusals: [string, RegExp][] = [
    ['', /Type the bytes/],
    ['3', /pairs of hex digits/],
    ['zz', /pairs of hex digits/],
    ['?? ??', /at least one hex byte/],
  ];
  for (const [text, error] of refusals) assert.match(parseHexPattern(text).error ?? '', error, JSON.stringify(text));
});

test('a planted NaN, infinity, non-unit rotation and zero scale are found exactly where planted (table)', async () => {
  const clip = wave1.slice();
  clip.set([0x01, 0x7e], record(7, 1) + 6); // position y of frame 7 bone 1: a NaN
  clip.set([0x00, 0xfc], record(12, 0) + 12); // scale y of frame 12 bone 0: -infinity
  clip.set([0, 0, 0, 0], record(20, 2)); // rotation fields 0,0,0: squares sum to 1.5
  clip.set([0x00, 0x80], record(29, 2) + 14); // scale z: -0
  const table: [SearchCondition, number, number][] = [
    ['nan', record(7, 1) + 6, 2],
    ['infinite', record(12, 0) + 12, 2],
    ['nonUnit', record(20, 2), 4],
    ['zeroScale', record(29, 2) + 14, 2],
  ];
  for (const [condition, start, length] of table) {
    const result = await searchCondition('clip', memoryByteSource(clip), condition, { chunkBytes: 64 });
    assert.deepEqual(result, { matches: [{ start, end: start + length }], total: 1, capped: false, stopped: false }, condition);
  }
  const clean = await searchCondition('clip', memoryByteSource(wave1), 'nan');
  assert.deepEqual(clean, { matches: [], total: 0, capped: false, stopped: false }, 'the upstream clip has no NaN');
});

test('byte search finds matches across piece boundaries, keeps the first ones and counts all', async () => {
  const bytes = new Uint8Array(10_000);
  const planted = [0, 62, 127, 1000, 4094, 9996];
  for (const at of planted) bytes.set([0xde, 0xad, 0xbe, 0xef], at);
  const source = measured(bytes);
  const pattern = parseHexPattern('DE AD ?? EF').pattern!;
  const all = await searchBytes(source, pattern, { chunkBytes: 64 });
  assert.deepEqual(all.matches.map((m) => m.start), planted);
  assert.ok(source.largestRead <= 64 + 3, `pieces of at most 67 bytes, read ${source.largestRead}`);
  const capped = await searchBytes(source, pattern, { chunkBytes: 64, maxMatches: 2 });
  assert.deepEqual(capped, { matches: [{ start: 0, end: 4 }, { start: 62, end: 66 }], total: 6, capped: true, stopped: false });
});

test('every identity rotation of the real clip is found by its bytes', async () => {
  const result = await searchBytes(memoryByteSource(wave1), parseHexPattern('03 08 20 80').pattern!);
  let expected = 0;
  for (let r = 0; r < 90; r++) if (wave1[4 + r * 16] === 3 && wave1[5 + r * 16] === 8 && wave1[6 + r * 16] === 0x20 && wave1[7 + r * 16] === 0x80) expected++;
  assert.ok(expected > 0);
  assert.equal(result.total, expected);
});

test('a search can be stopped between pieces, and says it was', async () => {
  let pieces = 0;
  const result = await searchBytes(memoryByteSource(new Uint8Array(1000)), parseHexPattern('00').pattern!, {
    chunkBytes: 100,
    shouldStop: () => pieces++ >= 3,
  });
  assert.equal(result.stopped, true);
  assert.equal(result.total, 300);
  const clip = await searchCondition('clip', memoryByteSource(wave1), 'nonUnit', { chunkBytes: 16, shouldStop: () => true });
  assert.equal('stopped' in clip && clip.stopped, true);
});

test('skeletons: NaN and infinity in matrices; rotations and scales are for clips', async () => {
  const skeleton = arm1Skel.slice();
  skeleton.set([0x00, 0x00, 0xc0, 0x7f], 8 + 48 + 20); // bone 1, cell c1.z: a NaN
  assert.deepEqual(await searchCondition('skeleton', memoryByteSource(skeleton), 'nan'), {
    matches: [{ start: 76, end: 80 }], total: 1, capped: false, stopped: false,
  });
  const refused = async (kind: 'clip' | 'skeleton', bytes: Uint8Array, condition: SearchCondition): Promise<string> => {
    const result = await searchCondition(kind, memoryByteSource(bytes), condition);
    return 'error' in result ? result.error : '';
  };
  assert.match(await refused('skeleton', skeleton, 'zeroScale'), /searched in clips/);
  assert.match(await refused('clip', new Uint8Array([0, 0, 0, 0]), 'nan'), /header cannot be read/);
});
