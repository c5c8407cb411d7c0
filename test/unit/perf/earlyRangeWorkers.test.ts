/**
 * `ewzanim check FILE` as a process: the bin starts the range workers before the CLI's bundle
 * loads (`cli/earlyRangeWorkers.ts`) where, and only where, the command line is `check` of a large
 * clip (by the command's own parser and `startRangeWorkersFor`'s rule) on a machine that gives
 * range workers; the pool the command makes adopts them, and workers no pool takes end with the
 * process.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkCommand } from '../../../cli/checkCommand';
import { rangeThreadsOfArgv, rangeThreadsOfMachine, startRangeWorkersFor } from '../../../cli/checkRangeWorkers';
import { startEarlyRangeWorkers } from '../../../cli/earlyRangeWorkers';
import type { CliIo } from '../../../cli/io';
import { kindsByName } from '../../../formats/fileKinds';
import { leaveWaitingRangeWorkers, takeWaitingRangeWorkers } from '../../../node/clipRangeWorkerStart';
import { nodeFileAccess } from '../../../node/fileAccess';
import { REPO, tempTree } from '../cli/cliHarness';
import { checkOutput, singleThread } from './checkOutput';
import { planted } from './rangeClips';

const CLIP = planted(300, [63, 64, 65, 128, 191], [96, 193]);
const SMALL = planted(40, [], []);

/** A tree with a clip of `CLIP.length` bytes under several names, a smaller clip and a folder. */
function clipTree(): { root: string; dispose: () => void } {
  return tempTree({ 'big.nczxanim': CLIP, 'big.bin': CLIP, 'big.toml': CLIP, 'small.nczxanim': SMALL, 'folder/big.nczxanim': CLIP });
}

test('range workers start before the CLI loads only for check of a large clip on a machine that gives them (the command\'s parser and rule)', () => {
  const tree = clipTree();
  const at = (name: string): string => join(tree.root, name);
  const big = at('big.nczxanim');
  // [command line, the range threads it is given on a machine of 8 threads, with the split threshold at CLIP's size]
  const table: [string[], number][] = [
    [['check', big], 8],
    [['check', '--json', big], 8],
    [['--json', 'check', big], 8],
    [['check', big, '--format', 'sarif', '--max-problems', '3'], 8],
    [['check', '--', big], 8],
    [['check', at('small.nczxanim'), big], 8],
    [['check', at('big.bin')], 8], // no kind by name: a clip by its magic, maybe
    [['check', at('small.nczxanim')], 1],
    [['check', at('folder')], 1],
    [['check', at('missing.nczxanim')], 1],
    [['check', at('big.toml')], 1],
    [['check', '--msh-ext', '.bin', at('big.bin')], 1], // the name now says a MSH file
    [['check', '--format', 'xml', big], 1], // a usage error
    [['check', '--fps', '30', big], 1], // an option check does not take
    [['check', '--help', big], 1],
    [['--help', 'check', big], 1],
    [['help', 'check', big], 1],
    [['--version', 'check', big], 1],
    [['info', big], 1],
    [['dump', big], 1],
    [['listing', big], 1],
    [['diff', big, big], 1],
    [['export', big], 1],
    [['check'], 1],
    [[], 1],
  ];
  try {
    for (const [argv, threads] of table) assert.equal(rangeThreadsOfArgv(argv, 8, CLIP.length), threads, argv.join(' '));
    assert.equal(rangeThreadsOfArgv(['check', big], 8, CLIP.length + 1), 1, 'below the threshold');
    assert.equal(rangeThreadsOfArgv(['check', big], rangeThreadsOfMachine(2), CLIP.length), 1, 'a 2-core machine');
    assert.equal(rangeThreadsOfArgv(['check', big], rangeThreadsOfMachine(7), CLIP.length), 1, 'fewer than RANGE_WORKERS_MIN_THREADS');
    assert.equal(startEarlyRangeWorkers(['info', big], 3, 1), 0);
    assert.equal(startEarlyRangeWorkers(['check', at('folder')], 3, 1), 0);
    assert.deepEqual(takeWaitingRangeWorkers(), [], 'none left waiting');
  } finally {
    tree.dispose();
  }
});

test('check FILE adopts the range workers started early: none of its own, one thread\'s output byte for byte', async () => {
  const tree = clipTree();
  const big = join(tree.root, 'big.nczxanim');
  try {
    const single = await checkOutput(singleThread, [big], 'text');
    assert.equal(startEarlyRangeWorkers(['check', big], 3, 1), 2);
    let out = '';
    let err = '';
    const io: CliIo = { access: nodeFileAccess, out: (t) => void (out += t), err: (t) => void (err += t) };
    const status = await checkCommand(io, [big], 'text', 100, REPO, { clipSplitMinBytes: 1, threads: 3, reportThreads: true });
    assert.match(err, /; 2 range workers started \(\d loaded\)/, 'the two adopted, no more');
    assert.equal(`${status}\n${out}\n${err.replace(/^ewzanim: threads: .*\n/m, '')}`, single);
    assert.deepEqual(takeWaitingRangeWorkers(), [], 'the pool took them');
  } finally {
    tree.dispose();
  }
});

test('a pool adopts at most its size less one early workers and starts the rest; where it makes none, the early ones end', async () => {
  const tree = clipTree();
  const big = join(tree.root, 'big.nczxanim');
  const kindOf = kindsByName({});
  try {
    startEarlyRangeWorkers(['check', big], 4, 1);
    const smaller = startRangeWorkersFor([big], kindOf, 1, 2);
    try {
      assert.deepEqual([smaller?.adopted, smaller?.started, smaller?.running], [1, 1, 1]);
    } finally {
      await smaller?.close();
    }
    startEarlyRangeWorkers(['check', big], 2, 1);
    const larger = startRangeWorkersFor([big], kindOf, 1, 4);
    try {
      assert.deepEqual([larger?.adopted, larger?.started, larger?.running], [1, 3, 3]);
    } finally {
      await larger?.close();
    }
    startEarlyRangeWorkers(['check', big], 3, 1);
    const waiting = takeWaitingRangeWorkers();
    assert.equal(waiting.length, 2);
    const ended = Promise.all(waiting.map(({ worker }) => new Promise((resolve) => worker.once('exit', resolve))));
    leaveWaitingRangeWorkers(waiting);
    assert.equal(startRangeWorkersFor([big], kindOf, CLIP.length + 1, 3), undefined, 'the file is below the threshold the command was given');
    await ended;
    assert.deepEqual(takeWaitingRangeWorkers(), []);
  } finally {
    tree.dispose();
  }
});

test('range workers started early and never adopted end with the process: it exits at once', () => {
  const tree = clipTree();
  try {
    const script = `const n = require(${JSON.stringify(join(REPO, 'cli', 'earlyRangeWorkers.ts'))}).startEarlyRangeWorkers(['check', ${JSON.stringify(join(tree.root, 'big.nczxanim'))}], 3, 1); process.stdout.write(String(n));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.signal, null, 'not killed at the 60 s timeout');
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, '2', 'two workers were started');
  } finally {
    tree.dispose();
  }
});

/** The package's bin as a user runs it, with the bundles built from these sources. */
function ewzanim(args: string[]): { status: number | null; signal: string | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(REPO, 'cli', 'ewzanim-bin.cjs'), ...args], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr };
}

before(() => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'cli', 'early range workers (cli)', 'clip range worker (cli)'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(build.status, 0, build.stderr);
});

test('the bin: check of a small file and of a missing file exit at once with their usual output', () => {
  const tree = clipTree();
  try {
    const small = join(tree.root, 'small.nczxanim');
    const checked = ewzanim(['check', small]);
    assert.equal(checked.signal, null, 'not killed at the 60 s timeout');
    assert.deepEqual([checked.status, checked.stdout, checked.stderr], [0, '', '1 file checked: 0 errors, 0 warnings\n']);
    const missing = ewzanim(['check', join(tree.root, 'missing.nczxanim')]);
    assert.equal(missing.signal, null, 'not killed at the 60 s timeout');
    assert.deepEqual([missing.status, missing.stderr], [2, `ewzanim: ${join(tree.root, 'missing.nczxanim')}: no such file or folder\n0 files checked: 0 errors, 0 warnings\n`]);
  } finally {
    tree.dispose();
  }
});

test('the early bundle is small: the decision and the start alone, no lint or export code', () => {
  const bundle = readFileSync(join(REPO, 'dist', 'cli', 'earlyRangeWorkers.js'), 'utf8');
  assert.ok(bundle.length < 64 * 1024, `${bundle.length} bytes`);
  for (const name of ['gltf-transform', 'clipKernels', 'motionKernel', 'toml-eslint-parser']) assert.ok(!bundle.includes(name), name);
  assert.match(bundle, /startEarlyRangeWorkers/);
});
