import { fileURLToPath, pathToFileURL } from 'node:url';

/** A `file:` URI's absolute POSIX path; other schemes keep their path part. */
export function uriToPath(uri: string): string {
  if (uri.startsWith('file:')) return fileURLToPath(uri);
  return decodeURIComponent(new URL(uri).pathname);
}

/**
 * An absolute POSIX path whose `file:` URI is `file://` and the path as it stands: each name of
 * letters, digits, `.`, `_` and `-` (Node encodes even `~`), none `.` or `..`, none empty. Most
 * workspace files have such paths, and a scan converts each file it publishes (`pathToFileURL`
 * builds a URL object each time).
 */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._-]+)+$/;
const POSIX = process.platform !== 'win32';

export function pathToUri(path: string): string {
  return POSIX && PLAIN_PATH.test(path) ? `file://${path}` : pathToFileURL(path).href;
}
