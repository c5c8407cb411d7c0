/**
 * Regenerates the pictures of the docs and the Marketplace: the screenshots in docs/images/ (the
 * annotated hex editor and the live preview on the demo's 40-bone creature, in a real VS Code:
 * code-server + headless Chromium on SwiftShader's WebGPU, the e2e harness, at 1400 x 900) and
 * the extension's icon, media/icon.png (128 x 128, drawn from the SVG below by Chromium).
 *
 *   node --import tsx scripts/screenshots.ts [output folder, default docs/images]
 *   node --import tsx scripts/screenshots.ts --icon
 *
 * Needs the e2e harness (`npm test` installs it; see test/e2e/README.md). The workspace is the
 * one `npm run demo` writes (scripts/sample-pack.ts).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Frame, type Page } from 'playwright-core';
import { REPO_ROOT, quickOpen, runCommand, withVSCode } from '../test/e2e/harness';
import { writeSamplePack } from './sample-pack';

const CLIP = 'creature-walk.nczxanim';

/** The icon: a bone over a track of keyframe diamonds (the clip file icon's amber), on slate. */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <rect x="4" y="4" width="120" height="120" rx="22" fill="#1F2633"/>
  <g fill="#E6E9EF">
    <path d="M38 70 78 30" stroke="#E6E9EF" stroke-width="14" stroke-linecap="round"/>
    <circle cx="29" cy="68" r="10"/><circle cx="40" cy="79" r="10"/>
    <circle cx="76" cy="21" r="10"/><circle cx="87" cy="32" r="10"/>
  </g>
  <path d="M14 100h100" stroke="#E8A33D" stroke-width="4"/>
  <g fill="#E8A33D">
    <path d="M28 90 38 100 28 110 18 100z"/><path d="M64 86 78 100 64 114 50 100z"/><path d="M100 90 110 100 100 110 90 100z"/>
  </g>
</svg>`;

async function renderIcon(path: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.EWZANIM_CHROMIUM ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${ICON_SVG}</body></html>`);
    await page.locator('svg').screenshot({ path, omitBackground: true });
  } finally {
    await browser.close();
  }
}

/** The first frame whose page answers `probe` with a value, within `ms`. */
async function frameWhere<T>(page: Page, probe: () => T | undefined, what: string, ms = 60_000): Promise<Frame> {
  for (let waited = 0; waited < ms; waited += 250) {
    for (const frame of page.frames()) {
      if ((await frame.evaluate(probe).catch(() => undefined)) !== undefined) return frame;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`within ${ms / 1000} s: ${what}`);
}

async function main(): Promise<void> {
  if (process.argv[2] === '--icon') {
    await renderIcon(join(REPO_ROOT, 'media', 'icon.png'));
    console.log(`wrote ${join(REPO_ROOT, 'media', 'icon.png')}`);
    return;
  }
  const out = resolve(process.argv[2] ?? join(REPO_ROOT, 'docs', 'images'));
  mkdirSync(out, { recursive: true });
  const workspace = mkdtempSync(join(tmpdir(), 'ewzanim-screenshots-'));
  try {
    await writeSamplePack(workspace);
    const settings = {
      'workbench.colorTheme': 'Default Dark Modern',
      'workbench.startupEditor': 'none',
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
      'chat.disableAIFeatures': true,
      'files.autoSave': 'off',
    };
    await withVSCode({ workspace, webgpu: true, settings, viewport: { width: 1400, height: 900 } }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      await quickOpen(page, CLIP);
      const hex = await frameWhere(page, () => (document.body?.dataset.firstPaintMs && document.body.dataset.file === 'creature-walk.nczxanim' ? true : undefined), `the hex editor paints ${CLIP}`);
      // Select a rotation byte of frame 0 · bone 1, so the inspector shows its description.
      await hex.click('.row[data-start="20"] .b[data-i="1"]');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(out, 'hex-editor.png') });
      console.log(`wrote ${join(out, 'hex-editor.png')}`);

      await runCommand(page, 'View: Close Primary Side Bar');
      const button = '.editor-actions .action-label[aria-label*="Open Preview to the Side"]';
      await page.waitForSelector(button, { timeout: 60_000 });
      await page.click(button);
      const preview = await frameWhere(page, () => {
        const app = (window as unknown as { ewzanimPreview?: { loads: number } }).ewzanimPreview;
        return app && app.loads > 0 ? true : undefined;
      }, 'the preview draws its first frame');
      // Mid-stride: frame 20 of 60 on the timeline (which leaves 10 px at each end).
      const { width, height } = await preview.evaluate(() => document.getElementById('timeline')!.getBoundingClientRect().toJSON() as DOMRect);
      await preview.click('#timeline', { position: { x: 10 + (20 / 59) * (width - 20), y: height / 2 } });
      await page.waitForTimeout(2500);
      await page.screenshot({ path: join(out, 'preview.png') });
      console.log(`wrote ${join(out, 'preview.png')}`);
    });
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
