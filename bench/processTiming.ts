/**
 * Whole processes timed against a bare read of the same bytes by a process of its own: the CLI as
 * a user runs it (bundle load, worker starts, a cold JIT) beside the least any process reading
 * those files must take. Used by `bench/cliScaling.ts` and the check bench's process row.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A bare Node process that reads every file under its arguments once, in 4 MiB pieces. */
export const BARE_READ = `
const fs = require('node:fs');
const path = require('node:path');
const piece = Buffer.allocUnsafe(4 * 1024 * 1024);
let bytes = 0;
function readFile(file) {
  const fd = fs.openSync(file, 'r');
  try { for (let n; (n = fs.readSync(fd, piece, 0, piece.length, null)) > 0;) bytes += n; } finally { fs.closeSync(fd); }
}
function visit(at) {
  if (fs.statSync(at).isDirectory()) for (const name of fs.readdirSync(at)) visit(path.join(at, name));
  else readFile(at);
}
for (const at of process.argv.slice(1)) visit(at);
process.stdout.write(String(bytes));
`;

/**
 * The built CLI as the package's bin runs it (`cli/ewzanim-bin.cjs`, which turns on V8's compile
 * cache where Node has it and runs `dist/cli/ewzanim.js`), or `EWZANIM_CLI` (a bin or a bundle);
 * undefined where it is not built.
 */
export function builtCli(): string | undefined {
  const cli = resolve(process.env.EWZANIM_CLI ?? join(__dirname, '..', 'cli', 'ewzanim-bin.cjs'));
  const built = process.env.EWZANIM_CLI !== undefined || existsSync(join(__dirname, '..', 'dist', 'cli', 'ewzanim.js'));
  return built && existsSync(cli) ? cli : undefined;
}

/** Wall seconds of `node args...`, its output ignored; throws where it failed (exit above 1: check exits 1 on errors, diff on a gate). */
export function processSeconds(args: readonly string[]): number {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.status === null || run.status > 1) throw new Error(`${args.join(' ')}: exit ${run.status}: ${String(run.stderr).slice(0, 400)}`);
  return seconds;
}

/** The CPU seconds of this process's children that have ended (user and system, `/proc/self/stat`: Linux only, in ticks of 10 ms). */
function endedChildrenCpuSeconds(): number {
  // cutime and cstime are fields 16 and 17 of proc(5): 13 and 14 counted from 0 after the command's name (in parentheses, which may hold spaces).
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Wall and CPU seconds (its threads' and its own children's together) of `node args...`, as `processSeconds` runs it. */
export function processCost(args: readonly string[]): { wall: number; cpu: number } {
  const cpuBefore = endedChildrenCpuSeconds();
  const wall = processSeconds(args);
  return { wall, cpu: endedChildrenCpuSeconds() - cpuBefore };
}

/** A bare-read process and the CLI's, each round one then the other: their wall seconds by round. */
export interface ProcessPair {
  bare: number[];
  cli: number[];
}

/** `rounds` interleaved rounds of a bare read of `paths` and `ewzanim cliArgs...` (the built CLI at `cli`). */
export function timeAgainstBareRead(cli: string, paths: readonly string[], cliArgs: readonly string[], rounds: number): ProcessPair {
  const pair: ProcessPair = { bare: [], cli: [] };
  for (let round = 0; round < rounds; round++) {
    pair.bare.push(processSeconds(['-e', BARE_READ, ...paths]));
    pair.cli.push(processSeconds([cli, ...cliArgs]));
  }
  return pair;
}

/** Each round's CLI time over its bare read, as `2.31x, 2.05x, ...`. */
export function ratiosByRound({ bare, cli }: ProcessPair): string {
  return cli.map((t, r) => `${(t / bare[r]!).toFixed(2)}x`).join(', ');
}
