/**
 * Mixer layers and attachments in a real VS Code (code-server, WebGPU on SwiftShader): in the
 * demo's workspace, with a second 40-bone clip beside the creature's walk (the walk half a cycle
 * on), the creature's preview in mixer mode gets a layer of that clip masked to the upper body by
 * typed ranges and a box attached to its left hand, all through the panel's controls; the box is
 * drawn in orange, the image differs from the walk alone, and "Save mix..." writes a .mix.json
 * whose paths are relative to it; with the layer and the box removed, "Open mix..." brings both
 * back. Screenshots go to EWZANIM_E2E_SCREENSHOTS (else a temp folder).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { parseMix } from '../../formats/mixer/mixFile';
import { writeSamplePack } from '../../scripts/sample-pack';
import { shiftedClip } from '../gpu/clipFixtures';
import { openHexFile, withVSCode } from './harness';

type PreviewWindow = { ewzanimPreview?: { loads: number; readPixels(): Promise<Uint8Array> } };

/** The creature's upper body in scripts/sample-pack.ts's rig: spine to head, both arms, antennae and jaw. */
const UPPER_BODY_RANGES = '1-14, 33-39';
const HAND_L = 10;

async function until<T>(page: Page, read: () => Promise<T | undefined>, ok: (value: T) => boolean, what: string, ms = 30_000): Promise<T> {
  let last: T | undefined;
  for (let waited = 0; waited < ms; waited += 200) {
    last = await read().catch(() => undefined);
    if (last !== undefined && ok(last)) return last;
    await page.waitForTimeout(200);
  }
  assert.fail(`within ${ms / 1000} s: ${what}; last seen: ${JSON.stringify(last)}`);
}

async function previewPixels(frame: Frame): Promise<number[]> {
  return frame.evaluate(async () => Array.from(await (window as unknown as Required<PreviewWindow>).ewzanimPreview.readPixels()));
}

/** Pixels of the attachments' orange (layersModel.ts's ATTACHMENT_COLOR), lines lit as drawn. */
function orangePixels(rgba: number[]): number {
  let n = 0;
  for (let i = 0; i < rgba.length; i += 4) if (rgba[i] > 200 && rgba[i + 1] > 100 && rgba[i + 1] < 180 && rgba[i + 2] < 80) n++;
  return n;
}

function changedPixels(a: number[], b: number[]): number {
  let n = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 4) if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) n++;
  return n;
}

/** Picks the option labelled `label` in a vscode-single-select of the webview (the list opens, the option is clicked). */
async function choose(frame: Frame, select: string, label: string): Promise<void> {
  await frame.click(select);
  await frame.click(`${select} li.option:text-is("${label}")`, { timeout: 10_000 });
}

/**
 * Answers the web workbench's simple file dialog (a path in a quick input) once its path ends with
 * `suffix`: replaces the path, checks the field holds it, presses Enter, and waits for the dialog to
 * close. A busy workbench can still be completing the folder it listed and take the Enter for that:
 * then the path is set again and Enter pressed again, as a person would.
 */
async function answerFileDialog(page: Page, path: string, suffix: string): Promise<void> {
  const field = '.quick-input-widget:not([style*="display: none"]) input.input';
  await page.waitForFunction(([f, s]) => Boolean((document.querySelector(f) as HTMLInputElement | null)?.value.endsWith(s)), [field, suffix] as const, { timeout: 15_000 });
  const input = page.locator(field);
  let seen = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    await input.fill(path);
    await page.waitForFunction(([f, p]) => (document.querySelector(f) as HTMLInputElement | null)?.value === p, [field, path] as const, { timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    seen = await input.inputValue().catch(() => '(closed)');
    await input.press('Enter');
    const closed = await page.locator(field).waitFor({ state: 'hidden', timeout: 5_000 }).then(() => true, () => false);
    if (closed) return;
  }
  assert.fail(`the file dialog stayed open after three answers of ${path}; its field held ${JSON.stringify(seen)}`);
}

const layersText = (frame: Frame): Promise<string> => frame.evaluate(() => document.getElementById('layers')?.dataset.layers ?? '');

test('preview layers: an upper-body layer by typed ranges over the creature\'s walk, a box in its left hand, the mix saved', { timeout: 300_000 }, async () => {
  const root = mkdtempSync(join(tmpdir(), 'ewzanim-layers-ws-'));
  const shots = process.env.EWZANIM_E2E_SCREENSHOTS ?? join(tmpdir(), 'ewzanim-layers-shots');
  try {
    const pack = await writeSamplePack(root);
    const late = join(dirname(pack.clip), 'creature-walk-late.nczxanim');
    writeFileSync(late, shiftedClip(new Uint8Array(readFileSync(pack.clip)), 30));
    const settings = { 'workbench.secondarySideBar.defaultVisibility': 'hidden', 'chat.disableAIFeatures': true };
    await withVSCode({ workspace: root, webgpu: true, settings }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      await openHexFile(page, basename(pack.clip));
      const button = '.editor-actions .action-label[aria-label*="Open Preview to the Side"]';
      await page.waitForSelector(button, { timeout: 60_000 });
      await page.click(button);
      const previewOf = async (): Promise<Frame | undefined> => {
        for (const f of page.frames()) if (await f.evaluate(() => ((window as unknown as PreviewWindow).ewzanimPreview?.loads ?? 0) > 0).catch(() => false)) return f;
        return undefined;
      };
      const preview = await until(page, previewOf, () => true, 'the creature\'s preview', 60_000);
      await page.waitForTimeout(500);
      const walkAlone = await previewPixels(preview);

      await choose(preview, '#mode', 'Mixer (crossfade clips)');
      await preview.click('#layers [data-act="add-layer"]');
      await until(page, () => preview.locator('.layer [data-field="clip"] vscode-option').count(), (n) => n > 1, 'the host lists the 40-bone clips');
      await choose(preview, '.layer [data-field="clip"]', basename(late));
      await until(page, () => layersText(preview), (t) => t === '1:creature-walk-late.nczxanim:1.000:all bones', 'the layer mixed at weight 1 on every bone');

      // Typed as a person would: a click in the field, its text deleted, the ranges, Enter. On a loaded
      // machine the panel can still be settling after the clip choice and miss keys, so the typing
      // is repeated until the field holds the ranges and the mask reaches them. Not Ctrl+A: VS Code
      // answers it in a webview with a select-all of its own that can land after the first typed
      // key and select it, so the next keys replace it.
      const ranges = '.layer [data-field="ranges"]';
      const fieldText = (): Promise<string> => preview.evaluate((s) => (document.querySelector(s) as HTMLInputElement | null)?.value ?? '(no field)', ranges);
      for (let attempt = 1; ; attempt++) {
        await preview.click(ranges);
        await page.keyboard.press('End');
        for (let left = (await fieldText()).length; left > 0; left--) await page.keyboard.press('Backspace');
        await page.keyboard.type(UPPER_BODY_RANGES, { delay: 20 });
        const typed = await until(page, fieldText, (t) => t === UPPER_BODY_RANGES, 'the ranges in the field', 5_000).then(() => true, () => false);
        if (typed) {
          await page.keyboard.press('Enter');
          await page.keyboard.press('Tab');
        }
        const reached = typed && await until(page, () => layersText(preview), (t) => t.endsWith(':21 of 40 bones'), 'the mask reaches the 21 upper-body bones', 10_000)
          .then(() => true, () => false);
        if (reached) break;
        if (attempt === 3) assert.fail(`the mask never reached the 21 upper-body bones: the field held ${JSON.stringify(await fieldText())}, the layers read ${JSON.stringify(await layersText(preview))}`);
      }

      await choose(preview, '[data-field="attach-bone"]', `${HAND_L}: bone ${HAND_L}`);
      await preview.click('[data-act="attach"]');
      const layered = await until(page, () => previewPixels(preview), (rgba) => orangePixels(rgba) > 30, 'the box drawn in orange at the hand');
      assert.ok(changedPixels(walkAlone, layered) > 200, 'the layered creature differs from the walk alone');
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: join(shots, 'layers-box.png') });
      console.log(`screenshot: ${join(shots, 'layers-box.png')}`);

      const saved = join(dirname(pack.clip), 'creature-walk.mix.json');
      await preview.click('[data-act="save-mix"]');
      await answerFileDialog(page, saved, '.json');
      await until(page, async () => (existsSync(saved) ? statSync(saved).size : 0), (size) => size > 0, 'the mix file written');
      await page.waitForTimeout(500);
      const mix = parseMix(readFileSync(saved, 'utf8'));
      assert.deepEqual(mix.layers.map((l) => [l.clip, l.layer, l.weight]), [['creature-walk.nczxanim', 0, 1], ['creature-walk-late.nczxanim', 1, 1]]);
      assert.equal(mix.layers[1].mask?.filter((w) => w === 1).length, 21);
      assert.deepEqual(mix.attachments.map((a) => [a.mesh, a.bone]), [['builtin:box', HAND_L]]);

      await preview.click('.layer [data-act="remove"]');
      await preview.click('.attachment [data-act="detach"]');
      await until(page, () => previewPixels(preview), (rgba) => orangePixels(rgba) === 0, 'the box gone');
      assert.equal(await layersText(preview), '');
      await preview.click('[data-act="open-mix"]');
      await answerFileDialog(page, saved, '/');
      await until(page, () => layersText(preview), (t) => t === '1:creature-walk-late.nczxanim:1.000:21 of 40 bones', 'the layer back from the mix file');
      await until(page, () => previewPixels(preview), (rgba) => orangePixels(rgba) > 30, 'the box back from the mix file');
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
