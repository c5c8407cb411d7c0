/** POSIX path arithmetic for manifest and glTF paths (the core has no `node:path`). */

export function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : slash === 0 ? '/' : path.slice(0, slash);
}

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path);
}

/**
 * `relative` resolved against the folder `base`, with `.` and `..` folded (like `Path::join`).
 * Backslashes count as separators: manifests written on Windows use them, and `FileAccess`
 * paths are '/'-separated.
 */
export function resolveManifestPath(base: string, written: string): string {
  // The common case, once per manifest entry: a plain relative path in a plain folder, nothing to fold.
  if (written !== '' && base.length > 1 && !mayFold(written) && !mayFold(base) && !isAbsolute(written)) return `${base}/${written}`;
  const relative = written.replace(/\\/g, '/');
  const joined = isAbsolute(relative) || base === '' ? relative : `${base.replace(/\/+$/, '')}/${relative}`;
  const absolute = joined.startsWith('/');
  const parts: string[] = [];
  for (const part of joined.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else if (part !== '..' || !absolute) parts.push(part);
  }
  const result = parts.join('/');
  return absolute ? `/${result}` : result || '.';
}

/**
 * True where `normalisedPath` may change `path`: a backslash, an empty part (`//`, a trailing
 * slash), a part that starts with a dot (`.`, `..`; `.hidden` passes too, and comes back as it
 * was). Looked up several times per file in a run, so a few searches instead of a regular expression.
 */
function mayFold(path: string): boolean {
  return path.charCodeAt(0) === 0x2e || path.includes('/.') || path.includes('//') || path.includes('\\') || (path.length > 1 && path.endsWith('/'));
}

/**
 * The one key of a file in a run's shared facts (`AssetSummaryCache`, `check`'s each-file-once):
 * `path` with `.` and `..` folded and separators as `resolveManifestPath` leaves them, so the
 * walk's `./clips/c0.nczxanim` (a folder given as `.`) and the manifest's resolved
 * `clips/c0.nczxanim` are one file. Only a key: paths are printed as they were met.
 */
export function normalisedPath(path: string): string {
  return mayFold(path) ? resolveManifestPath('', path) : path;
}

/** Lower-case extension without the dot (`walk.NCZXANIM` -> `nczxanim`), '' when none. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}
