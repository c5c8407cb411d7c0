/**
 * Two builds of the CLI as processes, A/B interleaved: `check` of a folder and of a file, wall and
 * CPU (the process's threads together), and the check worker's bundle loaded by a fresh process.
 * Each run takes the least and the median of its rounds; A and B alternate which goes first.
 *
 *   node --import tsx bench/cliStartProbe.ts A_DIST_CLI B_DIST_CLI ROUNDS RUNS PATH...
 *
 * e.g. `/tmp/old/dist/cli dist/cli 5 3 /tmp/ws10k /tmp/largest.nczxanim` (absolute paths: the
 * CLI's output names them as given). Linux only (`processCost` reads `/proc/self/stat`).
 */
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { processCost } from './processTiming';

interface Case {
  name: string;
  args(cliFolder: string): string[];
}

const [a, b, roundsText, runsText, ...paths] = process.argv.slice(2);
if (!a || !b || !roundsText || !runsText || paths.length === 0) throw new Error('usage: cliStartProbe.ts A_DIST_CLI B_DIST_CLI ROUNDS RUNS PATH...');
const builds = [resolve(a), resolve(b)] as const;
const rounds = Number(roundsText);
const runs = Number(runsText);

const cases: Case[] = [
  ...paths.map((path) => ({ name: `check ${path}`, args: (cli: string) => [join(cli, 'ewzanim.js'), 'check', path] })),
  // The worker's module evaluated by a process of its own (no parent port: it only registers).
  { name: 'load checkWorker.js', args: (cli: string) => ['-e', `require(${JSON.stringify(join(cli, 'checkWorker.js'))})`] },
];

const ms = (seconds: number): string => (seconds * 1000).toFixed(0);
const least = (values: number[]): number => Math.min(...values);
const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

console.log(`${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}; A ${builds[0]}, B ${builds[1]}; ${runs} runs of ${rounds} rounds; ms, least / median`);
for (const c of cases) {
  for (let run = 0; run < runs; run++) {
    const wall: [number[], number[]] = [[], []];
    const cpu: [number[], number[]] = [[], []];
    for (let round = 0; round < rounds; round++) {
      for (const which of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const cost = processCost(c.args(builds[which]!));
        wall[which]!.push(cost.wall);
        cpu[which]!.push(cost.cpu);
      }
    }
    const side = (i: 0 | 1): string => `wall ${ms(least(wall[i]))} / ${ms(median(wall[i]))}, cpu ${ms(least(cpu[i]))} / ${ms(median(cpu[i]))}`;
    console.log(`${c.name}, run ${run + 1} (load ${loadavg()[0]!.toFixed(1)}): A ${side(0)}; B ${side(1)}`);
  }
}
