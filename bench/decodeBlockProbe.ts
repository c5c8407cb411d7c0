/**
 * Probe for the WebAssembly decode's block loop: the two decode rows of `bench/core.bench.ts`
 * (same clip data, same copy baseline, best CPU time of interleaved rounds) for a sweep of block
 * sizes, copy-out piece sizes and output placements, all in one process against the same run's
 * copy of 64 MiB of records. Also times the copy out alone by piece size and the kernel alone on
 * a cache-resident block, to tell where the time goes on a host.
 *
 *   node --import tsx bench/decodeBlockProbe.ts [rounds]
 *
 * Bundled for a host without the tree: `npx esbuild bench/decodeBlockProbe.ts --bundle
 * --platform=node --format=cjs --target=node20 --outfile=.device/decodeBlockProbe.cjs`.
 * Prints one JSON line per mode (`"mode"`, then each variant's share of the copy baseline, %)
 * and one of the parts (ms of CPU). To compare kernel modules, call `runProbe` with several
 * (each variant then runs with each module, named by it).
 */
import { MATRIX_FLOATS, TRANSFORM_FLOATS, clipBoneMatrices, decodeClipRecords } from '../formats/index';
import { decodeOutputArray } from '../formats/wasm/clipKernels';
import { CLIP_KERNELS_WASM } from '../formats/wasm/clipKernels.generated';
import { keyframeRecords } from './clipData';
import { timeInterleaved } from './harness';

/** As in core.bench.ts: 64 MiB of records, beyond every cache. */
const RECORDS = 4 * 1024 * 1024;
const RECORD_BYTES = 16;
const PAGE = 4096;

interface KernelExports {
  memory: WebAssembly.Memory;
  run(input: number, count: number, output: number, mode: number): number;
}

/** Where a variant puts a block's records and floats in the kernel's memory. */
type Placement = 'after-input' | 'page-aligned' | 'before-input';

export interface Variant {
  name: string;
  /** Records per kernel call. */
  block: number;
  /** Records per copy out (<= block). */
  piece: number;
  placement: Placement;
  /** Records per kernel call and copy in within a block (default: the block): a block is then a staging area copied out in one piece. */
  step?: number;
}

function kernelInstance(bytes: number, module: Uint8Array<ArrayBuffer> = CLIP_KERNELS_WASM): { exports: KernelExports; memoryBytes: Uint8Array; memoryFloats: Float32Array } {
  const exports = new WebAssembly.Instance(new WebAssembly.Module(module)).exports as unknown as KernelExports;
  const have = exports.memory.buffer.byteLength;
  if (have < bytes) exports.memory.grow(Math.ceil((bytes - have) / 65536));
  return { exports, memoryBytes: new Uint8Array(exports.memory.buffer), memoryFloats: new Float32Array(exports.memory.buffer) };
}

/** The decode of `variant`: records in block by block, the kernel, the floats out piece by piece. */
function blockDecoder(variant: Variant, floats: number, mode: number, module: Uint8Array<ArrayBuffer>): (records: Uint8Array, out: Float32Array) => void {
  const inputBytes = (variant.step ?? variant.block) * RECORD_BYTES;
  const outputBytes = variant.block * 12 * 4;
  let inputAt: number, outputAt: number;
  if (variant.placement === 'after-input') {
    inputAt = 64;
    outputAt = inputAt + inputBytes;
  } else if (variant.placement === 'page-aligned') {
    inputAt = PAGE;
    outputAt = Math.ceil((inputAt + inputBytes) / PAGE) * PAGE;
  } else {
    outputAt = PAGE;
    inputAt = Math.ceil((outputAt + outputBytes) / PAGE) * PAGE;
  }
  const { exports, memoryBytes, memoryFloats } = kernelInstance(Math.max(inputAt + inputBytes, outputAt + outputBytes) + PAGE, module);
  const outputFloatsAt = outputAt / 4;
  const step = variant.step ?? variant.block;
  return (records, out) => {
    const count = records.length / RECORD_BYTES;
    for (let done = 0; done < count; done += variant.block) {
      const n = Math.min(variant.block, count - done);
      for (let s = 0; s < n; s += step) {
        const m = Math.min(step, n - s);
        memoryBytes.set(records.subarray((done + s) * RECORD_BYTES, (done + s + m) * RECORD_BYTES), inputAt);
        exports.run(inputAt, m, outputAt + s * floats * 4, mode);
      }
      for (let p = 0; p < n; p += variant.piece) {
        const m = Math.min(variant.piece, n - p);
        out.set(memoryFloats.subarray(outputFloatsAt + p * floats, outputFloatsAt + (p + m) * floats), (done + p) * floats);
      }
    }
  };
}

const K = 1024;
export const VARIANTS: Variant[] = [
  ...[2 * K, 4 * K, 8 * K, 16 * K, 32 * K, 64 * K, 128 * K, 256 * K, 512 * K].map((block) => ({ name: `block ${block}`, block, piece: block, placement: 'after-input' as const })),
  { name: 'block 32768, out in 8192s', block: 32 * K, piece: 8 * K, placement: 'after-input' },
  { name: 'block 32768, out in 2048s', block: 32 * K, piece: 2 * K, placement: 'after-input' },
  { name: 'block 4096 page-aligned', block: 4 * K, piece: 4 * K, placement: 'page-aligned' },
  { name: 'block 32768 page-aligned', block: 32 * K, piece: 32 * K, placement: 'page-aligned' },
  { name: 'block 32768 out before in', block: 32 * K, piece: 32 * K, placement: 'before-input' },
  { name: 'block 131072 page-aligned', block: 128 * K, piece: 128 * K, placement: 'page-aligned' },
  { name: 'staging 32768, kernel in 4096s', block: 32 * K, piece: 32 * K, placement: 'after-input', step: 4 * K },
  { name: 'staging 131072, kernel in 4096s', block: 128 * K, piece: 128 * K, placement: 'after-input', step: 4 * K },
  { name: 'staging 131072, kernel in 16384s', block: 128 * K, piece: 128 * K, placement: 'after-input', step: 16 * K },
  { name: 'staging 524288, kernel in 8192s', block: 512 * K, piece: 512 * K, placement: 'after-input', step: 8 * K },
];

interface Timed {
  name: string;
  fn: () => void;
}

/** Best CPU seconds of each function over interleaved rounds (the bench harness's timing), by name. */
async function bestCpuSeconds(fns: readonly Timed[], rounds: number): Promise<Map<string, number>> {
  const timings = await timeInterleaved(fns.map((f) => f.fn), rounds);
  return new Map(fns.map((f, i) => [f.name, timings[i]!.bestCpuSeconds]));
}

function sameBits(a: Float32Array, b: Float32Array): boolean {
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** A kernel module to run the variants with, by name ('' for the committed one). */
export interface ProbeKernel {
  name: string;
  module: Uint8Array<ArrayBuffer>;
}

export interface ProbeOptions {
  rounds: number;
  kernels: readonly ProbeKernel[];
  variants: readonly Variant[];
}

async function probeMode(records: Uint8Array, copy: Uint8Array, matrix: boolean, { rounds, kernels, variants }: ProbeOptions): Promise<void> {
  const floats = matrix ? MATRIX_FLOATS : TRANSFORM_FLOATS;
  const shipped = matrix ? clipBoneMatrices : decodeClipRecords;
  const out = new Float32Array(RECORDS * floats);
  const reference = shipped(records, 0, RECORDS, new Float32Array(RECORDS * floats));
  const direct = decodeOutputArray(RECORDS * floats);
  const fns: Timed[] = [
    { name: 'copy', fn: () => copy.set(records) },
    { name: 'shipped', fn: () => shipped(records, 0, RECORDS, out) },
    { name: 'shipped into decodeOutputArray', fn: () => shipped(records, 0, RECORDS, direct) },
  ];
  for (const kernel of kernels) {
    for (const v of variants) {
      const name = kernel.name ? `${kernel.name}: ${v.name}` : v.name;
      const decode = blockDecoder(v, floats, matrix ? 1 : 0, kernel.module);
      out.fill(0);
      decode(records, out);
      if (!sameBits(out, reference)) throw new Error(`${name}: output differs from the shipped decode`);
      fns.push({ name, fn: () => decode(records, out) });
    }
  }
  const best = await bestCpuSeconds(fns, rounds);
  const copyCpu = best.get('copy')!;
  const shares: Record<string, number> = {};
  for (const [name, cpu] of best) if (name !== 'copy') shares[name] = Math.round((1000 * copyCpu) / cpu) / 10;
  console.log(JSON.stringify({ mode: matrix ? 'matrices' : 'transforms', copyMs: +(copyCpu * 1e3).toFixed(2), shares }));
}

/** The copy out alone: 4 Mi records' floats (10 each) from a piece of the kernel's memory into `out`, by piece size. */
async function probeParts(copy: Uint8Array, records: Uint8Array, { rounds, kernels }: ProbeOptions): Promise<void> {
  const { memoryFloats } = kernelInstance(24 << 20);
  memoryFloats.fill(1.5);
  const out = new Float32Array(RECORDS * TRANSFORM_FLOATS);
  const fns: Timed[] = [{ name: 'copy', fn: () => copy.set(records) }];
  for (const piece of [2 * K, 8 * K, 16 * K, 32 * K, 64 * K, 128 * K, 256 * K, 512 * K]) {
    const floats = piece * TRANSFORM_FLOATS;
    fns.push({
      name: `out in ${(floats * 4) / K} KiB pieces`,
      fn: () => {
        for (let at = 0; at < out.length; at += floats) out.set(memoryFloats.subarray(16, 16 + Math.min(floats, out.length - at)), at);
      },
    });
  }
  for (const kernel of kernels) {
    const { exports, memoryBytes } = kernelInstance(1 << 20, kernel.module);
    memoryBytes.set(records.subarray(0, 4 * K * RECORD_BYTES), 64);
    for (const [mode, what] of ['transforms', 'matrices'].entries()) {
      fns.push({
        name: `${kernel.name ? `${kernel.name}: ` : ''}kernel alone, ${what} (4096-record block in cache)`,
        fn: () => {
          for (let i = 0; i < RECORDS; i += 4 * K) exports.run(64, 4 * K, 128 * K, mode);
        },
      });
    }
  }
  const best = await bestCpuSeconds(fns, rounds);
  const ms: Record<string, number> = {};
  for (const [name, cpu] of best) ms[name] = +(cpu * 1e3).toFixed(2);
  console.log(JSON.stringify({ mode: 'parts (ms of CPU per 4 Mi records)', ms }));
}

/** Both decode modes, then the parts, each one JSON line on stdout. */
export async function runProbe(options: ProbeOptions): Promise<void> {
  const records = keyframeRecords(RECORDS);
  const copy = new Uint8Array(records.length);
  console.log(JSON.stringify({ node: process.version, rounds: options.rounds }));
  await probeMode(records, copy, false, options);
  await probeMode(records, copy, true, options);
  await probeParts(copy, records, options);
}

// Run as a script (not when a scratch entry imports runProbe, bundled or not).
if (/decodeBlockProbe\.(ts|js|cjs)$/.test(process.argv[1] ?? '')) void runProbe({ rounds: Number(process.argv[2] ?? 8), kernels: [{ name: '', module: CLIP_KERNELS_WASM }], variants: VARIANTS });
