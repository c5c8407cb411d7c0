/**
 * The preview's webview bundle (dist/webview/preview.js) in a plain headless-Chromium page with a
 * fake extension host: a small HTTP server serves the page, the bundle and the sample creature's
 * clip, skeleton and mesh (scripts/sample-pack.ts), and a few lines in the page answer the
 * webview's `ready` with the `load` the real host sends. Other requests go unanswered: the page
 * tests here look at the layout, not at the host's work.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

/** The files the page loads, by their paths on disk. */
export interface PreviewFiles {
  clip: string;
  skeleton: string;
  mesh: string;
}

export interface PreviewPage {
  page: Page;
  close(): Promise<void>;
}

/** In the page: acquireVsCodeApi whose `ready` is answered with a load of the served files. */
const FAKE_HOST_SCRIPT = `
window.acquireVsCodeApi = () => ({
  postMessage: async (m) => {
    if (m.type !== 'ready') return;
    const names = await (await fetch('/names')).json();
    const file = async (kind) => ({ uri: 'file:///pack/' + names[kind], name: names[kind], bytes: new Uint8Array(await (await fetch('/' + kind)).arrayBuffer()) });
    window.postMessage({ type: 'load', clip: await file('clip'), skeleton: await file('skeleton'), mesh: await file('mesh'), frameRate: 30, keepState: false }, '*');
  },
});`;

/** The theme variables the page reads for its text: VS Code's on Linux (13 px UI, 12 px editor text). */
const THEME = `:root { --vscode-font-size: 13px; --vscode-font-family: system-ui, "Ubuntu", "Droid Sans", sans-serif; --vscode-editor-font-family: "Droid Sans Mono", "monospace", monospace; --vscode-editor-font-size: 12px; }`;

const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><style>${THEME}</style></head>
<body><div id="app"></div><script>${FAKE_HOST_SCRIPT}</script><script src="/preview.js"></script></body></html>`;

/** The preview of `files` at `viewport`, once its first load is done. */
export async function openPreviewPage(browser: Browser, files: PreviewFiles, viewport: { width: number; height: number }): Promise<PreviewPage> {
  const names = { clip: basename(files.clip), skeleton: basename(files.skeleton), mesh: basename(files.mesh) };
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname.slice(1);
    if (path === 'preview.js') {
      response.setHeader('content-type', 'text/javascript');
      response.end(readFileSync(join('dist', 'webview', 'preview.js')));
    } else if (path === 'names') {
      response.end(JSON.stringify(names));
    } else if (path === 'clip' || path === 'skeleton' || path === 'mesh') {
      response.setHeader('content-type', 'application/octet-stream');
      response.end(readFileSync(files[path]));
    } else {
      response.setHeader('content-type', 'text/html');
      response.end(PAGE);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // tsx (esbuild keepNames) wraps functions passed to page.evaluate in `__name(...)`.
  await page.addInitScript('window.__name = (f) => f;');
  const close = async (): Promise<void> => {
    await page.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  try {
    await page.waitForFunction(() => ((window as unknown as { ewzanimPreview?: { loads: number } }).ewzanimPreview?.loads ?? 0) > 0, undefined, { timeout: 60_000 });
  } catch (error) {
    await close();
    throw new Error(`${(error as Error).message}\npage errors: ${errors.join('\n') || 'none'}`);
  }
  return { page, close };
}
