/**
 * The preview's page (the built webview bundle) in headless Chromium, the sample creature loaded
 * (40 bones, its skeleton and mesh), two bones selected as in the Curves e2e, at the sizes the
 * preview gets: beside the hex editor in a 1400 px window (520 x 800, the narrow layout), in a
 * 700 px window (350 x 900), and alone in an editor (1400 x 900, 700 x 900), with the Curves
 * panel shown and not. Every control of the side panel and of the rows below reads whole: inside
 * the side panel's visible part, under no other panel, inside the page, which does not scroll;
 * the bone list scrolled to its end shows its last bone whole. The sizes are rectangles measured
 * in the page.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { writeSamplePack, type SamplePack } from '../../../scripts/sample-pack';
import { openPreviewPage } from './previewPage';

/** [width, height] of the webview. */
const SIZES: [number, number][] = [[520, 800], [350, 900], [1400, 900], [700, 900]];

let browser: Browser;
let dir: string;
let pack: SamplePack;

before(async () => {
  execFileSync(process.execPath, ['scripts/build.mjs', 'preview webview'], { stdio: 'pipe' });
  dir = mkdtempSync(join(tmpdir(), 'ewzanim-preview-layout-'));
  pack = await writeSamplePack(dir);
  browser = await chromium.launch({ executablePath: process.env.EWZANIM_CHROMIUM ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type PreviewWindow = {
  ewzanimPreview: {
    model: {
      selection: { select(bone: number, gesture: 'only' | 'toggle'): void };
      setMode(mode: string): void;
      layers: { addLayer(): number; attach(mesh: string, bone: number): number };
    };
  };
};

/** Bones 12 and 9 selected (the Curves e2e's pair: two readout rows); the Curves panel shown if `curves`. */
async function setUp(page: Page, curves: boolean): Promise<void> {
  await page.evaluate((shown) => {
    const selection = (window as unknown as PreviewWindow).ewzanimPreview.model.selection;
    selection.select(12, 'only');
    selection.select(9, 'toggle');
    if (shown) window.postMessage({ type: 'showCurves' }, '*');
  }, curves);
  if (curves) await page.waitForFunction(() => document.querySelectorAll('#curves .uplot').length === 3, undefined, { timeout: 30_000 });
  // Two frames: the panels' sizes settle (the plots follow their box through a ResizeObserver).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * What reads cut or covered, in words: the measurements of the page as it is, or with
 * `scrolled` each side-panel control first scrolled into the side panel's view (a long mixer).
 */
function layoutProblems(page: Page, scrolled = false): Promise<string[]> {
  return page.evaluate((scrolled) => {
    const problems: string[] = [];
    const px = (r: DOMRect): string => `y ${Math.round(r.top)}-${Math.round(r.bottom)}, x ${Math.round(r.left)}-${Math.round(r.right)}`;
    const inside = (r: DOMRect, box: { top: number; bottom: number; left: number; right: number }): boolean =>
      r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
    const overlaps = (a: DOMRect, b: DOMRect): boolean => a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5 && a.left < b.right - 0.5 && b.left < a.right - 0.5;
    const name = (e: Element): string => e.getAttribute('aria-label') || e.getAttribute('data-field') || e.id || (e.textContent ?? '').trim();
    const page = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
    if (document.body.scrollHeight > innerHeight) problems.push(`the page scrolls: ${document.body.scrollHeight} px in ${innerHeight}`);
    const side = document.getElementById('side')!;
    const sideRect = side.getBoundingClientRect();
    // The side panel's visible part: inside its borders.
    const sideView = { top: sideRect.top + side.clientTop, bottom: sideRect.top + side.clientTop + side.clientHeight, left: sideRect.left, right: sideRect.right };
    const curves = document.getElementById('curves')!;
    const curvesRect = curves.hidden ? undefined : curves.getBoundingClientRect();
    const controls = document.querySelectorAll('#side vscode-single-select, #side vscode-button, #side vscode-textfield, #side vscode-checkbox, #side input, .controls > *, .controls .frame > *');
    for (const control of Array.from(controls)) {
      if (control.getBoundingClientRect().width === 0 || control.closest('details:not([open])')) continue;
      if (scrolled && side.contains(control)) control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = control.getBoundingClientRect();
      const what = `${name(control)} (${px(r)})`;
      if (!inside(r, page)) problems.push(`${what} is outside the page`);
      if (side.contains(control) && !inside(r, sideView)) problems.push(`${what} is cut by the side panel (${px(sideRect)})`);
      if (curvesRect && overlaps(r, curvesRect)) problems.push(`${what} is under the Curves panel (${px(curvesRect)})`);
      // A select shows its choice in its face.
      const face = control.tagName === 'VSCODE-SINGLE-SELECT' ? control.shadowRoot?.querySelector('.text') : null;
      if (face && face.scrollWidth > face.clientWidth) problems.push(`${what} shows "${face.textContent?.trim()}" cut (${face.scrollWidth} px in ${face.clientWidth})`);
    }
    side.scrollTop = 0;
    const list = document.getElementById('bone-list')!;
    list.scrollTop = list.scrollHeight;
    const last = list.lastElementChild!.getBoundingClientRect();
    const listRect = list.getBoundingClientRect();
    if (!inside(last, listRect)) problems.push(`the last bone (${px(last)}) is cut by the bone list (${px(listRect)}) scrolled to its end`);
    if (!inside(last, sideView)) problems.push(`the last bone (${px(last)}) is cut by the side panel (${px(sideRect)})`);
    if (curvesRect && overlaps(last, curvesRect)) problems.push(`the last bone (${px(last)}) is under the Curves panel (${px(curvesRect)})`);
    const details = document.getElementById('bone-details')!;
    const detailsRect = details.getBoundingClientRect();
    if (details.scrollHeight > details.clientHeight + 1) problems.push(`the bone readout needs ${details.scrollHeight} px, has ${details.clientHeight}`);
    if (!inside(detailsRect, sideView)) problems.push(`the bone readout (${px(detailsRect)}) is cut by the side panel (${px(sideRect)})`);
    if (curvesRect) {
      const head = curves.querySelector('.curves-head')!.getBoundingClientRect();
      const plots = Array.from(curves.querySelectorAll('.uplot')).map((plot) => plot.getBoundingClientRect());
      const body = curves.querySelector('.curves-body')!.getBoundingClientRect();
      if (!inside(head, page)) problems.push(`the Curves heading (${px(head)}) is outside the page`);
      for (const plot of plots) if (!inside(plot, body) || !inside(plot, page)) problems.push(`a plot (${px(plot)}) is cut by the Curves panel (${px(body)})`);
    }
    return problems;
  }, scrolled);
}

test('the side panel\'s controls, the bone list\'s last bone and the rows below read whole, Curves shown or not', async () => {
  const seen: string[] = [];
  for (const [width, height] of SIZES) {
    for (const curves of [false, true]) {
      const preview = await openPreviewPage(browser, pack, { width, height });
      try {
        await setUp(preview.page, curves);
        for (const problem of await layoutProblems(preview.page)) seen.push(`${width} x ${height}${curves ? ', Curves shown' : ''}: ${problem}`);
      } finally {
        await preview.close();
      }
    }
  }
  assert.deepEqual(seen, []);
});

test('in mixer mode with a layer and an attachment, each side-panel control scrolled into view reads whole, Curves shown', async () => {
  const seen: string[] = [];
  for (const [width, height] of [SIZES[0], SIZES[2]]) {
    const preview = await openPreviewPage(browser, pack, { width, height });
    try {
      await preview.page.evaluate(() => {
        const model = (window as unknown as PreviewWindow).ewzanimPreview.model;
        model.setMode('mixer');
        model.layers.addLayer();
        model.layers.attach('builtin:box', 3);
      });
      await preview.page.waitForSelector('#layers .layer [data-field="clip"]', { timeout: 30_000 });
      await setUp(preview.page, true);
      for (const problem of await layoutProblems(preview.page, true)) seen.push(`${width} x ${height}, mixer: ${problem}`);
    } finally {
      await preview.close();
    }
  }
  assert.deepEqual(seen, []);
});
