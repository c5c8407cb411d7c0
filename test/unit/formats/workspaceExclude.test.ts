import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ExcludeFilter } from '../../../formats/workspace/exclude';

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
