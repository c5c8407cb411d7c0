/**
 * A ByteDescription from the core as hover markdown. Every hover on a binary byte (keyframe
 * listing, describe request users that want text) renders through here, so the words match.
 */
import type { ByteDescription } from '../../../../formats/describe';
import { hexWord } from '../../../../formats';

/** Up to 8 significant digits, no exponent for ordinary magnitudes, NaN/infinity spelled out. */
export function formatNumber(value: number | string): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return String(value);
  const magnitude = Math.abs(value);
  return magnitude !== 0 && (magnitude < 1e-4 || magnitude >= 1e7) ? value.toExponential(7) : String(Number(value.toPrecision(8)));
}

function numberList(values: readonly (number | string)[]): string {
  return values.map(formatNumber).join(', ');
}

function place(d: ByteDescription): string {
  const parts: string[] = [];
  if (d.frame !== undefined) parts.push(`frame ${d.frame}`);
  if (d.bone !== undefined) parts.push(`bone ${d.bone}`);
  if (d.vertex !== undefined) parts.push(`vertex ${d.vertex}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function byteSpan(d: ByteDescription): string {
  const { start, end } = d.field.range;
  const length = end - start;
  return length <= 1 ? `byte ${hexWord(start, 8)}` : `bytes ${hexWord(start, 8)}..${hexWord(end - 1, 8)} (${length} bytes)`;
}

function rotationLines(decoded: ByteDescription['decoded']): string[] {
  const get = (key: string) => decoded[key] as number | string;
  const axis = decoded.axis as number[];
  const fields = decoded.fields as number[];
  return [
    `Quaternion x, y, z, w: ${numberList([get('x'), get('y'), get('z'), get('w')])} (dropped component: ${get('dropped')}, stored fields ${fields.join(', ')})`,
    `Axis-angle: ${formatNumber(Number(Number(get('angleDeg')).toFixed(4)))}° about (${numberList(axis.map((a) => Number(a.toFixed(6))))})`,
    `Euler ${get('eulerOrder')} (degrees): x ${formatNumber(Number(Number(get('eulerX')).toFixed(4)))}, y ${formatNumber(Number(Number(get('eulerY')).toFixed(4)))}, z ${formatNumber(Number(Number(get('eulerZ')).toFixed(4)))}`,
  ];
}

function halfLines(d: ByteDescription): string[] {
  const { value, bits } = d.decoded;
  return [`Value ${formatNumber(value as number | string)} (f16 bits ${hexWord(Number(bits), 4)})`];
}

function genericLines(decoded: ByteDescription['decoded']): string[] {
  return Object.entries(decoded).map(([key, value]) => `${key}: ${Array.isArray(value) ? numberList(value) : formatNumber(value)}`);
}

/** Hover markdown for one described byte: title, place, raw bytes, decoded values, notes. */
export function describeMarkdown(d: ByteDescription): string {
  const lines = [`**${d.field.label}**${place(d)}, ${byteSpan(d)}`, ''];
  // The raw value in decimal helps for counts, not for bit patterns that are decoded below.
  const showRawValue = typeof d.raw.value === 'number' && !['body', 'trailing', 'rotation', 'position', 'scale'].includes(d.field.fieldType);
  const rawValue = showRawValue ? ` = ${d.raw.value}` : '';
  const decoded =
    d.field.fieldType === 'rotation' && 'angleDeg' in d.decoded
      ? rotationLines(d.decoded)
      : (d.field.fieldType === 'position' || d.field.fieldType === 'scale') && 'spacing' in d.decoded
        ? halfLines(d)
        : genericLines(d.decoded);
  const body = [`Raw: \`${d.raw.hex}\`${rawValue}`, ...decoded];
  lines.push(...body.map((line) => `- ${line}`));
  if (d.notes.length) lines.push('', ...d.notes.map((note) => `> ${note}\n>`));
  return lines.join('\n').replace(/\n>$/, '');
}
