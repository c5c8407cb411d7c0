/**
 * Stand-ins for the few Node built-ins that code shared with the Node server imports, in the
 * web-worker bundle only (scripts/build.mjs aliases them here). URLs convert as Node does for
 * POSIX paths; a file-system call fails with a clear error instead of a missing module.
 */
export function fileURLToPath(url: string | URL): string {
  return decodeURIComponent(new URL(url).pathname);
}

export function pathToFileURL(path: string): URL {
  const url = new URL('file://');
  url.pathname = path.split('/').map((part) => encodeURIComponent(part)).join('/');
  return url;
}

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
export default { fileURLToPath, pathToFileURL, promises, resolve, dirname };
