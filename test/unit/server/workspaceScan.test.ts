import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFileAccess } from '../../../cli/nodeFileAccess';
import { ExcludeFilter } from '../../../server/src/exclude';
import { findSupportedFiles } from '../../../server/src/workspaceScan';

test('the walk finds every supported file of both eras, skips excluded folders and ends on symlink loops', async () => {
  const root = mkdtempSync(join(tmpdir(), 'ewzanim-scan-'));
  try {
    const files = [
      'nether.toml',
      'a/walk.nczxanim',
      'a/b/old.ewzanim',
      'a/b/c/rig.ewzskel',
      'mesh.nczmesh',
      'rom.ewzx',
      'ember.toml',
      'node_modules/dep/skip.nczxanim',
      '.git/objects/skip.nczxanim',
      'notes.txt',
      'a/readme.md',
    ];
    for (const file of files) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), '');
    }
    symlinkSync(join(root, 'a'), join(root, 'a', 'b', 'loop'));
    const exclude = new ExcludeFilter(['**/node_modules/**'], [root]);
    const found = (await findSupportedFiles(nodeFileAccess, [root], exclude)).map((p) => p.slice(root.length + 1));
    // The loop a/b/loop -> a repeats a's files at every level until the depth limit.
    const unique = [...new Set(found.filter((p) => !p.includes('loop')))];
    assert.deepEqual(unique, ['a/b/c/rig.ewzskel', 'a/b/old.ewzanim', 'a/walk.nczxanim', 'ember.toml', 'mesh.nczmesh', 'nether.toml', 'rom.ewzx']);
    assert.ok(found.length < 200, `the walk stopped (${found.length} paths)`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
