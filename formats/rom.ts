/** Packed ROM (`.ewz` / `.ewzx` / `.nczx`): a 4-byte magic, then an opaque bitcode body. */
import type { RomMagic } from './records';

export const ROM_MAGICS: readonly RomMagic[] = ['EWZ\0', 'EWZX', 'NCZX'];
export const ROM_MAGIC_SIZE = 4;

/** The magic when it is one of the known three, else undefined (also for fewer than 4 bytes). */
export function readRomMagic(first4: Uint8Array): RomMagic | undefined {
  if (first4.length < ROM_MAGIC_SIZE) return undefined;
  const text = String.fromCharCode(first4[0], first4[1], first4[2], first4[3]);
  return (ROM_MAGICS as readonly string[]).includes(text) ? (text as RomMagic) : undefined;
}

/** Printable form of any 4 bytes (`EWZ\0`, `\x7FELF`), for messages. */
export function printableMagic(first4: Uint8Array): string {
  return Array.from(first4.subarray(0, 4), (b) =>
    b === 0 ? '\\0' : b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
}
