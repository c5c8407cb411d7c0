/**
 * The manifest core (toml-eslint-parser and @gltf-transform/core included) bundles for the
 * browser with esbuild and runs in Chromium: parse, glTF reading and the rules, no Node APIs.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { Document, WebIO } from '@gltf-transform/core';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { clipBytes } from './assetBytes';

const CHROMIUM = '/usr/bin/chromium';

async function bundle(): Promise<string> {
  const out = await esbuild.build({
    entryPoints: [resolve('formats/manifest/index.ts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'ManifestCore',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    // @gltf-transform/core's NodeIO (unused here: we call WebIO) imports these dynamically;
    // every browser bundle that includes the manifest core needs them external.
    external: ['node:fs', 'node:path'],
  });
  return out.outputFiles[0].text;
}

test('esbuild browser bundle: builds without Node built-ins', async () => {
  const code = await bundle();
  assert.ok(code.length > 100_000, 'includes the TOML parser and glTF library');
  assert.doesNotMatch(code, /require\("(node:)?(fs|path|os|child_process)"\)/);
  // NodeIO is tree-shaken away: not even its lazy imports remain.
  assert.doesNotMatch(code, /node:(fs|path)/);
});

test('the bundle checks a pack with a GLB inside headless Chromium', { skip: existsSync(CHROMIUM) ? false : `no ${CHROMIUM} (scripts/ensure-deps.sh installs it)` }, async () => {
  const code = await bundle();
  const doc = new Document();
  const skin = doc.createSkin('Skin');
  for (let j = 0; j < 5; j++) skin.addJoint(doc.createNode(`j${j}`));
  const glb = await new WebIO().writeBinary(doc);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: code });
    // A string, not a function: tsx's transform would put its own helpers into a function body.
    const script = `(async () => {
      const files = { '/p/hero.glb': new Uint8Array(${JSON.stringify([...glb])}), '/p/walk.nczxanim': new Uint8Array(${JSON.stringify([...clipBytes(3)])}) };
      const access = {
        stat: async (path) => (files[path] ? { size: files[path].length, mtimeMs: 1, isDirectory: false } : undefined),
        read: async (path, offset, length) => files[path].slice(offset, offset + length),
        readDirectory: async () => [],
      };
      const text = '[game]\\nid = "g"\\ntitle = "G"\\nauthor = "A"\\nversion = "1"\\n\\n[[assets.skeletons]]\\nid = "s"\\npath = "hero.glb"\\n\\n[[assets.animations]]\\nid = "walk"\\npath = "walk.nczxanim"\\n';
      const result = await ManifestCore.checkManifest(access, '/p/nether.toml', text, { maxKeyframeProblems: 10 });
      return { codes: result.diagnostics.map((d) => [d.code, d.data && d.data.clipBones, d.data && d.data.skeletonBones]), bones: result.assets.map((a) => a.boneCount), isNode: typeof process !== 'undefined' };
    })()`;
    const outcome = (await page.evaluate(script)) as { codes: unknown[]; bones: unknown[]; isNode: boolean };
    assert.equal(outcome.isNode, false);
    assert.deepEqual(outcome.bones, [5, 3]);
    assert.deepEqual(outcome.codes, [['manifest/bone-mismatch', 3, 5]]);
  } finally {
    await browser.close();
  }
});
