/**
 * URIs and server paths in the web worker, where workspace files are not `file:` URIs
 * (github.dev: `vscode-vfs://github/owner/repo/...`). A URI's path is the server path; the scheme
 * and authority of each URI seen are remembered, so a path turns back into the URI it came from
 * (the longest remembered folder that holds it wins).
 */
export function workspaceUris(): { uriToPath(uri: string): string; pathToUri(path: string): string } {
  const bases = new Map<string, string>();
  return {
    uriToPath(uri) {
      const url = new URL(uri);
      const path = decodeURIComponent(url.pathname);
      const folder = path.replace(/\/[^/]*$/, '') || '/';
      if (!bases.has(folder)) bases.set(folder, `${url.protocol}//${url.host}`);
      return path;
    },
    pathToUri(path) {
      let best = '';
      let base = 'file://';
      for (const [folder, prefix] of bases) {
        if ((path === folder || path.startsWith(`${folder.replace(/\/$/, '')}/`)) && folder.length > best.length) [best, base] = [folder, prefix];
      }
      return base + path.split('/').map((part) => encodeURIComponent(part)).join('/');
    },
  };
}
