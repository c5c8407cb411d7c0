/**
 * What the .vsix carries, as @vscode/vsce itself lists it (its listFiles, the `vsce ls` logic) with
 * the repository's package.json and .vscodeignore, on a folder of empty stand-ins for the build's
 * outputs: both entries (desktop `main`, web `browser`) and the servers they start go in; source
 * maps, esbuild metafiles, test bundles and sources stay out.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { test } from 'node:test';

const REPO = join(__dirname, '..', '..', '..');

interface Vsce {
  listFiles(options: { cwd: string; packageManager: number }): Promise<string[]>;
  PackageManager: { None: number };
}

const vsce = createRequire(__filename)('@vscode/vsce') as Vsce;
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { main: string; browser: string };

const STAND_INS = [
  'dist/client/extension.js',
  'dist/client/browser.js',
  'dist/client/browser.js.map',
  'dist/client/browser.meta.json',
  'dist/server/server.js',
  'dist/server/browser.js',
  'dist/server/browser.meta.json',
  'dist/webview/hex.js',
  'dist/test/web/index.js',
  'dist/test/e2e/index.js',
  'client/src/browser/extension.ts',
  'test/web/web.test.ts',
  'README.md',
  'LICENSE',
  'CHANGELOG.md',
];

async function packagedFiles(): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'ewzanim-vsix-files-'));
  try {
    copyFileSync(join(REPO, 'package.json'), join(folder, 'package.json'));
    copyFileSync(join(REPO, '.vscodeignore'), join(folder, '.vscodeignore'));
    for (const path of STAND_INS) {
      mkdirSync(join(folder, dirname(path)), { recursive: true });
      writeFileSync(join(folder, path), '');
    }
    return (await vsce.listFiles({ cwd: folder, packageManager: vsce.PackageManager.None })).map((f) => f.replaceAll('\\', '/')).sort();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('the .vsix carries the desktop and web entries and the servers they start', async () => {
  const files = await packagedFiles();
  const entries = [manifest.main, manifest.browser].map((p) => normalize(p).replaceAll('\\', '/'));
  assert.deepEqual(entries, ['dist/client/extension.js', 'dist/client/browser.js']);
  for (const path of [...entries, 'dist/server/server.js', 'dist/server/browser.js', 'dist/webview/hex.js', 'package.json']) {
    assert.ok(files.includes(path), `${path} is packaged: ${files.join(', ')}`);
  }
});

test('the .vsix leaves out source maps, esbuild metafiles, test bundles and sources', async () => {
  const files = await packagedFiles();
  assert.deepEqual(
    files.filter((f) => /\.(map|meta\.json|ts)$/.test(f) || f.startsWith('dist/test/') || f.startsWith('test/') || f.startsWith('client/')),
    [],
  );
});
