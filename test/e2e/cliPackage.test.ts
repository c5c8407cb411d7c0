/**
 * The CLI as a game's CI gets it: `npm run package:cli` writes the tarball, which installs with
 * no network into an empty project (it has no dependencies), where `npx ewzanim check` runs on a
 * data pack in every output format, SARIF validated against the SARIF 2.1.0 schema. Its worker
 * bundles ship beside it and run: a folder's checks on the check pool, a large clip's ranges on
 * range workers (`EWZANIM_DEBUG_THREADS` says so), with one thread's output.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBuiltin } from 'node:module';
import { availableParallelism } from 'node:os';
import { REPO_ROOT } from './harness';
import { sarifSchemaErrors } from '../unit/helpers/sarifSchema';
import { writeClipFile } from '../../bench/clipData';
import { CLIP_SPLIT_MIN_BYTES } from '../../node/checkPool';
import { rangeThreadsOfMachine } from '../../cli/checkRangeWorkers';

/** npm run by a user in their own project: nothing inherited from the `npm test` running us. */
function userEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return { ...env, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env: { ...userEnv(), ...env }, encoding: 'utf8', timeout: 120_000 });
}

/** The worker bundles the CLI's pools load from beside `ewzanim.js`. */
const WORKER_FILES = ['checkWorker.js', 'clipDiffWorker.js', 'clipRangeWorker.js'];

const ROOT_VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

test('the packed CLI installs offline into an empty project and checks a data pack there', { timeout: 300_000 }, async () => {
  const packed = run('npm', ['run', '--silent', 'package:cli'], REPO_ROOT);
  assert.equal(packed.status, 0, packed.stderr);
  const tarball = packed.stdout.trim().split('\n').at(-1)!;
  assert.ok(tarball.endsWith(`ewzanim-${ROOT_VERSION}.tgz`), tarball);
  const listing = run('tar', ['tzf', tarball], REPO_ROOT);
  assert.deepEqual(listing.stdout.trim().split('\n').sort(), [
    'package/LICENSE',
    'package/README.md',
    'package/THIRD-PARTY-NOTICES.md',
    ...WORKER_FILES.map((file) => `package/${file}`),
    'package/ewzanim.js',
    'package/package.json',
  ].sort());

  const project = mkdtempSync(join(tmpdir(), 'ewzanim-game-'));
  try {
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'my-game', version: '1.0.0', private: true }));
    cpSync(join(REPO_ROOT, 'test/fixtures/upstream/multi-skinned-rom'), join(project, 'pack'), { recursive: true });

    const install = run('npm', ['install', '--save-dev', tarball], project);
    assert.equal(install.status, 0, `${install.stdout}\n${install.stderr}`);
    assert.deepEqual(readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.')), ['ewzanim'], 'nothing but the CLI was installed');
    const installed = JSON.parse(readFileSync(join(project, 'node_modules/ewzanim/package.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(installed.bin, { ewzanim: 'ewzanim.js' });
    for (const key of ['dependencies', 'peerDependencies', 'optionalDependencies', 'scripts']) assert.equal(installed[key], undefined, key);
    for (const file of ['ewzanim.js', ...WORKER_FILES]) {
      const bundle = readFileSync(join(project, 'node_modules/ewzanim', file), 'utf8');
      const required = [...bundle.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]!);
      assert.deepEqual(required.filter((m) => !isBuiltin(m)), [], `${file} requires only Node built-ins`);
    }

    const version = run('npx', ['ewzanim', '--version'], project);
    assert.equal(version.stdout, `${ROOT_VERSION}\n`, version.stderr);

    // The upstream pack: Emberware-era extensions in a nether.toml are warnings, so exit 0.
    const text = run('npx', ['ewzanim', 'check', 'pack'], project);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /^pack\/nether\.toml:23:8: warning manifest\/legacy-extension: /m);
    assert.match(text.stderr, /^8 files checked: 0 errors, 6 warnings$/m);

    const sarif = run('npx', ['ewzanim', 'check', '--format', 'sarif', 'pack'], project);
    assert.equal(sarif.status, 0, sarif.stderr);
    const log = JSON.parse(sarif.stdout) as { runs: { tool: { driver: { version: string } }; results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    assert.equal(sarifSchemaErrors(log), '');
    assert.equal(log.runs[0]!.tool.driver.version, ROOT_VERSION);
    assert.equal(log.runs[0]!.results.length, 8);
    for (const r of log.runs[0]!.results) assert.equal(r.locations[0]!.physicalLocation.artifactLocation.uri, 'pack/nether.toml');

    const github = run('npx', ['ewzanim', 'check', '--format', 'github', 'pack'], project);
    assert.equal(github.status, 0, github.stderr);
    assert.match(github.stdout, /^::warning file=pack\/nether\.toml,line=23,col=8,endColumn=28,title=manifest\/legacy-extension::/m);

    // The workers run where there are cores for them: the folder's files on the check pool, the
    // ranges of a clip at the split threshold on range workers started for it where the machine
    // has threads enough for them to repay their start (else one thread).
    const threads = { EWZANIM_DEBUG_THREADS: '1' };
    const cores = availableParallelism();
    const folder = run('npx', ['ewzanim', 'check', 'pack'], project, threads);
    assert.equal(folder.status, 0, folder.stderr);
    assert.match(folder.stderr, cores > 1 ? /^ewzanim: threads: [1-9]\d* of \d+ check workers started; no range workers$/m : /^ewzanim: threads: no check pool; no range workers$/m);
    await writeClipFile(join(project, 'large.nczxanim'), 255, Math.ceil(CLIP_SPLIT_MIN_BYTES / (255 * 16)));
    const large = run('npx', ['ewzanim', 'check', '--format', 'json', 'large.nczxanim'], project, threads);
    assert.equal(large.status, 0, large.stderr);
    assert.match(large.stderr, rangeThreadsOfMachine() > 1 ? /; [1-9]\d* range workers started \(\d+ loaded\), \d+ of \d+ clip ranges linted on them$/m : /; no range workers$/m);
    const oneCore = spawnSync('taskset', ['-c', '0', 'npx', 'ewzanim', 'check', '--format', 'json', 'large.nczxanim'], { cwd: project, env: { ...userEnv(), ...threads }, encoding: 'utf8', timeout: 120_000 });
    if (oneCore.status === 0) {
      assert.match(oneCore.stderr, /^ewzanim: threads: no check pool; no range workers$/m, 'one core: one thread');
      assert.equal(large.stdout, oneCore.stdout, 'the same report as one thread');
    }
    rmSync(join(project, 'large.nczxanim'));

    // An error makes the step fail: exit status 1.
    writeFileSync(join(project, 'pack/assets/wave1.ewzanim'), new Uint8Array([3, 0, 2, 0]));
    const failing = run('npx', ['ewzanim', 'check', 'pack/nether.toml'], project);
    assert.equal(failing.status, 1, failing.stderr);
    assert.match(failing.stdout, /^pack\/assets\/wave1\.ewzanim:4: error anim\/truncated: /m);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});
