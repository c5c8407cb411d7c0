/**
 * Runs a test page in headless Chromium on SwiftShader's WebGPU (flags from
 * docs/vscode-testing.md). The page's TypeScript entry is bundled with esbuild in memory (WGSL
 * as text, as in the real build) and served from 127.0.0.1: WebGPU needs a secure context.
 */
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.EWZANIM_CHROMIUM ?? '/usr/bin/chromium';

/** SwiftShader WebGPU; no --disable-gpu (it removes the adapter). */
export const WEBGPU_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
  '--enable-unsafe-webgpu', '--use-angle=swiftshader', '--use-gl=angle', '--enable-features=Vulkan', '--use-vulkan=swiftshader',
];

export interface TestPage {
  page: Page;
  close(): Promise<void>;
}

export async function bundle(entry: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022',
    loader: { '.wgsl': 'text' }, logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

/** Opens `entry` (a page script) in a fresh browser; the page sets `window.pageReady = true`. */
export async function openTestPage(
  entry: string,
  options: { width?: number; height?: number; flags?: string[]; files?: Record<string, string> } = {},
): Promise<TestPage> {
  const script = await bundle(entry);
  const server: Server = createServer((request, response) => {
    // Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs (benches).
    response.setHeader('cross-origin-opener-policy', 'same-origin');
    response.setHeader('cross-origin-embedder-policy', 'require-corp');
    const file = options.files?.[request.url ?? ''];
    if (file) {
      // Large inputs (a 267 MB clip) stream from disk; the page fetch()es them.
      response.setHeader('content-type', 'application/octet-stream');
      createReadStream(file).pipe(response);
    } else if (request.url === '/page.js') {
      response.setHeader('content-type', 'text/javascript');
      response.end(script);
    } else {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><html><body style="margin:0"><script src="/page.js"></script></body></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: options.flags ?? WEBGPU_FLAGS });
  const page = await browser.newPage({ viewport: { width: options.width ?? 256, height: options.height ?? 256 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => (window as unknown as { pageReady?: boolean }).pageReady === true, undefined, { timeout: 30_000 });
  return {
    page,
    close: async () => {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}
