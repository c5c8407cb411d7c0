/**
 * The MSH preview as a user meets it: right-click a writer-built NRes archive in the Explorer,
 * "Open MSH Preview"; the caveat is shown, the hierarchy is drawn by the clip preview's 3D
 * renderer (WebGPU on SwiftShader: grid, a joint marker and axes per node, links to the
 * parents), the frame slider and Play move it, the blend and the model choice change what is
 * drawn. Set EWZANIM_E2E_SCREENSHOTS to a folder to keep screenshots.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { heroArchive } from '../unit/msh/mshFixtures';
import { makeWorkspace, openContextMenuItem, withVSCode } from './harness';

const SCREENSHOTS = process.env.EWZANIM_E2E_SCREENSHOTS;

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

async function previewFrame(page: Page): Promise<Frame> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    for (const frame of page.frames()) {
      const ready = await frame.evaluate(() => (document.getElementById('status')?.textContent ?? '').includes('nodes')).catch(() => false);
      if (ready) return frame;
    }
    await page.waitForTimeout(250);
  }
  throw new Error('no MSH preview with a posed model');
}

/** A fingerprint of the renderer's last image (so two drawings can be told apart) and how many pixels differ from the background. */
function canvasPixels(frame: Frame): Promise<{ drawn: number; hash: number }> {
  return frame.evaluate(async () => {
    const app = (window as unknown as { ewzanimMshPreview: { readPixels(): Promise<Uint8Array> } }).ewzanimMshPreview;
    const data = await app.readPixels();
    let drawn = 0;
    let hash = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) {
        drawn++;
        hash = (hash * 31 + i + data[i]! + data[i + 1]!) | 0;
      }
    }
    return { drawn, hash };
  });
}

function rendererOf(frame: Frame): Promise<string> {
  return frame.evaluate(() => (window as unknown as { ewzanimMshPreview: { currentRenderer: string } }).ewzanimMshPreview.currentRenderer);
}

/** Waits until the renderer has drawn something besides the background. */
async function waitUntilDrawn(page: Page, frame: Frame): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 250) {
    if ((await canvasPixels(frame)).drawn > 0) return;
    await page.waitForTimeout(250);
  }
}

async function setRange(frame: Frame, id: string, value: number): Promise<void> {
  await frame.evaluate(
    ([id, value]) => {
      const input = document.getElementById(id as string) as HTMLInputElement;
      input.value = String(value);
      input.dispatchEvent(new Event('input'));
    },
    [id, value] as const,
  );
}

test('MSH preview: caveat, hierarchy drawn, frames, playback, blend and models', { timeout: 300_000 }, async () => {
  const workspace = makeWorkspace({ files: { 'pack.msh': heroArchive() } });
  try {
    await withVSCode({ workspace: workspace.path, webgpu: true }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'pack.msh' }).first();
      await row.waitFor({ timeout: 60_000 });
      await openContextMenuItem(page, row, 'Open MSH Preview');
      const preview = await previewFrame(page);
      assert.equal(await preview.textContent('#caveat'), 'Node hierarchy posed by reference sampling, not bit-exact with the x87 runtime.');
      assert.equal(await preview.textContent('#title'), 'pack.msh');
      assert.match((await preview.textContent('#status')) ?? '', /^3 nodes, 7 keys, 5 frames at 30 fps$/);
      assert.equal(await preview.textContent('#frameText'), '0 / 4');
      await waitUntilDrawn(page, preview);
      // A busy machine can answer WebGPU's first round trip late: the preview then switches to it.
      for (let waited = 0; waited < 30_000 && (await rendererOf(preview)) !== 'webgpu'; waited += 200) await page.waitForTimeout(200);
      assert.equal(await rendererOf(preview), 'webgpu', `the 3D renderer on WebGPU; notice: ${await preview.textContent('#notice')}`);
      assert.equal(await preview.textContent('#renderer-label'), 'WebGPU');
      const first = await canvasPixels(preview);
      assert.ok(first.drawn > 200, `the hierarchy is drawn (${first.drawn} pixels)`);
      assert.deepEqual(await preview.evaluate(() => Array.from(document.querySelectorAll('#labels span')).map((s) => s.textContent)), ['root', 'arm', 'hand']);
      await screenshot(page, 'msh-preview-frame0');

      await setRange(preview, 'frame', 4);
      assert.equal(await preview.textContent('#frameText'), '4 / 4');
      const last = await canvasPixels(preview);
      assert.notEqual(last.hash, first.hash, 'frame 4 poses the arm elsewhere');
      await screenshot(page, 'msh-preview-frame4');

      await setRange(preview, 'blendWeight', 0.5);
      assert.equal(await preview.textContent('#blendText'), '50% of frame 0');
      assert.notEqual((await canvasPixels(preview)).hash, last.hash, 'halfway to frame 0 is neither pose');
      await setRange(preview, 'blendWeight', 0);

      await preview.click('#play');
      let seen = new Set<string>();
      for (let waited = 0; waited < 10_000 && seen.size < 3; waited += 100) {
        seen.add((await preview.textContent('#frameText')) ?? '');
        await page.waitForTimeout(100);
      }
      assert.ok(seen.size >= 3, `playback advances the frames: ${[...seen].join(', ')}`);
      await preview.click('#play');

      // The model choice is a vscode-single-select: pick as its own change would.
      await preview.evaluate(() => {
        const select = document.getElementById('model') as HTMLElement & { value: string };
        select.value = '1';
        select.dispatchEvent(new Event('change'));
      });
      assert.match((await preview.textContent('#status')) ?? '', /^2 nodes, 3 keys, 2 frames/);
      await screenshot(page, 'msh-preview-model1');
    });
  } finally {
    workspace.dispose();
  }
});
