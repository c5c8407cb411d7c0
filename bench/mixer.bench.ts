/**
 * Mixer rows: one `AnimationMixer.update` (advance, fades, sampling, blending into the pose) of
 * two 40-bone actions in a crossfade, of eight 255-bone actions at different weights and
 * speeds, and of a layered character (3 actions x 40 bones, masks, 2 layers; the design's
 * 0.04 ms per update as its target) (bench/mixerScenarios.ts): µs per update, beside a same-run baseline of decoding the
 * same keyframes (two frames per action) with the core's bulk decoder; and allocations per update
 * after warm-up, counted by V8's sampling heap profiler in a child process.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TRANSFORM_FLOATS, decodeClipRecords, keyframeOffset } from '../formats/clip';
import type { Allocations } from './allocations';
import { formatNumber, timeInterleaved, type BenchContext } from './harness';
import { FRAMES, SCENARIOS, STEP, readyScenario } from './mixerScenarios';

/** Updates per timed run. */
const UPDATES = 2000;
/** Updates in the allocation window. */
const PROBED_UPDATES = 20_000;

export default async function mixerBench(bench: BenchContext): Promise<void> {
  for (const [index, scenario] of SCENARIOS.entries()) {
    const { files, mixer } = readyScenario(scenario, 3 * UPDATES);
    const runUpdates = (): void => {
      for (let i = 0; i < UPDATES; i++) mixer.update(STEP);
    };
    // Baseline: decode the keyframes one update samples (two consecutive frames per action).
    const decoded = new Float32Array(2 * scenario.bones * TRANSFORM_FLOATS);
    let frame = 0;
    const runDecodes = (): void => {
      for (let i = 0; i < UPDATES; i++) {
        frame = (frame + 1) % (FRAMES - 1);
        for (const file of files) decodeClipRecords(file, keyframeOffset({ boneCount: scenario.bones }, frame, 0), 2 * scenario.bones, decoded);
      }
    };
    const [update, decode] = await timeInterleaved([runUpdates, runDecodes], 10);
    bench.add({
      name: `mixer update, ${scenario.name}`,
      value: (update.bestCpuSeconds / UPDATES) * 1e6,
      unit: 'µs/update',
      baseline: { name: `decoding the same ${scenario.actions * 2 * scenario.bones} keyframes`, value: (decode.bestCpuSeconds / UPDATES) * 1e6, unit: 'µs/update' },
      ...(scenario.targetMicroseconds ? { target: { on: 'value' as const, op: '<=' as const, threshold: scenario.targetMicroseconds } } : {}),
      note: `least CPU time of 10 rounds of ${UPDATES} updates; wall ${formatNumber((update.bestSeconds / UPDATES) * 1e6)} µs`,
    });

    const probe = join(__dirname, 'mixerAllocationProbe.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--single-threaded', '--import', 'tsx', probe, String(index), String(PROBED_UPDATES)], { maxBuffer: 1 << 20 });
    const allocations = JSON.parse(stdout) as Allocations;
    bench.add({
      name: `mixer allocations per update, ${scenario.name}`,
      value: allocations.count,
      unit: 'allocations/update',
      target: { on: 'value', op: '<=', threshold: 0 },
      note: `${formatNumber(allocations.bytes)} B/update over ${formatNumber(PROBED_UPDATES)} updates after 5,000 of warm-up; V8 sampling heap profiler at a 16 B interval (bench/allocations.ts)`,
    });
  }
}
