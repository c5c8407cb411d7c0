/**
 * Compare Clips as a user meets it: a clip committed to a git repository in the workspace, then
 * changed (bone 5 turned 40° more at frame 33); right-click it in the Explorer, "Compare Clip with
 * HEAD": the heatmap outlines bone 5 at frame 33 and colours only that cell, the totals beside it
 * name the same; the position toggle shows no difference; hovering the cell gives its numbers;
 * clicking it selects that keyframe in both sides' hex editors, the next click moves both sides'
 * previews; "Preview A with B as ghost" draws B over A's preview at the selected cell and follows
 * the next click; Source Control's menu on the change offers the same command, and so does the
 * title bar of the diff Source Control opens on a click. (The Explorer's two-file "Compare Clips"
 * is not driven here: the harness's Ctrl-click selection was unreliable under load.)
 * Set EWZANIM_E2E_SCREENSHOTS to a folder to keep the screenshots.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { keyframeOffset } from '../../formats/clip';
import { axisAngle, basePose, multiply, planted, writeClip } from '../unit/diff/clipBuilder';
import { makeWorkspace, openContextMenuItem, runCommand, withVSCode } from './harness';

const SCREENSHOTS = process.env.EWZANIM_E2E_SCREENSHOTS;
const BONES = 12;
const FRAMES = 60;
const PLANTED = { bone: 5, frame: 33 };
/** 40° as the clip's quantised rotation stores it (within a step either way). */
const ANGLE = '(?:39|40)\\.\\d+°';

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** The diff page, once it shows a diff (its legend) or why there is none (its problem line). */
async function diffFrame(page: Page): Promise<Frame> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    for (const frame of page.frames()) {
      const shown = await frame.evaluate(() => ({ legend: document.getElementById('legend')?.textContent ?? '', problem: document.getElementById('problem')?.textContent ?? '' })).catch(() => undefined);
      if (shown?.problem) throw new Error(`the diff page says: ${shown.problem}`);
      // A page can be replaced right after it first shows (the panel settling): keep one that stays.
      if (shown?.legend) {
        await page.waitForTimeout(500);
        if (!frame.isDetached()) return frame;
      }
    }
    await page.waitForTimeout(250);
  }
  throw new Error('no clip diff page with a heatmap');
}

/** Closes every editor and waits until no diff page is left (so the next one found is new). */
async function closeAllEditors(page: Page): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  for (let waited = 0; waited < 15_000; waited += 200) {
    const left = await Promise.all(page.frames().map((f) => f.evaluate(() => Boolean(document.getElementById('legend'))).catch(() => false)));
    if (!left.some(Boolean)) return;
    await page.waitForTimeout(200);
  }
  throw new Error('a diff page is still open after Close All Editors');
}

/** Canvas pixels at the middle of every cell, as `bone:frame` of the coloured ones (alpha above 0). */
function colouredCells(frame: Frame): Promise<string[]> {
  return frame.evaluate(
    ([bones, frames]) => {
      const canvas = document.getElementById('heatmap') as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const cellWidth = canvas.width / frames, rowHeight = canvas.height / bones;
      const found: string[] = [];
      for (let bone = 0; bone < bones; bone++) {
        for (let f = 0; f < frames; f++) {
          const x = Math.floor((f + 0.5) * cellWidth), y = Math.floor((bone + 0.5) * rowHeight);
          if (data[(y * canvas.width + x) * 4 + 3] > 0) found.push(`${bone}:${f}`);
        }
      }
      return found;
    },
    [BONES, FRAMES] as const,
  );
}

/** The page point at the middle of a cell. */
async function cellPoint(frame: Frame, bone: number, f: number): Promise<{ x: number; y: number }> {
  const box = await (await frame.$('#heatmap'))!.boundingBox();
  assert.ok(box, 'the heatmap is laid out');
  return { x: box.x + ((f + 0.5) * box.width) / FRAMES, y: box.y + ((bone + 0.5) * box.height) / BONES };
}

async function waitForText(frame: Frame, selector: string, pattern: RegExp): Promise<string> {
  let text = '';
  for (let waited = 0; waited < 15_000; waited += 100) {
    text = (await frame.textContent(selector)) ?? '';
    if (pattern.test(text)) return text;
    await frame.page().waitForTimeout(100);
  }
  assert.match(text, pattern, selector);
  return text;
}

/** Every hex editor page showing `name` (`count` of them), once each has a selection starting at byte `start`. */
async function waitForHexSelections(page: Page, name: string, start: number, count: number): Promise<void> {
  let seen: string[] = [];
  for (let waited = 0; waited < 30_000; waited += 200) {
    seen = [];
    for (const frame of page.frames()) {
      const shown = await frame.evaluate(() => (document.body?.dataset.firstPaintMs ? { file: document.body.dataset.file, selection: document.body.dataset.selection } : undefined)).catch(() => undefined);
      if (shown?.file === name) seen.push(shown.selection ?? '');
    }
    if (seen.length === count && seen.every((s) => s.startsWith(`${start}-`))) return;
    await page.waitForTimeout(200);
  }
  assert.deepEqual(seen.map((s) => s.split('-')[0]), Array(count).fill(String(start)), `both hex editors of ${name} select the keyframe`);
}

/** The preview pages (`count` of them) once each has loaded its clip. */
async function previewFrames(page: Page, count: number): Promise<Frame[]> {
  let found: Frame[] = [];
  for (let waited = 0; waited < 60_000 && found.length < count; waited += 250) {
    found = [];
    for (const frame of page.frames()) {
      const loaded = await frame.evaluate(() => ((window as unknown as { ewzanimPreview?: { loads: number } }).ewzanimPreview?.loads ?? 0) > 0).catch(() => false);
      if (loaded) found.push(frame);
    }
    if (found.length < count) await page.waitForTimeout(250);
  }
  assert.equal(found.length, count, 'a preview of each side');
  return found;
}

async function waitForPreviewFrames(page: Page, previews: Frame[], frame: number): Promise<void> {
  let shown: number[] = [];
  for (let waited = 0; waited < 15_000; waited += 100) {
    shown = await Promise.all(previews.map((p) => p.evaluate(() => (window as unknown as { ewzanimPreview: { currentFrame: number } }).ewzanimPreview.currentFrame)));
    if (shown.every((f) => f === frame)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(shown, previews.map(() => frame), 'both previews at the selected frame');
}

/** The preview page showing a ghost (its legend shown), once it draws B at `frame` with `bone` highlighted. */
async function ghostAt(page: Page, frame: number, bone: number): Promise<Frame> {
  let seen = '';
  for (let waited = 0; waited < 30_000; waited += 200) {
    for (const f of page.frames()) {
      const legend = await f.evaluate(() => {
        const e = document.getElementById('ghost-legend');
        return e && !e.hidden ? { frame: e.dataset.frame, bone: e.dataset.bone, text: e.textContent ?? '' } : undefined;
      }).catch(() => undefined);
      if (!legend) continue;
      seen = JSON.stringify(legend);
      if (legend.frame === String(frame) && legend.bone === String(bone)) return f;
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`no preview draws the ghost at frame ${frame}, bone ${bone} (last seen: ${seen || 'no ghost legend'})`);
}

/** Pixels of the preview's last image within a few steps of the ghost's colour (the legend's swatch). */
function ghostPixels(preview: Frame): Promise<number> {
  return preview.evaluate(async () => {
    const swatch = document.querySelector<HTMLElement>('#ghost-legend .swatch')!;
    const [r, g, b] = (/(\d+), (\d+), (\d+)/.exec(swatch.style.color) ?? []).slice(1).map(Number);
    const rgba = await (window as unknown as { ewzanimPreview: { readPixels(): Promise<Uint8Array> } }).ewzanimPreview.readPixels();
    let count = 0;
    for (let i = 0; i < rgba.length; i += 4) if (Math.abs(rgba[i] - r) + Math.abs(rgba[i + 1] - g) + Math.abs(rgba[i + 2] - b) < 30) count++;
    return count;
  });
}

test('Compare Clip with HEAD: the planted bone and frame light up, hover, toggle and selection in both hex editors', { timeout: 300_000 }, async () => {
  const committed = writeClip(BONES, FRAMES, basePose);
  const changed = writeClip(BONES, FRAMES, planted(basePose, PLANTED.frame, PLANTED.bone, (t) => ({ ...t, rotation: multiply(axisAngle([1, 0, 0], 40), t.rotation) })));
  const workspace = makeWorkspace({ files: { 'anims/walk.nczxanim': committed } });
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: workspace.path, encoding: 'utf8' });
    git('init', '-q');
    git('-c', 'user.name=e2e', '-c', 'user.email=e2e@example.com', 'add', '.');
    git('-c', 'user.name=e2e', '-c', 'user.email=e2e@example.com', 'commit', '-q', '-m', 'walk');
    writeFileSync(join(workspace.path, 'anims/walk.nczxanim'), changed);
    // Another clip beside it: walk's committed motion with bone 7 moved 0.5 at frame 12.
    writeFileSync(join(workspace.path, 'anims/run.nczxanim'), writeClip(BONES, FRAMES, planted(basePose, 12, 7, (t) => ({ ...t, position: [t.position[0], t.position[1], t.position[2] + 0.5] }))));
    assert.match(git('status', '--porcelain', '--untracked-files=no'), /^ M anims\/walk\.nczxanim$/m);

    await withVSCode({ workspace: workspace.path, webgpu: true }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      const folder = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'anims' }).first();
      await folder.waitFor({ timeout: 60_000 });
      await folder.click();
      const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'walk.nczxanim' }).first();
      await row.waitFor({ timeout: 30_000 });
      await openContextMenuItem(page, row, 'Compare Clip with HEAD');
      const diff = await diffFrame(page);

      assert.equal(await diff.textContent('#title'), 'anims/walk.nczxanim (HEAD) ↔ anims/walk.nczxanim');
      const legend = await waitForText(diff, '#legend', new RegExp(`^Rotation: largest ${ANGLE} \\(bone 5, frame 33\\), outlined`));
      assert.ok(Math.abs(parseFloat(legend.slice('Rotation: largest '.length)) - 40) < 0.2, legend);
      assert.match((await diff.textContent('#summary')) ?? '', /changed: 1 of 720 keyframes, in 1 of 12 bones \(5\)/);
      assert.deepEqual(await colouredCells(diff), ['5:33'], 'only the planted cell is coloured');
      const totals = await diff.$$eval('#totals .row', (rows) => rows.map((r) => r.textContent ?? ''));
      assert.equal(totals.length, BONES);
      assert.match(totals[PLANTED.bone], new RegExp(`^${ANGLE} @33 · mean 0\\.\\d+°$`));
      assert.equal(totals[0], '—', 'an unchanged bone has no totals');

      const point = await cellPoint(diff, PLANTED.bone, PLANTED.frame);
      await page.mouse.move(point.x, point.y);
      await waitForText(diff, '#tooltip', new RegExp(`^bone 5, frame 33\nrotation ${ANGLE} · position 0 · scale x1$`));
      await screenshot(page, 'clip-diff-rotation');

      await diff.click('#channel-position');
      await waitForText(diff, '#legend', /^Position: no difference$/);
      assert.deepEqual(await colouredCells(diff), [], 'no position differs');
      await diff.click('#channel-rotation');
      await waitForText(diff, '#legend', /^Rotation: largest/);

      await diff.click('#open-hex');
      const start = keyframeOffset({ boneCount: BONES }, PLANTED.frame, PLANTED.bone);
      await page.waitForTimeout(2000);
      const again = await diffFrame(page);
      const clickAt = await cellPoint(again, PLANTED.bone, PLANTED.frame);
      await page.mouse.click(clickAt.x, clickAt.y);
      await waitForText(again, '#selection', new RegExp(`^Selected: bone 5, frame 33\\. rotation ${ANGLE}`));
      await waitForHexSelections(page, 'walk.nczxanim', start, 2);
      await screenshot(page, 'clip-diff-hex-editors');

      // Both previews, side by side, follow the next click.
      await again.click('#open-previews');
      const previews = await previewFrames(page, 2);
      const next = await cellPoint(again, 2, 20);
      await page.mouse.click(next.x, next.y);
      await waitForText(again, '#selection', /^Selected: bone 2, frame 20\. rotation 0° · position 0 · scale x1$/);
      await waitForPreviewFrames(page, previews, 20);
      await screenshot(page, 'clip-diff-previews');

      // A's preview with B as a ghost: at the selected cell, then at the next one clicked.
      await again.click('#open-ghost');
      const ghosted = await ghostAt(page, 20, 2);
      assert.match((await ghosted.textContent('#ghost-text')) ?? '', /^A solid · B ghost \(B: anims\/walk\.nczxanim\)$/);
      const planted = await cellPoint(again, PLANTED.bone, PLANTED.frame);
      await page.mouse.click(planted.x, planted.y);
      assert.equal(await ghostAt(page, PLANTED.frame, PLANTED.bone), ghosted, 'the same preview follows the click');
      await screenshot(page, 'clip-diff-ghost');
      // The ghosted preview's group alone, its view a few times larger, for the pixels: its tab is
      // clicked (that group becomes the active one, whatever the layout), then the group maximized.
      const ghostTab = page.locator('.tabs-container .tab', { hasText: 'B ghost' }).first();
      const viewportWidth = async (): Promise<number> => (await (await ghosted.$('#viewport'))?.boundingBox())?.width ?? 0;
      const narrowWidth = await viewportWidth();
      for (let attempt = 1; attempt <= 3 && (await viewportWidth()) < narrowWidth * 1.5; attempt++) {
        await ghostTab.click();
        await runCommand(page, 'View: Toggle Maximize Editor Group');
        await ghosted.waitForFunction((narrow) => (document.getElementById('viewport')?.getBoundingClientRect().width ?? 0) >= narrow * 1.5, narrowWidth, { timeout: 10_000 }).catch(() => undefined);
      }
      assert.ok((await viewportWidth()) >= narrowWidth * 1.5, 'the ghosted preview\'s group is maximized');
      const viewportBox = await (await ghosted.$('#viewport'))!.boundingBox();
      if (SCREENSHOTS && viewportBox) await page.screenshot({ path: join(SCREENSHOTS, 'clip-diff-ghost-viewport.png'), clip: viewportBox });
      // Its lines are there in its colour, and (nearly) gone with the legend's toggle off.
      const pixelsUntil = async (done: (count: number) => boolean): Promise<number> => {
        let count = await ghostPixels(ghosted);
        for (let waited = 0; waited < 15_000 && !done(count); waited += 250) {
          await page.waitForTimeout(250);
          count = await ghostPixels(ghosted);
        }
        return count;
      };
      const shown = await pixelsUntil((count) => count >= 10);
      await ghosted.click('#show-ghost');
      const hidden = await pixelsUntil((count) => count < shown / 4);
      assert.ok(shown >= 10 && hidden < shown / 4, `ghost colour pixels: ${shown} shown, ${hidden} hidden`);
      await ghosted.click('#show-ghost');
      await ghostAt(page, PLANTED.frame, PLANTED.bone);
      await runCommand(page, 'View: Toggle Maximize Editor Group');

      // Source Control offers the same on the changed file (all editors closed first: a new page).
      await closeAllEditors(page);
      await page.keyboard.press('Control+Shift+G');
      const change = page.locator('.scm-view .monaco-list-row', { hasText: 'walk.nczxanim' }).first();
      await change.waitFor({ timeout: 30_000 });
      // (On the name: the row's right end holds its inline actions, which have a menu of their own.)
      await openContextMenuItem(page, change.locator('.label-name').first(), 'Compare Clip with HEAD');
      const fromScm = await diffFrame(page);
      assert.equal(await fromScm.textContent('#title'), 'anims/walk.nczxanim (HEAD) ↔ anims/walk.nczxanim');
      await waitForText(fromScm, '#legend', new RegExp(`^Rotation: largest ${ANGLE} \\(bone 5, frame 33\\)`));

      // A click on the change opens VS Code's own diff of it (both sides in the hex editor): its title bar has the command.
      await closeAllEditors(page);
      await page.keyboard.press('Control+Shift+G');
      await change.locator('.label-name').first().click();
      const titleAction = page.locator('.editor-actions [aria-label*="Compare Clip with HEAD"]').first();
      await titleAction.waitFor({ timeout: 30_000 });
      await screenshot(page, 'clip-diff-scm-title');
      await titleAction.click();
      const fromTitle = await diffFrame(page);
      assert.equal(await fromTitle.textContent('#title'), 'anims/walk.nczxanim (HEAD) ↔ anims/walk.nczxanim');
    });
  } finally {
    workspace.dispose();
  }
});
