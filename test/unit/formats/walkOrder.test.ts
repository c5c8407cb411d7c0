/**
 * The workspace walk's order of paths (`compareWalkOrder`): folder by folder, names compared as
 * strings, a folder's own files and subfolders together, a shorter path first where one is the
 * other's start. Checked against the definition (split at '/', names compared one by one) on
 * hand-picked pairs and on random paths of characters either side of '/'.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareWalkOrder } from '../../../formats/workspace/walk';

/** The order by definition: the names between slashes compared in turn, fewer names first. */
function byNames(a: string, b: string): number {
  const pa = a.split('/');
  const pb = b.split('/');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] !== pb[i]) return pa[i]! < pb[i]! ? -1 : 1;
  }
  return pa.length - pb.length;
}

const PAIRS: [string, string, number][] = [
  ['a/x', 'a.b', -1],
  ['a/x', 'a-b', -1],
  ['a', 'a/b', -1],
  ['a/b', 'a/b', 0],
  ['a/b', 'a/bc', -1],
  ['a//b', 'a/b', -1],
  ['a/b/', 'a/b', 1],
  ['/w/clips/c10.nczxanim', '/w/clips/c9.nczxanim', -1],
  ['/w/clips/c1.nczxanim', '/w/clips/c1/x.nczxanim', 1],
  ['/w/Z/a', '/w/a/a', -1],
  ['/w/\u00e9/a', '/w/z/a', 1],
];

for (const [a, b, sign] of PAIRS) {
  test(`${JSON.stringify(a)} against ${JSON.stringify(b)}: ${sign < 0 ? 'first' : sign > 0 ? 'after' : 'the same'}`, () => {
    assert.equal(Math.sign(compareWalkOrder(a, b)), sign);
    assert.equal(Math.sign(compareWalkOrder(b, a)), sign === 0 ? 0 : -sign);
    assert.equal(Math.sign(byNames(a, b)), sign, 'the definition agrees');
  });
}

test('random paths: the same order as comparing the names between slashes', () => {
  let seed = 0x5eed;
  const next = (n: number): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
  // Characters below and above '/' (0x2f): '-', '.', '0', 'A', 'a', '~'.
  const alphabet = ['/', '/', '-', '.', '0', 'A', 'a', '~'];
  const path = (): string => Array.from({ length: 1 + next(7) }, () => alphabet[next(alphabet.length)]).join('');
  const paths = Array.from({ length: 400 }, path);
  for (let i = 0; i < paths.length; i++) {
    for (let j = 0; j < paths.length; j += 7) assert.equal(Math.sign(compareWalkOrder(paths[i]!, paths[j]!)), Math.sign(byNames(paths[i]!, paths[j]!)), `${paths[i]} ${paths[j]}`);
  }
  assert.deepEqual([...paths].sort(compareWalkOrder), [...paths].sort(byNames));
});
