/**
 * The hex editor's webview bundle (dist/webview/hex.js) in a plain headless-Chromium page with
 * a fake extension host: a small HTTP server in Node answers what the real host answers
 * (layout from the header, byte pages read from the file on disk in pieces, descriptions from
 * the core), and a few lines in the page turn the webview's messages into fetches and the
 * answers back into messages with real Uint8Arrays. Used by the bench to time opening and
 * jumping without VS Code's own start-up.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describeByte } from '../formats/describe';
import { layoutOfFile, type RowLayout } from '../formats/editing/rowLayout';
import { openMshFile } from '../formats/msh/model';
import { mshRowLayout } from '../formats/msh/rows';
import { hexRowLayoutWire } from '../protocol/convert/hexRowLayout';

export interface HexPage {
  page: Page;
  /** ms from navigation start to the first rows painted with real bytes. */
  firstPaintMs(): Promise<number>;
  /** Reveals `offset` and resolves with the ms until its row shows real bytes. */
  jumpMs(offset: number): Promise<number>;
  /** One bare page fetch from the fake host (16 KiB): what any jump pays at least. */
  roundTripMs(): Promise<number>;
  /** JS heap in use (MB) and DOM node count, from the Chrome DevTools protocol. */
  metrics(): Promise<{ heapMB: number; nodes: number }>;
  /** How many bytes the fake host has read from the file so far. */
  bytesRead(): number;
  close(): Promise<void>;
}

/** In the page: acquireVsCodeApi whose postMessage goes to the fake host over fetch. */
const FAKE_HOST_SCRIPT = `
window.acquireVsCodeApi = () => ({
  postMessage: async (m) => {
    const answer = (message) => window.postMessage(message, '*');
    if (m.type === 'ready') {
      // Byte fields (the header, an NRes entry's name field) come as { bytes: [...] }.
      const info = JSON.parse(await (await fetch('/init')).text(), (key, value) => (value && Array.isArray(value.bytes) ? Uint8Array.from(value.bytes) : value));
      answer({ type: 'init', info });
    } else if (m.type === 'readBytes') {
      const bytes = new Uint8Array(await (await fetch('/bytes?offset=' + m.offset + '&length=' + m.length)).arrayBuffer());
      answer({ type: 'bytes', requestId: m.requestId, offset: m.offset, bytes, edited: [] });
    } else if (m.type === 'describe') {
      const description = await (await fetch('/describe?offset=' + m.offset)).json();
      answer({ type: 'description', requestId: m.requestId, description });
    }
  },
});`;

const PAGE = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/hex.css"></head>
<body><div id="app"></div><script>${FAKE_HOST_SCRIPT}</script><script src="/hex.js"></script></body></html>`;

/** `path` opened as the editor opens it: a clip's or skeleton's grid, an NRes file's rows (MSH). */
export async function openHexPage(browser: Browser, path: string, kind: 'clip' | 'skeleton' | 'msh', viewport = { width: 1400, height: 900 }): Promise<HexPage> {
  const file: FileHandle = await open(path, 'r');
  const size = (await file.stat()).size;
  let bytesRead = 0;
  const read = async (offset: number, length: number): Promise<Uint8Array> => {
    const n = Math.max(0, Math.min(length, size - offset));
    const buffer = new Uint8Array(n);
    await file.read(buffer, 0, n, offset);
    bytesRead += n;
    return buffer;
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const number = (name: string) => Number(url.searchParams.get(name));
      if (url.pathname === '/hex.js' || url.pathname === '/hex.css') {
        response.setHeader('content-type', url.pathname.endsWith('.js') ? 'text/javascript' : 'text/css');
        response.end(readFileSync(join('dist', 'webview', url.pathname.slice(1))));
      } else if (url.pathname === '/init') {
        const headerBytes = await read(0, 16);
        const layout: RowLayout = kind === 'msh'
          ? mshRowLayout((await openMshFile({ size, read }, { maxKeyframeProblems: 0, expectModel: true })).layout)
          : layoutOfFile(kind, headerBytes, size);
        const info = { uri: `file://${path}`, fileName: path, layout: hexRowLayoutWire(layout), headerBytes, frameRate: 30 };
        response.end(JSON.stringify(info, (_key, value: unknown) => (value instanceof Uint8Array ? { bytes: [...value] } : value)));
      } else if (url.pathname === '/bytes') {
        response.setHeader('content-type', 'application/octet-stream');
        response.end(await read(number('offset'), Math.min(1 << 20, number('length'))));
      } else if (url.pathname === '/describe') {
        response.end(JSON.stringify((kind === 'msh' ? undefined : await describeByte(kind, { size, read }, number('offset'), { frameRate: 30 })) ?? null));
      } else {
        response.setHeader('content-type', 'text/html');
        response.end(PAGE);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // tsx (esbuild keepNames) wraps functions passed to page.evaluate in `__name(...)`.
  await page.addInitScript('window.__name = (f) => f;');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${origin}/`);
  return {
    page,
    firstPaintMs: async () => {
      const handle = await page
        .waitForSelector('body[data-first-paint-ms]', { timeout: 30_000, state: 'attached' })
        .catch((error: Error) => {
          throw new Error(`${error.message}\npage errors: ${errors.join('\n') || 'none'}`);
        });
      return Number(await handle.getAttribute('data-first-paint-ms'));
    },
    jumpMs: (offset) =>
      page.evaluate(
        (offset) =>
          new Promise<number>((resolve) => {
            const painted = () => {
              const row = document.querySelector(`.row[data-start="${offset}"]`) as HTMLElement | null;
              return !!row && !row.hidden && !row.textContent!.includes('··');
            };
            // Checked on every DOM change, so the time is when the row is drawn, not a frame later.
            const observer = new MutationObserver(() => {
              if (!painted()) return;
              observer.disconnect();
              resolve(performance.now() - t0);
            });
            observer.observe(document.getElementById('rows')!, { subtree: true, childList: true, characterData: true, attributes: true });
            const t0 = performance.now();
            window.postMessage({ type: 'reveal', offset }, '*');
          }),
        offset,
      ),
    roundTripMs: () =>
      page.evaluate(async () => {
        const t0 = performance.now();
        await (await fetch('/bytes?offset=0&length=16384')).arrayBuffer();
        return performance.now() - t0;
      }),
    metrics: async () => {
      const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
      return { heapMB: get('JSHeapUsedSize') / 2 ** 20, nodes: get('Nodes') };
    },
    bytesRead: () => bytesRead,
    close: async () => {
      await page.close();
      await new Promise((resolve) => server.close(resolve));
      await file.close();
    },
  };
}
