// Bundles every adapter with esbuild. One table: add an entry here, nowhere else.
import * as esbuild from 'esbuild';
import { existsSync, chmodSync, writeFileSync } from 'node:fs';
import { inlineDracoDecoderWasm } from './inlineWasm.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

// The browser bundles' stand-ins for the Node built-ins that shared code names without using
// them there (emscripten's and glTF-Transform's Node branches, the server's rename command).
const browserNodeShims = Object.fromEntries(['node:fs', 'node:fs/promises', 'node:path', 'fs', 'path'].map((m) => [m, './server/src/browser/nodeShims.ts']));

/** @type {{name: string, entry: string, outfile: string, platform: 'node'|'browser', format: 'cjs'|'iife'|'esm', banner?: string, alias?: Record<string, string>}[]} */
const targets = [
  { name: 'client', entry: 'client/src/extension.ts', outfile: 'dist/client/extension.js', platform: 'node', format: 'cjs' },
  { name: 'server', entry: 'server/src/server.ts', outfile: 'dist/server/server.js', platform: 'node', format: 'cjs' },
  { name: 'client (browser)', entry: 'client/src/browser/extension.ts', outfile: 'dist/client/browser.js', platform: 'browser', format: 'cjs', alias: browserNodeShims },
  { name: 'server (browser)', entry: 'server/src/browser/server.ts', outfile: 'dist/server/browser.js', platform: 'browser', format: 'iife', alias: browserNodeShims },
  { name: 'cli', entry: 'cli/ewzanim.ts', outfile: 'dist/cli/ewzanim.js', platform: 'node', format: 'cjs', banner: '#!/usr/bin/env node' },
  { name: 'check worker (cli)', entry: 'node/checkWorker.ts', outfile: 'dist/cli/checkWorker.js', platform: 'node', format: 'cjs' },
  { name: 'check worker (server)', entry: 'node/checkWorker.ts', outfile: 'dist/server/checkWorker.js', platform: 'node', format: 'cjs' },
  { name: 'clip diff worker (cli)', entry: 'node/clipDiffWorker.ts', outfile: 'dist/cli/clipDiffWorker.js', platform: 'node', format: 'cjs' },
  { name: 'clip range worker (cli)', entry: 'node/clipRangeWorker.ts', outfile: 'dist/cli/clipRangeWorker.js', platform: 'node', format: 'cjs' },
  { name: 'hex editor webview', entry: 'webview/hex/main.ts', outfile: 'dist/webview/hex.js', platform: 'browser', format: 'iife' },
  { name: 'preview webview', entry: 'webview/preview/main.ts', outfile: 'dist/webview/preview.js', platform: 'browser', format: 'iife' },
  { name: 'MSH preview webview', entry: 'webview/mshPreview/main.ts', outfile: 'dist/webview/mshPreview.js', platform: 'browser', format: 'iife' },
  { name: 'clip diff webview', entry: 'webview/clipDiff/main.ts', outfile: 'dist/webview/clipDiff.js', platform: 'browser', format: 'iife' },
  { name: 'e2e test suite', entry: 'test/e2e/suite/index.ts', outfile: 'dist/test/e2e/index.js', platform: 'node', format: 'cjs' },
];

// `node scripts/build.mjs cli server` builds only the named targets (all of them by default).
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const selected = only.length ? targets.filter((t) => only.includes(t.name)) : targets;

const missing = selected.filter((t) => !existsSync(t.entry));
for (const t of missing) console.warn(`build: skipping ${t.name}: ${t.entry} does not exist yet`);

const contexts = await Promise.all(
  selected
    .filter((t) => existsSync(t.entry))
    .map((t) =>
      esbuild.context({
        entryPoints: [t.entry],
        outfile: t.outfile,
        bundle: true,
        platform: t.platform,
        format: t.format,
        target: t.platform === 'node' ? 'node20' : 'es2022',
        external: ['vscode'],
        alias: t.alias,
        sourcemap: production ? false : 'linked',
        minify: production,
        loader: { '.wgsl': 'text' },
        // The Draco decoder's WebAssembly inlined in the extension (desktop and browser) and the CLI.
        plugins: t.platform === 'node' || t.name === 'client (browser)' ? [inlineDracoDecoderWasm] : [],
        banner: t.banner ? { js: t.banner } : undefined,
        // The browser bundles' inputs, for the test that keeps Node built-ins out of them.
        metafile: t.platform === 'browser',
        logLevel: 'warning',
        // mocha (bundled into the e2e suite) resolves its parallel-mode files, which the suite never uses.
        logOverride: { 'require-resolve-not-external': 'silent' },
      }),
    ),
);

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('build: watching');
} else {
  const results = await Promise.all(contexts.map((c) => c.rebuild()));
  for (const { metafile } of results) {
    const outfile = metafile && Object.keys(metafile.outputs).find((o) => o.endsWith('.js'));
    if (outfile) writeFileSync(outfile.replace(/\.js$/, '.meta.json'), JSON.stringify(metafile));
  }
  await Promise.all(contexts.map((c) => c.dispose()));
  if (existsSync('dist/cli/ewzanim.js')) chmodSync('dist/cli/ewzanim.js', 0o755);
  console.log(`build: ${contexts.length} bundles written to dist/`);
}
