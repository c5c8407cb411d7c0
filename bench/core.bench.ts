/**
 * Core rows: the memcpy baseline, bulk decode to transforms and to 3x4 matrices (ratios to the
 * baseline in keyframes/s), the full content lint of a clip on disk (GB/s), the constant-time
 * header check of the largest legal clip (time and bytes read), and the peak memory of linting
 * that clip (in a child process, above its own baseline).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  HEAD_BYTES,
  MATRIX_FLOATS,
  MAX_CLIP_SIZE,
  TRANSFORM_FLOATS,
  byteSourceOf,
  checkBytes,
  checkClipStructure,
  clipBoneMatrices,
  completeRecordCount,
  decodeClipRecords,
  type ByteSource,
} from '../formats/index';
import { decodeOutputArray } from '../formats/wasm/clipKernels';
import { nodeFileAccess } from '../node/fileAccess';
import { keyframeRecords, writeClipFile } from './clipData';
import { formatNumber, time, timeInterleaved, type BenchBaseline, type BenchContext, type Timing } from './harness';

/** 64 MiB of records: far beyond the caches, so copy and decode both stream from memory. */
const DECODE_RECORDS = 4 * 1024 * 1024;

/**
 * The bulk decoders, each compared with the copy baseline in keyframes/s: into a plain
 * Float32Array (the targets), and into one from decodeOutputArray, which they fill without
 * copying the floats out of the kernel's memory.
 */
const DECODERS = [
  { name: 'decode to transforms (decodeClipRecords)', floats: TRANSFORM_FLOATS, decode: decodeClipRecords, target: 0.2, note: 'upstream Rust: ~5%', output: plainArray },
  { name: 'decode + 3x4 matrix (clipBoneMatrices)', floats: MATRIX_FLOATS, decode: clipBoneMatrices, target: 0.125, note: 'upstream Rust: ~3.7%', output: plainArray },
  { name: 'decode to transforms into decodeOutputArray', floats: TRANSFORM_FLOATS, decode: decodeClipRecords, note: 'no copy out', output: decodeOutputArray },
  { name: 'decode + 3x4 matrix into decodeOutputArray', floats: MATRIX_FLOATS, decode: clipBoneMatrices, note: 'no copy out', output: decodeOutputArray },
];

function plainArray(length: number): Float32Array {
  return new Float32Array(length);
}

async function decodeRows(bench: BenchContext): Promise<void> {
  const records = keyframeRecords(DECODE_RECORDS);
  const copy = new Uint8Array(records.length);
  const outputs = DECODERS.map((d) => d.output(DECODE_RECORDS * d.floats));
  // Interleaved rounds: the baseline and the decoders see the same moments of a shared machine.
  const [copied, ...decoded] = await timeInterleaved(
    [() => copy.set(records), ...DECODERS.map((d, i) => () => d.decode(records, 0, DECODE_RECORDS, outputs[i] as Float32Array))],
    10,
  );
  const gbPerSecond: BenchBaseline = { name: 'copy', value: records.length / copied.bestCpuSeconds / 1e9, unit: 'GB/s' };
  const keyframesPerSecond: BenchBaseline = { name: 'copy', value: DECODE_RECORDS / copied.bestCpuSeconds, unit: 'keyframes/s' };
  bench.add({ ...gbPerSecond, name: 'baseline: copy 64 MiB of records (Uint8Array.set)' });
  bench.add({ ...keyframesPerSecond, name: 'baseline: copy, at 16 B per keyframe' });
  DECODERS.forEach((d, i) => {
    const timing = decoded[i] as Timing;
    bench.add({
      name: d.name,
      value: DECODE_RECORDS / timing.bestCpuSeconds,
      unit: 'keyframes/s',
      baseline: keyframesPerSecond,
      target: d.target === undefined ? undefined : { on: 'ratio', op: '>=', threshold: d.target },
      note: `${d.note}; wall ${formatNumber((100 * copied.bestSeconds) / timing.bestSeconds)}%`,
    });
  });
}

/** Counts what a check reads, to show the header check never touches the records. */
function countingSource(source: ByteSource): { source: ByteSource; reads: number; bytes: number } {
  const counter = {
    reads: 0,
    bytes: 0,
    source: {
      size: source.size,
      read: async (offset: number, length: number) => {
        const piece = await source.read(offset, length);
        counter.reads++;
        counter.bytes += piece.length;
        return piece;
      },
    },
  };
  return counter;
}

async function largestClipRows(bench: BenchContext): Promise<void> {
  const path = join(bench.tmpDir, 'largest.nczxanim');
  const size = await writeClipFile(path, 255, 65535);
  if (size !== MAX_CLIP_SIZE) throw new Error(`generated ${size} bytes, expected ${MAX_CLIP_SIZE}`);
  const file = byteSourceOf(nodeFileAccess, path, size);

  // Header and size: stat, read the first 16 bytes, check them against the size.
  const counted = countingSource(file);
  const header = await time(
    async () => {
      const stat = await nodeFileAccess.stat(path);
      const head = await counted.source.read(0, HEAD_BYTES);
      return checkClipStructure(head, stat?.size ?? 0);
    },
    { minRuns: 200, minSeconds: 0.5 },
  );
  const runs = header.runs + 1; // plus the warm-up
  bench.add({
    name: 'header + size check of the largest clip (267,382,804 B)',
    value: header.bestSeconds * 1e3,
    unit: 'ms',
    target: { on: 'value', op: '<', threshold: 5 },
    note: 'stat + one read + checkClipStructure',
  });
  bench.add({
    name: 'bytes read per header check',
    value: counted.bytes / runs,
    unit: 'bytes',
    target: { on: 'value', op: '<=', threshold: 16 },
    note: `${counted.reads / runs} read per check`,
  });

  // Full content lint through checkBytes, reading the file in pieces (from the page cache).
  let problems = 0;
  const lint = await time(
    async () => {
      problems = (await checkBytes('clip', file, path, { maxKeyframeProblems: 100 })).diagnostics.length;
    },
    { minRuns: 3, minSeconds: 2 },
  );
  bench.add({
    name: 'full content lint of the largest clip (checkBytes, file on disk)',
    value: size / lint.bestCpuSeconds / 1e9,
    unit: 'GB/s',
    target: { on: 'value', op: '>=', threshold: 2 },
    note: `${Math.round(completeRecordCount(size) / 1e6)} M keyframes, ${problems} diagnostics, page-cached; wall ${formatNumber(size / lint.bestSeconds / 1e9)} GB/s`,
  });

  // Peak memory of that lint, in a fresh process.
  const probe = join(__dirname, 'lintMemoryProbe.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', probe, path], { maxBuffer: 1 << 20 });
  const memory = JSON.parse(stdout) as { rssAboveBaselineMiB: number; arrayBuffersAboveBaselineMiB: number; reads: number };
  bench.add({
    name: 'peak RSS above baseline while linting the largest clip',
    value: memory.rssAboveBaselineMiB,
    unit: 'MiB',
    target: { on: 'value', op: '<', threshold: 64 },
    note: `${memory.reads} reads`,
  });
  bench.add({
    name: 'peak ArrayBuffer memory above baseline, same lint',
    value: memory.arrayBuffersAboveBaselineMiB,
    unit: 'MiB',
    target: { on: 'value', op: '<', threshold: 64 },
  });
}

export default async function coreBench(bench: BenchContext): Promise<void> {
  await decodeRows(bench);
  await largestClipRows(bench);
}
