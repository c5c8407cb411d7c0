/**
 * Rendered frames against reviewed golden images (test/gpu/golden/), each drawn by the WebGPU
 * renderer and by the WebGL2 fallback, which must both match it:
 * - upstream arm1 + wave1, frame 15 (the upstream reference);
 * - the sample pack's lit 40-bone creature, frame 20;
 * - the creature's crossfade midpoint (its walk into the same walk half a cycle later, through
 *   the core's mixer, half of a 1 s fade);
 * - the creature in layers: its walk on the lower body, the same walk half a cycle later over the
 *   upper body (a second layer, bone masks through the core's mixer), a box attached to its left
 *   hand;
 * - the console's bone-count rule on a mismatch (upstream wave1, 3 bones, on arm2's 4-bone
 *   skeleton and mesh: bone 3 reads the next frame's bone 0), which must differ from the design
 *   document's rule there.
 * Set EWZANIM_UPDATE_GOLDEN=1 to rewrite the images from WebGPU (then look at them before
 * committing). Tolerance: a channel may differ by 8/255 (f16/float rounding differences between
 * the two APIs); a pixel counts as off when no pixel within one pixel of the same place in the
 * other image is that close, in either direction (the two rasterisers place one-pixel lines and
 * triangle edges up to a pixel apart, but a line present in one and missing in the other is
 * still off); at most 0.5% of the pixels may be off.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSamplePack } from '../../scripts/sample-pack';
import { fromBase64, openTestPage, toBase64, type TestPage } from './browserHarness';
import { shiftedClip, upstreamFile } from './clipFixtures';
import { CHANNEL_TOLERANCE, imageDifference } from './imageDifference';
import { decodePng, encodePng } from './png';

const WIDTH = 256;
const HEIGHT = 256;
const MAX_OFF_FRACTION = 0.005;

let testPage: TestPage;
let packDir: string;
const files: Record<string, Uint8Array> = {};

interface RenderResult { renderer: string; fallbackReason?: string; pixels: string; uploadBytes: number }

interface Scene {
  clip: Uint8Array;
  skeleton?: Uint8Array;
  mesh?: Uint8Array;
  frame: number;
  rule?: 'design' | 'console';
  mix?: { second: Uint8Array; seconds: number; after: number };
  layers?: { baseMask: number[]; layers: { clip: Uint8Array; mask: number[]; weight: number }[] };
  attachments?: { bone: number; position: [number, number, number]; rotation: [number, number, number, number]; scale: number }[];
}

interface Extra { hideWebGpu?: boolean; selectedBone?: number }

async function render(renderer: 'webgpu' | 'webgl2', scene: Scene, extra: Extra = {}, page = testPage): Promise<RenderResult & { rgba: Uint8Array }> {
  const job = {
    ...extra,
    clip: toBase64(scene.clip), skeleton: scene.skeleton && toBase64(scene.skeleton), mesh: scene.mesh && toBase64(scene.mesh),
    frame: scene.frame, rule: scene.rule, renderer, width: WIDTH, height: HEIGHT,
    mix: scene.mix && { ...scene.mix, second: toBase64(scene.mix.second) },
    layers: scene.layers && { ...scene.layers, layers: scene.layers.layers.map((l) => ({ ...l, clip: toBase64(l.clip) })) },
    attachments: scene.attachments,
  };
  const result = await page.page.evaluate((j) => (window as unknown as { renderFrame(j: unknown): Promise<RenderResult> }).renderFrame(j), job);
  return { ...result, rgba: fromBase64(result.pixels) };
}

/** Pixels off (test/gpu/imageDifference.ts) and the largest same-place channel difference. */
function difference(a: Uint8Array, b: Uint8Array): { off: number; worst: number } {
  return imageDifference(a, b, WIDTH, HEIGHT);
}

function goldenPath(name: string): string {
  return join(__dirname, 'golden', `${name}.png`);
}

function assertMatchesGolden(rgba: Uint8Array, name: string, label: string): void {
  const golden = decodePng(readFileSync(goldenPath(name)));
  assert.equal(golden.width, WIDTH);
  assert.equal(golden.height, HEIGHT);
  const { off, worst } = difference(rgba, golden.rgba);
  const allowed = Math.floor(WIDTH * HEIGHT * MAX_OFF_FRACTION);
  if (off > allowed) writeFileSync(join(__dirname, 'golden', `actual-${name}-${label}.png`), encodePng(WIDTH, HEIGHT, rgba));
  assert.ok(off <= allowed, `${name}, ${label}: ${off} pixels differ by more than ${CHANNEL_TOLERANCE}/255 (allowed ${allowed}); worst ${worst}. Wrote golden/actual-${name}-${label}.png`);
}

function writeGoldenIfAsked(rgba: Uint8Array, name: string): void {
  if (process.env.EWZANIM_UPDATE_GOLDEN === '1' || !existsSync(goldenPath(name))) {
    mkdirSync(join(__dirname, 'golden'), { recursive: true });
    writeFileSync(goldenPath(name), encodePng(WIDTH, HEIGHT, rgba));
  }
}

const ARM1_WAVE1 = (): Scene => ({ clip: files.wave1, skeleton: files.arm1Skel, mesh: files.arm1Mesh, frame: 15 });
const CREATURE = (): Scene => ({ clip: files.creatureClip, skeleton: files.creatureSkel, mesh: files.creatureMesh, frame: 20 });
const CROSSFADE = (): Scene => ({ ...CREATURE(), frame: 0, mix: { second: shiftedClip(files.creatureClip, 30), seconds: 1, after: 0.5 } });
/**
 * The creature's upper body (scripts/sample-pack.ts's rig): spine1-4 (1-4), neck and head (5, 6),
 * both arms with shoulders and hands (7-14), antennae (33-38), jaw (39); the rest is the lower
 * body: root (0), legs (15-22), tail (23-32).
 */
const CREATURE_UPPER = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 33, 34, 35, 36, 37, 38, 39];
const CREATURE_HAND_L = 10;
const creatureMask = (upper: boolean): number[] => Array.from({ length: 40 }, (_, b) => (CREATURE_UPPER.includes(b) === upper ? 1 : 0));
const LAYERED = (): Scene => ({
  ...CREATURE(),
  layers: { baseMask: creatureMask(false), layers: [{ clip: shiftedClip(files.creatureClip, 30), mask: creatureMask(true), weight: 1 }] },
  attachments: [{ bone: CREATURE_HAND_L, position: [0, -0.12, 0], rotation: [0, 0, 0, 1], scale: 0.22 }],
});
const CONSOLE_MISMATCH = (): Scene => ({ clip: files.wave1, skeleton: files.arm2Skel, mesh: files.arm2Mesh, frame: 10, rule: 'console' });

const GOLDEN: { name: string; what: string; scene: () => Scene }[] = [
  { name: 'arm1-wave1-frame15', what: 'upstream arm1 + wave1, frame 15', scene: ARM1_WAVE1 },
  { name: 'creature-walk-frame20', what: 'the lit 40-bone creature, frame 20', scene: CREATURE },
  { name: 'creature-crossfade-midpoint', what: 'the creature\'s crossfade midpoint', scene: CROSSFADE },
  { name: 'creature-layers-box-frame20', what: 'the creature\'s walk below, the walk half a cycle on above, a box in its left hand', scene: LAYERED },
  { name: 'wave1-arm2-console-frame10', what: 'the console\'s rule on a bone-count mismatch', scene: CONSOLE_MISMATCH },
];

describe('rendered frames against the golden images', () => {
  before(async () => {
    packDir = mkdtempSync(join(tmpdir(), 'ewzanim-golden-'));
    const pack = await writeSamplePack(packDir);
    Object.assign(files, {
      wave1: upstreamFile('multi-skinned-rom/assets/wave1.ewzanim'),
      arm1Skel: upstreamFile('multi-skinned-rom/assets/arm1.ewzskel'),
      arm1Mesh: upstreamFile('multi-skinned-rom/assets/arm1.ewzmesh'),
      arm2Skel: upstreamFile('multi-skinned-rom/assets/arm2.ewzskel'),
      arm2Mesh: upstreamFile('multi-skinned-rom/assets/arm2.ewzmesh'),
      creatureClip: new Uint8Array(readFileSync(pack.clip)),
      creatureSkel: new Uint8Array(readFileSync(pack.skeleton)),
      creatureMesh: new Uint8Array(readFileSync(pack.mesh)),
    });
    testPage = await openTestPage(join(__dirname, 'pages', 'renderPage.ts'), { width: WIDTH, height: HEIGHT });
  });
  after(async () => {
    await testPage?.close();
    rmSync(packDir, { recursive: true, force: true });
  });

  for (const golden of GOLDEN) {
    it(`${golden.what}: WebGPU and WebGL2 match ${golden.name}.png`, async () => {
      const gpu = await render('webgpu', golden.scene());
      assert.equal(gpu.renderer, 'webgpu', gpu.fallbackReason);
      writeGoldenIfAsked(gpu.rgba, golden.name);
      assertMatchesGolden(gpu.rgba, golden.name, 'webgpu');
      const gl = await render('webgl2', golden.scene());
      assert.equal(gl.renderer, 'webgl2');
      assertMatchesGolden(gl.rgba, golden.name, 'webgl2');
    });
  }

  it('the console\'s rule and the design document\'s draw the mismatch differently (and agree where the counts agree)', async () => {
    const consoleRule = await render('webgpu', CONSOLE_MISMATCH());
    const designRule = await render('webgpu', { ...CONSOLE_MISMATCH(), rule: 'design' });
    assert.ok(difference(consoleRule.rgba, designRule.rgba).off > 200, 'bone 3 should be drawn elsewhere under the console rule');
    const same = await render('webgpu', { ...ARM1_WAVE1(), rule: 'console' });
    const sameDesign = await render('webgpu', { ...ARM1_WAVE1(), rule: 'design' });
    assert.equal(difference(same.rgba, sameDesign.rgba).off, 0);
  });

  it('the layered creature differs from both clips alone (legs of the first, arms of the second), and the box is drawn', async () => {
    const layered = await render('webgpu', LAYERED());
    const walk = await render('webgpu', CREATURE());
    const shifted = await render('webgpu', { ...CREATURE(), clip: shiftedClip(files.creatureClip, 30) });
    const noBox = await render('webgpu', { ...LAYERED(), attachments: undefined });
    assert.ok(difference(layered.rgba, walk.rgba).off > 100, 'layered vs the walk alone');
    assert.ok(difference(layered.rgba, shifted.rgba).off > 100, 'layered vs the shifted walk alone');
    assert.ok(difference(layered.rgba, noBox.rgba).off > 20, 'the box\'s lines');
  });

  it('the crossfade midpoint lies between its two clips (differs from both)', async () => {
    const mid = await render('webgpu', CROSSFADE());
    const start = await render('webgpu', { ...CREATURE(), frame: 15 });
    const shifted = await render('webgpu', { ...CREATURE(), clip: shiftedClip(files.creatureClip, 30), frame: 15 });
    assert.ok(difference(mid.rgba, start.rgba).off > 100, 'midpoint vs the first clip');
    assert.ok(difference(mid.rgba, shifted.rgba).off > 100, 'midpoint vs the second clip');
  });

  it('without navigator.gpu the WebGL2 fallback draws the same image and says why', async () => {
    const result = await render('webgpu', ARM1_WAVE1(), { hideWebGpu: true });
    assert.equal(result.renderer, 'webgl2');
    assert.match(result.fallbackReason ?? '', /navigator\.gpu is missing.*Drawing with WebGL2/s);
    assertMatchesGolden(result.rgba, 'arm1-wave1-frame15', 'no-navigator-gpu');
  });

  it('with no WebGPU adapter (Chromium with --disable-gpu) the fallback says so and draws the same image', async () => {
    const noGpu = await openTestPage(join(__dirname, 'pages', 'renderPage.ts'), {
      width: WIDTH, height: HEIGHT, flags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--enable-unsafe-webgpu', '--use-angle=swiftshader'],
    });
    try {
      const result = await render('webgpu', ARM1_WAVE1(), {}, noGpu);
      assert.equal(result.renderer, 'webgl2');
      assert.match(result.fallbackReason ?? '', /no GPU adapter|navigator\.gpu is missing|device does not work/);
      assertMatchesGolden(result.rgba, 'arm1-wave1-frame15', 'no-adapter');
    } finally {
      await noGpu.close();
    }
  });

  it('a selected bone is highlighted (its mesh influence and markers) the same way in both renderers', async () => {
    // The highlight colour (1, 0.78, 0.2) lit: red well above blue, unlike the blue mesh, the grid and the axis colours.
    const highlighted = (rgba: Uint8Array): number => {
      let n = 0;
      for (let p = 0; p < rgba.length; p += 4) if (rgba[p] > 120 && rgba[p] - rgba[p + 2] > 80 && rgba[p + 1] > 0.5 * rgba[p]) n++;
      return n;
    };
    const plain = await render('webgpu', ARM1_WAVE1());
    const gpu = await render('webgpu', ARM1_WAVE1(), { selectedBone: 1 });
    const gl = await render('webgl2', ARM1_WAVE1(), { selectedBone: 1 });
    assert.equal(highlighted(plain.rgba), 0);
    assert.ok(highlighted(gpu.rgba) > 100, `WebGPU: ${highlighted(gpu.rgba)} highlighted pixels`);
    assert.ok(Math.abs(highlighted(gl.rgba) - highlighted(gpu.rgba)) <= 0.05 * highlighted(gpu.rgba), `WebGL2 ${highlighted(gl.rgba)} vs WebGPU ${highlighted(gpu.rgba)}`);
  });

  it('another frame draws a different image (the animation moves the mesh)', async () => {
    const a = await render('webgpu', { ...ARM1_WAVE1(), frame: 0 });
    const b = await render('webgpu', ARM1_WAVE1());
    assert.ok(difference(a.rgba, b.rgba).off > 200, 'frames 0 and 15 should differ visibly');
  });

  it('WebGPU sends the same few bytes per frame whatever the bone count (3 and 40 bones)', async () => {
    const arm = await render('webgpu', ARM1_WAVE1());
    const creature = await render('webgpu', CREATURE());
    // 32 bytes of bone parameters and the 208-byte view uniform (camera, lights, colours).
    assert.equal(arm.uploadBytes, 32 + 208);
    assert.equal(creature.uploadBytes, arm.uploadBytes);
  });
});
