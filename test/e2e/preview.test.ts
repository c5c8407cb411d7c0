/**
 * The live preview in a real VS Code (code-server + Chromium on SwiftShader's WebGPU): opened
 * with the hex editor's "Open Preview to the Side" title button on upstream wave1 (skeleton and mesh linked by the manifest),
 * the canvas is not blank, scrubbing to frame N changes the image, a change of the clip on disk
 * reloads it (keeping the frame) quickly, and frame/bone selection follows the hex editor both ways.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { makeWorkspace, quickOpen, withVSCode } from './harness';

/** The upstream manifest plus our explicit link keys, so the preview finds arm1's skeleton and mesh. */
const LINKED_MANIFEST = `[game]
id = "multi-skinned-rom"
title = "Multi-Skinned ROM"
author = "Nethercore Examples"
version = "0.1.0"

[[assets.skeletons]]
id = "arm1_skel"
path = "assets/arm1.ewzskel"

[[assets.meshes]]
id = "arm1_mesh"
path = "assets/arm1.ewzmesh"

[[assets.animations]]
id = "wave1"
path = "assets/wave1.ewzanim"
skeleton = "arm1_skel"
mesh = "arm1_mesh"
`;

interface PreviewProbe {
  renderer: string;
  frame: number;
  loads: number;
  assets: string;
  notice: string;
}

/** The hex editor's frame once it has painted `name`, or undefined after `ms`. */
async function hexEditorPainted(page: Page, name: string, ms: number): Promise<Frame | undefined> {
  for (let waited = 0; waited < ms; waited += 250) {
    for (const frame of page.frames()) {
      const file = await frame.evaluate(() => (document.body?.dataset.firstPaintMs ? document.body.dataset.file : undefined)).catch(() => undefined);
      if (file === name) return frame;
    }
    await page.waitForTimeout(250);
  }
  return undefined;
}

/** Opens `name` with Quick Open (the clip's default editor is the hex editor); retried, since a busy workbench can drop a pick. */
async function openInHexEditor(page: Page, name: string): Promise<Frame> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await quickOpen(page, name);
    const frame = await hexEditorPainted(page, name, 30_000);
    if (frame) return frame;
  }
  throw new Error(`the hex editor did not open ${name}`);
}

/** The preview webview's frame, once it has drawn its first load. */
async function previewFrame(page: Page): Promise<Frame> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    for (const frame of page.frames()) {
      const loads = await frame.evaluate(() => (window as unknown as { ewzanimPreview?: { loads: number } }).ewzanimPreview?.loads ?? 0).catch(() => 0);
      if (loads > 0) return frame;
    }
    await page.waitForTimeout(250);
  }
  const seen = await Promise.all(page.frames().map(async (f) => `${f.url().slice(0, 80)}: ${await f.evaluate(() => document.body?.innerText.slice(0, 200) ?? '').catch((e: unknown) => String(e))}`));
  throw new Error(`no preview webview drew a frame within 60 s; frames:\n${seen.join('\n')}`);
}

async function probe(frame: Frame): Promise<PreviewProbe> {
  return frame.evaluate(() => {
    const app = (window as unknown as { ewzanimPreview: { currentRenderer: string; currentFrame: number; loads: number } }).ewzanimPreview;
    return {
      renderer: app.currentRenderer,
      frame: app.currentFrame,
      loads: app.loads,
      assets: document.getElementById('assets')?.textContent ?? '',
      notice: document.getElementById('notice')?.textContent ?? '',
    };
  });
}

/** The canvas's pixels as the renderer last drew them (RGBA). */
async function pixels(frame: Frame): Promise<number[]> {
  return frame.evaluate(async () => {
    const app = (window as unknown as { ewzanimPreview: { readPixels(): Promise<Uint8Array> } }).ewzanimPreview;
    return Array.from(await app.readPixels());
  });
}

/** Share of pixels whose colour differs from the corner pixel (the background). */
function drawnShare(rgba: number[]): number {
  let drawn = 0;
  for (let i = 0; i < rgba.length; i += 4) if (rgba[i] !== rgba[0] || rgba[i + 1] !== rgba[1] || rgba[i + 2] !== rgba[2]) drawn++;
  return drawn / (rgba.length / 4);
}

function changedPixels(a: number[], b: number[]): number {
  let n = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 4) if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) n++;
  return n;
}

async function waitUntil(page: Page, condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (await condition()) return;
    await page.waitForTimeout(100);
  }
  assert.fail(`within 10 s: ${what}`);
}

async function scrubTo(frame: Frame, n: number): Promise<void> {
  await frame.evaluate((value) => {
    const scrubber = document.getElementById('scrubber') as HTMLInputElement;
    scrubber.value = String(value);
    scrubber.dispatchEvent(new Event('input'));
    scrubber.dispatchEvent(new Event('change'));
  }, n);
}

test('preview: opens on WebGPU, draws, scrubs, reloads on disk change, follows the hex editor', { timeout: 300_000 }, async () => {
  const workspace = makeWorkspace({ fixtures: { pack: 'upstream/multi-skinned-rom' }, files: { 'pack/nether.toml': LINKED_MANIFEST } });
  try {
    await withVSCode({ workspace: workspace.path, webgpu: true }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      const hex = await openInHexEditor(page, 'wave1.ewzanim');
      // The hex editor's title bar button (the same command as "Open Preview to the Side").
      const button = '.editor-actions .action-label[aria-label*="Open Preview to the Side"]';
      await page.waitForSelector(button, { timeout: 60_000 });
      await page.click(button);
      const frame = await previewFrame(page);

      const opened = await probe(frame);
      assert.equal(opened.renderer, 'webgpu', `WebGPU expected on SwiftShader; notice: ${opened.notice}`);
      assert.match(opened.assets, /wave1\.ewzanim: 3 bones x 30 frames/);
      assert.match(opened.assets, /skeleton arm1\.ewzskel/);
      assert.match(opened.assets, /mesh arm1\.ewzmesh/);

      const first = await pixels(frame);
      if (process.env.EWZANIM_E2E_SCREENSHOT) await page.screenshot({ path: process.env.EWZANIM_E2E_SCREENSHOT });
      assert.ok(first.length > 0);
      assert.ok(drawnShare(first) > 0.02, `canvas looks blank: ${(100 * drawnShare(first)).toFixed(2)}% of pixels drawn`);

      await scrubTo(frame, 15);
      assert.equal((await probe(frame)).frame, 15, `selections received: ${JSON.stringify(await frame.evaluate(() => (window as unknown as { ewzanimPreview: { receivedSelections: unknown } }).ewzanimPreview.receivedSelections))}`);
      const scrubbed = await pixels(frame);
      assert.ok(changedPixels(first, scrubbed) > 100, 'scrubbing to frame 15 should move the arm');

      // Change the clip on disk: frame 15's records become frame 0's. The preview reloads, stays on frame 15.
      const clipPath = join(workspace.path, 'pack', 'assets', 'wave1.ewzanim');
      const bytes = new Uint8Array(readFileSync(clipPath));
      const bones = bytes[0];
      bytes.copyWithin(4 + 15 * bones * 16, 4, 4 + bones * 16);
      const loadsBefore = (await probe(frame)).loads;
      const written = Date.now();
      writeFileSync(clipPath, bytes);
      let reloadedAfter = -1;
      for (let waited = 0; waited < 10_000; waited += 20) {
        if ((await probe(frame)).loads > loadsBefore) { reloadedAfter = Date.now() - written; break; }
        await page.waitForTimeout(20);
      }
      assert.ok(reloadedAfter >= 0, 'no reload within 10 s of the change on disk');
      // The target is 200 ms (measured here: ~150 ms); the assertion leaves room for a loaded CI machine.
      console.log(`preview reloaded ${reloadedAfter} ms after the write (file watcher + read + upload + draw)`);
      assert.ok(reloadedAfter < 1000, `reload took ${reloadedAfter} ms`);
      const after = await probe(frame);
      assert.equal(after.frame, 15, 'the reload keeps the frame');
      const reloaded = await pixels(frame);
      assert.ok(changedPixels(scrubbed, reloaded) > 100, 'frame 15 now shows frame 0 pose');
      // The new bounds may move the grid, so compare with frame 0 drawn after the reload.
      await scrubTo(frame, 0);
      const frameZero = await pixels(frame);
      assert.ok(changedPixels(frameZero, reloaded) < 50, 'frame 15 now looks like frame 0');

      // Selection sync with the hex editor, both ways.
      await scrubTo(frame, 7);
      await waitUntil(page, async () => (await hex.evaluate(() => document.body.innerText)).includes('frame 7 · bone 0'), 'the hex editor follows the scrubber to frame 7');
      // From frame 7 · bone 0 (record 21) up five rows to frame 5 · bone 1 (record 16), by keyboard.
      await hex.click('.b.sel');
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp');
      await waitUntil(page, async () => (await probe(frame)).frame === 5, 'the preview jumps to the frame selected in the hex editor');
      assert.match((await frame.evaluate(() => document.getElementById('bone-details')?.textContent ?? '')), /^bone 1/);
    });
  } finally {
    workspace.dispose();
  }
});
