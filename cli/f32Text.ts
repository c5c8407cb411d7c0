/**
 * Exact text for f32 values: the shortest decimal that `Math.fround` maps back to the same
 * f32, so printed numbers round-trip bit for bit without the noise digits of the f64 expansion
 * (0.1f prints as 0.1, not 0.10000000149011612). Non-finite values become the strings the
 * JSON output uses: "NaN", "Infinity", "-Infinity". Negative zero keeps its sign.
 */
export function f32Text(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  if (Object.is(value, -0)) return '-0';
  const f32 = Math.fround(value);
  // 9 significant digits always identify an f32; fewer usually do.
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(f32.toPrecision(digits));
    if (Math.fround(candidate) === f32) return String(candidate);
  }
  return String(Number(f32.toPrecision(9)));
}

/** An f32 as a JSON value: a number, or one of the strings "NaN", "Infinity", "-Infinity". */
export function f32Json(value: number): string {
  const text = f32Text(value);
  return Number.isFinite(value) ? text : `"${text}"`;
}
