/**
 * The live preview in a real VS Code (code-server + Chromium on SwiftShader's WebGPU).
 * 1. Upstream wave1 (skeleton and mesh linked by the manifest), opened with the hex editor's
 *    "Open Preview to the Side" title button: the canvas is not blank, scrubbing on the timeline
 *    changes the image, a change of the clip on disk reloads it (keeping the frame) quickly, and
 *    frame/bone selection follows the hex editor both ways.
 * 2. The demo's workspace (scripts/sample-pack.ts, as `npm run demo` writes it): the first
 *    preview of the 40-bone creature shows its mesh (its skeleton and mesh linked by the
 *    manifest, or else guessed by bone count), every speed in the list is visible
 *    and clickable, the frame is saved as PNG and the clip as WebM through the save dialog, and a
 *    crossfade in mixer mode runs from wave1 to animation-demo's wave, keyboard only (mode, clip,
 *    duration, Crossfade), with the mixer's widgets showing the mix before, during and after.
 * With EWZANIM_E2E_SCREENSHOTS=<folder> it saves screenshots of the workbench in the dark and the
 * light theme there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { PackBuilder } from '../../scripts/packBuilder';
import { writeSamplePack } from '../../scripts/sample-pack';
import { makeWorkspace, openHexFile, runCommand, withVSCode } from './harness';

/** The upstream manifest's arm1 entries plus our explicit link keys, so the preview finds arm1's skeleton and mesh. */
const LINKED_MANIFEST = new PackBuilder({ id: 'multi-skinned-rom', title: 'Multi-Skinned ROM', author: 'Nethercore Examples', version: '0.1.0' })
  .asset({ section: 'skeletons', id: 'arm1_skel', path: 'assets/arm1.ewzskel' })
  .asset({ section: 'meshes', id: 'arm1_mesh', path: 'assets/arm1.ewzmesh' })
  .asset({ section: 'animations', id: 'wave1', path: 'assets/wave1.ewzanim', keys: { skeleton: 'arm1_skel', mesh: 'arm1_mesh' } })
  .manifest();

interface PreviewProbe {
  renderer: string;
  frame: number;
  loads: number;
  assets: string;
  notice: string;
}

/** The preview webview's frame (of the clip named `clip`, if given), once it has drawn its first load. */
async function previewFrame(page: Page, clip?: string): Promise<Frame> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    for (const frame of page.frames()) {
      const shown = await frame.evaluate(() => {
        const app = (window as unknown as { ewzanimPreview?: { loads: number } }).ewzanimPreview;
        return app && app.loads > 0 ? document.getElementById('assets')?.textContent ?? '' : undefined;
      }).catch(() => undefined);
      if (shown !== undefined && (!clip || shown.startsWith(`${clip}:`))) return frame;
    }
    await page.waitForTimeout(250);
  }
  const seen = await Promise.all(page.frames().map(async (f) => `${f.url().slice(0, 80)}: ${await f.evaluate(() => document.body?.innerText.slice(0, 200) ?? '').catch((e: unknown) => String(e))}`));
  throw new Error(`no preview webview drew a frame within 60 s; frames:\n${seen.join('\n')}`);
}

/** The probe once `ok` holds, or after 30 s whatever it says. */
async function probeUntil(frame: Frame, ok: (probe: PreviewProbe) => boolean): Promise<PreviewProbe> {
  let last = await probe(frame);
  for (let waited = 0; waited < 30_000 && !ok(last); waited += 200) {
    await frame.waitForTimeout(200);
    last = await probe(frame);
  }
  return last;
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

/** Clicks the timeline where frame `n` is (the timeline leaves 10 px at each end). */
async function scrubTo(frame: Frame, n: number): Promise<void> {
  const { width, height, frames } = await frame.evaluate(() => {
    const rect = document.getElementById('timeline')!.getBoundingClientRect();
    return { width: rect.width, height: rect.height, frames: Number(document.getElementById('timeline')!.getAttribute('aria-valuemax')) + 1 };
  });
  await frame.click('#timeline', { position: { x: 10 + (n / (frames - 1)) * (width - 20), y: height / 2 } });
}

/** Pixels of the mesh's clay blue (MESH_BASE in webview/preview/theme.ts), lit: blue above green above red, red not near 0 (unlike the Z axis). */
function meshPixels(rgba: number[]): number {
  let n = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    const [r, g, b] = [rgba[i], rgba[i + 1], rgba[i + 2]];
    if (b > r + 30 && g > r + 8 && b > g && r > 25) n++;
  }
  return n;
}

/** Saves a screenshot when EWZANIM_E2E_SCREENSHOTS names a folder. */
async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.EWZANIM_E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`) });
}

/** Picks `label` in a vscode-single-select with the keyboard only: focus, ArrowDown opens the list on the chosen option, ArrowDown to `label`, Enter. */
async function pickByKeyboard(page: Page, frame: Frame, select: string, label: string): Promise<void> {
  const labels = await frame.evaluate((s) => Array.from(document.querySelectorAll(`${s} vscode-option`)).map((o) => o.textContent ?? ''), select);
  const target = labels.findIndex((l) => l.includes(label));
  assert.ok(target >= 0, `${label} is offered in ${select}: ${labels.join(', ')}`);
  const chosen = await frame.evaluate((s) => Array.from(document.querySelectorAll(`${s} vscode-option`)).findIndex((o) => o.hasAttribute('selected') || (o as HTMLElement & { selected?: boolean }).selected === true), select);
  await frame.focus(select);
  await page.keyboard.press('ArrowDown');
  for (let i = Math.max(0, chosen); i < target; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

/** Picks `label` in a vscode-single-select of the webview (the list opens, the option is clicked). */
async function choose(frame: Frame, select: string, label: string): Promise<void> {
  await frame.click(select);
  await frame.click(`${select} li.option:has-text("${label}")`, { timeout: 10_000 });
}

test('preview: opens on WebGPU, draws, scrubs, reloads on disk change, follows the hex editor', { timeout: 300_000 }, async () => {
  const workspace = makeWorkspace({ fixtures: { pack: 'upstream/multi-skinned-rom' }, files: { 'pack/nether.toml': LINKED_MANIFEST } });
  try {
    await withVSCode({ workspace: workspace.path, webgpu: true }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      const hex = await openHexFile(page, 'wave1.ewzanim');
      // The hex editor's title bar button (the same command as "Open Preview to the Side").
      const button = '.editor-actions .action-label[aria-label*="Open Preview to the Side"]';
      await page.waitForSelector(button, { timeout: 60_000 });
      await page.click(button);
      const frame = await previewFrame(page);

      // A busy machine can answer WebGPU's first round trip late: the preview then switches to it.
      const opened = await probeUntil(frame, (p) => p.renderer === 'webgpu');
      assert.equal(opened.renderer, 'webgpu', `WebGPU expected on SwiftShader; notice: ${opened.notice}`);
      assert.match(opened.assets, /wave1\.ewzanim: 3 bones x 30 frames/);
      assert.match(opened.assets, /skeleton arm1\.ewzskel/);
      assert.match(opened.assets, /mesh arm1\.ewzmesh/);

      const first = await pixels(frame);
      await screenshot(page, 'wave1-linked-dark');
      assert.ok(first.length > 0);
      assert.ok(drawnShare(first) > 0.02, `canvas looks blank: ${(100 * drawnShare(first)).toFixed(2)}% of pixels drawn`);

      await scrubTo(frame, 15);
      await waitUntil(page, async () => (await probe(frame)).frame === 15, 'the timeline click goes to frame 15');
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
      // The fourth press already reaches frame 5 (at bone 2): wait for the fifth's bone as well.
      await waitUntil(page, async () => (await probe(frame)).frame === 5, 'the preview jumps to the frame selected in the hex editor');
      await waitUntil(page, async () => /^bone 1/.test(await frame.evaluate(() => document.getElementById('bone-details')?.textContent ?? '')), 'the preview selects bone 1, the record selected in the hex editor');
    });
  } finally {
    workspace.dispose();
  }
});

/** The workspace `npm run demo` opens (scripts/sample-pack.ts, as scripts/demo.sh writes it). */
async function demoWorkspace(): Promise<{ path: string; dispose(): void }> {
  const path = mkdtempSync(join(tmpdir(), 'ewzanim-demo-ws-'));
  await writeSamplePack(path);
  return { path, dispose: () => rmSync(path, { recursive: true, force: true }) };
}

/** Answers the save dialog the host opens: once it suggests a name with `path`'s extension, types `path` over it and presses Enter; waits for the file. */
async function saveThroughDialog(page: Page, path: string, timeout = 15_000): Promise<void> {
  const extension = path.slice(path.lastIndexOf('.'));
  await page.waitForFunction((ext) => Boolean((document.querySelector('.quick-input-widget:not([style*="display: none"]) input.input') as HTMLInputElement | null)?.value.endsWith(ext)), extension, { timeout });
  const input = page.locator('.quick-input-widget:not([style*="display: none"]) input.input');
  await input.fill(path);
  await page.waitForTimeout(500);
  await input.press('Enter');
  // workspace.fs.writeFile creates the file before its bytes are all there: wait for a size that holds still.
  let size = -1;
  for (let waited = 0; waited < 15_000; waited += 200) {
    const now = existsSync(path) ? statSync(path).size : -1;
    if (now > 0 && now === size) break;
    size = now;
    await page.waitForTimeout(200);
  }
  assert.ok(size > 0, `${path} was written (${existsSync(path) ? `${statSync(path).size} bytes` : 'no file'})`);
}

/** Switches the colour theme as a user does: "Preferences: Color Theme", then the theme's name. */
async function setTheme(page: Page, theme: string): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  const input = await page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input', { timeout: 10_000 });
  await input.fill(theme);
  await page.waitForTimeout(500);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
}

test('preview in the demo workspace: the creature shows its mesh first time, speeds are clickable, exports save, a crossfade runs', { timeout: 400_000 }, async () => {
  const workspace = await demoWorkspace();
  try {
    await withVSCode({ workspace: workspace.path, webgpu: true, settings: { 'workbench.colorTheme': 'Default Dark Modern' } }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      await openHexFile(page, 'creature-walk.nczxanim');
      const button = '.editor-actions .action-label[aria-label*="Open Preview to the Side"]';
      await page.waitForSelector(button, { timeout: 60_000 });
      await page.click(button);
      const creature = await previewFrame(page, 'creature-walk.nczxanim');
      const opened = await probeUntil(creature, (p) => p.renderer === 'webgpu');
      assert.equal(opened.renderer, 'webgpu', `WebGPU expected on SwiftShader; notice: ${opened.notice}`);
      assert.match(opened.assets, /creature-walk\.nczxanim: 40 bones x 60 frames/);
      assert.match(opened.assets, /skeleton creature\.nczxskel \(40\)/);
      assert.match(opened.assets, /mesh creature\.nczxmesh \(960 vertices/);
      // Linked by the manifest's keys, or guessed: either way the panel says where it came from.
      assert.match(opened.assets, /linked by|guessed: only one with 40 bones/);
      await screenshot(page, 'creature-dark');
      const shown = meshPixels(await pixels(creature));
      // Those pixels are the mesh's: with the Mesh toggle off they are gone.
      await creature.click('#show-mesh');
      const hidden = meshPixels(await pixels(creature));
      await creature.click('#show-mesh');
      assert.ok(shown > 500 && hidden < shown / 20, `${shown} pixels of the mesh's colour on the first view, ${hidden} with the mesh hidden`);

      // The speed list opens above its control, inside the panel: every item is visible and clickable.
      await creature.click('#speed');
      const panel = await (await creature.frameElement()).boundingBox();
      for (const speed of ['0.25x', '0.5x', '1x', '2x', '4x']) {
        const item = await creature.locator(`#speed li.option:has-text("${speed}")`).first().boundingBox();
        assert.ok(item && panel && item.y >= panel.y && item.y + item.height <= panel.y + panel.height, `${speed} lies inside the panel: ${JSON.stringify({ item, panel })}`);
      }
      await creature.click('#speed li.option:has-text("4x")');
      assert.equal(await creature.evaluate(() => (document.getElementById('speed') as HTMLElement & { value: string }).value), '4');
      await choose(creature, '#speed', '0.5x');
      assert.equal(await creature.evaluate(() => (document.getElementById('speed') as HTMLElement & { value: string }).value), '0.5');

      await setTheme(page, 'Light Modern');
      const light = await pixels(creature);
      assert.ok(meshPixels(light) > 500, `the mesh reads on the light theme too (${meshPixels(light)} pixels)`);
      assert.ok(light[0] > 200 && light[1] > 200 && light[2] > 200, `light background (${light.slice(0, 3)})`);
      await screenshot(page, 'creature-light');
      await setTheme(page, 'Dark Modern');

      // Exports go through the host's save dialog (the web workbench's simple dialog: a path in a quick input).
      await choose(creature, '#speed', '1x');
      const png = join(workspace.path, 'creature-frame.png');
      await creature.click('#export-png');
      await saveThroughDialog(page, png);
      const pngBytes = readFileSync(png);
      assert.deepEqual([...pngBytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG file');
      await waitUntil(page, async () => (await probe(creature)).notice.includes('PNG saved'), 'the panel says the PNG was saved');
      const webm = join(workspace.path, 'creature.webm');
      await creature.click('#export-video');
      // The clip plays once (60 frames at 30 fps), then the dialog opens.
      await saveThroughDialog(page, webm, 30_000).catch(async (error: unknown) => {
        throw new Error(`${String(error)}; the panel's last notice: ${await creature.evaluate(() => document.body.dataset.lastNotice)}; selections received: ${JSON.stringify(await creature.evaluate(() => (window as unknown as { ewzanimPreview: { receivedSelections: unknown } }).ewzanimPreview.receivedSelections))}`);
      });
      const webmBytes = readFileSync(webm);
      assert.deepEqual([...webmBytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'a WebM (Matroska/EBML) file');
      assert.ok(webmBytes.length > 2000, `${webmBytes.length} bytes of video`);

      // Mixer mode on upstream wave1 (3 bones), crossfading into animation-demo's wave (3 bones), keyboard only.
      await openHexFile(page, 'wave1.ewzanim');
      await page.waitForSelector(button, { timeout: 60_000 });
      await page.click(button);
      const wave = await previewFrame(page, 'wave1.ewzanim');
      await pickByKeyboard(page, wave, '#mode', 'Mixer');
      await wave.waitForSelector('#mixer:not([hidden])');
      await waitUntil(page, async () => (await wave.locator('#mix-clip vscode-option').count()) > 1, 'the host lists the clips with 3 bones');
      // No clip is preselected: the choice says none, and Crossfade waits for a second clip.
      const mixer = (): Promise<{ chosen: string; crossfadeDisabled: boolean; sliders: string[]; text: string }> => wave.evaluate(() => ({
        chosen: (document.getElementById('mix-clip') as HTMLElement & { value: string }).value,
        crossfadeDisabled: document.getElementById('mix-crossfade')!.hasAttribute('disabled'),
        sliders: ['mix-weight-0', 'mix-weight-1'].map((id) => (document.getElementById(id) as HTMLInputElement).value),
        text: document.getElementById('mix-weights')!.textContent ?? '',
      }));
      assert.deepEqual(await mixer(), { chosen: '', crossfadeDisabled: true, sliders: ['1', '0'], text: 'first 1.00' });
      await pickByKeyboard(page, wave, '#mix-clip', 'wave.nczxanim');
      await waitUntil(page, async () => wave.locator('#mix-second:not([hidden])').isVisible(), 'the second clip is loaded');
      const loaded = await mixer();
      assert.match(loaded.chosen, /wave\.nczxanim$/);
      assert.equal(loaded.crossfadeDisabled, false);
      const weights = (): Promise<string> => wave.evaluate(() => document.getElementById('mixer')!.dataset.weights ?? '');
      assert.equal(await weights(), '1.000,0.000');
      const before = await pixels(wave);
      await wave.focus('#mix-duration');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('1');
      await wave.focus('#mix-crossfade');
      await page.keyboard.press('Enter');
      let midway = '';
      await waitUntil(page, async () => {
        const [a, b] = (await weights()).split(',').map(Number);
        if (a > 0.05 && a < 0.95) midway = `${a},${b}`;
        return a === 0 && b === 1;
      }, 'the crossfade ends with the second clip at full weight');
      assert.ok(midway, 'weights were seen between 0 and 1 during the crossfade');
      // The sliders say what the text says.
      const faded = await mixer();
      assert.deepEqual({ sliders: faded.sliders, text: faded.text }, { sliders: ['0', '1'], text: 'first 0.00 · second 1.00' });
      await screenshot(page, 'wave1-mixer-dark');
      assert.ok(changedPixels(before, await pixels(wave)) > 100, 'the crossfade moved the arm');
    });
  } finally {
    workspace.dispose();
  }
});
