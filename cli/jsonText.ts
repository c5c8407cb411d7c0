/**
 * A tiny JSON writer for the dump output. It exists because `JSON.stringify` cannot print an
 * f32 exactly: it turns -0 into 0 and NaN/Infinity into null. Values wrapped in `RawJson` are
 * written verbatim; everything else as `JSON.stringify` would.
 */
import { f32Json } from '../formats/numberText';

export class RawJson {
  constructor(readonly text: string) {}
}

export type JsonValue = string | number | boolean | null | RawJson | readonly JsonValue[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: JsonValue | undefined;
}

/** An f32 for the JSON output: exact shortest digits, or "NaN" / "Infinity" / "-Infinity". */
export function f32(value: number): RawJson {
  return new RawJson(f32Json(value));
}

export function f32List(values: ArrayLike<number>): RawJson[] {
  return Array.from(values, f32);
}

export function jsonText(value: JsonValue): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members: string[] = [];
    for (const [key, member] of Object.entries(value as JsonObject)) {
      if (member !== undefined) members.push(`${JSON.stringify(key)}:${jsonText(member)}`);
    }
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}
