/**
 * The language server's thread keeps V8's young generation at its initial size (nodeHeap.ts):
 * without that, the scan's survivors doubled it up to 32 MiB resident. Starting a worker resets
 * the flag, so the server's pool starts its workers together and sets it again once each is
 * online; a child process (V8 flags are per process) keeps answers while the pool checks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clipBytes } from '../manifest/assetBytes';

const MIB = 1024 * 1024;

/** The new space's size in bytes when the pool starts and after its checks. */
function newSpaceAround(mode: 'tuned' | 'default'): { atStart: number; after: number } {
  const folder = mkdtempSync(join(tmpdir(), 'young-gen-'));
  try {
    const clip = join(folder, 'walk.nczxanim');
    writeFileSync(clip, clipBytes(40, 60));
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'youngGenerationProbe.ts'), clip, mode], { encoding: 'utf8', timeout: 120_000 });
    const [atStart, after, kept] = out.trim().split(' ').map(Number);
    assert.equal(kept, 80_000, 'every answer was kept');
    return { atStart: atStart!, after: after! };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('tuned, the thread that keeps the pool\'s answers keeps its new space at most 8 MiB (what it had, or one doubling while a worker starts)', () => {
  // A worker resets the flag as it starts and the pool sets it again once the worker is online;
  // a scavenge in between (a loaded machine) may double new space once, never past 8 MiB.
  const { atStart, after } = newSpaceAround('tuned');
  assert.ok(after <= Math.max(atStart, 8 * MIB), `new space ${atStart / MIB} -> ${after / MIB} MiB`);
});

test('untuned, the same work doubles the new space at least once, past 8 MiB (what the tuning prevents)', () => {
  const { atStart, after } = newSpaceAround('default');
  assert.ok(after >= 2 * atStart && after > 8 * MIB, `new space ${atStart / MIB} -> ${after / MIB} MiB`);
});
