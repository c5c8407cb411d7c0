/**
 * The language server's byte description as plain text lines: the hover tooltip and the
 * inspector show exactly these, so what can be copied is what was shown.
 */
import type { ByteDescription } from '../../formats/describe';
import { formatValue } from './rowContent';

function valueText(value: number | string | number[]): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatValue(value);
  return `(${value.map(formatValue).join(', ')})`;
}

export function describeLines(d: ByteDescription): string[] {
  const where = d.frame !== undefined ? `frame ${d.frame} · bone ${d.bone}` : d.bone !== undefined ? `bone ${d.bone}` : '';
  const lines = [
    `${d.field.label}${where ? ` — ${where}` : ''}`,
    `bytes ${d.field.range.start}..${d.field.range.end - 1} (offset ${d.offset}, 0x${d.offset.toString(16)})`,
    `raw ${d.raw.hex} = ${typeof d.raw.value === 'number' ? formatValue(d.raw.value) : d.raw.value}`,
  ];
  for (const [key, value] of Object.entries(d.decoded)) lines.push(`${key}: ${valueText(value)}`);
  for (const note of d.notes) lines.push(note);
  return lines;
}
