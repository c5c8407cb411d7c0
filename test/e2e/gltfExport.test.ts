/**
 * "Export Animation from glTF…" as a user runs it in code-server: right-click Fox.glb in the
 * Explorer, take the defaults in the quick picks (first animation, 30 fps, clip + skeleton +
 * mesh, beside the model), read the report file's preview, accept "Add to nether.toml" in the
 * modal dialog, see the manifest open with the new entries selected; then the files on disk
 * (report and export record included) and the manifest are checked; a text file's menu has no
 * such entry. Set EWZANIM_E2E_SCREENSHOTS to a folder to keep screenshots.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { makeWorkspace, withVSCode } from './harness';
import { decodeKeyframe, keyframeOffset, parseClipHeader } from '../../formats';
import { exportAnimationBytes, type ExportRecord } from '../../formats/gltf';
import { asciiFbx, rigDocument } from '../unit/gltf/fbx/rig';
import { openContextMenuItem } from './harness/quickInput';

const SCREENSHOTS = process.env.EWZANIM_E2E_SCREENSHOTS;
const MANIFEST = '[game]\nid = "fox"\ntitle = "Fox"\nauthor = "Tests"\nversion = "1"\n';
const VISIBLE_INPUT = '.quick-input-widget:not([style*="display: none"]) input';

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Waits for the quick input titled `title` and accepts it with Enter (the first, default item). */
async function acceptQuickInput(page: Page, title: string, beforeEnter?: () => Promise<void>): Promise<void> {
  // The first pick waits for the model to be read (and the decoders to start) on a busy machine.
  await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).first().waitFor({ timeout: 90_000 });
  await page.waitForSelector(VISIBLE_INPUT, { timeout: 10_000 });
  await beforeEnter?.();
  await page.keyboard.press('Enter');
}

/** The markdown preview's text once it shows `until` (the preview is a webview: its own frame). */
async function previewText(page: Page, until: string): Promise<string> {
  let text = '';
  for (let waited = 0; waited < 60_000 && !text.includes(until); waited += 500) {
    for (const frame of page.frames()) {
      const body = await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '');
      if (body.includes('Quantisation report')) text = body;
    }
    if (!text.includes(until)) await page.waitForTimeout(500);
  }
  return text;
}

/** The labels of the context menu a right-click on `row` opens (closed again with Escape). */
async function contextMenuLabels(page: Page, row: Locator): Promise<string[]> {
  await row.click({ button: 'right' });
  const labels = page.locator('.context-view .action-label');
  await labels.first().waitFor({ timeout: 10_000 });
  const shown = await labels.allInnerTexts();
  await page.keyboard.press('Escape');
  await labels.first().waitFor({ state: 'hidden', timeout: 10_000 });
  return shown.map((label) => label.trim());
}

/** The animation preview's bone list (the webview's `#bone-list` rows), once it has rows. */
async function previewBoneList(page: Page): Promise<string[]> {
  for (let waited = 0; waited < 60_000; waited += 500) {
    for (const frame of page.frames()) {
      const rows = await frame.evaluate(() => [...(document.getElementById('bone-list')?.children ?? [])].map((row) => (row as HTMLElement).innerText.trim())).catch(() => []);
      if (rows.length) return rows;
    }
    await page.waitForTimeout(500);
  }
  throw new Error('no preview showed a bone list within 60 s');
}

test('Explorer context menu on a .glb: quick picks, files, report file and its preview, manifest entries shown', { timeout: 300_000 }, async () => {
  const workspace = makeWorkspace({ fixtures: { 'Fox.glb': 'gltf/Fox/Fox.glb' }, files: { 'nether.toml': MANIFEST, 'clips/notes.txt': 'Clips exported from Fox.glb.\n' } });
  try {
    await withVSCode({ workspace: workspace.path }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'Fox.glb' }).first();
      await row.waitFor({ timeout: 60_000 });
      await openContextMenuItem(page, row, 'Export Animation from glTF…');
      await acceptQuickInput(page, 'Export Animation from glTF: animations');
      await acceptQuickInput(page, 'Export Animation from glTF: frame rate');
      await acceptQuickInput(page, 'Export Animation from glTF: files to write');
      // Where to write: beside the model is the first item; a folder can be chosen instead.
      await acceptQuickInput(page, 'Export Animation from glTF: where to write', async () => {
        const rows = await page.locator('.quick-input-list .monaco-list-row').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
        assert.deepEqual(rows.map((r) => r.split(',')[0]), ['Beside the model', 'Choose a folder…']);
        await screenshot(page, 'gltf-export-1-where');
      });
      // The report file opens as a markdown preview (a webview): its table names the worst bone first.
      const text = await previewText(page, 'Bones, worst first');
      assert.match(text, /Quantisation report: animation 0 "Survey" of Fox\.glb/);
      await page.locator('.tabs-container .tab', { hasText: 'Preview Fox.report.md' }).first().waitFor({ timeout: 30_000 });
      // The manifest question is a modal dialog: it stays until answered, and names the report file.
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      assert.match(await dialog.innerText(), /Exported 3 files from Fox\.glb beside it; the quantisation report is in Fox\.report\.md\. Add them to nether\.toml\?/);
      await screenshot(page, 'gltf-export-2-report-and-question');
      await dialog.locator('.dialog-buttons-row .monaco-button', { hasText: 'Add to nether.toml' }).click();
      // nether.toml opens with the added entries selected (the status bar counts the selection).
      await page.locator('.tabs-container .tab.active', { hasText: 'nether.toml' }).waitFor({ timeout: 30_000 });
      const selection = page.locator('#status\\.editor\\.selection');
      await selection.filter({ hasText: 'selected' }).waitFor({ timeout: 30_000 });
      assert.match(await selection.innerText(), /^Ln 7, Col 1 \(\d+ selected\)$/);
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'Fox.report.md' }).first().waitFor({ timeout: 30_000 });
      await screenshot(page, 'gltf-export-3-manifest');

      // Again, into a chosen folder (the web workbench's simple dialog: a path in a quick input).
      await openContextMenuItem(page, row, 'Export Animation from glTF…');
      await acceptQuickInput(page, 'Export Animation from glTF: animations');
      await acceptQuickInput(page, 'Export Animation from glTF: frame rate');
      await acceptQuickInput(page, 'Export Animation from glTF: files to write');
      await acceptQuickInput(page, 'Export Animation from glTF: where to write', () => page.keyboard.press('ArrowDown'));
      await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Export Animation from glTF: folder' }).first().waitFor({ timeout: 30_000 });
      const pathInput = page.locator(VISIBLE_INPUT);
      await page.waitForFunction(() => (document.querySelector('.quick-input-widget input.input') as HTMLInputElement | null)?.value.includes('ewzanim-ws-'));
      await pathInput.fill(join(workspace.path, 'clips'));
      await page.waitForTimeout(500);
      // Enter opens the folder in the dialog; its "Write Here" button picks it.
      await pathInput.press('Enter');
      await page.waitForFunction(() => (document.querySelector('.quick-input-widget input.input') as HTMLInputElement | null)?.value.endsWith('/clips/'));
      await screenshot(page, 'gltf-export-4-choose-folder');
      await page.locator('.quick-input-widget .monaco-button', { hasText: 'Write Here' }).click();
      await dialog.waitFor({ timeout: 30_000 });
      assert.match(await dialog.innerText(), /Exported 3 files from Fox\.glb to clips; the quantisation report is in Fox\.report\.md\. Add them to nether\.toml\?/);
      await dialog.locator('.dialog-buttons-row .monaco-button', { hasText: 'Add to nether.toml' }).click();
      await selection.filter({ hasText: /^Ln 22, Col 1 \(\d+ selected\)$/ }).waitFor({ timeout: 30_000 });
      await screenshot(page, 'gltf-export-5-manifest-again');

      // The preview of an exported clip names its bones as the glTF's joints (from the export record).
      await page.locator('.codelens-decoration a', { hasText: 'Preview animation' }).first().click({ timeout: 30_000 });
      const bones = await previewBoneList(page);
      assert.deepEqual(bones.slice(0, 3), ['_rootJoint', 'b_Root_00', 'b_Hip_01']);
      assert.equal(bones.length, 24);
      await screenshot(page, 'gltf-export-6-preview-bone-names');

      // The entry is the glTF's only: a text file's menu (the same Explorer, entries loaded) has none.
      const toml = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'nether.toml' }).first();
      const tomlMenu = await contextMenuLabels(page, toml);
      assert.ok(tomlMenu.includes('Open to the Side') && !tomlMenu.includes('Export Animation from glTF…'), tomlMenu.join(' | '));
    });
    const sizes = ['Fox.Survey.nczxanim', 'Fox.nczxskel', 'Fox.nczxmesh'].map((f) => (existsSync(join(workspace.path, f)) ? statSync(join(workspace.path, f)).size : -1));
    assert.deepEqual(sizes, [4 + 104 * 24 * 16, 8 + 24 * 48, 38028]);
    const manifest = readFileSync(join(workspace.path, 'nether.toml'), 'utf8');
    assert.match(manifest, /\n\[\[assets\.animations\]\]\nid = "fox_survey"\npath = "Fox\.Survey\.nczxanim"\nskeleton = "fox"\nmesh = "fox"\n\n\[\[assets\.skeletons\]\]\nid = "fox_2"/);
    const report = readFileSync(join(workspace.path, 'Fox.report.md'), 'utf8');
    assert.match(report, /^# Quantisation report: animation 0 "Survey" of `Fox\.glb`\n/);
    for (const [folder, source] of [['', 'Fox.glb'], ['clips', '../Fox.glb']]) {
      const record = JSON.parse(readFileSync(join(workspace.path, folder, 'Fox.export.json'), 'utf8')) as ExportRecord;
      assert.equal(record.source, source);
      assert.deepEqual(record.outputs.map((o) => [o.kind, o.path, o.joints?.[1]]), [['clip', 'Fox.Survey.nczxanim', 'b_Root_00'], ['skeleton', 'Fox.nczxskel', 'b_Root_00'], ['mesh', 'Fox.nczxmesh', undefined]]);
    }
    assert.equal(readFileSync(join(workspace.path, 'clips', 'Fox.report.md'), 'utf8'), report);
    // The second export's entries: paths into clips/, ids made unique against the first's.
    assert.ok(manifest.endsWith('\n[[assets.skeletons]]\nid = "fox_2"\npath = "clips/Fox.nczxskel"\n\n[[assets.meshes]]\nid = "fox_2"\npath = "clips/Fox.nczxmesh"\nskeleton = "fox_2"\n\n[[assets.animations]]\nid = "fox_survey_2"\npath = "clips/Fox.Survey.nczxanim"\nskeleton = "fox_2"\nmesh = "fox_2"\n'), manifest);
  } finally {
    workspace.dispose();
  }
});

/** The text of the error notification matching `text`: its toast, else the notification center's entry. */
async function errorShown(page: Page, text: RegExp): Promise<string> {
  const toast = page.locator('.notification-toast', { hasText: text }).first();
  if (await toast.waitFor({ timeout: 10_000 }).then(() => true, () => false)) return toast.innerText();
  // code-server puts it in the notification center, with no toast, while the page has no focus.
  await page.locator('.statusbar-item[id="status.notifications"] a, .statusbar-item[id="status.notifications"]').first().click();
  const entry = page.locator('.notifications-center .notification-list-item', { hasText: text }).first();
  await entry.waitFor({ timeout: 10_000 });
  return entry.innerText();
}

const FBX_SKIP = process.platform !== 'linux' || process.arch !== 'x64' ? 'FBX2glTF\'s Linux x86-64 binary is what the test runs' : false;

/** A workspace with rig.fbx and the npm package's FBX2glTF binary (mode: its permission bits), named by the setting. */
function fbxWorkspace(mode: number): { workspace: ReturnType<typeof makeWorkspace>; tool: string } {
  const workspace = makeWorkspace({ files: { 'rig.fbx': asciiFbx() } });
  const tool = join(workspace.path, 'FBX2glTF');
  copyFileSync(join(createRequire(__filename).resolve('fbx2gltf/package.json'), '..', 'bin', 'Linux', 'FBX2glTF'), tool);
  chmodSync(tool, mode);
  // In code-server the extension host runs on the server: a machine-overridable setting is read
  // from the workspace's (or the server machine's) settings, not from the browser's user settings.
  mkdirSync(join(workspace.path, '.vscode'));
  writeFileSync(join(workspace.path, '.vscode', 'settings.json'), JSON.stringify({ 'ewzanim.fbx2gltf.path': tool }));
  return { workspace, tool };
}

/** Opens "Export Animation from glTF…" on rig.fbx in the Explorer and accepts the frame rate (asked first: FBX2glTF bakes at it). */
async function exportRigFbx(page: Page): Promise<void> {
  const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'rig.fbx' }).first();
  await row.waitFor({ timeout: 60_000 });
  await page.waitForTimeout(2000);
  await openContextMenuItem(page, row, 'Export Animation from glTF…');
  await acceptQuickInput(page, 'Export Animation from glTF: frame rate');
}

test('Explorer context menu on an .fbx, FBX2glTF without its executable bit: an error names the cause and the fix', { timeout: 300_000, skip: FBX_SKIP }, async () => {
  const { workspace, tool } = fbxWorkspace(0o644);
  try {
    await withVSCode({ workspace: workspace.path }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      await exportRigFbx(page);
      const shown = await errorShown(page, /Cannot convert rig\.fbx with FBX2glTF/);
      await screenshot(page, 'gltf-export-7-fbx-not-executable');
      assert.ok(shown.includes(`Cannot convert rig.fbx with FBX2glTF: FBX2glTF at ${tool} is not executable: run \`chmod +x ${tool}\``), shown);
    });
    assert.ok(!existsSync(join(workspace.path, 'rig.report.md')));
  } finally {
    workspace.dispose();
  }
});

test('Explorer context menu on an .fbx: FBX2glTF from the setting converts it, the clip matches the same rig through glTF', { timeout: 300_000, skip: FBX_SKIP }, async () => {
  const { workspace } = fbxWorkspace(0o755);
  try {
    await withVSCode({ workspace: workspace.path }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      await exportRigFbx(page);
      // Converted: the next question comes; a failure would be an error notification instead.
      const next = page.locator('.quick-input-widget .quick-input-title', { hasText: 'Export Animation from glTF: files to write' }).first();
      if (!(await next.waitFor({ timeout: 60_000 }).then(() => true, () => false))) {
        assert.fail(await errorShown(page, /Cannot|failed/).catch(() => 'neither the next question nor an error came within 60 s'));
      }
      await screenshot(page, 'gltf-export-8-fbx-converted');
      await acceptQuickInput(page, 'Export Animation from glTF: files to write');
      await acceptQuickInput(page, 'Export Animation from glTF: where to write');
      await previewText(page, 'Converted with FBX2glTF');
      await screenshot(page, 'gltf-export-9-fbx-report');
    });
    const clip = readFileSync(join(workspace.path, 'rig.Take_001.nczxanim'));
    const expected = exportAnimationBytes(rigDocument()).bytes;
    const header = parseClipHeader(expected)!;
    assert.deepEqual(parseClipHeader(clip), header);
    for (let frame = 0; frame < header.frameCount; frame++) {
      for (let bone = 0; bone < header.boneCount; bone++) {
        const a = decodeKeyframe(clip, keyframeOffset(header, frame, bone));
        const b = decodeKeyframe(expected, keyframeOffset(header, frame, bone));
        const dot = Math.abs(a.rotation.reduce((sum, v, i) => sum + v * b.rotation[i], 0));
        assert.ok(2 * Math.acos(Math.min(1, dot)) < 0.003 && a.position.every((v, i) => Math.abs(v - b.position[i]) < 2e-3), `frame ${frame} bone ${bone}`);
      }
    }
    const report = readFileSync(join(workspace.path, 'rig.report.md'), 'utf8');
    assert.match(report, /## Converted with FBX2glTF\n\nrig\.fbx was converted to glTF by FBX2glTF, its animation baked at 30 fps\./);
    assert.ok(existsSync(join(workspace.path, 'rig.nczxskel')) && existsSync(join(workspace.path, 'rig.nczxmesh')));
  } finally {
    workspace.dispose();
  }
});
