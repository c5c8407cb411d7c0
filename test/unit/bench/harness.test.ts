import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addLatencyRows, formatNumber, passes, percentile, ratioOf, renderTable, time, timeInterleaved, type BenchRow } from '../../../bench/harness';

const BASE = { name: 'copy', value: 1_000_000_000, unit: 'keyframes/s' };

const PASS_CASES: [string, BenchRow, number | undefined, boolean | undefined][] = [
  ['ratio above target', { name: 'd', value: 150_000_000, unit: 'keyframes/s', baseline: BASE, target: { on: 'ratio', op: '>=', threshold: 0.1 } }, 0.15, true],
  ['ratio below target', { name: 'd', value: 50_000_000, unit: 'keyframes/s', baseline: BASE, target: { on: 'ratio', op: '>=', threshold: 0.1 } }, 0.05, false],
  ['ratio exactly at target', { name: 'd', value: 100_000_000, unit: 'keyframes/s', baseline: BASE, target: { on: 'ratio', op: '>=', threshold: 0.1 } }, 0.1, true],
  ['value under a strict limit', { name: 'm', value: 63.9, unit: 'MiB', target: { on: 'value', op: '<', threshold: 64 } }, undefined, true],
  ['value at a strict limit', { name: 'm', value: 64, unit: 'MiB', target: { on: 'value', op: '<', threshold: 64 } }, undefined, false],
  ['value at an inclusive limit', { name: 'b', value: 16, unit: 'bytes', target: { on: 'value', op: '<=', threshold: 16 } }, undefined, true],
  ['ratio target without a baseline fails', { name: 'x', value: 1, unit: 'x', target: { on: 'ratio', op: '>=', threshold: 0.1 } }, undefined, false],
  ['no target', { name: 'x', value: 1, unit: 'x' }, undefined, undefined],
];

for (const [name, row, ratio, pass] of PASS_CASES) {
  test(`bench row: ${name}`, () => {
    assert.equal(ratioOf(row), ratio);
    assert.equal(passes(row), pass);
  });
}

test('renderTable: one markdown table with baseline, ratio, target and result columns', () => {
  const table = renderTable([
    { ...BASE, name: 'baseline: copy' },
    { name: 'decode', value: 123_456_789, unit: 'keyframes/s', baseline: BASE, target: { on: 'ratio', op: '>=', threshold: 0.1 }, note: 'n' },
    { name: 'lint', value: 1.5, unit: 'GB/s', target: { on: 'value', op: '>=', threshold: 2 } },
  ]);
  assert.equal(
    table,
    [
      '| name | value | unit | baseline | ratio | target | result |',
      '|---|---:|---|---|---:|---|---|',
      '| baseline: copy | 1,000,000,000 | keyframes/s |  |  |  |  |',
      '| decode | 123,456,789 | keyframes/s | copy: 1,000,000,000 keyframes/s | 12.3% | ≥ 10% of baseline | pass (n) |',
      '| lint | 1.5 | GB/s |  |  | ≥ 2 GB/s | **FAIL** |',
    ].join('\n'),
  );
});

test('formatNumber keeps three significant digits below 1000 and groups thousands', () => {
  assert.deepEqual([0, 0.0826, 1.07, 35.43, 999.4, 1234.5, 1_223_091_602].map(formatNumber), ['0', '0.0826', '1.07', '35.4', '999', '1,235', '1,223,091,602']);
});

test('time() runs a warm-up plus at least minRuns and reports the fastest run', async () => {
  let calls = 0;
  const timing = await time(() => {
    calls++;
    const until = process.hrtime.bigint() + 2_000_000n; // 2 ms of busy work
    while (process.hrtime.bigint() < until);
  }, { minRuns: 3, minSeconds: 0 });
  assert.equal(timing.runs, 3);
  assert.equal(calls, 4);
  assert.ok(timing.bestSeconds >= 0.002 && timing.bestSeconds < 1, String(timing.bestSeconds));
  assert.ok(timing.bestCpuSeconds > 0 && timing.bestCpuSeconds < 1, String(timing.bestCpuSeconds));
});

test('timeInterleaved() alternates the functions round by round after one warm-up each', async () => {
  const order: string[] = [];
  const timings = await timeInterleaved([() => order.push('a'), () => order.push('b')], 3);
  assert.deepEqual(order, ['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b']);
  assert.deepEqual(timings.map((t) => t.runs), [3, 3]);
  for (const t of timings) assert.ok(Number.isFinite(t.bestSeconds) && Number.isFinite(t.bestCpuSeconds));
});

test('percentile is the nearest rank of sorted samples', () => {
  const samples = Array.from({ length: 20 }, (_, i) => i + 1); // 1..20
  assert.equal(percentile(samples, 50), 11);
  assert.equal(percentile(samples, 95), 20);
  assert.equal(percentile(samples, 100), 20);
  assert.equal(percentile([7], 95), 7);
});

test('latency rows: p50 and p95 beside the baseline\'s same percentiles, the target on p95 only', () => {
  const rows: BenchRow[] = [];
  const samples = Array.from({ length: 20 }, (_, i) => i + 1);
  const rpc = samples.map((v) => v / 10);
  addLatencyRows({ tmpDir: '', add: (row) => rows.push(row) }, 'hover', samples, { name: 'round trip', samples: rpc }, 19, 'n');
  assert.deepEqual(rows, [
    { name: 'hover, p50', value: 11, unit: 'ms', baseline: { name: 'round trip p50', value: 1.1, unit: 'ms' }, target: undefined, note: 'n' },
    { name: 'hover, p95', value: 20, unit: 'ms', baseline: { name: 'round trip p95', value: 2, unit: 'ms' }, target: { on: 'value', op: '<', threshold: 19 }, note: 'n' },
  ]);
  assert.equal(passes(rows[1]), false);
});
