import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ExcludeFilter } from '../../../formats/workspace/exclude';
import picomatch from 'picomatch/posix';

const filter = new ExcludeFilter(['**/node_modules/**', '**/target/**', '**/*.ewzskel', 'big/**', '/abs/only/**'], ['/ws', '/other/']);

test('files: patterns match paths relative to any workspace folder, or absolute; files in hidden folders below a root are skipped', () => {
  const table: [string, boolean][] = [
    ['/ws/node_modules/a.ewzanim', true],
    ['/ws/x/target/b.nczxanim', true],
    ['/ws/a.ewzskel', true],
    ['/ws/ok.ewzanim', false],
    ['/ws/big/x.ewzanim', true],
    ['/other/big/x.ewzanim', true],
    ['/elsewhere/big/x.ewzanim', false],
    ['/ws/target.ewzanim', false],
    ['/abs/only/x.nczx', true],
    ['/ws/.hidden/node_modules/x.nczx', true],
    ['/ws/.cache/x.nczx', true],
    ['/ws/a/.git/x.nczx', true],
    ['/ws/.hidden.nczx', false],
    ['/ws/a/b.c/x.nczx', false],
    ['/ws/a/.b.c/d/x.nczx', true],
    ['/ws/a/.x.nczx', false],
    ['/elsewhere/.cache/x.nczx', false],
  ];
  for (const [path, excluded] of table) assert.equal(filter.excludesFile(path), excluded, path);
});

test('folders: the walk skips excluded folders and every hidden folder, nothing else', () => {
  const table: [string, boolean][] = [
    ['/ws/node_modules', true],
    ['/ws/x/target', true],
    ['/ws/big', true],
    ['/ws/src', false],
    ['/ws/targets', false],
    ['/ws/.git', true],
    ['/ws/.github', true],
    ['/ws/.vscode', true],
  ];
  for (const [path, excluded] of table) assert.equal(filter.excludesDirectory(path), excluded, path);
});

test('each glob excludes exactly the files its picomatch matcher matches (relative to the root or absolute), with or without literal words to look for first', () => {
  const patterns = ['**/node_modules/**', '**/target/**', '**/*.ewzskel', 'big/**', '/abs/only/**', '**/tar*et/**', '**/b?g/**', '**/{big,small}/**', './big/**', '**/*.[ne]czxanim', 'a/**/b/*.nczxanim', '**/node_modules'];
  const paths = ['/ws/node_modules/a.nczxanim', '/ws/x/target/b.nczxanim', '/ws/targets/b.nczxanim', '/ws/big/x.nczxanim', '/ws/bag/x.nczxanim', '/ws/small/x.nczxanim', '/ws/a.ewzskel', '/ws/a/q/b/c.nczxanim', '/ws/a/b/c.nczxanim', '/ws/c.nczxanim', '/ws/c.eczxanim', '/abs/only/x.nczx', '/ws/tarzet/x.nczx', '/ws/node_modules'];
  for (const pattern of patterns) {
    const matches = picomatch(pattern, { dot: true });
    const filter = new ExcludeFilter([pattern], ['/ws']);
    for (const path of paths) assert.equal(filter.excludesFile(path), matches(path) || matches(path.slice('/ws/'.length)), `${pattern} on ${path}`);
  }
});
