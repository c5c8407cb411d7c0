/**
 * A rendered frame of upstream arm1 (skeleton + skinned mesh) with wave1, against the reviewed
 * golden image test/gpu/golden/arm1-wave1-frame15.png, drawn by the WebGPU renderer and by the
 * WebGL2 fallback. Set EWZANIM_UPDATE_GOLDEN=1 to rewrite the image (then look at it before
 * committing). Tolerance: a channel may differ by 8/255 (rasteriser and f16/float rounding
 * differences between the two APIs), and at most 0.5% of the pixels may differ by more (edge
 * pixels where a triangle or line covers the pixel centre in one rasteriser and not the other).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromBase64, openTestPage, toBase64, type TestPage } from './browserHarness';
import { upstreamFile } from './clipFixtures';
import { decodePng, encodePng } from './png';

const WIDTH = 256;
const HEIGHT = 256;
const FRAME = 15;
const GOLDEN = join(__dirname, 'golden', `arm1-wave1-frame${FRAME}.png`);
const CHANNEL_TOLERANCE = 8;
const MAX_OFF_FRACTION = 0.005;

let testPage: TestPage;

interface RenderResult { renderer: string; fallbackReason?: string; pixels: string; uploadBytes: number }

async function render(renderer: 'webgpu' | 'webgl2', frame = FRAME, extra: { hideWebGpu?: boolean; selectedBone?: number } = {}, page = testPage): Promise<RenderResult & { rgba: Uint8Array }> {
  const job = {
    ...extra,
    clip: toBase64(upstreamFile('multi-skinned-rom/assets/wave1.ewzanim')),
    skeleton: toBase64(upstreamFile('multi-skinned-rom/assets/arm1.ewzskel')),
    mesh: toBase64(upstreamFile('multi-skinned-rom/assets/arm1.ewzmesh')),
    frame, renderer, width: WIDTH, height: HEIGHT,
  };
  const result = await page.page.evaluate((j) => (window as unknown as { renderFrame(j: unknown): Promise<RenderResult> }).renderFrame(j), job);
  return { ...result, rgba: fromBase64(result.pixels) };
}

function difference(a: Uint8Array, b: Uint8Array): { off: number; worst: number } {
  let off = 0;
  let worst = 0;
  for (let p = 0; p < a.length; p += 4) {
    const d = Math.max(Math.abs(a[p] - b[p]), Math.abs(a[p + 1] - b[p + 1]), Math.abs(a[p + 2] - b[p + 2]));
    worst = Math.max(worst, d);
    if (d > CHANNEL_TOLERANCE) off++;
  }
  return { off, worst };
}

function assertMatchesGolden(rgba: Uint8Array, label: string): void {
  const golden = decodePng(readFileSync(GOLDEN));
  assert.equal(golden.width, WIDTH);
  assert.equal(golden.height, HEIGHT);
  const { off, worst } = difference(rgba, golden.rgba);
  const allowed = Math.floor(WIDTH * HEIGHT * MAX_OFF_FRACTION);
  if (off > allowed) writeFileSync(join(__dirname, 'golden', `actual-${label}.png`), encodePng(WIDTH, HEIGHT, rgba));
  assert.ok(off <= allowed, `${label}: ${off} pixels differ by more than ${CHANNEL_TOLERANCE}/255 (allowed ${allowed}); worst ${worst}. Wrote golden/actual-${label}.png`);
}

describe('rendered frame of upstream arm1 + wave1 against the golden image', () => {
  before(async () => {
    testPage = await openTestPage(join(__dirname, 'pages', 'renderPage.ts'), { width: WIDTH, height: HEIGHT });
  });
  after(async () => {
    await testPage?.close();
  });

  it('WebGPU renderer matches the golden image', async () => {
    const result = await render('webgpu');
    assert.equal(result.renderer, 'webgpu', result.fallbackReason);
    if (process.env.EWZANIM_UPDATE_GOLDEN === '1' || !existsSync(GOLDEN)) {
      mkdirSync(join(__dirname, 'golden'), { recursive: true });
      writeFileSync(GOLDEN, encodePng(WIDTH, HEIGHT, result.rgba));
    }
    assertMatchesGolden(result.rgba, 'webgpu');
  });

  it('WebGL2 fallback matches the same golden image', async () => {
    const result = await render('webgl2');
    assert.equal(result.renderer, 'webgl2');
    assertMatchesGolden(result.rgba, 'webgl2');
  });

  it('without navigator.gpu the WebGL2 fallback draws the same image and says why', async () => {
    const result = await render('webgpu', FRAME, { hideWebGpu: true });
    assert.equal(result.renderer, 'webgl2');
    assert.match(result.fallbackReason ?? '', /navigator\.gpu is missing.*Drawing with WebGL2/s);
    assertMatchesGolden(result.rgba, 'no-navigator-gpu');
  });

  it('with no WebGPU adapter (Chromium with --disable-gpu) the fallback says so and draws the same image', async () => {
    const noGpu = await openTestPage(join(__dirname, 'pages', 'renderPage.ts'), {
      width: WIDTH, height: HEIGHT, flags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--enable-unsafe-webgpu', '--use-angle=swiftshader'],
    });
    try {
      const result = await render('webgpu', FRAME, {}, noGpu);
      assert.equal(result.renderer, 'webgl2');
      assert.match(result.fallbackReason ?? '', /no GPU adapter|navigator\.gpu is missing|device does not work/);
      assertMatchesGolden(result.rgba, 'no-adapter');
    } finally {
      await noGpu.close();
    }
  });

  it('a selected bone is highlighted (its mesh influence and gizmo) the same way in both renderers', async () => {
    // The highlight colour (1, 0.78, 0.2) lit: red well above blue, unlike the grey mesh, grid and axis colours.
    const highlighted = (rgba: Uint8Array): number => {
      let n = 0;
      for (let p = 0; p < rgba.length; p += 4) if (rgba[p] > 120 && rgba[p] - rgba[p + 2] > 80 && rgba[p + 1] > 0.5 * rgba[p]) n++;
      return n;
    };
    const plain = await render('webgpu');
    const gpu = await render('webgpu', FRAME, { selectedBone: 1 });
    const gl = await render('webgl2', FRAME, { selectedBone: 1 });
    assert.equal(highlighted(plain.rgba), 0);
    assert.ok(highlighted(gpu.rgba) > 100, `WebGPU: ${highlighted(gpu.rgba)} highlighted pixels`);
    assert.ok(Math.abs(highlighted(gl.rgba) - highlighted(gpu.rgba)) <= 0.05 * highlighted(gpu.rgba), `WebGL2 ${highlighted(gl.rgba)} vs WebGPU ${highlighted(gpu.rgba)}`);
  });

  it('another frame draws a different image (the animation moves the mesh)', async () => {
    const a = await render('webgpu', 0);
    const b = await render('webgpu', FRAME);
    assert.ok(difference(a.rgba, b.rgba).off > 200, 'frames 0 and 15 should differ visibly');
  });

  it('WebGPU sends the same few bytes per frame whatever the bone count', async () => {
    const result = await render('webgpu');
    assert.equal(result.uploadBytes, 32 + 112);
  });
});
