/**
 * Two demos on one machine (scripts/demo-session.sh, the folder logic of scripts/demo.sh): each
 * gets its own private folder; Ctrl-C on one removes its folder and stops its process group,
 * and leaves the other's alone; a normal exit cleans up the same way.
 * And what the demo installs (scripts/ensure-deps.sh): only the Debian packages that are
 * missing, without upgrading or removing anything (apt's plan simulated first), quietly; Neovim
 * only for `npm test`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const REPO = resolve(__dirname, '..', '..', '..');

/**
 * A demo's setup as scripts/demo.sh does it: the session, files in its folder (the workspace, a
 * code-server socket), a process group standing for code-server; then it waits like the demo.
 */
const DEMO_SETUP = `
set -euo pipefail
source scripts/demo-session.sh
demo_session_start
mkdir -p "$demo_dir/sample-pack" "$demo_dir/vscode/tmp"
touch "$demo_dir/vscode/tmp/vscode-ipc-1.sock"
setsid sleep 300 &
demo_session_group $!
echo "$demo_dir $demo_group_pid"
[ "\${1:-}" = "--exit" ] && exit 0
wait "$demo_group_pid"
`;

interface Demo {
  process: ChildProcess;
  folder: string;
  group: number;
  exited: Promise<number | null>;
}

async function startDemo(tmp: string, ...args: string[]): Promise<Demo> {
  const child = spawn('bash', ['-c', DEMO_SETUP, 'demo', ...args], { cwd: REPO, env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const first = await new Promise<string>((done) => createInterface({ input: child.stdout! }).once('line', done));
  const [folder, group] = first.split(' ');
  return { process: child, folder, group: Number(group), exited };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (condition()) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  assert.fail(`within 10 s: ${what}`);
}

test('two demos each get their own folder; Ctrl-C on one removes only its folder and its processes', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'ewzanim-demo-session-'));
  const demos: Demo[] = [];
  try {
    demos.push(await startDemo(tmp), await startDemo(tmp));
    const [first, second] = demos;
    assert.notEqual(first.folder, second.folder);
    for (const demo of demos) {
      assert.match(demo.folder, new RegExp(`^${tmp}/ewzanim-demo\\.\\w{6}$`));
      assert.ok(existsSync(join(demo.folder, 'vscode', 'tmp', 'vscode-ipc-1.sock')));
      assert.ok(alive(demo.group));
    }

    first.process.kill('SIGINT');
    assert.equal(await first.exited, 130);
    assert.equal(existsSync(first.folder), false, 'the first demo removed its folder');
    await until(() => !alive(first.group), 'the first demo stopped its process group');
    assert.ok(existsSync(join(second.folder, 'sample-pack')), 'the second demo keeps its workspace');
    assert.ok(alive(second.group), 'the second demo keeps its code-server');

    second.process.kill('SIGTERM');
    assert.equal(await second.exited, 143);
    assert.equal(existsSync(second.folder), false);
    await until(() => !alive(second.group), 'the second demo stopped its process group');
  } finally {
    for (const demo of demos) {
      try {
        process.kill(-demo.group, 'SIGKILL');
      } catch {
        // Already stopped.
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('a demo that ends by itself removes its folder and stops its processes too', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'ewzanim-demo-session-'));
  try {
    const demo = await startDemo(tmp, '--exit');
    assert.equal(await demo.exited, 0);
    assert.equal(existsSync(demo.folder), false);
    await until(() => !alive(demo.group), 'its process group stopped');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

/**
 * Runs `script` after sourcing ensure-deps.sh with fake dpkg, apt-get, sudo and id on PATH:
 * `installed` are the packages dpkg knows; every apt-get call is recorded; a simulated install
 * (`apt-get install -s`) prints `plan` (apt's "Inst"/"Remv" lines).
 */
function withFakeApt(installed: string[], script: string, plan: string[] = []): string[] {
  const run = runWithFakeApt(installed, script, plan);
  assert.equal(run.status, 0, run.stderr);
  return run.calls;
}

function runWithFakeApt(installed: string[], script: string, plan: string[]): { status: number | null; stderr: string; calls: string[] } {
  const bin = mkdtempSync(join(tmpdir(), 'ewzanim-fake-apt-'));
  try {
    const log = join(bin, 'apt.log');
    const tool = (name: string, body: string): void => {
      writeFileSync(join(bin, name), `#!/usr/bin/env bash\n${body}\n`);
      chmodSync(join(bin, name), 0o755);
    };
    tool('dpkg', `[ "$1" = "-s" ] && case " ${installed.join(' ')} " in *" $2 "*) exit 0;; esac; exit 1`);
    writeFileSync(join(bin, 'plan.txt'), plan.map((line) => `${line}\n`).join(''));
    tool('apt-get', `echo "apt-get $*" >> "${log}"; [ "$2" = "-s" ] && cat "${join(bin, 'plan.txt')}"; exit 0`);
    tool('sudo', 'exec "$@"');
    tool('id', 'echo 1000');
    writeFileSync(log, '');
    const run = spawnSync('bash', ['-c', `source scripts/ensure-deps.sh; ${script}`], { cwd: REPO, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
    return { status: run.status, stderr: run.stderr, calls: readFileSync(log, 'utf8').split('\n').filter((line) => line !== '') };
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

test('apt: only the missing packages, with --no-upgrade, no recommends, -qq; nothing at all when none is missing', () => {
  assert.deepEqual(withFakeApt(['build-essential'], 'apt_install_missing libkrb5-dev build-essential python3'), [
    'apt-get update -qq',
    'apt-get install -s --no-upgrade --no-install-recommends libkrb5-dev python3',
    'apt-get install -y -qq --no-upgrade --no-install-recommends libkrb5-dev python3',
  ]);
  assert.deepEqual(withFakeApt(['libkrb5-dev', 'build-essential', 'python3'], 'apt_install_missing libkrb5-dev build-essential python3'), []);
});

test('apt: an install whose plan upgrades or removes an installed package is not made; the message names them and the command', () => {
  // apt-get install --no-upgrade --no-install-recommends libcurl4-openssl-dev on Debian 12 with older lists installed.
  const plan = [
    'Inst curl [7.88.1-10+deb12u14] (7.88.1-10+deb12u15 Debian:12.15/oldstable [amd64]) []',
    'Inst libcurl4 [7.88.1-10+deb12u14] (7.88.1-10+deb12u15 Debian:12.15/oldstable [amd64])',
    'Inst libkrb5-dev (1.20.1-2+deb12u5 Debian:12.15/oldstable [amd64])',
    'Remv libold1 [1.0-1]',
    'Conf libkrb5-dev (1.20.1-2+deb12u5 Debian:12.15/oldstable [amd64])',
  ];
  const run = runWithFakeApt([], 'apt_install_missing libkrb5-dev', plan);
  assert.equal(run.status, 1);
  assert.deepEqual(run.calls, ['apt-get update -qq', 'apt-get install -s --no-upgrade --no-install-recommends libkrb5-dev']);
  const changes = run.stderr.split('\n').filter((line) => line.startsWith('  '));
  assert.deepEqual(changes, ['  curl 7.88.1-10+deb12u14 -> 7.88.1-10+deb12u15', '  libcurl4 7.88.1-10+deb12u14 -> 7.88.1-10+deb12u15', '  libold1 (removed)']);
  assert.match(run.stderr, /Not installed: libkrb5-dev would change installed packages/);
  assert.match(run.stderr, /sudo apt-get install --no-install-recommends libkrb5-dev\)/);
});

test('apt: a plan of new packages only is installed', () => {
  const plan = ['Inst libkrb5-dev (1.20.1-2+deb12u5 Debian:12.15/oldstable [amd64])', 'Conf libkrb5-dev (1.20.1-2+deb12u5 Debian:12.15/oldstable [amd64])'];
  assert.deepEqual(withFakeApt([], 'apt_install_missing libkrb5-dev', plan).at(-1), 'apt-get install -y -qq --no-upgrade --no-install-recommends libkrb5-dev');
});

test('Neovim is installed for npm test only: the demo never asks for it', () => {
  assert.deepEqual(withFakeApt([], 'ensure_test_tools'), [
    'apt-get update -qq',
    'apt-get install -s --no-upgrade --no-install-recommends chromium neovim',
    'apt-get install -y -qq --no-upgrade --no-install-recommends chromium neovim',
  ]);
  const demo = readFileSync(join(REPO, 'scripts', 'demo.sh'), 'utf8');
  assert.doesNotMatch(demo, /ensure_test_tools|neovim|apt_install_missing/);
  assert.match(demo, /ensure_vscode_harness/);
});
