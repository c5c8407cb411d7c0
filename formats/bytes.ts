/** Little-endian reads over a Uint8Array, bounds-checked by the caller (the parsers check sizes first). */

export function readU16LE(bytes: Uint8Array, offset: number): number {
  return bytes[offset] | (bytes[offset + 1] << 8);
}

export function readU32LE(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16) | (bytes[offset + 3] << 24)) >>> 0;
}

const f32Scratch = new Float32Array(1);
const u32OfF32Scratch = new Uint32Array(f32Scratch.buffer);

export function readF32LE(bytes: Uint8Array, offset: number): number {
  u32OfF32Scratch[0] = readU32LE(bytes, offset);
  return f32Scratch[0];
}

/** The bit pattern of `value` rounded to f32. */
export function f32Bits(value: number): number {
  f32Scratch[0] = value;
  return u32OfF32Scratch[0];
}

export function writeU16LE(out: Uint8Array, offset: number, value: number): void {
  out[offset] = value & 0xff;
  out[offset + 1] = (value >>> 8) & 0xff;
}

export function writeU32LE(out: Uint8Array, offset: number, value: number): void {
  out[offset] = value & 0xff;
  out[offset + 1] = (value >>> 8) & 0xff;
  out[offset + 2] = (value >>> 16) & 0xff;
  out[offset + 3] = (value >>> 24) & 0xff;
}

/** `0x` + zero-padded upper-case hex of an unsigned value `digits` wide. */
export function hexWord(value: number, digits: number): string {
  return '0x' + (value >>> 0).toString(16).toUpperCase().padStart(digits, '0');
}

/** Space-separated byte hex, as a hex dump shows them (`03 08 20 80`). */
export function hexBytes(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

/**
 * A Uint32Array view of `bytes` when it is 4-byte aligned, else of an aligned copy. Assumes a
 * little-endian host (every platform VS Code and Node run on), like the typed-array fast paths.
 */
export function u32View(bytes: Uint8Array): Uint32Array {
  const words = bytes.length >>> 2;
  if ((bytes.byteOffset & 3) === 0) return new Uint32Array(bytes.buffer, bytes.byteOffset, words);
  return new Uint32Array(bytes.slice(0, words * 4).buffer);
}

/**
 * A getter for a Float32Array of `length` values built by `valueAt` on first use, then kept;
 * with `bits`, `valueAt` gives each value's f32 bits (stored through a Uint32Array view).
 */
export function lazyFloat32Table(length: number, valueAt: (index: number) => number, bits = false): () => Float32Array {
  let table: Float32Array | undefined;
  return () => {
    if (!table) {
      table = new Float32Array(length);
      const target = bits ? new Uint32Array(table.buffer) : table;
      for (let i = 0; i < length; i++) target[i] = valueAt(i);
    }
    return table;
  };
}
