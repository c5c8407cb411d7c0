/**
 * `isolated_npm` (scripts/ensure-deps.sh), which installs Node 24 and code-server: the nested npm
 * must not see what the process that started it had. Here the caller is hostile on every count
 * the issue names: an outer npm's user agent and npm_config_* variables, a user .npmrc setting
 * nodedir, ignore-scripts and global, and a PATH whose first `node` is another (failing) one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(__dirname, '..', '..', '..');

test('the nested npm runs under the chosen node with explicit settings, whatever the caller has', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ewzanim-isolated-npm-'));
  try {
    const home = join(dir, 'home');
    const chosen = join(dir, 'chosen');
    const other = join(dir, 'other');
    const project = join(dir, 'project');
    for (const d of [home, chosen, other, project]) mkdirSync(d);
    writeFileSync(join(home, '.npmrc'), 'nodedir=/usr\nignore-scripts=true\nglobal=true\n');
    writeFileSync(join(other, 'node'), '#!/bin/sh\necho "the caller\'s node ran" >&2\nexit 3\n');
    chmodSync(join(other, 'node'), 0o755);
    symlinkSync(process.execPath, join(chosen, 'node'));
    const probe = 'echo "UA=$npm_config_user_agent"; echo "NODEDIR=$npm_config_nodedir"; echo "IGNORE=$npm_config_ignore_scripts"; echo "GLOBAL=$npm_config_global"; echo "NODE=$(command -v node)"; echo "LEAK=${npm_package_name:-none}"';
    const run = spawnSync('bash', ['-c', `source "${REPO}/scripts/ensure-deps.sh" && isolated_npm "$1" /chosen/nodedir exec --offline -c '${probe}'`, 'bash', chosen], {
      cwd: project,
      encoding: 'utf8',
      env: {
        PATH: `${other}:${process.env.PATH ?? ''}`,
        HOME: home,
        npm_config_user_agent: 'npm/10.0.0 node/v0.0.1-outer linux x64 workspaces/false',
        npm_config_nodedir: '/outer/nodedir',
        npm_config_ignore_scripts: 'true',
        npm_config_global: 'true',
        npm_package_name: 'outer-package',
      },
    });
    assert.equal(run.status, 0, run.stderr);
    const values = Object.fromEntries(run.stdout.trim().split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
    assert.match(values.UA ?? '', new RegExp(`^npm/\\S+ node/${process.version.replace(/\./g, '\\.')} `), 'the user agent names the chosen node');
    assert.deepEqual(
      { nodedir: values.NODEDIR, ignoreScripts: values.IGNORE, global: values.GLOBAL, node: values.NODE, leak: values.LEAK },
      { nodedir: '/chosen/nodedir', ignoreScripts: 'false', global: 'false', node: join(chosen, 'node'), leak: 'none' },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
