/**
 * The few assertions the web suite needs. Node's `assert` does not exist in the web worker the
 * suite runs in; values are compared by their JSON form, which is what the checks compare.
 */
export function ok(value: unknown, message: string): asserts value {
  if (!value) throw new Error(`expected: ${message}`);
}

export function equal<T>(actual: T, expected: T, message: string): void {
  if (actual !== expected) throw new Error(`${message}: got ${String(actual)}, expected ${String(expected)}`);
}

export function deepEqual(actual: unknown, expected: unknown, message: string): void {
  const got = JSON.stringify(actual);
  const wanted = JSON.stringify(expected);
  if (got !== wanted) throw new Error(`${message}:\n  got      ${got}\n  expected ${wanted}`);
}
