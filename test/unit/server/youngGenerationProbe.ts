/**
 * Child process of youngGeneration.test.ts (V8 flags are per process): starts the server's check
 * pool, tuned (`tuned` argument) or not, checks one clip many times while keeping every answer
 * and much garbage on this thread, and prints this thread's new space size in bytes before the
 * pool starts and after the checks, and how many answers it kept.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { checkWorkerScript, WorkerCheckPool } from '../../../node/checkPool';
import { keepYoungGenerationSmall } from '../../../server/src/nodeHeap';

const [clip, mode] = process.argv.slice(2);
const tuned = mode === 'tuned';

const newSpaceBytes = (): number => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;

async function main(): Promise<void> {
  if (tuned) keepYoungGenerationSmall();
  // Loading this script (tsx compiling it on a cold cache) may have grown it already.
  const atStart = newSpaceBytes();
  const pool = new WorkerCheckPool(checkWorkerScript()!, 2, tuned ? { workerOnline: keepYoungGenerationSmall, startAllAtOnce: true } : {});
  const kept: unknown[] = [];
  const stat = { size: 0, mtimeMs: 0, isDirectory: false };
  try {
    for (let round = 0; round < 40; round++) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => pool.check(clip!, 'clip', stat, { maxKeyframeProblems: 100 })));
      // What a scan keeps per file (answers, names, counts), surviving every scavenge.
      for (let i = 0; i < 2000; i++) kept.push({ round, i, name: `clip-${round}-${i}`, answers: answers.length });
    }
    process.stdout.write(`${atStart} ${newSpaceBytes()} ${kept.length}\n`);
  } finally {
    await pool.close();
  }
}

void main();
