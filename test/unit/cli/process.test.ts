/** The bundled executable (dist/cli/ewzanim.js, built here from the current sources). */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { IDENTITY_RECORD, REPO, UPSTREAM, tempTree, uniformClip } from './cliHarness';

const BIN = join(REPO, 'cli', 'ewzanim-bin.cjs');

function ewzanim(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO, encoding: 'utf8', input });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

before(() => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'cli'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(build.status, 0, build.stderr);
});

test('the package bin runs the bundle: check of the upstream binaries exits 0', () => {
  const run = ewzanim(['check', `${UPSTREAM}/multi-skinned-rom/assets`]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr, '6 files checked: 0 errors, 0 warnings\n');
});

test('the executable: unreadable path -> exit 2, one message line, no stack trace', () => {
  const run = ewzanim(['check', 'does/not/exist.nczxanim']);
  assert.equal(run.status, 2);
  assert.equal(run.stderr, 'ewzanim: does/not/exist.nczxanim: no such file or folder\n0 files checked: 0 errors, 0 warnings\n');
});

test('the executable: --help exits 0 and names every command', () => {
  const run = ewzanim(['--help']);
  assert.equal(run.status, 0);
  for (const command of ['ewzanim check', 'ewzanim dump', 'ewzanim info']) assert.ok(run.stdout.includes(command), command);
});

test('the executable: dump --json prints one valid JSON document', () => {
  const run = ewzanim(['dump', '--json', `${UPSTREAM}/animation-demo/assets/wave.ewzanim`]);
  assert.equal(run.status, 0);
  assert.equal((JSON.parse(run.stdout) as { keyframes: unknown[] }).keyframes.length, 90);
});

test('the executable: a closed pipe (| head) ends a long dump quietly with status 0', () => {
  // 255 x 200 keyframes print as megabytes of text: far beyond a pipe's buffer.
  const tree = tempTree({ 'long.nczxanim': uniformClip(255, 200, IDENTITY_RECORD) });
  try {
    const script = `"${process.execPath}" "${BIN}" dump "${tree.root}/long.nczxanim" | head -c 100 >/dev/null; echo "\${PIPESTATUS[0]}"`;
    const shell = spawnSync('bash', ['-c', script], { cwd: REPO, encoding: 'utf8' });
    assert.equal(shell.stderr, '');
    assert.equal(shell.stdout, '0\n');
  } finally {
    tree.dispose();
  }
});
