import { fileURLToPath, pathToFileURL } from 'node:url';

/** A `file:` URI's absolute POSIX path; other schemes keep their path part. */
export function uriToPath(uri: string): string {
  if (uri.startsWith('file:')) return fileURLToPath(uri);
  return decodeURIComponent(new URL(uri).pathname);
}

export function pathToUri(path: string): string {
  return pathToFileURL(path).href;
}
