/**
 * The server's path -> `file:` URI conversion gives what Node's `pathToFileURL` gives for every
 * path, its shortcut (the path as it stands) taken only where nothing needs encoding or resolving.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { pathToUri } from '../../../server/src/uris';

const nodeUri = (path: string): string => pathToFileURL(path).href;

test('workspace paths, plain and not, convert as pathToFileURL converts them', () => {
  const paths = [
    '/ws/clips/c1.nczxanim',
    '/ws/a-b_c~d/e.f.nczxskel',
    '/ws/.hidden/x.nczxanim',
    '/ws/.../x.nczxanim',
    '/ws/./x.nczxanim',
    '/ws/../x.nczxanim',
    '/ws/..',
    '/ws/.',
    '/ws//x.nczxanim',
    '/ws/x/',
    '/',
    '/ws/a b.nczxanim',
    '/ws/100%.nczxanim',
    '/ws/#1?.nczxanim',
    '/ws/caf\u00e9/\u52d5\u304d.nczxanim',
    '/ws/a+b@c:d,e;f=g!h$i&j\'k(l)m*n.nczxanim',
    '/ws/back\\slash.nczxanim',
    '/ws/tab\there.nczxanim',
  ];
  assert.deepEqual(paths.map(pathToUri), paths.map(nodeUri));
});

test('2,000 random paths over an alphabet of plain and special characters convert as pathToFileURL converts them', () => {
  const alphabet = ['a', 'Z', '0', '.', '.', '-', '_', '~', '/', '/', ' ', '%', '#', '?', '\u00e9', '+', '@', ':', '\\', '[', '`'];
  let seed = 0x9e3779b9;
  const next = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const paths = Array.from({ length: 2000 }, () => `/${Array.from({ length: 1 + next(12) }, () => alphabet[next(alphabet.length)]).join('')}`);
  assert.deepEqual(paths.map(pathToUri), paths.map(nodeUri));
  assert.ok(paths.filter((p) => pathToUri(p) === `file://${p}`).length > 100, 'many take the shortcut');
});
