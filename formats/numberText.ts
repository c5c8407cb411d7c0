/**
 * Every rule that turns a number into text for people or for JSON, in one place. Each surface
 * picks the rule that fits its room:
 *
 * - `f32Text` / `f32Json`: the shortest decimal that reads back as the same f32 (CLI dumps, JSON
 *   output, forms whose text is written back unchanged).
 * - `formatNumber`: up to 8 significant digits, exponent outside 1e-4..1e7 (byte descriptions).
 * - `formatFixed`: at most N decimals, trailing zeros dropped (durations, angles, the MSH listing).
 * - `formatValue` / `formatRowValue` / `formatList`: up to 6 significant digits, or 4 decimals,
 *   beside a hex row's bytes.
 * - `formatHalf`: an f16 in a 10-character column (the keyframe listing).
 * - `formatPoseValue`: a pose value in the preview's 8-character bone readout.
 * - `formatSignificant` / `formatDecimals` / `formatPrecision` / `formatExponential` /
 *   `formatThousands`: the plain forms (significant digits trimmed, fixed places, fixed
 *   significant digits, exponent, thousands separators) for one-off texts.
 *
 * Non-finite values are spelled as JavaScript does ('NaN', 'Infinity', '-Infinity') except where
 * a column is narrow: hex rows say '+inf' / '-inf', the keyframe listing 'inf' / '-inf'.
 */
import type { JsonNumber } from './description';

/** `digits` significant digits, trailing zeros dropped; JavaScript's own exponent form for tiny and huge values. */
export function formatSignificant(value: number, digits: number): string {
  return String(Number(value.toPrecision(digits)));
}

/** Decoded clips repeat a few thousand distinct values (f16 and rotation-field tables): remember them. */
const f32Cache = new Map<number, string>();
const F32_CACHE_LIMIT = 1 << 17;

function shortestF32(f32: number): string {
  // If p significant digits round-trip, so do p + 1, and 9 always do: binary search 1..9.
  let low = 1;
  let high = 9;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (Math.fround(Number(f32.toPrecision(middle))) === f32) high = middle;
    else low = middle + 1;
  }
  return formatSignificant(f32, low);
}

/**
 * Exact text for an f32: the shortest decimal that `Math.fround` maps back to the same f32, so
 * printed numbers round-trip bit for bit without the noise digits of the f64 expansion (0.1f
 * prints as 0.1, not 0.10000000149011612). Non-finite values: "NaN", "Infinity", "-Infinity".
 * Negative zero keeps its sign.
 */
export function f32Text(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Object.is(value, -0)) return '-0';
  const f32 = Math.fround(value);
  let text = f32Cache.get(f32);
  if (text === undefined) {
    text = shortestF32(f32);
    if (f32Cache.size >= F32_CACHE_LIMIT) f32Cache.clear();
    f32Cache.set(f32, text);
  }
  return text;
}

/** An f32 as a JSON value: a number, or one of the strings "NaN", "Infinity", "-Infinity". */
export function f32Json(value: number): string {
  const text = f32Text(value);
  return Number.isFinite(value) ? text : `"${text}"`;
}

/** Up to 8 significant digits, no exponent for ordinary magnitudes, NaN/infinity spelled out; a string passes through. */
export function formatNumber(value: JsonNumber | string): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return Object.is(value, -0) ? '-0' : String(value);
  const magnitude = Math.abs(value);
  return magnitude !== 0 && (magnitude < 1e-4 || magnitude >= 1e7) ? value.toExponential(7) : formatSignificant(value, 8);
}

/**
 * `decimals` places at most (0..6), trailing zeros dropped, never an exponent below 1e21 (angles,
 * times, sums, sizes, MSH values): the shortest text of the value rounded to that many places;
 * -0 and values that round to 0 print '0'.
 */
export function formatFixed(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/** Up to 6 significant digits, no exponent for ordinary magnitudes: a hex row's and a form's values. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  return formatSignificant(value, 6);
}

/** The most characters `formatValueWithin` writes (`-1.23457e-38`). */
export const VALUE_MAX_CH = 12;

/**
 * `formatValue` in at most VALUE_MAX_CH characters: its exponent form where the plain one is
 * longer (`-159571000000000000000` is `-1.59571e+20`, `-0.00000123457` is `-1.23457e-6`), for
 * cells whose width is planned before the value is read.
 */
export function formatValueWithin(value: number): string {
  const text = formatValue(value);
  return text.length <= VALUE_MAX_CH ? text : value.toExponential(5).replace(/\.?0+e/, 'e');
}

/** Rows show 4 decimals (as the keyframe listing does) so a row's values fit beside its bytes; the inspector gives exact values. */
export function formatRowValue(value: number): string {
  if (!Number.isFinite(value) || Object.is(value, -0)) return formatValue(value);
  return value.toFixed(4);
}

/** A comma-separated list of values in the given format. */
export const formatList = (values: ArrayLike<number>, format: (value: number) => string = formatValue): string =>
  Array.from(values, format).join(', ');

/** Exactly `decimals` places, trailing zeros kept: a column of equal-width values (norms, angles, seconds). */
export function formatDecimals(value: number, decimals: number): string {
  return value.toFixed(decimals);
}

/** Exactly `digits` significant digits, trailing zeros kept (a quantisation step). */
export function formatPrecision(value: number, digits: number): string {
  return value.toPrecision(digits);
}

/** Exponent form with `digits` after the point: 2.5e-7. */
export function formatExponential(value: number, digits: number): string {
  return value.toExponential(digits);
}

/**
 * A count with thousands separators: 1,234,567 (as `toLocaleString('en-US')` writes it). Safe
 * integers are grouped here: a process's first `toLocaleString` loads ICU's number formats, tens
 * of milliseconds on the thread that asks (a check's budget message, once per run).
 */
export function formatThousands(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value));
  let text = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = text.length; i < digits.length; i += 3) text += `,${digits.slice(i, i + 3)}`;
  return value < 0 ? `-${text}` : text;
}

/** A pose value in at most 8 characters (the preview's bone readout): 4 decimals, exponent form only below 1e-4 or from 1e4. */
export function formatPoseValue(value: number): string {
  if (Object.is(value, -0)) return '-0.0000';
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  return magnitude >= 1e4 || (value !== 0 && magnitude < 1e-4) ? value.toExponential(2) : value.toFixed(4);
}

/**
 * An f16 value in at most 10 characters (the column width): fixed with 4 decimals between
 * 0.001 and 10,000, exponent form outside, `inf` / `NaN` as such. Hover gives the exact value.
 */
export function formatHalf(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0000' : '0.0000';
  const magnitude = Math.abs(value);
  return magnitude >= 1e4 || magnitude < 1e-3 ? value.toExponential(3) : value.toFixed(4);
}
