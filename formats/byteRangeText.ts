/**
 * How a byte range reads to people, everywhere (Problems, the hex editor's strip, hovers): hex
 * offsets as the hex view shows them, inclusive end.
 */
import type { ByteRange, FormatDiagnostic } from './diagnostics';

/** `0x3C4`: upper-case hex, no padding. */
export function hexOffset(offset: number): string {
  return `0x${offset.toString(16).toUpperCase()}`;
}

/** "bytes 0x4-0x13" (inclusive end, as a hex editor shows it); "byte 0x4" for one byte (or none). */
export function describeByteRange(range: ByteRange): string {
  if (range.end <= range.start + 1) return `byte ${hexOffset(range.start)}`;
  return `bytes ${hexOffset(range.start)}-${hexOffset(range.end - 1)}`;
}

/**
 * The message as line-based viewers show it. Binary files have no lines: their problems sit at
 * the start of the file (line 1), so the message names the bytes (`... (bytes 0x3C4-0x3E7)`).
 */
export function messageWithByteRange(diagnostic: Pick<FormatDiagnostic, 'message' | 'byteRange' | 'range'>): string {
  const { byteRange } = diagnostic;
  return byteRange && !diagnostic.range ? `${diagnostic.message} (${describeByteRange(byteRange)})` : diagnostic.message;
}
