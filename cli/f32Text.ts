/**
 * Exact text for f32 values: the shortest decimal that `Math.fround` maps back to the same
 * f32, so printed numbers round-trip bit for bit without the noise digits of the f64 expansion
 * (0.1f prints as 0.1, not 0.10000000149011612). Non-finite values become the strings the
 * JSON output uses: "NaN", "Infinity", "-Infinity". Negative zero keeps its sign.
 */

/** Decoded clips repeat a few thousand distinct values (f16 and rotation-field tables): remember them. */
const cache = new Map<number, string>();
const CACHE_LIMIT = 1 << 17;

function shortest(f32: number): string {
  // If p significant digits round-trip, so do p + 1, and 9 always do: binary search 1..9.
  let low = 1;
  let high = 9;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (Math.fround(Number(f32.toPrecision(middle))) === f32) high = middle;
    else low = middle + 1;
  }
  return String(Number(f32.toPrecision(low)));
}

export function f32Text(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  if (Object.is(value, -0)) return '-0';
  const f32 = Math.fround(value);
  let text = cache.get(f32);
  if (text === undefined) {
    text = shortest(f32);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(f32, text);
  }
  return text;
}

/** An f32 as a JSON value: a number, or one of the strings "NaN", "Infinity", "-Infinity". */
export function f32Json(value: number): string {
  const text = f32Text(value);
  return Number.isFinite(value) ? text : `"${text}"`;
}
