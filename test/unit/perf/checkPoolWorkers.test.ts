/**
 * The check pool's workers as the language server runs them: all started with the first check
 * (the owner told once each is online), ended while idle between the binary checks and the
 * manifests, and started again by the next check, which answers as the first did.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkWorkerScript, WorkerCheckPool } from '../../../node/checkPool';
import { clipBytes } from '../manifest/assetBytes';

function withClip(run: (clip: string) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'pool-workers-'));
  const clip = join(folder, 'short.nczxanim');
  // Two bytes short of its last keyframe: the check has a problem to report.
  writeFileSync(clip, clipBytes(3, 4, 2));
  return run(clip).finally(() => rmSync(folder, { recursive: true, force: true }));
}

const stat = (path: string) => ({ size: statSync(path).size, mtimeMs: statSync(path).mtimeMs, isDirectory: false });

test('startAllAtOnce: the first check starts every worker, and each coming online is told once', () =>
  withClip(async (clip) => {
    let online = 0;
    const pool = new WorkerCheckPool(checkWorkerScript()!, 3, { startAllAtOnce: true, workerOnline: () => online++ });
    try {
      assert.equal(pool.running, 0, 'no worker before the first check');
      await pool.check(clip, 'clip', stat(clip), { maxKeyframeProblems: 10 });
      assert.equal(pool.running, 3);
      // The others may still be starting: wait for them to be told.
      for (let waited = 0; online < 3 && waited < 30_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(online, 3);
    } finally {
      await pool.close();
    }
  }));

test('without it (nor expectFiles), one worker serves one check at a time (the pool grows only as checks pile up)', () =>
  withClip(async (clip) => {
    const pool = new WorkerCheckPool(checkWorkerScript()!, 3);
    try {
      await pool.check(clip, 'clip', stat(clip), { maxKeyframeProblems: 10 });
      await pool.check(clip, 'clip', stat(clip), { maxKeyframeProblems: 10 });
      assert.equal(pool.running, 1);
    } finally {
      await pool.close();
    }
  }));

test('stopIdleWorkers ends every idle worker; the next check starts them again and answers the same', () =>
  withClip(async (clip) => {
    const pool = new WorkerCheckPool(checkWorkerScript()!, 2, { startAllAtOnce: true });
    try {
      const before = await pool.check(clip, 'clip', stat(clip), { maxKeyframeProblems: 10 });
      assert.equal(pool.running, 2);
      await pool.stopIdleWorkers();
      assert.equal(pool.running, 0);
      const after = await pool.check(clip, 'clip', stat(clip), { maxKeyframeProblems: 10 });
      assert.equal(pool.running, 2);
      assert.deepEqual(after.result.diagnostics, before.result.diagnostics);
      assert.ok(after.result.diagnostics.length > 0, 'the short clip has a problem to report');
    } finally {
      await pool.close();
    }
  }));
