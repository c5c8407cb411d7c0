/**
 * Child process of the mixer bench: counts the heap allocations of `AnimationMixer.update` after
 * warm-up (bench/allocations.ts) and prints them as JSON. Run with --single-threaded: otherwise a
 * concurrent compilation of any function may finish inside the measured window, and installing
 * its code allocates on the heap under whatever JavaScript frame is running.
 * Usage: node --single-threaded --import tsx bench/mixerAllocationProbe.ts SCENARIO_INDEX UPDATES
 */
import { measureAllocations } from './allocations';
import { SCENARIOS, STEP, readyScenario } from './mixerScenarios';

async function main(): Promise<void> {
  const scenario = SCENARIOS[Number(process.argv[2])];
  const updates = Number(process.argv[3]);
  if (!scenario || !(updates > 0)) throw new Error('usage: mixerAllocationProbe.ts SCENARIO_INDEX UPDATES');
  const { mixer } = readyScenario(scenario, 5000);
  const result = await measureAllocations(() => mixer.update(STEP), updates, ['update']);
  process.stdout.write(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
