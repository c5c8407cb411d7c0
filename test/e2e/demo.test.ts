/**
 * `npm run demo` end to end, as a newcomer runs it, in its smoke mode: from an empty tools cache
 * (so Node 24 and code-server are installed by the nested npm that `npm run` starts, the path a
 * fresh machine takes), it builds, writes the sample workspace, runs the CLI on it, packages and
 * installs the extension into code-server, serves the workbench on the printed URL, then stops
 * and leaves no process behind.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './harness/codeServer';
import { REPO_ROOT } from './harness';

test('npm run demo installs its tools into an empty cache, serves VS Code with the extension and stops cleanly', { timeout: 960_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ewzanim-demo-test-'));
  const tools = join(dir, 'tools');
  const port = await freePort();
  try {
    // The environment is inherited on purpose: under `npm test` it carries the outer npm's
    // npm_config_* variables, which the nested installs must not be affected by.
    const run = spawnSync('npm', ['run', 'demo'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        EWZANIM_TOOLS_CACHE: tools,
        EWZANIM_DEMO_SMOKE: '1',
        EWZANIM_DEMO_DIR: join(dir, 'pack'),
        EWZANIM_DEMO_PORT: String(port),
        TMPDIR: dir,
      },
      timeout: 900_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    assert.equal(run.status, 0, output.slice(-4000));
    assert.ok(existsSync(join(tools, 'code-server-4.139.1', '.installed')), 'code-server was installed into the empty tools cache');
    assert.match(run.stdout, /\$ npx --no-install ewzanim check /, 'the CLI part ran');
    assert.ok(run.stdout.includes(`http://127.0.0.1:${port}/?folder=${join(dir, 'pack')}`), 'the URL was printed');
    assert.match(run.stdout, /demo: workbench page served/);
    const settings = /^demo: user settings (.*)$/m.exec(run.stdout)?.[1];
    assert.equal((JSON.parse(settings ?? '{}') as Record<string, unknown>)['files.autoSave'], 'off', 'auto save is off in the User scope');
    assert.ok(existsSync(join(dir, 'pack', 'assets', 'creature-walk.nczxanim')), 'the generated creature is in the workspace');
    assert.ok(existsSync(join(dir, 'pack', 'animation-demo', 'nether.toml')), 'the animation-demo pack is in the workspace');
    assert.equal(existsSync(join(dir, 'ewzanim-demo-vscode')), false, 'the VS Code folder was removed');
    const left = spawnSync('pgrep', ['-f', join(dir, 'ewzanim-demo-vscode')], { encoding: 'utf8' });
    assert.equal(left.stdout.trim(), '', 'no code-server process left');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
