/**
 * The one workspace walk (formats/workspace/walk.ts) over real folders: what it finds and skips,
 * and symbolic links (each real folder entered once, each real file reported once, under a path
 * without a link where there is one).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFileAccess } from '../../../node/fileAccess';
import type { FileAccess } from '../../../formats/fileAccess';
import { kindsByName } from '../../../formats/fileKinds';
import { DEFAULT_EXCLUDE, ExcludeFilter } from '../../../formats/workspace/exclude';
import { walkWorkspace, type WalkResult } from '../../../formats/workspace/walk';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';

function tree(files: readonly string[]): { root: string; dispose(): void } {
  const root = mkdtempSync(join(tmpdir(), 'ewzanim-walk-'));
  for (const file of files) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '');
  }
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

async function walk(root: string, access: FileAccess = nodeFileAccess, exclude = DEFAULT_EXCLUDE): Promise<WalkResult & { relative: string[] }> {
  const result = await walkWorkspace(access, [root], new ExcludeFilter(exclude, [root]));
  return { ...result, relative: result.files.map((f) => f.path.slice(root.length + 1)) };
}

const PACK = ['nether.toml', 'a/walk.nczxanim', 'a/b/old.ewzanim', 'a/b/c/rig.ewzskel', 'mesh.nczmesh', 'rom.ewzx', 'ember.toml'];
const PACK_SORTED = ['a/b/c/rig.ewzskel', 'a/b/old.ewzanim', 'a/walk.nczxanim', 'ember.toml', 'mesh.nczmesh', 'nether.toml', 'rom.ewzx'];

test('finds every supported file of both eras; skips hidden folders, node_modules, target and other names', async () => {
  const t = tree([...PACK, 'node_modules/dep/skip.nczxanim', 'x/target/debug/skip.nczxskel', '.git/objects/skip.nczxanim', '.vscode/skip.nczx', 'notes.txt', 'a/readme.md', '.hidden.nczxanim']);
  try {
    const { relative, problems } = await walk(t.root);
    assert.deepEqual(relative, ['.hidden.nczxanim', ...PACK_SORTED]);
    assert.deepEqual(problems, []);
  } finally {
    t.dispose();
  }
});

test('the order is a depth-first walk in name order: a/x before a.nczxanim', async () => {
  const t = tree(['a.nczxanim', 'a/x.nczxanim', 'a/b/y.nczxanim', 'a-b.nczxanim']);
  try {
    assert.deepEqual((await walk(t.root)).relative, ['a/b/y.nczxanim', 'a/x.nczxanim', 'a-b.nczxanim', 'a.nczxanim']);
  } finally {
    t.dispose();
  }
});

test('a loop -> . link adds nothing: each file once, under its path without the link', async () => {
  const t = tree(PACK);
  try {
    symlinkSync('.', join(t.root, 'loop'));
    symlinkSync(join(t.root, 'a'), join(t.root, 'a', 'b', 'up'));
    const { relative, problems } = await walk(t.root);
    assert.deepEqual(relative, PACK_SORTED);
    assert.deepEqual(problems, []);
  } finally {
    t.dispose();
  }
});

test('two loops at every level stay linear: 200 files in 20 folders, each reported once', async () => {
  const files: string[] = [];
  for (let d = 0; d < 20; d++) for (let f = 0; f < 10; f++) files.push(`${'d/'.repeat(d)}f${f}.nczxanim`);
  const t = tree(files);
  try {
    symlinkSync('.', join(t.root, 'loop1'));
    symlinkSync(t.root, join(t.root, 'd', 'loop2'));
    const { relative } = await walk(t.root);
    assert.equal(relative.length, 200);
    assert.equal(new Set(relative).size, 200);
    assert.ok(relative.every((p) => !p.includes('loop')), relative.find((p) => p.includes('loop')));
  } finally {
    t.dispose();
  }
});

test('a link to a folder outside the root is walked, its files under the link path', async () => {
  const t = tree(['pack/nether.toml']);
  const outside = tree(['shared/rig.nczxskel', 'shared/.git/x.nczxanim']);
  try {
    symlinkSync(join(outside.root, 'shared'), join(t.root, 'pack', 'shared'));
    assert.deepEqual((await walk(t.root)).relative, ['pack/nether.toml', 'pack/shared/rig.nczxskel']);
  } finally {
    t.dispose();
    outside.dispose();
  }
});

test('a file reached through a link is reported once, under its own path even when the link sorts first', async () => {
  const t = tree(['z/walk.nczxanim']);
  try {
    symlinkSync(join(t.root, 'z'), join(t.root, 'a-link'));
    symlinkSync(join(t.root, 'z', 'walk.nczxanim'), join(t.root, 'alias.nczxanim'));
    assert.deepEqual((await walk(t.root)).relative, ['z/walk.nczxanim']);
  } finally {
    t.dispose();
  }
});

test('a link pointing nowhere is skipped; a link loop with a supported name is reported (its check says why); a FIFO is never opened', async () => {
  const t = tree(['ok.nczxanim']);
  try {
    symlinkSync(join(t.root, 'gone.nczxanim'), join(t.root, 'dangling.nczxanim'));
    symlinkSync('self.nczxanim', join(t.root, 'self.nczxanim'));
    symlinkSync('other', join(t.root, 'other'));
    execFileSync('mkfifo', [join(t.root, 'pipe.nczxanim')]);
    const { relative, problems } = await walk(t.root);
    assert.deepEqual(relative, ['ok.nczxanim', 'self.nczxanim']);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.path, join(t.root, 'other'));
    assert.match(problems[0]?.message ?? '', /^cannot follow the link: ELOOP/);
  } finally {
    t.dispose();
  }
});

test('an unreadable folder is a problem, the rest is still walked', { skip: process.getuid?.() === 0 ? 'root reads every folder' : false }, async () => {
  const t = tree(['ok.nczxanim', 'locked/x.nczxanim']);
  try {
    chmodSync(join(t.root, 'locked'), 0o000);
    const { relative, problems } = await walk(t.root);
    assert.deepEqual(relative, ['ok.nczxanim']);
    assert.match(problems[0]?.message ?? '', /^cannot read folder: EACCES/);
  } finally {
    chmodSync(join(t.root, 'locked'), 0o755);
    t.dispose();
  }
});

test('several roots, one inside another: each file once', async () => {
  const t = tree(['top.nczxanim', 'inner/x.nczxskel']);
  try {
    const result = await walkWorkspace(nodeFileAccess, [t.root, join(t.root, 'inner')], new ExcludeFilter(DEFAULT_EXCLUDE, [t.root]));
    assert.deepEqual(result.files.map((f) => f.path.slice(t.root.length + 1)), ['inner/x.nczxskel', 'top.nczxanim']);
  } finally {
    t.dispose();
  }
});

test('a file access without entry types or real paths (in memory) walks the same way', async () => {
  const access = new MemoryFileAccess(Object.fromEntries([...PACK, 'node_modules/x.nczxanim', '.git/y.nczxanim', 'c.txt'].map((p) => [`/ws/${p}`, ''])));
  assert.deepEqual((await walk('/ws', access)).relative, PACK_SORTED);
});

test('each file comes with the kind its name gave it, decided once per file; the user\'s MSH extensions count', async () => {
  const access = new MemoryFileAccess(Object.fromEntries(['nether.toml', 'a/walk.nczxanim', 'a/b/old.ewzanim', 'rig.ewzskel', 'hero.msh', 'units.mdl', 'units.rlb', 'notes.txt'].map((p) => [`/ws/${p}`, ''])));
  const decided: string[] = [];
  const kindOf = (path: string) => {
    decided.push(path);
    return kindsByName({ mshExtensions: ['.msh', '.MDL'] })(path);
  };
  const { files } = await walkWorkspace(access, ['/ws'], new ExcludeFilter(DEFAULT_EXCLUDE, ['/ws']), kindOf);
  assert.deepEqual(files, [
    { path: '/ws/a/b/old.ewzanim', kind: { kind: 'clip', era: 'emberware' } },
    { path: '/ws/a/walk.nczxanim', kind: { kind: 'clip', era: 'nethercore' } },
    { path: '/ws/hero.msh', kind: { kind: 'msh' } },
    { path: '/ws/nether.toml', kind: { kind: 'manifest', era: 'nethercore' } },
    { path: '/ws/rig.ewzskel', kind: { kind: 'skeleton', era: 'emberware' } },
    { path: '/ws/units.mdl', kind: { kind: 'msh' } },
  ]);
  assert.deepEqual([...decided].sort(), ['/ws/a/b/old.ewzanim', '/ws/a/walk.nczxanim', '/ws/hero.msh', '/ws/nether.toml', '/ws/notes.txt', '/ws/rig.ewzskel', '/ws/units.mdl', '/ws/units.rlb']);
});
