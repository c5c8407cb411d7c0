/**
 * Runs the WebAssembly clip kernels (clipKernels.wat) over caller-owned arrays in blocks: copy a
 * block of records into linear memory, decode it there in native f32 arithmetic, copy the floats
 * out. Compiled lazily and synchronously on first use (the module is well under Chrome's 4 KB
 * limit for synchronous compiles on the main thread); where WebAssembly is missing or refused
 * (a Content Security Policy without 'wasm-unsafe-eval', Node's --jitless) `clipKernels()`
 * returns undefined and the callers keep their TypeScript path.
 */
import { CLIP_KERNELS_WASM } from './clipKernels.generated';

/** Bytes per record (the clip's KEYFRAME_SIZE; repeated here to keep clip.ts -> wasm one-way). */
const RECORD_BYTES = 16;
/**
 * Linear memory: one block of input records, the kernel's scratch (8 f32 per record), the block's
 * output (<= 12 f32 per record). A multiple of 4 records, the kernel's group size.
 */
const BLOCK_RECORDS = 4096;
const INPUT_AT = 0;
const SCRATCH_AT = INPUT_AT + BLOCK_RECORDS * RECORD_BYTES;
const OUTPUT_AT = SCRATCH_AT + BLOCK_RECORDS * 8 * 4;
const MEMORY_BYTES = OUTPUT_AT + BLOCK_RECORDS * 12 * 4;

interface KernelExports {
  memory: WebAssembly.Memory;
  run(input: number, count: number, output: number, matrix: number, scratch: number): void;
}

export interface ClipKernels {
  /**
   * Decodes `count` records at `bytes[byteOffset..]` into `out` from index 0: `floats` per record,
   * transforms (10) or, with `matrix`, 3x4 bone matrices (12). The caller checks the range; floats
   * that do not fit in `out` are dropped, as typed-array stores past the end are.
   */
  run(bytes: Uint8Array, byteOffset: number, count: number, out: Float32Array, floats: number, matrix: boolean): void;
}

type WebAssemblyApi = typeof WebAssembly;

/** Instantiates the kernels with `api`; undefined when there is no WebAssembly or it is refused. */
export function loadClipKernels(api: WebAssemblyApi | undefined): ClipKernels | undefined {
  if (!api) return undefined;
  let exports: KernelExports;
  try {
    exports = new api.Instance(new api.Module(CLIP_KERNELS_WASM)).exports as unknown as KernelExports;
  } catch {
    return undefined;
  }
  if (exports.memory.buffer.byteLength < MEMORY_BYTES) exports.memory.grow(Math.ceil((MEMORY_BYTES - exports.memory.buffer.byteLength) / 65536));
  // The memory never grows after this, so these views stay valid.
  const memoryBytes = new Uint8Array(exports.memory.buffer);
  const memoryFloats = new Float32Array(exports.memory.buffer);
  const outputFloatsAt = OUTPUT_AT / 4;
  return {
    run(bytes, byteOffset, count, out, floats, matrix) {
      for (let done = 0; done < count; done += BLOCK_RECORDS) {
        const n = Math.min(BLOCK_RECORDS, count - done);
        const outAt = done * floats;
        const fit = Math.min(n * floats, out.length - outAt);
        if (fit <= 0) return;
        const from = byteOffset + done * RECORD_BYTES;
        memoryBytes.set(bytes.subarray(from, from + n * RECORD_BYTES), INPUT_AT);
        exports.run(INPUT_AT, n, OUTPUT_AT, matrix ? 1 : 0, SCRATCH_AT);
        out.set(memoryFloats.subarray(outputFloatsAt, outputFloatsAt + fit), outAt);
      }
    },
  };
}

let shared: ClipKernels | null | undefined;

/** The process-wide kernels, instantiated on first call; undefined where WebAssembly is unavailable. */
export function clipKernels(): ClipKernels | undefined {
  if (shared === undefined) shared = loadClipKernels((globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly) ?? null;
  return shared ?? undefined;
}
