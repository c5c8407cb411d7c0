/**
 * The Marketplace page and what `vsce ls` packages from this repository: an icon of at least
 * 128 x 128 pixels, keywords, the repository, a gallery banner, a changelog; and only the files
 * the installed extension loads or the page shows (manifest, README, CHANGELOG, licence, the
 * bundles, grammars, schema, media), whatever else the working tree holds.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';

const REPO = join(__dirname, '..', '..', '..');

interface Manifest {
  icon?: string;
  keywords?: string[];
  repository?: { type?: string; url?: string };
  galleryBanner?: { color?: string; theme?: string };
  license?: string;
}

interface Vsce {
  listFiles(options: { cwd: string; packageManager: number }): Promise<string[]>;
  PackageManager: { None: number };
}

const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Manifest;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG file');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

test('the Marketplace fields: a PNG icon of at least 128 px, keywords, the repository, a banner, a licence, a changelog', () => {
  assert.ok(manifest.icon?.endsWith('.png'), 'icon is a PNG');
  const { width, height } = pngSize(readFileSync(join(REPO, manifest.icon!)));
  assert.ok(width >= 128 && height >= 128, `icon ${width} x ${height}`);
  assert.ok(manifest.keywords && manifest.keywords.length > 0 && manifest.keywords.length <= 30, 'between 1 and 30 keywords');
  assert.equal(manifest.repository?.type, 'git');
  assert.match(manifest.repository?.url ?? '', /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
  assert.match(manifest.galleryBanner?.color ?? '', /^#[0-9A-Fa-f]{6}$/);
  assert.ok(manifest.galleryBanner?.theme === 'dark' || manifest.galleryBanner?.theme === 'light', 'banner theme');
  assert.ok(manifest.license && existsSync(join(REPO, 'LICENSE')), 'licence named and present');
  assert.match(readFileSync(join(REPO, 'CHANGELOG.md'), 'utf8'), /^# /, 'CHANGELOG.md with a title');
});

/** What the installed extension loads or the Marketplace page shows. */
const NEEDED = [
  /^package\.json$/,
  /^README\.md$/,
  /^CHANGELOG\.md$/,
  /^LICENSE/,
  /^dist\/(client|server)\/[\w-]+\.js$/,
  /^dist\/webview\/[\w-]+\.(js|css)$/,
  /^syntaxes\/[\w.-]+\.json$/,
  /^schemas\/[\w.-]+\.json$/,
  /^media\//,
];

test('vsce ls on this repository lists only what the extension needs, the page files among them', async () => {
  const vsce = createRequire(__filename)('@vscode/vsce') as Vsce;
  const files = (await vsce.listFiles({ cwd: REPO, packageManager: vsce.PackageManager.None })).map((f) => f.replaceAll('\\', '/'));
  assert.deepEqual(files.filter((f) => !NEEDED.some((pattern) => pattern.test(f))), []);
  for (const file of ['package.json', 'README.md', 'CHANGELOG.md', manifest.icon!]) assert.ok(files.includes(file), `${file} is packaged`);
});
