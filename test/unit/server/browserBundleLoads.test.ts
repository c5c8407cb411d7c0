/**
 * The browser server's bundle (`dist/server/browser.js`, built by `node scripts/build.mjs`, which
 * `npm test` runs first) loads in a web worker's globals: no `process`, `require`, `Buffer` or
 * `setImmediate`. A module shared with the Node server that reads a Node global as it loads
 * (`process.platform` at the top of a file) throws there, and the worker's language server never
 * starts: no diagnostics, no hovers in VS Code for the Web.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

const BUNDLE = join(__dirname, '..', '..', '..', 'dist', 'server', 'browser.js');

/** What a dedicated web worker offers the server: its `self`, timers, text codecs, URL, WebAssembly. */
function workerGlobals(): Record<string, unknown> {
  const messages: unknown[] = [];
  const self = { addEventListener: () => undefined, removeEventListener: () => undefined, postMessage: (m: unknown) => void messages.push(m), location: { href: 'https://example.invalid/worker.js' } };
  const globals: Record<string, unknown> = {
    self, console, TextDecoder, TextEncoder, setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask,
    URL, URLSearchParams, WebAssembly, performance, structuredClone, Blob, MessageChannel, crypto: globalThis.crypto,
    navigator: { hardwareConcurrency: 2, userAgent: 'test' },
    fetch: async () => { throw new Error('no network in this test'); },
  };
  globals.globalThis = globals;
  return globals;
}

test('the browser server bundle loads where there is no process, require, Buffer or setImmediate', () => {
  assert.ok(existsSync(BUNDLE), `${BUNDLE} is built (node scripts/build.mjs)`);
  const globals = workerGlobals();
  assert.doesNotThrow(() => runInNewContext(readFileSync(BUNDLE, 'utf8'), globals, { filename: BUNDLE }));
  for (const name of ['process', 'require', 'Buffer', 'setImmediate']) assert.equal(name in globals, false, `${name} stayed undefined`);
});
