/**
 * `npm run demo` (scripts/demo.sh) end to end in its smoke mode: builds, writes the sample
 * workspace, runs the CLI on it, packages and installs the extension into code-server, serves
 * the workbench on the printed URL, then stops and leaves no process behind.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './harness/codeServer';
import { REPO_ROOT } from './harness';

test('npm run demo serves VS Code with the extension on the sample workspace and stops cleanly', { timeout: 400_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ewzanim-demo-test-'));
  const port = await freePort();
  try {
    const run = spawnSync('bash', ['scripts/demo.sh'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, EWZANIM_DEMO_SMOKE: '1', EWZANIM_DEMO_DIR: join(dir, 'pack'), EWZANIM_DEMO_PORT: String(port), TMPDIR: dir },
      timeout: 380_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    assert.equal(run.status, 0, output.slice(-3000));
    assert.match(run.stdout, /\$ npx --no-install ewzanim check /, 'the CLI part ran');
    assert.ok(run.stdout.includes(`http://127.0.0.1:${port}/?folder=${join(dir, 'pack')}`), 'the URL was printed');
    assert.match(run.stdout, /demo: workbench page served/);
    assert.ok(existsSync(join(dir, 'pack', 'assets', 'creature-walk.nczxanim')), 'the generated creature is in the workspace');
    assert.ok(existsSync(join(dir, 'pack', 'animation-demo', 'nether.toml')), 'the animation-demo pack is in the workspace');
    assert.equal(existsSync(join(dir, 'ewzanim-demo-vscode')), false, 'the VS Code folder was removed');
    const left = spawnSync('pgrep', ['-f', join(dir, 'ewzanim-demo-vscode')], { encoding: 'utf8' });
    assert.equal(left.stdout.trim(), '', 'no code-server process left');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
