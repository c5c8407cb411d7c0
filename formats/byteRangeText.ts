/**
 * How a byte range reads to people, everywhere (Problems, the hex editor's strip, hovers): hex
 * offsets as the hex view shows them, inclusive end.
 */
import type { ByteRange } from './diagnostics';

/** `0x3C4`: upper-case hex, no padding. */
export function hexOffset(offset: number): string {
  return `0x${offset.toString(16).toUpperCase()}`;
}

/** "bytes 0x4-0x13" (inclusive end, as a hex editor shows it); "byte 0x4" for one byte (or none). */
export function describeByteRange(range: ByteRange): string {
  if (range.end <= range.start + 1) return `byte ${hexOffset(range.start)}`;
  return `bytes ${hexOffset(range.start)}-${hexOffset(range.end - 1)}`;
}
