/**
 * writeCommandOutput: a git blob written to a file as git prints it, every byte, every time (a
 * child's output that nobody reads yet is dropped by Node when the child exits: seen as an empty
 * baseline one run in ten); a failing command leaves the target as it was and says why.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandFailed, writeCommandOutput } from '../../../node/commandOutput';

function repository(blob: Uint8Array): string {
  const folder = mkdtempSync(join(tmpdir(), 'ewzanim-command-output-'));
  writeFileSync(join(folder, 'walk.nczxanim'), blob);
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: folder, encoding: 'utf8' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'walk');
  return folder;
}

test('a small and a 3 MB blob land whole in the target, 40 runs each', async () => {
  for (const size of [11_524, 3_000_000]) {
    const blob = Uint8Array.from({ length: size }, (_, i) => (i * 2654435761) >>> 24);
    const folder = repository(blob);
    try {
      const target = join(folder, 'out', 'HEAD', 'walk.nczxanim');
      for (let run = 0; run < 40; run++) {
        await writeCommandOutput('git', ['cat-file', 'blob', 'HEAD:./walk.nczxanim'], folder, target);
        assert.deepEqual(new Uint8Array(readFileSync(target)), blob, `${size} bytes, run ${run}`);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
});

test('a failing command keeps the old target and rejects with its message', async () => {
  const folder = repository(Uint8Array.of(1, 2, 3));
  try {
    const target = join(folder, 'kept.bin');
    writeFileSync(target, 'old');
    await assert.rejects(writeCommandOutput('git', ['cat-file', 'blob', 'HEAD:./missing.nczxanim'], folder, target), (error: unknown) => error instanceof CommandFailed && /missing\.nczxanim/.test(error.message));
    assert.equal(readFileSync(target, 'utf8'), 'old');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
