/**
 * "Export Animation from glTF…" as a user runs it in code-server: right-click Fox.glb in the
 * Explorer, take the defaults in the quick picks (first animation, 30 fps, clip + skeleton +
 * mesh), read the report's preview, accept "Add to nether.toml"; then the files on disk and
 * the manifest are checked. Set EWZANIM_E2E_SCREENSHOTS to a folder to keep screenshots.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { makeWorkspace, withVSCode } from './harness';
import { openContextMenuItem, runCommand } from './harness/quickInput';

const SCREENSHOTS = process.env.EWZANIM_E2E_SCREENSHOTS;
const MANIFEST = '[game]\nid = "fox"\ntitle = "Fox"\nauthor = "Tests"\nversion = "1"\n';
const VISIBLE_INPUT = '.quick-input-widget:not([style*="display: none"]) input';

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/**
 * Clicks a notification's button: on its toast while it shows, else in the notification centre
 * (an information toast hides itself after a while, as it does for a user who looked away).
 */
async function clickNotificationButton(page: Page, label: string): Promise<void> {
  const toast = page.locator('.notifications-toasts .monaco-button', { hasText: label }).first();
  if (await toast.waitFor({ timeout: 5_000 }).then(() => true, () => false)) return toast.click();
  await runCommand(page, 'Notifications: Show Notifications');
  await page.locator('.notifications-center .monaco-button', { hasText: label }).first().click({ timeout: 30_000 });
}

/** Waits for the quick input titled `title` and accepts it with Enter. */
async function acceptQuickInput(page: Page, title: string): Promise<void> {
  await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).first().waitFor({ timeout: 30_000 });
  await page.waitForSelector(VISIBLE_INPUT, { timeout: 10_000 });
  await page.keyboard.press('Enter');
}

test('Explorer context menu on a .glb: quick picks, files, report preview, manifest entries', { timeout: 300_000 }, async () => {
  const workspace = makeWorkspace({ fixtures: { 'Fox.glb': 'gltf/Fox/Fox.glb' }, files: { 'nether.toml': MANIFEST } });
  try {
    await withVSCode({ workspace: workspace.path }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'Fox.glb' }).first();
      await row.waitFor({ timeout: 60_000 });
      await openContextMenuItem(page, row, 'Export Animation from glTF…');
      await acceptQuickInput(page, 'Export Animation from glTF: animations');
      await acceptQuickInput(page, 'Export Animation from glTF: frame rate');
      await acceptQuickInput(page, 'Export Animation from glTF: files to write');
      // The report opens as a markdown preview (a webview): its table names the worst bone first.
      let previewText = '';
      for (let waited = 0; waited < 60_000 && !previewText.includes('Bones, worst first'); waited += 500) {
        for (const frame of page.frames()) {
          const text = await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '');
          if (text.includes('Quantisation report')) previewText = text;
        }
        if (!previewText.includes('Bones, worst first')) await page.waitForTimeout(500);
      }
      assert.match(previewText, /Quantisation report: animation 0 "Survey" of Fox\.glb/);
      assert.match(previewText, /Bones, worst first/);
      await screenshot(page, 'gltf-export-report');
      await clickNotificationButton(page, 'Add to nether.toml');
      const manifest = join(workspace.path, 'nether.toml');
      for (let waited = 0; waited < 30_000 && !readFileSync(manifest, 'utf8').includes('[[assets.animations]]'); waited += 250) await page.waitForTimeout(250);
      await screenshot(page, 'gltf-export-done');
    });
    const sizes = ['Fox.Survey.nczxanim', 'Fox.nczxskel', 'Fox.nczxmesh'].map((f) => (existsSync(join(workspace.path, f)) ? statSync(join(workspace.path, f)).size : -1));
    assert.deepEqual(sizes, [4 + 104 * 24 * 16, 8 + 24 * 48, 38028]);
    const manifest = readFileSync(join(workspace.path, 'nether.toml'), 'utf8');
    assert.match(manifest, /\[\[assets\.animations\]\]\nid = "fox_survey"\npath = "Fox\.Survey\.nczxanim"\nskeleton = "fox"\nmesh = "fox"\n$/);
  } finally {
    workspace.dispose();
  }
});
