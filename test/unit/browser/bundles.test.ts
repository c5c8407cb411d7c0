/**
 * The browser build (VS Code for the Web) loads no Node built-in: every import esbuild saw while
 * bundling the browser client and the web-worker server, read from the metafiles
 * scripts/build.mjs writes beside them, is either bundled or `vscode` (or esbuild's own helpers,
 * `<runtime>`, written into the bundle). The browser client registers the desktop's features
 * through the same activation, with none of the Node adapters but the glTF decoders.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { before, test } from 'node:test';

interface Metafile {
  inputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
}

const BUNDLES = ['dist/client/browser.meta.json', 'dist/server/browser.meta.json'];
const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

before(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', 'client (browser)', 'server (browser)'], { stdio: 'pipe' });
});

for (const bundle of BUNDLES) {
  test(`${bundle}: no input imports a Node built-in, and only vscode stays external`, () => {
    const meta = JSON.parse(readFileSync(bundle, 'utf8')) as Metafile;
    const imports = Object.entries(meta.inputs).flatMap(([input, { imports }]) => imports.map((i) => ({ input, ...i })));
    assert.ok(imports.length > 10, 'the metafile lists the bundle’s imports');
    assert.deepEqual(imports.filter((i) => nodeBuiltins.has(i.path) || i.path.startsWith('node:')), []);
    assert.deepEqual([...new Set(imports.filter((i) => i.external).map((i) => i.path))].filter((p) => p !== 'vscode' && p !== '<runtime>'), []);
  });
}

test('the web-worker server bundles the shared server and the client-request file access', () => {
  const inputs = Object.keys((JSON.parse(readFileSync('dist/server/browser.meta.json', 'utf8')) as Metafile).inputs);
  assert.ok(inputs.includes('server/src/startServer.ts'));
  assert.ok(inputs.includes('server/src/browser/requestFileAccess.ts'));
  assert.ok(!inputs.some((i) => i.startsWith('node/')), 'nothing from the Node adapters (node/)');
});

test('the browser client registers the features through the desktop\'s activation, with the web\'s file access', () => {
  const inputs = Object.keys((JSON.parse(readFileSync('dist/client/browser.meta.json', 'utf8')) as Metafile).inputs);
  const features = [
    'client/src/activation.ts',
    'client/src/hexEditor/register.ts',
    'client/src/preview/register.ts',
    'client/src/mshPreview/register.ts',
    'client/src/listing/register.ts',
    'client/src/gltfExport/exportFromGltf.ts',
    'client/src/clipDiff/register.ts',
    'client/src/walkthrough.ts',
    'client/src/statusBar.ts',
  ];
  assert.deepEqual(features.filter((f) => !inputs.includes(f)), []);
  // From node/: only the compressed-glTF decoders (WebAssembly and JavaScript) and the FBX error's class.
  assert.deepEqual(inputs.filter((i) => i.startsWith('node/')).sort(), ['node/fbx/conversionError.ts', 'node/gltf/decoders.ts', 'node/gltf/dracoDecoderWasm.ts']);
  assert.ok(!inputs.includes('client/src/hexEditor/fileByteSource.ts'), 'no ranged Node reader: the hex editor reads through workspace.fs');
  assert.ok(!inputs.includes('client/src/languageServer.ts'), 'no Node language client');
  assert.ok(!inputs.includes('client/src/clipDiff/gitBaseline.ts'), 'no comparison with git (a process)');
});
