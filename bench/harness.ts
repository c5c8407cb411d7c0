/**
 * The bench harness: modules (`bench/<area>.bench.ts`) add rows to one table; `bench/run.ts`
 * prints it as markdown. Every figure that has a target is compared either with a baseline
 * measured in the same run (ratio) or with an absolute threshold (value).
 */
import { readFileSync } from 'node:fs';

/** A measured figure other rows can be compared with (e.g. memcpy keyframes/s). */
export interface BenchBaseline {
  name: string;
  value: number;
  unit: string;
}

/**
 * What a row must reach. `on: 'ratio'` compares value / baseline.value (same unit) with the
 * threshold, `on: 'value'` compares the value itself.
 */
export interface BenchTarget {
  on: 'ratio' | 'value';
  op: '>=' | '<=' | '<';
  threshold: number;
}

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline?: BenchBaseline;
  target?: BenchTarget;
  /** A short remark printed after the result (what was measured, how many reads...). */
  note?: string;
}

export interface BenchContext {
  /** A private temporary folder for generated inputs; run.ts deletes it afterwards. */
  readonly tmpDir: string;
  add(row: BenchRow): void;
}

/** A bench module's one export: measures its area and adds rows. */
export type BenchModule = (bench: BenchContext) => Promise<void>;

export interface Timing {
  /** Wall-clock seconds of the fastest run. */
  bestSeconds: number;
  /**
   * CPU seconds (user + system, all threads of this process) of the least costly run. On a
   * machine shared with other work this is the steadier figure: time spent descheduled is not
   * counted, work done by helper threads (file reads) is.
   */
  bestCpuSeconds: number;
  runs: number;
}

/** One timed run: wall-clock and CPU seconds. */
async function measureOnce(fn: () => unknown | Promise<unknown>): Promise<{ seconds: number; cpuSeconds: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  await fn();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

function keepBest(timing: Timing, run: { seconds: number; cpuSeconds: number }): void {
  timing.bestSeconds = Math.min(timing.bestSeconds, run.seconds);
  timing.bestCpuSeconds = Math.min(timing.bestCpuSeconds, run.cpuSeconds);
  timing.runs++;
}

const noRuns = (): Timing => ({ bestSeconds: Infinity, bestCpuSeconds: Infinity, runs: 0 });

/**
 * Runs `fn` until both `minRuns` runs and `minSeconds` of total time have passed, after one
 * warm-up run (JIT), and returns the fastest run by wall clock and by CPU time.
 */
export async function time(
  fn: () => unknown | Promise<unknown>,
  { minRuns = 5, minSeconds = 1 }: { minRuns?: number; minSeconds?: number } = {},
): Promise<Timing> {
  await fn();
  const timing = noRuns();
  const started = process.hrtime.bigint();
  while (timing.runs < minRuns || Number(process.hrtime.bigint() - started) / 1e9 < minSeconds) keepBest(timing, await measureOnce(fn));
  return timing;
}

/**
 * Times several functions in interleaved rounds (after one warm-up each), so that a baseline
 * and what is compared with it meet the same load. Returns their timings in order.
 */
export async function timeInterleaved(fns: readonly (() => unknown)[], rounds: number): Promise<Timing[]> {
  for (const fn of fns) await fn();
  const timings = fns.map(noRuns);
  for (let round = 0; round < rounds; round++) {
    for (const [i, fn] of fns.entries()) keepBest(timings[i] as Timing, await measureOnce(fn));
  }
  return timings;
}

export function ratioOf(row: BenchRow): number | undefined {
  if (!row.baseline || row.baseline.value === 0) return undefined;
  return row.value / row.baseline.value;
}

export function passes(row: BenchRow): boolean | undefined {
  const target = row.target;
  if (!target) return undefined;
  const subject = target.on === 'ratio' ? ratioOf(row) : row.value;
  if (subject === undefined) return false;
  if (target.op === '>=') return subject >= target.threshold;
  if (target.op === '<=') return subject <= target.threshold;
  return subject < target.threshold;
}

/** Three significant digits, thousands grouped: readable without hiding the magnitude. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs === 0) return '0';
  return Number(value.toPrecision(3)).toString();
}

function formatTarget(row: BenchRow): string {
  const t = row.target;
  if (!t) return '';
  const op = t.op === '>=' ? '≥' : t.op === '<=' ? '≤' : '<';
  return t.on === 'ratio'
    ? `${op} ${formatNumber(t.threshold * 100)}% of baseline`
    : `${op} ${formatNumber(t.threshold)} ${row.unit}`;
}

export function renderTable(rows: readonly BenchRow[]): string {
  const header = '| name | value | unit | baseline | ratio | target | result |\n|---|---:|---|---|---:|---|---|';
  const lines = rows.map((row) => {
    const ratio = ratioOf(row);
    const pass = passes(row);
    const result = pass === undefined ? '' : pass ? 'pass' : '**FAIL**';
    const cells = [
      row.name,
      formatNumber(row.value),
      row.unit,
      row.baseline ? `${row.baseline.name}: ${formatNumber(row.baseline.value)} ${row.baseline.unit}` : '',
      ratio === undefined ? '' : `${formatNumber(ratio * 100)}%`,
      formatTarget(row),
      row.note ? `${result}${result ? ' ' : ''}(${row.note})` : result,
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return [header, ...lines].join('\n');
}

/** Samples a process's resident set size (from /proc) every 10 ms until stopped; returns the peak in MiB. */
export function rssSampler(pid: number): { stop(): number } {
  let peakKiB = 0;
  const sample = (): void => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) peakKiB = Math.max(peakKiB, Number(match[1]));
    } catch {
      /* the process ended */
    }
  };
  sample();
  const timer = setInterval(sample, 10);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peakKiB / 1024;
    },
  };
}

/** Wall-clock milliseconds of `count` sequential calls of `call(i)`, sorted ascending. */
export async function sampleWallMs(count: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    await call(i);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return times.sort((a, b) => a - b);
}

/** The p-th percentile (nearest rank) of samples sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Two rows for a request's latency, p50 and p95 (the p95 against `p95TargetMs`), each beside the
 * same percentile of a baseline's samples from the same run.
 */
export function addLatencyRows(
  bench: BenchContext,
  name: string,
  samples: readonly number[],
  baseline: { name: string; samples: readonly number[] },
  p95TargetMs: number,
  note: string,
): void {
  for (const p of [50, 95]) {
    bench.add({
      name: `${name}, p${p}`,
      value: percentile(samples, p),
      unit: 'ms',
      baseline: { name: `${baseline.name} p${p}`, value: percentile(baseline.samples, p), unit: 'ms' },
      target: p === 95 ? { on: 'value', op: '<', threshold: p95TargetMs } : undefined,
      note,
    });
  }
}
