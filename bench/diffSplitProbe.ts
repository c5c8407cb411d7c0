/**
 * Where splitting a clip diff into frame ranges on worker threads pays: two clips of 255 bones
 * with a given size of records a side, the worst case (B is A's records shifted by one: every
 * record differs) and the common one (one bone's position a step further in every frame), each
 * diffed on one thread and in ranges (the first on this thread, the others on workers started
 * for the diff, as `ewzanim diff` does, the worker bundled as the CLI ships it), interleaved, `rounds` times; prints wall milliseconds,
 * min-max, with the load average. `node/clipDiffPool.ts`'s CLIP_DIFF_SPLIT_MIN_BYTES comes from it.
 *
 *   node --import tsx bench/diffSplitProbe.ts [MiB a side, comma-separated] [rounds]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIP_HEADER_SIZE, MAX_CLIP_SIZE, keyframeOffset, recordsByteLength } from '../formats/clip';
import { diffFiles, isDiffFailure } from '../formats/diff';
import { defaultPoolSize } from '../node/checkPool';
import { ClipDiffPool } from '../node/clipDiffPool';
import { nodeFileAccess } from '../node/fileAccess';
import { keyframeRecords } from './clipData';
import { bundledDiffWorker, shiftedRecords, writeTiledClip } from './diff.bench';

const BONES = 255;
/** The bone the common case moves. */
const MOVED_BONE = 7;
/** Records written a tile at a time: a whole number of frames. */
const TILE_FRAMES = 256;

async function main(): Promise<void> {
  const sizes = (process.argv[2] ?? '16,32,64,128').split(',').map(Number);
  const rounds = Number(process.argv[3] ?? 3);
  const dir = await mkdtemp(join(tmpdir(), 'ewzanim-diff-split-'));
  try {
    const script = await bundledDiffWorker(dir);
    const records = recordsByteLength(BONES * TILE_FRAMES);
    const base = keyframeRecords(BONES * TILE_FRAMES);
    const moved = base.slice();
    for (let frame = 0; frame < TILE_FRAMES; frame++) moved[keyframeOffset({ boneCount: BONES }, frame, MOVED_BONE) - CLIP_HEADER_SIZE + 4] ^= 1;
    const shifted = shiftedRecords().subarray(0, records);
    console.log(`${availableParallelism()} cores, ${defaultPoolSize()} ranges (the first on this thread, a worker started for each diff for each other); wall ms, min-max of ${rounds}`);
    for (const mib of sizes) {
      const frames = Math.min(Math.floor((mib * 2 ** 20) / recordsByteLength(BONES)), Math.floor((MAX_CLIP_SIZE - CLIP_HEADER_SIZE) / recordsByteLength(BONES)));
      const a = join(dir, 'a.nczxanim');
      await writeTiledClip(a, frames, base);
      for (const [what, tile] of [['worst case', shifted], ['one bone moved', moved]] as const) {
        const b = join(dir, 'b.nczxanim');
        await writeTiledClip(b, frames, tile);
        const once = async (pool?: ClipDiffPool): Promise<void> => {
          try {
            const result = await diffFiles(nodeFileAccess, a, b, pool ? { rangeDiffer: pool.differ(a, b) } : {});
            if (isDiffFailure(result)) throw new Error(result.failure.message);
          } finally {
            await pool?.close();
          }
        };
        const runs = { one: [] as number[], pooled: [] as number[] };
        await once();
        await once(new ClipDiffPool(script, defaultPoolSize(), 0));
        for (let round = 0; round < rounds; round++) {
          let t0 = performance.now();
          await once();
          runs.one.push(performance.now() - t0);
          t0 = performance.now();
          await once(new ClipDiffPool(script, defaultPoolSize(), 0));
          runs.pooled.push(performance.now() - t0);
        }
        const span = (ms: number[]): string => `${Math.min(...ms).toFixed(0)}-${Math.max(...ms).toFixed(0)}`;
        console.log(`${mib} MiB a side, ${what}: one thread ${span(runs.one)} ms, in ranges ${span(runs.pooled)} ms (load ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
