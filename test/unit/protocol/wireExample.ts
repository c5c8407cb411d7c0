/**
 * Checked-in examples of the server's public requests (`test/fixtures/wire/<name>.json`): the
 * JSON a real request answered, compared on every run. A difference fails with both texts;
 * a change made on purpose is written with `EWZANIM_UPDATE_WIRE=1` (then the protocol version
 * and the changelog say what changed).
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const WIRE_FIXTURES = join(__dirname, '..', '..', 'fixtures', 'wire');
const UPDATE = process.env.EWZANIM_UPDATE_WIRE === '1';

/** The example's text: two-space JSON, one trailing newline. */
export function exampleText(example: unknown): string {
  return `${JSON.stringify(example, null, 2)}\n`;
}

export function expectWireExample(name: string, example: unknown): void {
  const path = join(WIRE_FIXTURES, `${name}.json`);
  const actual = exampleText(example);
  if (UPDATE) {
    writeFileSync(path, actual);
    return;
  }
  assert.ok(existsSync(path), `${path} is missing: run the test with EWZANIM_UPDATE_WIRE=1 to write it`);
  // Key order means nothing in JSON: the values are compared, whatever the order of their keys.
  assert.deepStrictEqual(JSON.parse(actual), JSON.parse(readFileSync(path, 'utf8')), `the JSON of ${name} changed: if on purpose, run with EWZANIM_UPDATE_WIRE=1, raise PROTOCOL_VERSION and add a changelog entry`);
}

/**
 * `value` with the strings that vary from run to run replaced: the workspace's URI and path
 * by `file:///workspace` and `/workspace`.
 */
export function withStableUris<T>(value: T, workspaceUri: string, workspacePath: string): T {
  const text = JSON.stringify(value).split(workspaceUri).join('file:///workspace').split(workspacePath).join('/workspace');
  return JSON.parse(text) as T;
}

/** `record` with the named number fields replaced by '<number>' (process ids, times), after checking they are numbers. */
export function withNumbersMasked<T extends object>(record: T, keys: readonly (keyof T)[]): T {
  const copy: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const key of keys) {
    assert.equal(typeof record[key], 'number', `${String(key)} is a number`);
    copy[key as string] = '<number>';
  }
  return copy as T;
}
