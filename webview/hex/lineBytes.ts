/**
 * How many bytes one line of a row's hex column holds: 16 where the editor is wide enough for
 * the offset, the record label and 16 bytes, else 8, else 4 (as VS Code's Hex Editor narrows its
 * rows), so that an editor split beside the preview shows whole rows instead of cutting them at
 * the right; narrower still, the record label goes under the bytes. Pure: the caller measures, this chooses. The widths match hex.css (`--hex-w`).
 */

/** The choices, widest first. Below the narrowest the record label goes under the bytes. */
export const LINE_BYTE_CHOICES = [16, 8, 4] as const;
export type LineBytes = (typeof LINE_BYTE_CHOICES)[number];

/** One byte's cell is 2.4 characters wide; a field's first byte has a 0.5 em gap before it, a line's gaps take at most 3.5 em. */
const BYTE_CH = 2.4;
const GAP_EM = 0.5;
const MAX_GAPS_EM = 3.5;

/** Ems of the gaps a line of `bytes` may have: one per byte at most. */
const gapsEm = (bytes: number): number => Math.min(MAX_GAPS_EM, bytes * GAP_EM);

export interface RowMeasures {
  /** Pixels the viewport gives a row. */
  available: number;
  /** Pixels of the row's border, offset and record label columns. */
  columns: number;
  /** Pixels of one character and of one em of the editor font. */
  ch: number;
  em: number;
}

/** Pixels of a hex column of `bytes` per line. */
export function hexColumnWidth(bytes: number, ch: number, em: number): number {
  return bytes * BYTE_CH * ch + gapsEm(bytes) * em;
}

/** The CSS width of a hex column of `bytes` per line (`--hex-w`). */
export function hexColumnCss(bytes: number): string {
  return `calc(${bytes} * ${BYTE_CH}ch + ${gapsEm(bytes)}em)`;
}

/** The most bytes per line whose row fits `available`; the fewest when none fits. */
export function lineBytesFor(measures: RowMeasures): LineBytes {
  for (const bytes of LINE_BYTE_CHOICES) {
    if (measures.columns + hexColumnWidth(bytes, measures.ch, measures.em) <= measures.available) return bytes;
  }
  return LINE_BYTE_CHOICES[LINE_BYTE_CHOICES.length - 1];
}

/**
 * Narrower than a row of 4 bytes beside its record label: the label goes under the bytes (with
 * the decoded values), so the offset and 4 bytes a line still fit whole.
 */
export function labelUnderBytes(measures: RowMeasures): boolean {
  const narrowest = LINE_BYTE_CHOICES[LINE_BYTE_CHOICES.length - 1];
  return measures.columns + hexColumnWidth(narrowest, measures.ch, measures.em) > measures.available;
}
