/**
 * The built CLI (`dist/cli`) as a user runs it, a process per command, against a bare read of the
 * same bytes in a process of its own, interleaved, on as many cores as the process may use: run it
 * under `taskset -c 0-N` to see how `check` and `diff` scale with cores (the worker pools size
 * themselves from the affinity mask through `availableParallelism`). Not part of `npm run bench`:
 * `node scripts/build.mjs && node --import tsx bench/cliScaling.ts [rounds] [folder|file|diff...]`
 * (every case without names; e.g. `taskset -c 0-15 node --import tsx bench/cliScaling.ts 5 file`
 * for `check FILE` alone on 16 cores), or bundled with esbuild where there is no `node_modules`
 * (pass the CLI's path as `EWZANIM_CLI`).
 *
 * Cases: `folder`, `check FOLDER` of the performance issue's workspace (10,000 clips of 40 x 60
 * and a `nether.toml`); `file`, `check FILE` of the largest legal clip (random records: where the
 * machine gives `RANGE_WORKERS_MIN_THREADS` threads the CLI starts its range workers for it,
 * `dist/cli/clipRangeWorker.js`, and lints it on them and its calling thread, else on one
 * thread); `diff`, `diff A B` of two largest clips whose every record differs. Each round runs
 * each case's baseline (every file read once in 4 MiB pieces by a bare Node process) then the
 * CLI (`bench/processTiming.ts`, which the check bench's process row uses too), and the row gives
 * the least wall time of the rounds and each round's ratio. `EWZANIM_CLI_BASELINE` names a second
 * build (a bin or a bundle) timed in the same rounds right after the CLI, wall and CPU time (its
 * threads' and children's) of both: an A/B of two builds on one machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeClipFile } from './clipData';
import { ISSUE_WORKSPACE, writeCheckWorkspace } from './checkWorkspace';
import { writeTiledClip } from './diff.bench';
import { builtCli, processCost, ratiosByRound, timeAgainstBareRead, type ProcessPair } from './processTiming';

const LARGEST = { bones: 255, frames: 65535 };

interface Case {
  /** Its name on the command line. */
  key: 'folder' | 'file' | 'diff';
  name: string;
  paths: string[];
  cli: string[];
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 3);
  const named = process.argv.slice(3);
  const wanted = (key: Case['key']): boolean => named.length === 0 || named.includes(key);
  const cli = builtCli();
  if (!cli) throw new Error('no built CLI: run node scripts/build.mjs (or set EWZANIM_CLI)');
  const baseline = process.env.EWZANIM_CLI_BASELINE ? resolve(process.env.EWZANIM_CLI_BASELINE) : undefined;
  const dir = await mkdtemp(join(tmpdir(), 'ewzanim-scaling-'));
  try {
    const workspace = join(dir, 'workspace');
    if (wanted('folder')) await writeCheckWorkspace(workspace, ISSUE_WORKSPACE);
    const largest = join(dir, 'largest.nczxanim');
    if (wanted('file') || wanted('diff')) await writeClipFile(largest, LARGEST.bones, LARGEST.frames);
    const shifted = join(dir, 'shifted.nczxanim');
    if (wanted('diff')) await writeTiledClip(shifted);
    const cases = ([
      { key: 'folder', name: 'check FOLDER, 10,000 clips of 40x60 + nether.toml', paths: [workspace], cli: ['check', workspace] },
      { key: 'file', name: 'check FILE, the largest clip (267 MB), as the CLI runs it', paths: [largest], cli: ['check', largest] },
      { key: 'diff', name: 'diff A B, two largest clips, every record different', paths: [largest, shifted], cli: ['diff', largest, shifted] },
    ] satisfies Case[]).filter((c) => wanted(c.key));
    const times: ProcessPair[] = cases.map(() => ({ bare: [], cli: [] }));
    const ab = cases.map(() => ({ cli: [] as { wall: number; cpu: number }[], baseline: [] as { wall: number; cpu: number }[] }));
    for (let round = 0; round < rounds; round++) {
      cases.forEach((c, i) => {
        const one = timeAgainstBareRead(cli, c.paths, c.cli, 1);
        times[i]!.bare.push(...one.bare);
        times[i]!.cli.push(...one.cli);
        if (!baseline) return;
        ab[i]!.baseline.push(processCost([baseline, ...c.cli]));
        ab[i]!.cli.push(processCost([cli, ...c.cli]));
      });
    }
    const format = (s: number): string => `${(s * 1000).toFixed(0)} ms`;
    console.log(`${availableParallelism()} cores available, Node ${process.version}, ${rounds} interleaved rounds, wall clock of whole processes\n`);
    console.log('| case | bare read (least) | CLI (least) | ratio of the least | ratio per round |');
    console.log('|---|---:|---:|---:|---|');
    cases.forEach((c, i) => {
      const { bare, cli: run } = times[i]!;
      const least = (values: number[]): number => Math.min(...values);
      console.log(`| ${c.name} | ${format(least(bare))} | ${format(least(run))} | ${(least(run) / least(bare)).toFixed(2)}x | ${ratiosByRound(times[i]!)} |`);
    });
    if (!baseline) return;
    console.log(`\nA/B, ${cli} against ${baseline}, in the same rounds (after their bare read and CLI run), the baseline then the CLI:\n`);
    console.log('| case | build | wall (least, max) | CPU (least, max) | wall per round |');
    console.log('|---|---|---:|---:|---|');
    const spread = (values: number[]): string => `${format(Math.min(...values))}, ${format(Math.max(...values))}`;
    cases.forEach((c, i) => {
      for (const build of ['baseline', 'cli'] as const) {
        const costs = ab[i]![build];
        console.log(`| ${c.name} | ${build} | ${spread(costs.map((x) => x.wall))} | ${spread(costs.map((x) => x.cpu))} | ${costs.map((x) => format(x.wall)).join(', ')} |`);
      }
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
