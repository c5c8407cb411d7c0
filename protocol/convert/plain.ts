/**
 * Helpers the conversions share: the wire objects they build field by field hold no
 * `undefined` values (JSON drops them anyway; in-process consumers such as the hex webview
 * and tests then see exactly the JSON's keys).
 */

/** `object` without its keys whose value is undefined (the same object, for chaining). */
export function withoutUndefined<T extends object>(object: T): T {
  for (const key of Object.keys(object) as (keyof T)[]) if (object[key] === undefined) delete object[key];
  return object;
}

/** A byte range as the wire carries it. */
export function byteRangeWire(range: { readonly start: number; readonly end: number }): { start: number; end: number } {
  return { start: range.start, end: range.end };
}
