/**
 * `ewzanim diff` of two largest legal clips (255 bones x 65,535 frames, 267 MB each): a re-export
 * that moved one bone a little in every frame (the common case: most records equal, every window
 * decoded), and the worst case, every record different (B is A's records shifted by one). Each
 * as the CLI runs it, in frame ranges (one per core, at most 8: the first on this thread, the
 * others on worker threads started for the diff, bundled as the CLI ships it), timed by the wall
 * clock; and on one thread by CPU time; the worst case also through the TypeScript reference
 * (what runs without WebAssembly). Baseline from the same run: reading both files once, in the same 4 MiB pieces
 * through the same FileAccess. Also the peak memory above the process's baseline during one diff
 * (sampled on a timer and after every read): flat, whatever the clip's size.
 */
import { open, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { memoryUsage } from 'node:process';
import { CLIP_HEADER_SIZE, clipByteLength, keyframeOffset, recordsByteLength } from '../formats/clip';
import { type DiffFilesOptions, diffFiles, isDiffFailure } from '../formats/diff';
import type { FileAccess } from '../formats/fileAccess';
import { defaultPoolSize } from '../node/checkPool';
import { ClipDiffPool } from '../node/clipDiffPool';
import { nodeFileAccess } from '../node/fileAccess';
import { keyframeRecords, writeClipFile } from './clipData';
import { formatNumber, timeInterleaved, type BenchContext, type Timing } from './harness';

const BONES = 255;
const FRAMES = 65535;
const PIECE = 4 * 1024 * 1024;
const ROUNDS = 3;
/** The bone the re-export moved. */
const MOVED_BONE = 7;

/** The bench's records shifted by one record, to tile: every record differs from A's. */
export function shiftedRecords(): Uint8Array {
  return keyframeRecords(65536 + 1).subarray(recordsByteLength(1));
}

/** A clip of BONES bones x `frames` frames whose records are `tile`'s, repeated (A's shifted by one by default). */
export async function writeTiledClip(path: string, frames = FRAMES, tile = shiftedRecords()): Promise<void> {
  const size = clipByteLength(BONES, frames);
  const file = await open(path, 'w');
  try {
    await file.write(new Uint8Array([BONES, 0, frames & 0xff, frames >>> 8]), 0, CLIP_HEADER_SIZE, 0);
    for (let at = CLIP_HEADER_SIZE; at < size; at += tile.length) await file.write(tile, 0, Math.min(tile.length, size - at), at);
  } finally {
    await file.close();
  }
}

/** A copy of clip `from` in which bone MOVED_BONE's position x is one f16 step further in every frame. */
async function writeMovedBoneClip(from: string, path: string): Promise<void> {
  const header = { boneCount: BONES };
  const framesPerPiece = Math.floor(PIECE / recordsByteLength(BONES));
  const source = await open(from, 'r');
  const target = await open(path, 'w');
  try {
    await target.write(new Uint8Array([BONES, 0, FRAMES & 0xff, FRAMES >>> 8]), 0, CLIP_HEADER_SIZE, 0);
    for (let first = 0; first < FRAMES; first += framesPerPiece) {
      const frames = Math.min(framesPerPiece, FRAMES - first);
      const start = keyframeOffset(header, first, 0);
      const piece = new Uint8Array(keyframeOffset(header, first + frames, 0) - start);
      await source.read(piece, 0, piece.length, start);
      for (let frame = first; frame < first + frames; frame++) piece[keyframeOffset(header, frame, MOVED_BONE) - start + 4] ^= 1;
      await target.write(piece, 0, piece.length, start);
    }
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}

async function readWhole(access: FileAccess, path: string, buffer: Uint8Array): Promise<number> {
  const size = (await access.stat(path))!.size;
  let sum = 0;
  for (let at = 0; at < size; at += buffer.length) {
    const filled = await access.readInto!(path, at, buffer.subarray(0, Math.min(buffer.length, size - at)));
    sum += buffer[filled - 1] ?? 0;
  }
  return sum;
}

/** The diff with memory sampled every millisecond and after every read. */
async function diffPeakMemory(a: string, b: string): Promise<{ rssMiB: number; arrayBuffersMiB: number; reads: number }> {
  const base = memoryUsage();
  let peakRss = base.rss;
  let peakArrayBuffers = base.arrayBuffers;
  let reads = 0;
  const sample = (): void => {
    const now = memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakArrayBuffers = Math.max(peakArrayBuffers, now.arrayBuffers);
  };
  const counted: FileAccess = {
    ...nodeFileAccess,
    readInto: async (path, offset, target) => {
      const filled = await nodeFileAccess.readInto!(path, offset, target);
      reads++;
      sample();
      return filled;
    },
  };
  const timer = setInterval(sample, 1);
  try {
    const result = await diffFiles(counted, a, b);
    if (isDiffFailure(result)) throw new Error(result.failure.message);
  } finally {
    clearInterval(timer);
  }
  return { rssMiB: (peakRss - base.rss) / 2 ** 20, arrayBuffersMiB: (peakArrayBuffers - base.arrayBuffers) / 2 ** 20, reads };
}

/** The clip diff's worker bundled as the CLI ships it (from source, a worker spends its start compiling TypeScript). */
export async function bundledDiffWorker(dir: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(dir, 'clipDiffWorker.js');
  await build({ entryPoints: [join(__dirname, '..', 'node', 'clipDiffWorker.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
  return outfile;
}

/** How a row's diff runs: on this thread (CPU time counted), or in ranges on a pool started for each diff (wall clock). */
type DiffRun = { pool?: undefined; options?: DiffFilesOptions } | { pool: { script: string; size: number }; options?: undefined };

/** The diff of `a` and `b` as `run` says; its changed keyframes. */
async function diffOnce(a: string, b: string, run: DiffRun): Promise<number> {
  const pool = run.pool && new ClipDiffPool(run.pool.script, run.pool.size);
  try {
    const options = pool ? { rangeDiffer: pool.differ(a, b) } : (run.options ?? {});
    const result = await diffFiles(nodeFileAccess, a, b, options);
    if (isDiffFailure(result) || result.kind !== 'clip') throw new Error('the bench clips did not compare');
    return result.changedKeyframes;
  } finally {
    await pool?.close();
  }
}

/**
 * Times the diff of `a` and `b` against reading both, interleaved, and adds the row; with
 * `target`, at most 3x the reading.
 */
async function diffRow(bench: BenchContext, name: string, a: string, b: string, target: boolean, run: DiffRun = {}): Promise<void> {
  const buffer = new Uint8Array(PIECE);
  let changed = 0;
  const [read, diff] = (await timeInterleaved(
    [
      async () => (await readWhole(nodeFileAccess, a, buffer)) + (await readWhole(nodeFileAccess, b, buffer)),
      async () => (changed = await diffOnce(a, b, run)),
    ],
    ROUNDS,
  )) as [Timing, Timing];
  const size = (await nodeFileAccess.stat(a))!.size + (await nodeFileAccess.stat(b))!.size;
  const wall = run.pool !== undefined;
  const changes = `${formatNumber(changed / 1e6)} M of ${formatNumber((BONES * FRAMES) / 1e6)} M keyframes changed`;
  bench.add({
    name,
    value: wall ? diff.bestSeconds : diff.bestCpuSeconds,
    unit: 's',
    baseline: { name: 'read both clips once (4 MiB pieces)', value: wall ? read.bestSeconds : read.bestCpuSeconds, unit: 's' },
    ...(target ? { target: { on: 'ratio' as const, op: '<=' as const, threshold: 3 } } : {}),
    note: wall
      ? `wall clock, best of ${ROUNDS}, workers started for each diff, ${availableParallelism()} cores; ${changes}; CPU ${formatNumber(diff.bestCpuSeconds)} s (all threads)`
      : `CPU time, best of ${ROUNDS}; ${changes}; wall ${formatNumber(diff.bestSeconds)} s vs ${formatNumber(read.bestSeconds)} s to read ${formatNumber(size / 1e6)} MB (page-cached)`,
  });
}

export default async function diffBench(bench: BenchContext): Promise<void> {
  const a = join(bench.tmpDir, 'diff-a.nczxanim');
  const moved = join(bench.tmpDir, 'diff-moved.nczxanim');
  const shifted = join(bench.tmpDir, 'diff-shifted.nczxanim');
  const pool = { script: await bundledDiffWorker(bench.tmpDir), size: defaultPoolSize() };
  const onPool = `${pool.size} ranges, ${pool.size - 1} on workers, wall`;
  await writeClipFile(a, BONES, FRAMES);
  await writeMovedBoneClip(a, moved);
  await diffRow(bench, `diff of two 267 MB clips, one bone moved in every frame (${onPool})`, a, moved, true, { pool });
  await diffRow(bench, 'same, one thread (CPU)', a, moved, false);
  const memory = await diffPeakMemory(a, moved);
  bench.add({
    name: 'peak ArrayBuffer memory above baseline, same diff (one thread)',
    value: memory.arrayBuffersMiB,
    unit: 'MiB',
    target: { on: 'value', op: '<', threshold: 64 },
    note: `${memory.reads} reads; the kernel's WebAssembly memory is not an ArrayBuffer here: see the RSS row`,
  });
  bench.add({
    name: 'peak RSS above the bench process\'s baseline, same diff (one thread)',
    value: memory.rssMiB,
    unit: 'MiB',
    target: { on: 'value', op: '<', threshold: 64 },
    note: 'the read buffers are the WebAssembly kernel\'s memory (about 12 MiB with the default 4 MiB window a side)',
  });
  await rm(moved);
  await writeTiledClip(shifted);
  // Every record decoded twice and measured (an angle, a distance, a ratio): CPU-bound.
  await diffRow(bench, `diff of two 267 MB clips, every record different (worst case, ${onPool})`, a, shifted, true, { pool });
  await diffRow(bench, 'same worst case, one thread (CPU)', a, shifted, false);
  await diffRow(bench, 'same worst case, TypeScript reference (no WebAssembly, one thread)', a, shifted, false, { options: { webAssembly: null } });
}
