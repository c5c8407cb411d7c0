/**
 * The hex editor's webview bundle (dist/webview/hex.js) in a plain headless-Chromium page with
 * a fake extension host in Node: it answers the webview's messages like the real host does
 * (layout from the header, byte pages read from the file on disk in pieces, descriptions from
 * the core). Used by the bench to time opening and jumping without VS Code's own overhead.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describeByte } from '../formats/describe';
import { layoutOfFile } from '../formats/editing/rowLayout';
import type { HexToHostMessage, HostToHexMessage } from '../protocol/hexEditor';

const ORIGIN = 'http://hex-editor.test';

export interface HexPage {
  page: Page;
  /** ms from navigation start to the first rows painted with real bytes. */
  firstPaintMs(): Promise<number>;
  /** Reveals `offset` and resolves with the ms until its row shows real bytes. */
  jumpMs(offset: number): Promise<number>;
  /** JS heap in use (MB) and DOM node count, from the Chrome DevTools protocol. */
  metrics(): Promise<{ heapMB: number; nodes: number }>;
  /** How many bytes the fake host has read from the file so far. */
  bytesRead(): number;
  close(): Promise<void>;
}

function readDist(name: string): string {
  return readFileSync(join('dist', 'webview', name), 'utf8');
}

export async function openHexPage(browser: Browser, path: string, kind: 'clip' | 'skeleton'): Promise<HexPage> {
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
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(`${ORIGIN}/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === 'hex.js' || name === 'hex.css') {
      await route.fulfill({ body: readDist(name), contentType: name.endsWith('.js') ? 'text/javascript' : 'text/css' });
    } else {
      await route.fulfill({
        contentType: 'text/html',
        body: '<!DOCTYPE html><html><head><link rel="stylesheet" href="hex.css"></head><body><div id="app"></div><script src="hex.js"></script></body></html>',
      });
    }
  });
  // The page posts to the "host" through acquireVsCodeApi; answers come back as window messages
  // with real Uint8Arrays (base64 only across the Node/page bridge of this fake host).
  const post = (message: HostToHexMessage): Promise<void> => {
    const { bytes, ...rest } = message as HostToHexMessage & { bytes?: Uint8Array };
    const info = 'info' in message ? { ...message.info, headerBytes: Buffer.from(message.info.headerBytes).toString('base64') } : undefined;
    return page.evaluate(
      ({ m, b64, info }) => {
        const decode = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
        const out: Record<string, unknown> = { ...m };
        if (b64 !== undefined) out.bytes = decode(b64);
        if (info) out.info = { ...info, headerBytes: decode(info.headerBytes) };
        window.postMessage(out, '*');
      },
      { m: rest, b64: bytes ? Buffer.from(bytes).toString('base64') : undefined, info },
    );
  };
  await page.exposeFunction('fakeHostReceive', async (message: HexToHostMessage) => {
    switch (message.type) {
      case 'ready': {
        const headerBytes = await read(0, 16);
        const layout = layoutOfFile(kind, headerBytes, size);
        await post({ type: 'init', info: { uri: `file://${path}`, fileName: path, layout, headerBytes, frameRate: 30 } });
        return;
      }
      case 'readBytes':
        await post({ type: 'bytes', requestId: message.requestId, offset: message.offset, bytes: await read(message.offset, message.length) });
        return;
      case 'describe': {
        const description = await describeByte(kind, { size, read }, message.offset, { frameRate: 30 });
        await post({ type: 'description', requestId: message.requestId, description: description ?? null });
        return;
      }
      default:
        return;
    }
  });
  // tsx (esbuild keepNames) wraps functions passed to page.evaluate in `__name(...)`.
  await page.addInitScript('window.__name = (f) => f;');
  await page.addInitScript(() => {
    const w = window as unknown as { acquireVsCodeApi: () => unknown; fakeHostReceive: (m: unknown) => void };
    w.acquireVsCodeApi = () => ({ postMessage: (m: unknown) => w.fakeHostReceive(m) });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${ORIGIN}/index.html`);
  return {
    page,
    firstPaintMs: async () => {
      const handle = await page.waitForSelector('body[data-first-paint-ms]', { timeout: 30_000, state: 'attached' }).catch((error: Error) => {
        throw new Error(`${error.message}\npage errors: ${errors.join('\n') || 'none'}`);
      });
      return Number(await handle.getAttribute('data-first-paint-ms'));
    },
    jumpMs: (offset) =>
      page.evaluate(
        (offset) =>
          new Promise<number>((resolve) => {
            const t0 = performance.now();
            window.postMessage({ type: 'reveal', offset }, '*');
            const check = () => {
              const row = document.querySelector(`.row[data-start="${offset}"]`) as HTMLElement | null;
              if (row && !row.hidden && !row.textContent!.includes('··')) resolve(performance.now() - t0);
              else requestAnimationFrame(check);
            };
            check();
          }),
        offset,
      ),
    metrics: async () => {
      const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
      return { heapMB: get('JSHeapUsedSize') / 2 ** 20, nodes: get('Nodes') };
    },
    bytesRead: () => bytesRead,
    close: async () => {
      await page.close();
      await file.close();
    },
  };
}
