/**
 * The hex editor's Find conditions on NRes files: NaN and infinity in key positions and times,
 * quaternions that are not unit length, in every model, at the fields' bytes and in file order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { searchCondition } from '../../../formats/editing/search';
import { memoryByteSource } from '../../../formats/fileAccess';
import { openMshBytes } from '../../../formats/msh';
import { heroArchive, heroModel, patched } from './mshFixtures';

/** Key k of the hero model starts at 136 + 24 k; position at +0, +4, +8, time at +12, rotation at +16. */
const key = (k: number): number => 136 + 24 * k;

test('NaN, infinity and non-unit quaternions are found at their fields; zero scale is refused', async () => {
  const bytes = patched(heroModel(), (view) => {
    view.setFloat32(key(2) + 4, NaN, true);
    view.setFloat32(key(5) + 12, -Infinity, true);
    view.setFloat32(key(6) + 0, Infinity, true);
    view.setInt16(key(4) + 22, 16000, true); // w of a 0° key: length 0.49
  });
  const find = (condition: 'nan' | 'infinite' | 'nonUnit' | 'zeroScale') => searchCondition('msh', memoryByteSource(bytes), condition, { chunkBytes: 48 });
  const TABLE: [condition: 'nan' | 'infinite' | 'nonUnit', ranges: [number, number][]][] = [
    ['nan', [[key(2) + 4, key(2) + 8]]],
    ['infinite', [[key(5) + 12, key(5) + 16], [key(6), key(6) + 4]]],
    ['nonUnit', [[key(4) + 16, key(4) + 24]]],
  ];
  for (const [condition, ranges] of TABLE) {
    const result = await find(condition);
    assert.ok(!('error' in result), condition);
    assert.deepEqual(result.matches.map((m) => [m.start, m.end]), ranges, condition);
    assert.equal(result.total, ranges.length, condition);
  }
  assert.match(((await find('zeroScale')) as { error: string }).error, /MSH keys store no scale/);
  const clean = await searchCondition('msh', memoryByteSource(heroModel()), 'nonUnit');
  assert.ok(!('error' in clean) && clean.total === 0, 'the writer stores unit quaternions (within 0.01)');
});

test('in an archive every nested model is searched, matches at absolute offsets in file order', async () => {
  const archive = heroArchive();
  const [hero, small] = openMshBytes(archive).layout.models.map((m) => m.streams.keys!.dataStart);
  const patchedArchive = patched(archive, (v) => {
    v.setFloat32(small, NaN, true);
    v.setFloat32(hero + 24 * 3 + 8, NaN, true);
  });
  const result = await searchCondition('msh', memoryByteSource(patchedArchive), 'nan');
  assert.ok(!('error' in result));
  assert.ok(hero < small);
  assert.deepEqual(result.matches.map((m) => [m.start, m.end]), [[hero + 80, hero + 84], [small, small + 4]]);
});
