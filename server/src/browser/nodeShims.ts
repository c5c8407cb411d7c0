/**
 * Stand-ins for the few Node built-ins that code shared with the Node build names without using
 * them in a browser, in the browser bundles only (scripts/build.mjs aliases them here): a
 * file-system call fails with a clear error instead of a missing module.
 */

function unavailable(name: string): () => never {
  return () => {
    throw new Error(`${name} is not available in VS Code for the Web`);
  };
}

export const rename = unavailable('rename');
export const stat = unavailable('stat');
export const readFile = unavailable('readFile');
export const writeFile = unavailable('writeFile');
export const promises = { rename, stat, readFile, writeFile };
export const resolve = (...parts: string[]): string => parts.join('/');
export const dirname = (path: string): string => path.replace(/\/[^/]*$/, '') || '/';
export default { promises, resolve, dirname };
