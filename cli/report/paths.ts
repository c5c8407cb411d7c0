/**
 * How reports for CI name a checked file. Paths are printed as given on the command line in
 * text and JSON; CI systems want them relative to the repository root, which is where CI runs
 * the tool, so GitHub annotations and SARIF use the path relative to the working directory
 * (with `/`), and the absolute path only for files outside it.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** `assets/walk.nczxanim` for a file under `cwd`; the absolute path (with `/`) otherwise. */
export function workspacePath(path: string, cwd: string): string {
  const absolute = resolve(cwd, path);
  const rel = relative(cwd, absolute);
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  return (inside ? rel : absolute).split(sep).join('/');
}

/** The base SARIF results are relative to: the working directory, as a `file:` URI ending in `/`. */
export function workspaceBaseUri(cwd: string): string {
  const href = pathToFileURL(cwd).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/**
 * A SARIF `artifactLocation`: a percent-encoded relative URI against `%SRCROOT%` for files under
 * `cwd` (what GitHub code scanning expects), an absolute `file:` URI for the others.
 */
export function artifactLocation(path: string, cwd: string): { uri: string; uriBaseId?: string } {
  const absoluteUrl = pathToFileURL(resolve(cwd, path)).href;
  const base = workspaceBaseUri(cwd);
  if (absoluteUrl.startsWith(base) && absoluteUrl.length > base.length) {
    return { uri: absoluteUrl.slice(base.length), uriBaseId: SRCROOT };
  }
  return { uri: absoluteUrl };
}

export const SRCROOT = '%SRCROOT%';
