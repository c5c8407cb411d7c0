/**
 * IEEE 754 binary16 conversions, exactly as the `half` crate the upstream packer uses:
 * round to nearest, ties to even; overflow becomes infinity; NaN stays NaN. No range checks.
 */
import { f32Bits, lazyFloat32Table } from './bytes';

/** Distinct f16 bit patterns. */
const F16_VALUES = 65536;

/** Exact f16 -> number (every f16 is exactly representable as f32 and as double). */
export function f16ToF32(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa === 0 ? sign * Infinity : NaN;
  return sign * (1024 + mantissa) * 2 ** (exponent - 25);
}

/**
 * number -> f16 bits. The value is first rounded to f32 (upstream converts f32 values), then to
 * f16 with round-to-nearest-even. NaN becomes the quiet NaN 0x7E00 (JavaScript keeps no NaN
 * sign or payload reliably); overflow becomes +-infinity.
 */
export function f32ToF16(value: number): number {
  const bits = f32Bits(value);
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  const mantissa = bits & 0x7fffff;
  if (exponent === 0xff) return mantissa === 0 ? sign | 0x7c00 : 0x7e00;
  const e = exponent - 127;
  if (e > 15) return sign | 0x7c00;
  if (e >= -14) {
    const kept = mantissa >>> 13;
    const rest = mantissa & 0x1fff;
    const roundUp = rest > 0x1000 || (rest === 0x1000 && (kept & 1) === 1) ? 1 : 0;
    // A carry out of the mantissa correctly bumps the exponent (up to infinity at 0x7C00).
    return sign | (((e + 15) << 10) + kept + roundUp);
  }
  if (exponent === 0) return sign; // f32 subnormals are far below half of the smallest f16.
  // Subnormal f16: count units of 2^-24. The full 24-bit significand times 2^(e+1).
  const shift = -e - 1;
  if (shift > 24) return sign;
  const significand = mantissa | 0x800000;
  const kept = significand >>> shift;
  const rest = significand & ((1 << shift) - 1);
  const half = 1 << (shift - 1);
  const roundUp = rest > half || (rest === half && (kept & 1) === 1) ? 1 : 0;
  return sign | (kept + roundUp);
}

/**
 * Distance from the f16 `bits` to the next f16 of larger magnitude (the quantisation step at
 * that magnitude). Infinity for the largest finite value's neighbour is not a step: 65504 has
 * spacing 32 like its binade. NaN for infinities and NaN.
 */
export function f16Spacing(bits: number): number {
  const exponent = (bits >>> 10) & 0x1f;
  if (exponent === 0x1f) return NaN;
  return exponent === 0 ? 2 ** -24 : 2 ** (exponent - 25);
}

/** f16 with exponent bits all ones: infinity or NaN. */
export function isNonFiniteF16(bits: number): boolean {
  return (bits & 0x7c00) === 0x7c00;
}

/** +0 or -0. */
export function isZeroF16(bits: number): boolean {
  return (bits & 0x7fff) === 0;
}

/** `f16LookupTable` as this thread builds it. */
const buildF16LookupTable: () => Float32Array = lazyFloat32Table(F16_VALUES, f16AsF32Bits, true);
let builtF16LookupTable: Float32Array | undefined;
let adoptedF16LookupTable: Float32Array | undefined;

/**
 * All 65,536 f16 values as f32, for the bulk decoders. Built once on first use (256 KiB) from the
 * bits, `f16ToF32`'s values exactly (NaN as its NaN): each thread that decodes builds its own
 * while its code is still cold, where the arithmetic of `f16ToF32` took about twice the CPU;
 * unless it was given one another thread built (`adoptF16LookupTable`).
 */
export function f16LookupTable(): Float32Array {
  return adoptedF16LookupTable ?? (builtF16LookupTable ??= buildF16LookupTable());
}

/** `f16LookupTable` where this thread has it already (built or adopted); undefined, and nothing built, where not. */
export function f16LookupTableIfMade(): Float32Array | undefined {
  return adoptedF16LookupTable ?? builtF16LookupTable;
}

/**
 * Makes `table` (another thread's `f16LookupTable`, in memory they share) this thread's, so a
 * worker that starts cold does not build its own; ignored where it has not 65,536 values.
 */
export function adoptF16LookupTable(table: Float32Array): void {
  if (table.length === F16_VALUES) adoptedF16LookupTable ??= table;
}

/** The f32 bits of f16 `bits`; a NaN (exponent 31, mantissa not 0) as the bits of `NaN`, subnormals and zeros as their values' bits. */
function f16AsF32Bits(bits: number): number {
  const sign = (bits & 0x8000) << 16;
  const exponent = (bits >>> 10) & 31;
  const mantissa = bits & 1023;
  if (exponent === 31) return mantissa === 0 ? (sign | 0x7f800000) >>> 0 : 0x7fc00000;
  if (exponent !== 0) return (sign | ((exponent + 112) << 23) | (mantissa << 13)) >>> 0;
  return f32Bits(f16ToF32(bits));
}
