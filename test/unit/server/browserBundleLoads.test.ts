/**
 * The browser server's bundle (`dist/server/browser.js`, built by `node scripts/build.mjs`, which
 * `npm test` runs first) loads in a web worker's globals: no `process`, `require`, `Buffer` or
 * `setImmediate`. A module shared with the Node server that reads a Node global as it loads
 * (`process.platform` at the top of a file) throws there, and the worker's language server never
 * starts: no diagnostics, no hovers in VS Code for the Web. The Node server's `file:` URI helpers
 * (server/src/uris.ts, which read `process` and `node:url`) stay out of it: the worker passes its
 * own (browser/uris.ts) to the shared server.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

const BUNDLE = join(__dirname, '..', '..', '..', 'dist', 'server', 'browser.js');
/** The bundle's inputs as esbuild saw them, written beside it by scripts/build.mjs. */
const METAFILE = BUNDLE.replace(/\.js$/, '.meta.json');

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

test('the browser server bundle holds the worker\'s URI helpers and not the Node server\'s', () => {
  assert.ok(existsSync(METAFILE), `${METAFILE} is built (node scripts/build.mjs)`);
  const inputs = Object.keys((JSON.parse(readFileSync(METAFILE, 'utf8')) as { inputs: Record<string, unknown> }).inputs);
  assert.ok(inputs.includes('server/src/startServer.ts'), 'the shared server is bundled');
  assert.ok(inputs.includes('server/src/browser/uris.ts'), 'the worker\'s URI helpers are bundled');
  assert.equal(inputs.includes('server/src/uris.ts'), false, 'the Node server\'s URI helpers are not');
});
