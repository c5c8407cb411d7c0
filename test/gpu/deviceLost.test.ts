/**
 * The whole preview page (UI, player, renderer choice) on SwiftShader: it starts on WebGPU, and
 * when the device is lost while it runs it says so, switches to WebGL2 and keeps drawing; when the
 * device answers its first round trip only after the probe gave up (a busy machine), the page
 * draws with WebGL2 meanwhile and then switches to WebGPU.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openTestPage, toBase64 } from './browserHarness';
import { upstreamFile } from './clipFixtures';

interface PageState { renderer: string; notice: string; statuses: { renderer: string; fallbackReason?: string }[] }

/** Upstream's arm1 with wave1, as the page's loadFiles takes them. */
const ARM1_WAVE1 = {
  clip: toBase64(upstreamFile('multi-skinned-rom/assets/wave1.ewzanim')),
  skeleton: toBase64(upstreamFile('multi-skinned-rom/assets/arm1.ewzskel')),
  mesh: toBase64(upstreamFile('multi-skinned-rom/assets/arm1.ewzmesh')),
};

/** The preview page in Chromium, and a call of one of the functions it puts on `window`. */
async function openAppPage(): Promise<{ page: Page; call: <T>(name: string, ...args: unknown[]) => Promise<T>; close(): Promise<void> }> {
  const { page, close } = await openTestPage(join(__dirname, 'pages', 'appPage.ts'), { width: 600, height: 400 });
  const call = <T>(name: string, ...args: unknown[]): Promise<T> =>
    page.evaluate(([n, a]) => (window as unknown as Record<string, (...x: unknown[]) => unknown>)[n as string](...(a as unknown[])), [name, args] as const) as Promise<T>;
  return { page, call, close };
}

function drawnPixels(pixels: number[]): number {
  let drawn = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i] !== pixels[0] || pixels[i + 1] !== pixels[1] || pixels[i + 2] !== pixels[2]) drawn++;
  return drawn;
}

test('preview: a lost WebGPU device falls back to WebGL2 with the reason, and keeps drawing', { timeout: 120_000 }, async () => {
  const { page, call, close } = await openAppPage();
  try {
    await call('loadFiles', ARM1_WAVE1);
    // On a busy machine the device may answer after the probe gave up: WebGPU then takes over.
    let before = await call<PageState>('state');
    for (let waited = 0; waited < 30_000 && before.renderer !== 'webgpu'; waited += 100) {
      await page.waitForTimeout(100);
      before = await call<PageState>('state');
    }
    assert.equal(before.renderer, 'webgpu', before.notice);
    assert.equal(before.notice, '');
    await call('loseDevice');
    let after = before;
    for (let waited = 0; waited < 10_000 && after.renderer !== 'webgl2'; waited += 100) {
      await page.waitForTimeout(100);
      after = await call<PageState>('state');
    }
    assert.equal(after.renderer, 'webgl2');
    assert.match(after.notice, /WebGPU device was lost .*Drawing with WebGL2 now/);
    assert.equal(after.statuses.at(-1)?.renderer, 'webgl2');
    const pixels = await call<number[]>('readPixels');
    const drawn = drawnPixels(pixels);
    assert.ok(drawn > pixels.length / 4 / 100, `the fallback draws (${drawn} pixels differ from the background)`);
  } finally {
    await close();
  }
});

test('preview: a WebGPU device that answers only after the probe gave up draws with WebGL2 meanwhile, then switches to WebGPU', { timeout: 120_000 }, async () => {
  const { page, call, close } = await openAppPage();
  try {
    await call('slowNextRoundTrip', 7_000);
    await call('loadFiles', ARM1_WAVE1);
    const meanwhile = await call<PageState>('state');
    assert.equal(meanwhile.renderer, 'webgl2');
    assert.match(meanwhile.notice, /no answer within 5 s.*If it answers later, the preview switches to it.*Drawing with WebGL2/s);
    const fallbackPixels = await call<number[]>('readPixels');
    assert.ok(drawnPixels(fallbackPixels) > fallbackPixels.length / 4 / 100, 'WebGL2 draws while WebGPU is slow');
    let after = meanwhile;
    for (let waited = 0; waited < 30_000 && after.renderer !== 'webgpu'; waited += 100) {
      await page.waitForTimeout(100);
      after = await call<PageState>('state');
    }
    assert.equal(after.renderer, 'webgpu', `switched to WebGPU once its round trip came back; notice: ${after.notice}`);
    assert.equal(after.notice, '');
    assert.deepEqual(after.statuses.at(-1) && [after.statuses.at(-1)!.renderer, after.statuses.at(-1)!.fallbackReason], ['webgpu', undefined]);
    const pixels = await call<number[]>('readPixels');
    assert.ok(drawnPixels(pixels) > pixels.length / 4 / 100, 'WebGPU draws the scene it took over');
  } finally {
    await close();
  }
});
