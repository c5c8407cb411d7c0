/**
 * `ewzanim check` rows, in-process through the CLI's `runChecks` and the Node file access:
 * - the issue's workspace (10,000 clips of 40 bones x 60 frames and a nether.toml listing them):
 *   `check FOLDER` (walk, every clip, the manifest and its cross-checks) against reading every
 *   byte of the same files once in this process (16 files in flight), same run, interleaved;
 *   the reads per file during that check (target: 1);
 * - the largest legal clip (267,382,804 B): `check FILE` on a warm pool (its frame ranges linted
 *   by one worker per core at once: the language server's case), as the CLI runs it (range workers
 *   started for it, `dist/cli/clipRangeWorker.js`, and the calling thread taking the ranges, where
 *   the machine gives `RANGE_WORKERS_MIN_THREADS`; else one thread, cold workers being a loss), and
 *   on one thread, against a bare read of it in 4 MiB pieces into one reused buffer;
 * - where splitting a clip pays: clips of 16 to 128 MiB checked by a warm pool, split into ranges
 *   against checked whole on one thread.
 * The folder check runs with the worker pool (one worker per core) and, for the scaling, without.
 * Ratios use the fastest wall-clock run of each (the pool's threads make CPU time no measure).
 */
import { mkdir, open, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { runChecks } from '../cli/checkCommand';
import { RANGE_WORKERS_MIN_THREADS, rangeThreadsOfMachine } from '../cli/checkRangeWorkers';
import type { CliIo } from '../cli/io';
import type { FileAccess } from '../formats/fileAccess';
import type { BinaryCheckPool } from '../formats/checkPool';
import { mapInParallel } from '../formats/inParallel';
import { CLIP_SPLIT_MIN_BYTES, checkWorkerScript, createCheckPool, defaultPoolSize, FILES_PER_CHECK_WORKER, WorkerCheckPool } from '../node/checkPool';
import { clipRangeWorkerScript, ClipRangeWorkerPool } from '../node/clipRangeWorkerPool';
import { nodeFileAccess } from '../node/fileAccess';
import { ISSUE_WORKSPACE, writeCheckWorkspace } from './checkWorkspace';
import { builtCli, ratiosByRound, timeAgainstBareRead } from './processTiming';
import { writeClipFile } from './clipData';
import { formatNumber, timeInterleaved, type BenchContext } from './harness';

const ROUNDS = 3;
/** The split threshold's rows: short checks, more rounds to see past the load. */
const THRESHOLD_ROUNDS = 9;
const PIECE = 4 * 1024 * 1024;

function quietIo(access: FileAccess): CliIo {
  return { access, out: () => undefined, err: () => undefined };
}

/** Reads every file whole, 16 at a time: the least a check of them must do. */
async function bareRead(files: readonly string[]): Promise<number> {
  const sizes = await mapInParallel(files, 16, async (file) => (await readFile(file)).length);
  return sizes.reduce((a, b) => a + b, 0);
}

/** Reads one file front to back in pieces into one reused buffer. */
async function bareStream(path: string): Promise<number> {
  const handle = await open(path, 'r');
  const buffer = new Uint8Array(PIECE);
  let total = 0;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, PIECE, total);
      if (bytesRead === 0) return total;
      total += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

function countingReads(base: FileAccess): { access: FileAccess; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const count = (path: string): void => void reads.set(path, (reads.get(path) ?? 0) + 1);
  return {
    reads,
    access: { ...base, read: (p, o, l) => (count(p), base.read(p, o, l)), readInto: (p, o, t) => (count(p), base.readInto!(p, o, t)) },
  };
}

async function workspaceRows(bench: BenchContext): Promise<void> {
  const folder = join(bench.tmpDir, 'check-workspace');
  const files = await writeCheckWorkspace(folder, ISSUE_WORKSPACE);
  let bytes = 0;
  let summary = '';
  const pool = createCheckPool();
  // The least CPU time (all the process's threads) a run of each took: comparable under load where wall-clock time is not.
  const cpu = { pooled: Infinity, single: Infinity };
  const checkWith = (with_: BinaryCheckPool | undefined) => async () => {
    const before = process.cpuUsage();
    const report = await runChecks(quietIo(nodeFileAccess), [folder], 100, { pool: with_ });
    const { user, system } = process.cpuUsage(before);
    const key = with_ ? 'pooled' : 'single';
    cpu[key] = Math.min(cpu[key], (user + system) / 1e6);
    summary = `${report.files.length} files, ${report.errors} errors, ${report.warnings} warnings`;
  };
  let timings;
  try {
    timings = await timeInterleaved([async () => void (bytes = await bareRead(files)), checkWith(pool), checkWith(undefined)], ROUNDS);
  } finally {
    await pool?.close();
  }
  const [bare, pooled, single] = timings;
  const shape = ISSUE_WORKSPACE;
  const what = `${formatNumber(shape.clips)} clips of ${shape.bones}x${shape.frames} + nether.toml`;
  const baseline = { name: `bare read of the same ${formatNumber(bytes)} B, one process`, value: bare!.bestSeconds, unit: 's' };
  bench.add({
    name: `check FOLDER, ${what} (${pool ? `${pool.size} check workers` : 'no worker script: one thread'})`,
    value: pooled!.bestSeconds,
    unit: 's',
    baseline,
    target: { on: 'ratio', op: '<=', threshold: 3 },
    note: `${summary}; ${availableParallelism()} cores; best of ${ROUNDS} interleaved; ${formatNumber(single!.bestSeconds / pooled!.bestSeconds)}x the one-thread run; CPU ${formatNumber(cpu.pooled)} s (all threads, least of a run)`,
  });
  bench.add({
    name: `check FOLDER, ${what} (one thread)`,
    value: single!.bestSeconds,
    unit: 's',
    baseline,
    note: `the same check without the pool; CPU ${formatNumber(cpu.single)} s (least of a run)`,
  });

  const { access, reads } = countingReads(nodeFileAccess);
  await runChecks(quietIo(access), [folder], 100);
  const most = Math.max(...reads.values());
  bench.add({
    name: `reads per file in that check (most of any file)`,
    value: most,
    unit: 'reads',
    target: { on: 'value', op: '<=', threshold: 1 },
    note: `${reads.size} files read, ${[...reads.values()].reduce((a, b) => a + b, 0)} reads in all`,
  });
}

/** Node's file access under another identity: `runChecks` then starts no pool (one thread). */
const oneThread: FileAccess = { ...nodeFileAccess };

/** The diagnostics of `check FILE` as text, to show the split and the one-thread check agree. */
async function checkFile(access: FileAccess, path: string, pool?: BinaryCheckPool, rangeWorkers?: ClipRangeWorkerPool): Promise<string> {
  const report = await runChecks(quietIo(access), [path], 100, { pool, rangeWorkers });
  return JSON.stringify(report.files[0]?.diagnostics ?? null);
}

/** `fn`, recording the least CPU time (all of this process's threads) a run of it took in `least[key]`. */
function withCpu(least: Record<string, number>, key: string, fn: () => Promise<unknown>): () => Promise<void> {
  return async () => {
    const before = process.cpuUsage();
    await fn();
    const { user, system } = process.cpuUsage(before);
    least[key] = Math.min(least[key] ?? Infinity, (user + system) / 1e6);
  };
}

async function largestClipRows(bench: BenchContext): Promise<void> {
  const path = join(bench.tmpDir, 'check-largest.nczxanim');
  const size = await writeClipFile(path, 255, 65535);
  const outputs = ['', '', ''];
  const cpu: Record<string, number> = {};
  // As `ewzanim check FILE` runs: range workers started for it before the check reads anything (the
  // check pool of its own starts none for one file), ended after the run.
  const rangeScript = builtWorker(clipRangeWorkerScript);
  const cliCheck = async (): Promise<void> => {
    const pool = createCheckPool();
    const ranges = rangeScript && rangeThreadsOfMachine() > 1 ? new ClipRangeWorkerPool(rangeScript, rangeThreadsOfMachine()) : undefined;
    ranges?.start();
    try {
      outputs[0] = await checkFile(nodeFileAccess, path, pool, ranges);
    } finally {
      await Promise.all([pool?.close(), ranges?.close()]);
    }
  };
  const script = builtWorker(checkWorkerScript);
  const warm = script && defaultPoolSize() > 1 ? await warmPool(bench, new WorkerCheckPool(script, defaultPoolSize(), { startAllAtOnce: true })) : undefined;
  let timings;
  try {
    timings = await timeInterleaved(
      [
        () => bareStream(path),
        withCpu(cpu, 'cli', cliCheck),
        withCpu(cpu, 'warm', async () => void (outputs[1] = await checkFile(nodeFileAccess, path, warm))),
        withCpu(cpu, 'single', async () => void (outputs[2] = await checkFile(oneThread, path))),
      ],
      ROUNDS,
    );
  } finally {
    await warm?.close();
  }
  const [bare, cli, pooled, single] = timings;
  const baseline = { name: 'bare read of it in 4 MiB pieces', value: bare!.bestSeconds, unit: 's' };
  const problems = (JSON.parse(outputs[0]!) as unknown[] | null)?.length ?? -1;
  const same = outputs[0] === outputs[2] && outputs[1] === outputs[2] ? 'the same as' : 'DIFFERENT FROM';
  const ranges = warm ? `${warm.size} ranges on as many workers` : 'no worker script: one thread';
  const cpuNote = (key: string): string => `CPU ${formatNumber(cpu[key]!)} s (all threads, least of a run)`;
  bench.add({
    name: `check FILE, the largest clip (${formatNumber(size)} B), as the CLI runs it (${rangeScript && rangeThreadsOfMachine() > 1 ? `${rangeThreadsOfMachine() - 1} range workers started for it, the calling thread too` : `one thread: no range workers below ${RANGE_WORKERS_MIN_THREADS} threads`})`,
    value: cli!.bestSeconds,
    unit: 's',
    baseline,
    target: { on: 'ratio', op: '<=', threshold: 1.5 },
    note: `${problems} diagnostics, ${same} one thread's; page-cached; ${availableParallelism()} cores; best of ${ROUNDS} interleaved; ${rangeScript && rangeThreadsOfMachine() > 1 ? `cold workers (${rangeScript}), ` : ''}a warm calling thread; ${formatNumber(single!.bestSeconds / cli!.bestSeconds)}x the one-thread run; ${cpuNote('cli')}`,
  });
  bench.add({
    name: `check FILE, the largest clip, ${ranges}, warm pool`,
    value: pooled!.bestSeconds,
    unit: 's',
    baseline,
    note: `workers already started (the language server's case; ${script}); ${formatNumber(single!.bestSeconds / pooled!.bestSeconds)}x the one-thread run; ${cpuNote('warm')}`,
  });
  bench.add({ name: `check FILE, the largest clip (one thread)`, value: single!.bestSeconds, unit: 's', baseline, note: `the same check without the pool; ${cpuNote('single')}` });
  processRow(bench, path);
}

/** `ewzanim check FILE` of the largest clip as a user runs it, a process (bundle load, cold threads), against a bare-read process; none where the CLI is not built. */
function processRow(bench: BenchContext, path: string): void {
  const cli = builtCli();
  if (!cli) return;
  const pair = timeAgainstBareRead(cli, [path], ['check', path], ROUNDS);
  const least = (values: readonly number[]): number => Math.min(...values);
  const threads = rangeThreadsOfMachine() > 1 ? `${rangeThreadsOfMachine() - 1} range workers and the calling thread` : 'one thread';
  bench.add({
    name: 'check FILE, the largest clip, as a process (the built CLI)',
    value: least(pair.cli),
    unit: 's',
    baseline: { name: 'a bare-read process of it, 4 MiB pieces', value: least(pair.bare), unit: 's' },
    note: `${threads}; ${availableParallelism()} cores; best of ${ROUNDS} interleaved; each round ${ratiosByRound(pair)}; ${cli}`,
  });
}

/**
 * A worker script as the CLI and the server ship it, bundled (`dist/cli`, built by
 * `node scripts/build.mjs` before the bench), else the source under tsx: from source, a worker's
 * code runs through tsx's transform (its helpers wrap every function) and its start through tsx's
 * loader: the largest clip's split took 1.6x the one-thread check's CPU that way, against
 * 1.2-1.4x with the bundle (load 1.3-1.7).
 */
function builtWorker(scriptIn: (folder?: string) => string | undefined): string | undefined {
  return scriptIn(join(__dirname, '..', 'dist', 'cli')) ?? scriptIn();
}

/**
 * `pool` with its workers started by a folder's check (`startAllAtOnce`), as the language server's
 * are by its workspace scan: a file named alone goes only to workers already running.
 */
async function warmPool(bench: BenchContext, pool: WorkerCheckPool): Promise<WorkerCheckPool> {
  const folder = join(bench.tmpDir, 'check-warm-up');
  await mkdir(folder, { recursive: true });
  await writeClipFile(join(folder, 'small.nczxanim'), 40, 60);
  // A scan of as many files as make every worker start (a folder of one file starts one).
  pool.expectFiles(pool.size * FILES_PER_CHECK_WORKER);
  await runChecks(quietIo(nodeFileAccess), [folder], 100, { pool });
  if (pool.running !== pool.size) throw new Error(`${pool.running} of ${pool.size} check workers started`);
  return pool;
}

/** Clips of 16 to 128 MiB checked by a warm pool: split into one range per worker, and whole on the calling thread. */
async function splitThresholdRows(bench: BenchContext): Promise<void> {
  const script = builtWorker(checkWorkerScript);
  if (!script || defaultPoolSize() < 2) return;
  const split = await warmPool(bench, new WorkerCheckPool(script, defaultPoolSize(), { clipSplitMinBytes: 0, startAllAtOnce: true }));
  try {
    for (const mib of [16, 32, 64, 128]) {
      const path = join(bench.tmpDir, `check-${mib}mib.nczxanim`);
      const bones = 255;
      const size = await writeClipFile(path, bones, Math.floor((mib * 1024 * 1024) / (bones * 16)));
      const [inRanges, onOne] = await timeInterleaved([() => checkFile(nodeFileAccess, path, split), () => checkFile(oneThread, path)], THRESHOLD_ROUNDS);
      bench.add({
        name: `check FILE, a ${mib} MiB clip (${formatNumber(size)} B) in ${split.size} ranges, warm pool`,
        value: inRanges!.bestSeconds,
        unit: 's',
        baseline: { name: 'checked whole on one thread', value: onOne!.bestSeconds, unit: 's' },
        note: `best of ${THRESHOLD_ROUNDS} interleaved; the pool splits from ${formatNumber(CLIP_SPLIT_MIN_BYTES / 1024 / 1024)} MiB`,
      });
    }
  } finally {
    await split.close();
  }
}

export default async function checkBench(bench: BenchContext): Promise<void> {
  await workspaceRows(bench);
  await largestClipRows(bench);
  await splitThresholdRows(bench);
}
