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
 * Linear memory: the kernel's placement patterns (its first 64 bytes), one block of input
 * records, then the block's output (<= 12 f32 per record). A multiple of 4 records, the kernel's
 * group size. The copy out behaves differently by host (its memcpy): on the AMD machine the
 * floats copied in 1.25 MiB pieces or more took two thirds the time of 640 KiB pieces or less;
 * on an Intel Xeon (Node 20 and 24) it was the reverse, small pieces faster by a sixth, so
 * 4,096-16,384-record blocks decode faster there. 32,768 is the size that holds both decode
 * targets on both (bench/decodeBlockProbe.ts sweeps the sizes and copy strategies).
 */
const BLOCK_RECORDS = 32768;
const INPUT_AT = 64;
const OUTPUT_AT = INPUT_AT + BLOCK_RECORDS * RECORD_BYTES;
const MEMORY_BYTES = OUTPUT_AT + BLOCK_RECORDS * 12 * 4;

interface KernelExports {
  memory: WebAssembly.Memory;
  /** Mode 0: transforms, 1: matrices, 2: lint (returns how many groups it wrote to `output`). */
  run(input: number, count: number, output: number, mode: number): number;
}

const TRANSFORMS = 0;
const MATRICES = 1;
const LINT = 2;

export interface ClipKernels {
  /**
   * Decodes `count` records at `bytes[byteOffset..]` into `out` from index 0: `floats` per record,
   * transforms (10) or, with `matrix`, 3x4 bone matrices (12). The caller checks the range; floats
   * that do not fit in `out` are dropped, as typed-array stores past the end are.
   */
  run(bytes: Uint8Array, byteOffset: number, count: number, out: Float32Array, floats: number, matrix: boolean): void;
  /**
   * Content lint of `count` records at `bytes[0..]`: calls `suspect(record)` in order for every
   * record of each group of four that holds a non-finite half, a zero scale or a non-unit
   * rotation word (a superset of the bad records: the caller re-checks each one).
   */
  lint(bytes: Uint8Array, count: number, suspect: (record: number) => void): void;
  /**
   * A zeroed Float32Array of `length` floats inside a WebAssembly memory of its own, which `run`
   * decodes into where the kernel computes (no copy of the floats out of the kernel's memory):
   * for a caller that decodes large spans again and again into one array it keeps. Any
   * Float32Array still works as `out`; undefined where such a memory cannot be had.
   */
  outputArray(length: number): Float32Array | undefined;
}

type WebAssemblyApi = typeof WebAssembly;

/** Pads a block to whole groups of four for the lint: identity rotation (0x80200803), halves 1.0 (0x3c00). */
const GOOD_RECORD = [0x03, 0x08, 0x20, 0x80, 0x00, 0x3c, 0x00, 0x3c, 0x00, 0x3c, 0x00, 0x3c, 0x00, 0x3c, 0x00, 0x3c];

/** Grows `exports`' memory to at least `bytes` (the memory never shrinks; views taken after stay valid). */
function growTo(exports: KernelExports, bytes: number): void {
  const have = exports.memory.buffer.byteLength;
  if (have < bytes) exports.memory.grow(Math.ceil((bytes - have) / 65536));
}

/** An instance whose memory holds an output array: the records are copied in below the array. */
const DIRECT_OUTPUT_AT = INPUT_AT + BLOCK_RECORDS * RECORD_BYTES;

/** Instantiates the kernels with `api`; undefined when there is no WebAssembly or it is refused. */
export function loadClipKernels(api: WebAssemblyApi | undefined): ClipKernels | undefined {
  if (!api) return undefined;
  let module: WebAssembly.Module;
  let exports: KernelExports;
  try {
    module = new api.Module(CLIP_KERNELS_WASM);
    exports = new api.Instance(module).exports as unknown as KernelExports;
  } catch {
    return undefined;
  }
  growTo(exports, MEMORY_BYTES);
  // The memory never grows after this, so these views stay valid.
  const memoryBytes = new Uint8Array(exports.memory.buffer);
  const memoryFloats = new Float32Array(exports.memory.buffer);
  const outputFloatsAt = OUTPUT_AT / 4;
  /** The instance and memory bytes behind each array `outputArray` gave, by its buffer. */
  const outputs = new WeakMap<ArrayBuffer, { exports: KernelExports; bytes: Uint8Array }>();

  /** Records `first..count` through this instance's blocks, copied out to `out[first * floats..]`. */
  function copied(bytes: Uint8Array, byteOffset: number, first: number, count: number, out: Float32Array, floats: number, mode: number): void {
    for (let done = first; done < count; done += BLOCK_RECORDS) {
      const n = Math.min(BLOCK_RECORDS, count - done);
      const outAt = done * floats;
      const fit = Math.min(n * floats, out.length - outAt);
      if (fit <= 0) return;
      const from = byteOffset + done * RECORD_BYTES;
      memoryBytes.set(bytes.subarray(from, from + n * RECORD_BYTES), INPUT_AT);
      exports.run(INPUT_AT, n, OUTPUT_AT, mode);
      out.set(memoryFloats.subarray(outputFloatsAt, outputFloatsAt + fit), outAt);
    }
  }

  return {
    run(bytes, byteOffset, count, out, floats, matrix) {
      const mode = matrix ? MATRICES : TRANSFORMS;
      const target = outputs.get(out.buffer as ArrayBuffer);
      // Straight into `out`: whole groups of four whose floats all lie in `out` (the kernel
      // writes whole groups); the rest, if any, through the copy.
      const direct = target && out.byteOffset >= DIRECT_OUTPUT_AT ? Math.min(count, Math.floor(out.length / floats)) & ~3 : 0;
      for (let done = 0; target && done < direct; done += BLOCK_RECORDS) {
        const n = Math.min(BLOCK_RECORDS, direct - done);
        const from = byteOffset + done * RECORD_BYTES;
        target.bytes.set(bytes.subarray(from, from + n * RECORD_BYTES), INPUT_AT);
        target.exports.run(INPUT_AT, n, out.byteOffset + done * floats * 4, mode);
      }
      copied(bytes, byteOffset, direct, count, out, floats, mode);
    },
    lint(bytes, count, suspect) {
      // Group indices go to the (here unused) output area.
      const found = new Uint32Array(exports.memory.buffer, OUTPUT_AT, BLOCK_RECORDS / 4);
      for (let done = 0; done < count; done += BLOCK_RECORDS) {
        const n = Math.min(BLOCK_RECORDS, count - done);
        memoryBytes.set(bytes.subarray(done * RECORD_BYTES, (done + n) * RECORD_BYTES), INPUT_AT);
        for (let pad = n; pad % 4 !== 0; pad++) memoryBytes.set(GOOD_RECORD, INPUT_AT + pad * RECORD_BYTES);
        const groups = exports.run(INPUT_AT, n + ((4 - (n % 4)) % 4), OUTPUT_AT, LINT);
        for (let g = 0; g < groups; g++) {
          const first = done + found[g];
          for (let r = first; r < first + 4 && r < done + n; r++) suspect(r);
        }
      }
    },
    outputArray(length) {
      try {
        const own = new api.Instance(module).exports as unknown as KernelExports;
        growTo(own, DIRECT_OUTPUT_AT + length * 4);
        outputs.set(own.memory.buffer, { exports: own, bytes: new Uint8Array(own.memory.buffer) });
        return new Float32Array(own.memory.buffer, DIRECT_OUTPUT_AT, length);
      } catch {
        return undefined; // no memory that large here
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

/**
 * `length` zeroed floats for the bulk decoders' `out` that they fill without copying the floats
 * out of the kernel's memory (`ClipKernels.outputArray`); a plain Float32Array where WebAssembly
 * or such a memory is unavailable. Views of it may be passed too; it cannot be transferred.
 */
export function decodeOutputArray(length: number): Float32Array {
  return clipKernels()?.outputArray(length) ?? new Float32Array(length);
}
