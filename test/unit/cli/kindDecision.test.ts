/**
 * `ewzanim check` decides a file's kind once: a folder's files by the workspace walk (by name),
 * a file named on the command line by its name or, failing that, its magic; the check then takes
 * that kind instead of deciding again.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { FileAccess } from '../../../formats/fileAccess';
import { type FileKind, kindsByName } from '../../../formats/fileKinds';
import { checkPath } from '../../../cli/checkPath';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { clipBytes, skeletonBytes } from '../manifest/assetBytes';
import { heroModel } from '../msh/mshFixtures';

const OPTIONS = { maxKeyframeProblems: 10 };

test('a folder: one decision per file, by the walk, carried to each check', async () => {
  const access = new MemoryFileAccess({
    '/ws/walk.nczxanim': clipBytes(3, 4),
    '/ws/old/wave.ewzanim': clipBytes(2, 2),
    '/ws/rig.nczxskel': skeletonBytes(3),
    '/ws/units.mdl': heroModel(),
    '/ws/nether.toml': '[game]\nid = "demo"\ntitle = "Demo"\nauthor = "x"\nversion = "1.0.0"\n',
    '/ws/notes.txt': 'not an asset',
  });
  const decisions = new Map<string, number>();
  const registry = kindsByName({ mshExtensions: ['.msh', '.mdl'] });
  const kindOf = (path: string): FileKind | undefined => {
    decisions.set(path, (decisions.get(path) ?? 0) + 1);
    return registry(path);
  };
  const result = await checkPath(access, '/ws', { ...OPTIONS, kindOf });
  assert.deepEqual(result.problems, []);
  assert.deepEqual(
    result.files.map((f) => [f.path, f.kind]),
    [['/ws/nether.toml', 'manifest'], ['/ws/old/wave.ewzanim', 'clip'], ['/ws/rig.nczxskel', 'skeleton'], ['/ws/units.mdl', 'msh'], ['/ws/walk.nczxanim', 'clip']],
  );
  assert.deepEqual(Object.fromEntries(decisions), {
    '/ws/nether.toml': 1,
    '/ws/notes.txt': 1,
    '/ws/old/wave.ewzanim': 1,
    '/ws/rig.nczxskel': 1,
    '/ws/units.mdl': 1,
    '/ws/walk.nczxanim': 1,
  });
});

/** Counts reads of a file's first 4 bytes: how a kind is told by magic. */
function countingMagicReads(inner: FileAccess): FileAccess & { magicReads: number } {
  const counting = {
    magicReads: 0,
    stat: (path: string) => inner.stat(path),
    read: (path: string, offset: number, length: number) => {
      if (offset === 0 && length === 4) counting.magicReads++;
      return inner.read(path, offset, length);
    },
    readDirectory: (path: string) => inner.readDirectory(path),
  };
  return counting;
}

test('a file named on the command line with no known extension: its magic is read once, and that kind is checked', async () => {
  const access = countingMagicReads(new MemoryFileAccess({ '/ws/units.bin': heroModel() }));
  const result = await checkPath(access, '/ws/units.bin', OPTIONS);
  assert.deepEqual(result.problems, []);
  assert.deepEqual(result.files.map((f) => [f.path, f.kind, f.diagnostics.length]), [['/ws/units.bin', 'msh', 0]]);
  assert.equal(access.magicReads, 1);
});
