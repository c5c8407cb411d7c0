/**
 * FBX2glTF is a tool the user installs, never shipped: its npm package grants no right to
 * redistribute Autodesk's FBX SDK inside this MIT extension. The .vsix (as @vscode/vsce lists it,
 * with the repository's package.json and .vscodeignore, on a folder holding the npm package's
 * binary where `npm install` puts it) leaves it out; the extension's and the CLI tarball's
 * bundles (esbuild, as scripts/build.mjs and scripts/package-cli.mjs bundle them) take no file of
 * the package: the converter is found and run at export time (node/fbx/locate.ts).
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import * as esbuild from 'esbuild';

const REPO = join(__dirname, '..', '..', '..');

interface Vsce {
  listFiles(options: { cwd: string; packageManager: number }): Promise<string[]>;
  PackageManager: { None: number };
}

const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

test('fbx2gltf is a devDependency only: nothing installed with the extension or the CLI needs it', () => {
  assert.ok('fbx2gltf' in manifest.devDependencies);
  assert.ok(!('fbx2gltf' in manifest.dependencies));
});

test('the .vsix leaves out FBX2glTF even where npm installed it in the folder being packaged', async () => {
  const vsce = createRequire(__filename)('@vscode/vsce') as Vsce;
  const folder = mkdtempSync(join(tmpdir(), 'ewzanim-vsix-fbx-'));
  try {
    copyFileSync(join(REPO, 'package.json'), join(folder, 'package.json'));
    copyFileSync(join(REPO, '.vscodeignore'), join(folder, '.vscodeignore'));
    const standIns = ['dist/client/extension.js', 'dist/server/server.js', 'node_modules/fbx2gltf/package.json', 'node_modules/fbx2gltf/bin/Linux/FBX2glTF', 'node_modules/fbx2gltf/bin/Windows_NT/FBX2glTF.exe', 'FBX2glTF'];
    for (const path of standIns) {
      mkdirSync(join(folder, dirname(path)), { recursive: true });
      writeFileSync(join(folder, path), '');
    }
    const files = (await vsce.listFiles({ cwd: folder, packageManager: vsce.PackageManager.None })).map((f) => f.replaceAll('\\', '/'));
    assert.ok(files.includes('dist/client/extension.js'), `the listing is the packaged files: ${files.join(', ')}`);
    assert.deepEqual(files.filter((f) => /fbx2gltf/i.test(f) || f.startsWith('node_modules/')), []);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

for (const entry of ['client/src/extension.ts', 'cli/ewzanim.ts']) {
  test(`the bundle of ${entry} takes no file of the fbx2gltf package and carries no native binary`, async () => {
    const result = await esbuild.build({
      absWorkingDir: REPO,
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      loader: { '.wgsl': 'text' },
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    assert.ok(inputs.includes('node/fbx/locate.ts'), 'the bundle holds the FBX path (it finds FBX2glTF at export time)');
    assert.deepEqual(inputs.filter((input) => /fbx2gltf/i.test(input)), []);
    assert.deepEqual(inputs.filter((input) => !/\.(ts|js|mjs|cjs|json|wgsl)$/.test(input)), [], 'only source and text files are bundled: no native binary');
  });
}
