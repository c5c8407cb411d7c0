/**
 * The hex editor in a real VS Code (code-server + Chromium), driven from outside like a user:
 * open files with Quick Open, reach into the webview's frame, hover, edit, undo, redo, save,
 * and compare what is shown and written with the core's own answers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { checkBytes } from '../../formats/check';
import { decodeKeyframe } from '../../formats/clip';
import { describeByte } from '../../formats/describe';
import { parseHexPattern, searchBytes } from '../../formats/editing/search';
import { memoryByteSource } from '../../formats/fileAccess';
import { readInverseBind } from '../../formats/skeleton';
import { describeView } from '../../formats/describeText';
import {
  answerInputBox,
  fillInputBox,
  hexFrame,
  inspectorLayout,
  makeWorkspace,
  openHexFile as openFile,
  rowBytes,
  runCommand,
  setSearchMode,
  shownDescription,
  waitForRowBytes,
  waitForInputBox,
  waitForSelection,
  withVSCode,
} from './harness';

const MAX_CLIP = 267_382_804;
/** Set to a folder to keep screenshots of the editor (for people, not for assertions). */
const SCREENSHOTS = process.env.EWZANIM_E2E_SCREENSHOTS;

/** Does `act` (a click) until `shown` resolves, three times at most: a busy workbench can drop a click. */
async function untilShown<T>(act: () => Promise<void>, shown: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await act();
    try {
      return await shown();
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}
const BROKEN = Uint8Array.of(0, 0, 30, 0, 3, 8, 0x20, 0x80, 0, 0, 0, 0, 0, 0x3c, 0, 0x3c);

const numbersIn = (text: string): number[] => (text.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);

/** `relative` is the display's rounding: keyframe rows show 4 decimals, matrices 6 significant digits. */
function assertClose(actual: number[], expected: number[], what: string, relative: number): void {
  assert.equal(actual.length, expected.length, `${what}: ${actual} vs ${expected}`);
  actual.forEach((a, i) => assert.ok(Math.abs(a - expected[i]) <= relative * Math.max(1, Math.abs(expected[i])), `${what}[${i}]: ${a} vs ${expected[i]}`));
}

test('hex editor: real clips, hover, edit, undo, redo, save, revert, skeleton, broken and 267 MB clips', { timeout: 300_000 }, async () => {
  const workspace = makeWorkspace({
    fixtures: { pack: 'upstream/multi-skinned-rom' },
    files: { 'broken.nczxanim': BROKEN },
  });
  // The largest legal clip as a sparse file: a header and 267 MB of (all-zero) records.
  const big = openSync(join(workspace.path, 'big.nczxanim'), 'w');
  writeSync(big, Uint8Array.of(255, 0, 0xff, 0xff), 0, 4, 0);
  ftruncateSync(big, MAX_CLIP);
  closeSync(big);
  const wavePath = join(workspace.path, 'pack', 'assets', 'wave1.ewzanim');
  const original = new Uint8Array(readFileSync(wavePath));
  try {
    // code-server (a web build) saves after a delay by default; this test decides when to save.
    await withVSCode({ workspace: workspace.path, settings: { 'files.autoSave': 'off' } }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();

      // 1. An upstream clip: row labels and decoded values as the core decodes them.
      const wave = await openFile(page, 'wave1.ewzanim');
      const rows = await wave.$$eval('.row:not([hidden])', (elements) =>
        elements.slice(0, 8).map((r) => ({
          start: Number((r as HTMLElement).dataset.start),
          label: r.querySelector('.label')!.textContent!,
          decoded: r.querySelector('.decoded')!.textContent!,
        })),
      );
      assert.deepEqual(rows[0], { start: 0, label: 'header', decoded: '3 bones · flags 0 · 30 frames (1 s at 30 fps)' });
      for (let i = 1; i < rows.length; i++) {
        const record = i - 1;
        assert.equal(rows[i].start, 4 + record * 16);
        assert.equal(rows[i].label, `frame ${Math.floor(record / 3)} · bone ${record % 3}`);
        const t = decodeKeyframe(original, rows[i].start);
        assertClose(numbersIn(rows[i].decoded), [...t.rotation, ...t.position, ...t.scale], rows[i].label, 5e-5);
      }

      // At 1400 px with the sidebar and the chat open the editor is narrow: the values wrap, none is cut.
      assert.equal(await wave.$$eval('.row:not([hidden]) .dline', (lines) => lines.filter((l) => l.scrollWidth > l.clientWidth + 1).length), 0);
      await screenshot(page, 'hex-1400-narrow');

      // 2. Hover a rotation byte: the tooltip is the core's description of the document's bytes.
      await wave.hover('.row[data-start="20"] .b[data-i="1"]');
      const tooltip = await wave.waitForSelector('#tooltip:not([hidden])[data-offset="21"]');
      const expected = describeView((await describeByte('clip', memoryByteSource(original), 21, { frameRate: 30 }))!);
      assert.deepEqual(await shownDescription(tooltip), { title: expected.title, rows: expected.rows.map((r) => [r.label, r.value]) });
      assert.match(expected.title, /^Rotation/);
      await screenshot(page, 'hex-tooltip');

      // 3. Edit frame 0 · bone 0's scale x to 2 (f16 0x4000, bytes 00 40 at 14..15); bad input first.
      await wave.click('.row[data-start="4"] .b[data-i="10"]');
      await wave.waitForFunction(() => (document.querySelector('#edit-scale-x') as HTMLInputElement | null)?.value === '1');
      await wave.fill('#edit-scale-y input', 'abc');
      await wave.click('#edit-apply');
      await wave.waitForSelector('#edit-message:text("Not applied: scale y: \\"abc\\" is not a number.")');
      await wave.fill('#edit-scale-y input', '1');
      await wave.fill('#edit-scale-x input', '2');
      await wave.waitForSelector('#edit-preview:text-matches("s \\\\(2, 1, 1\\\\)")');
      await wave.click('#edit-apply');
      await waitForRowBytes(wave, 4, 10, ['00', '40']);
      await page.waitForSelector('.tab.active.dirty');
      assert.deepEqual(new Uint8Array(readFileSync(wavePath)), original, 'nothing written before save');

      // 4. Undo and redo (VS Code's own commands, from the keyboard in the webview).
      await wave.click('.row[data-start="20"] .b[data-i="0"]');
      await page.keyboard.press('Control+Z');
      await waitForRowBytes(wave, 4, 10, ['00', '3C']);
      await page.keyboard.press('Control+Shift+Z');
      await waitForRowBytes(wave, 4, 10, ['00', '40']);

      // 5. Save: the file on disk is the original with exactly those two bytes changed.
      await page.keyboard.press('Control+S');
      const saved = new Uint8Array(original);
      saved.set([0x00, 0x40], 14);
      for (let waited = 0; waited < 15_000 && readFileSync(wavePath)[15] !== 0x40; waited += 100) await page.waitForTimeout(100);
      assert.deepEqual(new Uint8Array(readFileSync(wavePath)), saved);
      await page.waitForSelector('.tab.active:not(.dirty)');

      // 6. A skeleton: 48-byte rows decoded as 3x4, column-major as stored.
      const skeletonBytes = new Uint8Array(readFileSync(join(workspace.path, 'pack', 'assets', 'arm1.ewzskel')));
      const skeleton = await openFile(page, 'arm1.ewzskel');
      const bone1 = await skeleton.$eval('.row[data-start="56"]', (r) => [r.querySelector('.label')!.textContent!, r.querySelector('.decoded')!.textContent!]);
      assert.equal(bone1[0], 'bone 1');
      const m = readInverseBind(skeletonBytes, 56);
      assertClose(numbersIn(bone1[1]), [m[0], m[3], m[6], m[9], m[1], m[4], m[7], m[10], m[2], m[5], m[8], m[11]], 'bone 1 matrix rows', 1e-5);

      // Shown again, wave1 has its selection: restored from the webview state when VS Code
      // rebuilt the page (it usually does for a hidden tab), or kept when it did not.
      const waveAgain = await openFile(page, 'wave1.ewzanim', 5000);
      console.log(`wave1 shown again: ${await waveAgain.evaluate(() => (document.body.dataset.stale ? 'page kept' : 'page rebuilt'))}`);
      await waveAgain.waitForSelector('.row.selected[data-start="20"]');
      await waitForRowBytes(waveAgain, 4, 10, ['00', '40']);

      // Save As, from the shown-again wave1 (the simple dialog of the web workbench: a path in a quick input).
      const copyPath = join(workspace.path, 'pack', 'assets', 'wave1-copy.ewzanim');
      await runCommand(page, 'File: Save As...');
      const pathInput = page.locator('.quick-input-widget:not([style*="display: none"]) input.input');
      // The dialog fills in the current path first; type over it once it is there.
      await page.waitForFunction(() => (document.querySelector('.quick-input-widget input.input') as HTMLInputElement | null)?.value.endsWith('wave1.ewzanim'));
      await pathInput.fill(copyPath);
      await page.waitForTimeout(500);
      await pathInput.press('Enter');
      // Written to a temporary file and renamed: once the name exists, the bytes are all there.
      for (let waited = 0; waited < 15_000 && !existsSync(copyPath); waited += 100) await page.waitForTimeout(100);
      assert.deepEqual(new Uint8Array(readFileSync(copyPath)), saved);

      // 7. A broken header: plain rows, the problem explained on top, the core's codes listed.
      const broken = await openFile(page, 'broken.nczxanim');
      assert.match((await broken.textContent('#header-problem')) ?? '', /header cannot be read/);
      const codes = (await checkBytes('clip', memoryByteSource(BROKEN), 'broken.nczxanim')).diagnostics.map((d) => d.code);
      assert.ok(codes.length > 0);
      await broken.waitForSelector(`.problem[data-code="${codes[0]}"]`);
      assert.equal(await broken.$eval('.row[data-start="0"]', (r) => (r as HTMLElement).dataset.role), 'plain');
      // Diagnostics follow the unsaved bytes: give it 1 bone and 1 frame (then it is 4 bytes short).
      const fixed = Uint8Array.of(1, 0, 1, 0, ...BROKEN.subarray(4));
      const fixedCodes = (await checkBytes('clip', memoryByteSource(fixed), 'broken.nczxanim')).diagnostics.map((d) => d.code);
      await broken.click('.row[data-start="0"] .b[data-i="0"]');
      await broken.fill('#edit-raw input', '01 00 01 00 03 08 20 80 00 00 00 00 00 3C 00 3C');
      await broken.click('#edit-apply-raw');
      await broken.waitForSelector('#header-problem', { state: 'hidden' });
      await broken.waitForFunction(
        (codes) => [...document.querySelectorAll('.problem')].map((p) => (p as HTMLElement).dataset.code).join() === codes.join(),
        fixedCodes,
      );
      assert.equal(await broken.$eval('.row[data-start="4"] .label', (e) => e.textContent), 'incomplete record');
      await page.waitForSelector('.tab.active.dirty');
      assert.deepEqual(new Uint8Array(readFileSync(join(workspace.path, 'broken.nczxanim'))), BROKEN, 'unsaved');
      // Revert drops the unsaved edit: the broken header and its problem are back.
      await runCommand(page, 'File: Revert File');
      await broken.waitForSelector('#header-problem:not([hidden])');
      await broken.waitForSelector(`.problem[data-code="${codes[0]}"]`);
      await page.waitForSelector('.tab.active:not(.dirty)');
      assert.deepEqual(new Uint8Array(readFileSync(join(workspace.path, 'broken.nczxanim'))), BROKEN);

      // 8. The largest legal clip: Go to Frame/Bone validates, then jumps to the last keyframe.
      const huge = await openFile(page, 'big.nczxanim');
      console.log(`267 MB clip: first rows painted ${await huge.evaluate(() => document.body.dataset.firstPaintMs)} ms after the webview page started`);
      // A problem in the strip scrolls to its bytes (the all-zero records are non-unit rotations).
      await huge.click('.problem[data-code="anim/non-unit-rotation"] >> nth=0');
      await huge.waitForSelector('.row.selected[data-start="4"]');
      await huge.click('.row[data-start="4"] .b[data-i="0"]');
      await runCommand(page, 'Nethercore ZX: Go to Frame/Bone');
      const frameBone = 'Frame and bone, e.g. "12 3"';
      await waitForInputBox(page, frameBone);
      // The box stays open when the focus goes to the hex editor (as VS Code gives it back to the
      // webview after the command palette closes, late on a busy machine): a click in the rows.
      await huge.click('.row[data-start="52"]:not([hidden]) .b[data-i="1"]');
      await waitForSelection(huge, 53, 54);
      assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'IFRAME', 'the hex editor has the focus');
      assert.equal(await page.getByText(frameBone).first().isVisible(), true, 'the box is still open');
      await fillInputBox(page, frameBone, '65535 0');
      await page.getByText('Frame 65535 does not exist: frames are 0..65534.').first().waitFor();
      // Refused, the box says why instead of its prompt.
      await answerInputBox(page, 'Frame 65535 does not exist', '65534 254');
      const last = await huge.waitForSelector(`.row[data-start="${MAX_CLIP - 16}"]:not([hidden])`);
      assert.equal(await last.$eval('.label', (e) => e.textContent), 'frame 65534 · bone 254');
      await huge.waitForFunction((start) => !document.querySelector(`.row[data-start="${start}"]`)!.textContent!.includes('··'), MAX_CLIP - 16);
      assert.match((await huge.textContent('#ruler-text')) ?? '', /^frame 65534 · bone 254 — 65535 frames × 255 bones/);
      await screenshot(page, 'hex-267mb-last-frame');
      await runCommand(page, 'Nethercore ZX: Go to Offset');
      await fillInputBox(page, 'Byte offset, decimal or 0x hex', '0x10000005');
      // 0x10000005 = 268435461 is past the end: refused; then a legal one, in the middle.
      await page.getByText('Offset 268435461 is past the end: the file has 267382804 bytes').first().waitFor();
      await answerInputBox(page, 'Offset 268435461 is past the end', '0x8000005');
      await huge.waitForSelector('.row.selected[data-start="134217732"]');
    });
  } finally {
    workspace.dispose();
  }
});

/** A clip of `bones` x `frames` whose records repeat wave1's, as an exporter would write one. */
function clipOf(source: Uint8Array, bones: number, frames: number): Uint8Array {
  const records = source.subarray(4);
  const out = new Uint8Array(4 + bones * frames * 16);
  out.set([bones, 0, frames & 0xff, frames >> 8]);
  for (let r = 0; r < bones * frames; r++) out.set(records.subarray((r * 16) % records.length, ((r * 16) % records.length) + 16), 4 + r * 16);
  return out;
}

/** As exporters and our own saves do: a temporary file renamed over the clip (a new inode). */
function replaceFile(path: string, bytes: Uint8Array): void {
  writeFileSync(`${path}.export.tmp`, bytes);
  renameSync(`${path}.export.tmp`, path);
}

async function waitFor<T>(page: Page, what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  for (let waited = 0; ; waited += 100) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (waited > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(100);
  }
}

/** The active editor tab's visible title. */
const activeTabTitle = (page: Page): Promise<string> =>
  page.$eval('.tab.active .monaco-icon-label-container', (e) => (e as HTMLElement).innerText.replace(/\n/g, '')).catch(() => '');

async function waitForDisk(page: Page, path: string, expected: Uint8Array | undefined, what: string): Promise<void> {
  const same = (): boolean => (expected === undefined ? !existsSync(path) : existsSync(path) && Buffer.from(readFileSync(path)).equals(Buffer.from(expected)));
  await waitFor(page, what, () => same() || undefined);
}

/** The modal VS Code shows for `showWarningMessage(..., { modal: true })`, and a click on one of its buttons. */
async function answerModal(page: Page, button: string): Promise<string> {
  const dialog = await page.waitForSelector('.monaco-dialog-box', { timeout: 15_000 });
  const message = (await dialog.textContent()) ?? '';
  await page.click(`.monaco-dialog-box .dialog-buttons-row a.monaco-button:has-text("${button}")`);
  await page.waitForSelector('.monaco-dialog-box', { state: 'detached' });
  return message;
}

test('hex editor follows the disk: reload when clean, conflict when dirty, deletion, Problems link, search, keys (1600 px, sidebar open)', { timeout: 300_000 }, async () => {
  const wave1 = new Uint8Array(readFileSync(join(process.cwd(), 'test', 'fixtures', 'upstream', 'multi-skinned-rom', 'assets', 'wave1.ewzanim')));
  const truncated = wave1.slice(0, 1000);
  const repaired = clipOf(wave1, 3, 800);
  assert.equal(repaired.length, 38_404);
  // A NaN planted in frame 7 · bone 1's position y (bytes 0x7E01 at 4 + 22 * 16 + 6).
  const nanAt = 4 + (7 * 3 + 1) * 16 + 6;
  const withNaN = wave1.slice();
  withNaN.set([0x01, 0x7e], nanAt);
  const workspace = makeWorkspace({ files: { 'repair.nczxanim': truncated, 'nan.nczxanim': withNaN } });
  const clipPath = join(workspace.path, 'repair.nczxanim');
  try {
    await withVSCode({ workspace: workspace.path, settings: { 'files.autoSave': 'off' }, viewport: { width: 1600, height: 900 } }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      try {
        await followTheDisk(page);
      } catch (error) {
        await screenshot(page, 'hex-disk-failure');
        throw error;
      }
    });
  } finally {
    workspace.dispose();
  }

  async function followTheDisk(page: Page): Promise<void> {
    await runCommand(page, 'View: Show Explorer');
    const hex = await openFile(page, 'repair.nczxanim');
    // Find by frame/bone jumps there.
    await setSearchMode(hex, 'frameBone');
    await hex.fill('#search-text input', '19 2');
    await hex.press('#search-text input', 'Enter');
    await hex.waitForSelector('.row.selected .label:text("frame 19 · bone 2")');
    await screenshot(page, 'hex-1600-sidebar');
    // The decoded values are whole at this width: every number of a keyframe row is shown.
    const decoded = await hex.$eval('.row.selected', (row) => [...row.querySelectorAll('.dg:not([hidden])')].map((g) => g.textContent ?? ''));
    assert.equal(decoded.length, 3, `q, p and s: ${decoded}`);
    const cut = await hex.$$eval('.row:not([hidden]) .dline', (lines) => lines.filter((l) => l.scrollWidth > l.clientWidth + 1).length);
    assert.equal(cut, 0, 'no decoded line is cut off');

    // 1. Changed on disk while clean (the truncated clip repaired): the editor reloads, keeping frame 19 · bone 2 selected.
    replaceFile(clipPath, repaired);
    await hex.waitForSelector('#ruler-text:text-matches("800 frames")');
    await hex.waitForSelector('.row.selected .label:text("frame 19 · bone 2")');
    assert.equal(await hex.isVisible('#disk-banner'), false, 'a clean reload needs no banner');
    assert.equal(await page.$('.tab.active.dirty'), null);
    await waitForDisk(page, clipPath, repaired, 'the repaired clip on disk');

    // 2. Dirty, then rewritten in place on disk: the edits stay, the banner says what changed.
    const editAt = 4 + 16 * 5 + 14; // frame 1 · bone 2, scale z low byte
    await hex.click('.b.sel');
    await page.keyboard.press('Control+Home');
    await hex.waitForSelector('.row.selected[data-start="0"] .b.sel[data-i="0"]');
    await hex.click(`.row[data-start="${4 + 16 * 5}"] .b[data-i="10"]`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await hex.waitForSelector(`.b.sel[data-i="14"]`);
    await page.keyboard.type('4');
    await hex.waitForSelector('.b.pending');
    await page.keyboard.type('2');
    await page.waitForSelector('.tab.active.dirty');
    await hex.waitForSelector(`.row[data-start="${4 + 16 * 5}"] .b.edited[data-i="14"]`);
    await waitForDisk(page, clipPath, repaired, 'nothing written by typing');
    const theirs = clipOf(wave1, 3, 801);
    writeFileSync(clipPath, theirs); // in place: the same file, truncated and rewritten
    const banner = await hex.waitForSelector('#disk-banner:not([hidden])');
    assert.match((await banner.textContent()) ?? '', /repair\.nczxanim was rewritten in place on disk at \d\d:\d\d:\d\d, 38,404 bytes → 38,452 bytes/);
    await waitFor(page, 'the tab marked', async () => (await activeTabTitle(page)).includes('(changed on disk)') || undefined);
    await screenshot(page, 'hex-conflict-banner');
    // Ctrl+S asks; Cancel writes nothing.
    await hex.click(`.row[data-start="${4 + 16 * 5}"] .b[data-i="0"]`);
    await page.keyboard.press('Control+S');
    assert.match(await answerModal(page, 'Cancel'), /has changed on disk since you opened it/);
    await page.waitForTimeout(500);
    await waitForDisk(page, clipPath, theirs, 'Cancel: their file untouched');
    const toasts = await page.$$eval('.notification-toast', (all) => all.map((t) => (t as HTMLElement).innerText));
    assert.ok(!toasts.some((t) => /Failed to save/i.test(t)), `a declined save is no error: ${toasts}`);
    await page.waitForSelector('.tab.active.dirty');
    // Overwrite writes what the editor shows: their new bytes with my one edited byte.
    await page.keyboard.press('Control+S');
    await answerModal(page, 'Overwrite');
    const mine = theirs.slice();
    mine[editAt] = 0x42;
    await waitForDisk(page, clipPath, mine, 'Overwrite: their bytes plus my edit');
    await page.waitForSelector('.tab.active:not(.dirty)');
    await hex.waitForSelector('#disk-banner', { state: 'hidden' });

    // 3. Dirty, replaced on disk, "Reload from disk (discard my edits)".
    await hex.click(`.row[data-start="${4 + 16 * 6}"] .b[data-i="0"]`);
    await page.keyboard.type('ff');
    await page.waitForSelector('.tab.active.dirty');
    replaceFile(clipPath, repaired);
    await hex.waitForSelector('#disk-banner:not([hidden]) #disk-reload');
    await waitForDisk(page, clipPath, repaired, 'their replacement kept');
    await hex.click('#disk-reload');
    await page.waitForSelector('.tab.active:not(.dirty)');
    await waitForRowBytes(hex, 4 + 16 * 6, 0, [...repaired.subarray(4 + 16 * 6, 4 + 16 * 6 + 2)].map((b) => b.toString(16).toUpperCase().padStart(2, '0')));
    await waitForDisk(page, clipPath, repaired, 'reload wrote nothing');

    // 4. Deleted: the tab says so, the content stays, Save writes it back.
    rmSync(clipPath);
    await waitFor(page, 'the tab marked deleted', async () => (await activeTabTitle(page)).includes('(deleted)') || undefined);
    await hex.waitForFunction(() => !!document.querySelector('#disk-banner:not([hidden])')?.textContent?.includes('was deleted from disk'));
    await waitForRowBytes(hex, 4, 0, ['03', '08']);
    await page.waitForSelector('.tab.active.dirty');
    await hex.click('.row[data-start="4"] .b[data-i="0"]');
    await page.keyboard.press('Control+S');
    await waitForDisk(page, clipPath, repaired, 'the deleted clip written back');
    await page.waitForSelector('.tab.active:not(.dirty)');
    let title = '';
    await waitFor(page, 'the tab unmarked', async () => ((title = await activeTabTitle(page)).includes('repair.nczxanim') && !title.includes('(') ? true : undefined)).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(title)}`);
    });

    // 5. Keys: Home/End in the row, Ctrl+G goes to an offset.
    await hex.click(`.row[data-start="${4 + 16 * 2}"] .b[data-i="5"]`);
    await page.keyboard.press('End');
    await hex.waitForSelector(`.row[data-start="${4 + 16 * 2}"] .b.sel[data-i="15"]`);
    await page.keyboard.press('Home');
    await hex.waitForSelector(`.row[data-start="${4 + 16 * 2}"] .b.sel[data-i="0"]`);
    await page.keyboard.press('Control+G');
    await answerInputBox(page, 'Byte offset, decimal or 0x hex', '0x3C4');
    await hex.waitForSelector(`.row.selected[data-start="${0x3c4}"]`);

    // 6. The Problems panel: a click on the NaN problem's code opens its bytes.
    await page.keyboard.press('Control+Shift+M');
    const code = page.locator('.markers-panel a.monaco-link', { hasText: 'anim/non-finite' }).first();
    await code.waitFor({ timeout: 30_000 });
    await code.click();
    const nan = await hexFrame(page, 'nan.nczxanim');
    await nan.waitForSelector(`.row.selected[data-start="${nanAt - 6}"] .b.sel[data-i="6"]`);
    await screenshot(page, 'hex-problems-link');

    // 7. Search: the planted NaN, by condition, then by its bytes.
    await nan.click('.b.sel');
    await page.keyboard.press('Control+Home');
    await nan.waitForSelector('.row.selected[data-start="0"]');
    await setSearchMode(nan, 'nan');
    await nan.waitForSelector('#search-status:text("1 of 1 match")');
    await nan.waitForSelector(`.row.selected[data-start="${nanAt - 6}"] .b.sel.match.current[data-i="6"]`);
    await setSearchMode(nan, 'bytes');
    // Scale x and y both 1.0: many matches; the first after the selection is shown, Enter steps on.
    await nan.click('.b.sel');
    await page.keyboard.press('Control+Home');
    await nan.fill('#search-text input', '00 3C 00 3C');
    await nan.press('#search-text input', 'Enter');
    const ones = await searchBytes(memoryByteSource(withNaN), parseHexPattern('00 3C 00 3C').pattern!);
    assert.ok(ones.total > 2);
    await nan.waitForSelector(`#search-status:text("1 of ${ones.total} matches")`);
    await nan.waitForSelector(`.b.sel.match.current`);
    assert.equal(await nan.$eval('.row.selected', (row) => Number((row as HTMLElement).dataset.start)), ones.matches[0].start - ((ones.matches[0].start - 4) % 16));
    await nan.press('#search-text input', 'Enter');
    await nan.waitForSelector(`#search-status:text("2 of ${ones.total} matches")`);
    await screenshot(page, 'hex-search');
    assert.deepEqual(new Uint8Array(readFileSync(join(workspace.path, 'nan.nczxanim'))), withNaN, 'searching writes nothing');
  }
});

test('from a problem to its bytes: the Problems row, F8 / Shift+F8, the code link; the inspector reads whole (1400 px, sidebar open)', { timeout: 300_000 }, async () => {
  const wave1 = new Uint8Array(readFileSync(join(process.cwd(), 'test', 'fixtures', 'upstream', 'multi-skinned-rom', 'assets', 'wave1.ewzanim')));
  // Three problems: a NaN position y (frame 2 · bone 0), a zero scale x (frame 5 · bone 1), a NaN scale z (frame 9 · bone 2).
  const record = (frame: number, bone: number): number => 4 + (frame * 3 + bone) * 16;
  const three = wave1.slice();
  three.set([0x01, 0x7e], record(2, 0) + 6);
  three.set([0x00, 0x00], record(5, 1) + 10);
  three.set([0x01, 0x7e], record(9, 2) + 14);
  const { diagnostics } = await checkBytes('clip', memoryByteSource(three), 'three.nczxanim');
  assert.deepEqual(diagnostics.map((d) => d.code).sort(), ['anim/non-finite', 'anim/non-finite', 'anim/zero-scale']);
  const workspace = makeWorkspace({ files: { 'three.nczxanim': three } });
  try {
    await withVSCode({ workspace: workspace.path, settings: { 'files.autoSave': 'off' } }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      await runCommand(page, 'View: Show Explorer');
      await page.keyboard.press('Control+Shift+M');
      // The Problems panel lists errors first: the zero scale (a warning) is the third row.
      const rows = page.locator('.markers-panel .monaco-list-row', { hasText: 'click the code to jump' });
      await rows.nth(2).waitFor({ timeout: 60_000 });
      const texts = await rows.allInnerTexts();
      assert.equal(texts.length, 3, texts.join('\n'));
      assert.match(texts[2], /anim\/zero-scale/);
      const rangeOf = (text: string): [number, number] => {
        const [, from, to] = /\(bytes? 0x([0-9A-F]+)(?:-0x([0-9A-F]+))?; click the code to jump\)/.exec(text) ?? [];
        assert.ok(from, `a byte range in "${text}"`);
        return [parseInt(from, 16), parseInt(to ?? from, 16) + 1];
      };
      const ranges = texts.map(rangeOf);
      assert.deepEqual(ranges[0], [record(2, 0) + 6, record(2, 0) + 8]);

      // 1. A click on the third row (its message, not its code): VS Code gives a custom editor no
      //    place, so the editor opens on the file's first problem, its bytes selected, not at 0x0.
      const hex = await untilShown(
        () => rows.nth(2).locator('.marker-message-details, .monaco-highlighted-label').first().click(),
        () => hexFrame(page, 'three.nczxanim', Infinity, 30_000),
      );
      await waitForSelection(hex, ...ranges[0]);
      await hex.waitForSelector('#problems-summary:text-matches("1 of 3")');
      await hex.waitForSelector(`.row.selected[data-start="${record(2, 0)}"]:not([hidden])`, { state: 'attached' }).catch(async (error: unknown) => {
        // What the rows were instead: enough to tell a drawing problem from a slow page.
        const rowsShown = await hex.$$eval('.row', (els) => els.map((el) => `${el.getAttribute('data-start')}${el.hasAttribute('hidden') ? ' hidden' : ''} ${el.className}`).join('; '));
        const height = await hex.evaluate(() => document.querySelector('.viewport')?.clientHeight);
        throw new Error(`no selected row at ${record(2, 0)}; viewport ${height} px high; rows: ${rowsShown}`, { cause: error });
      });
      await screenshot(page, 'hex-problems-row-click');

      // 2. F8 steps to the second and the third problem (the row clicked), Shift+F8 back; the focus is still in the Problems panel.
      await page.keyboard.press('F8');
      await waitForSelection(hex, ...ranges[1]);
      await hex.waitForSelector('#problems-summary:text-matches("2 of 3")');
      await page.keyboard.press('F8');
      await waitForSelection(hex, ...ranges[2]);
      await hex.waitForSelector('#problems-summary:text-matches("3 of 3")');
      await hex.waitForSelector(`.row.selected[data-start="${record(5, 1)}"]:not([hidden])`, { state: 'attached' });
      await page.keyboard.press('Shift+F8');
      await waitForSelection(hex, ...ranges[1]);
      // And from inside the editor (the webview has the keyboard focus).
      await hex.click('#problems-summary');
      await page.keyboard.press('F8');
      await waitForSelection(hex, ...ranges[2]);
      await screenshot(page, 'hex-f8-third');

      // 3. The third row's code link lands exactly on its bytes, the editor being open.
      await hex.click(`.row.selected:not([hidden]) .b[data-i="0"]`);
      await waitForSelection(hex, record(5, 1), record(5, 1) + 1);
      await hex.waitForSelector('#problems-summary:not(:text-matches("of 3"))');
      await rows.nth(2).locator('a.monaco-link').click();
      await waitForSelection(hex, ...ranges[2]);
      await hex.waitForSelector('#problems-summary:text-matches("3 of 3")');

      // 4. The inspector at 1400 px: a rotation, then a position; every value whole, the title that of the selection.
      //    With the chat open the editor is narrow and the panels go below the rows; without it they are beside them.
      await runCommand(page, 'View: Hide Panel');
      for (const [name, offset, title] of [
        ['rotation-below', record(30 - 1, 2) + 1, /^Rotation/],
        ['position-below', record(12, 1) + 4, /^Position/],
        ['rotation-beside', record(29, 2) + 1, /^Rotation/],
        ['position-beside', record(11, 0) + 6, /^Position/],
      ] as const) {
        if (name === 'rotation-beside') {
          await runCommand(page, 'View: Hide Secondary Side Bar');
          await hex.waitForFunction(() => getComputedStyle(document.querySelector('.main')!).flexDirection === 'row');
        }
        await runCommand(page, 'Nethercore ZX: Go to Offset');
        await answerInputBox(page, 'Byte offset, decimal or 0x hex', String(offset));
        await waitForSelection(hex, offset, offset + 1);
        const frame = Math.floor((offset - 4) / 48);
        const bone = Math.floor((offset - 4) / 16) % 3;
        await hex.waitForFunction((place) => document.querySelector('#inspector .d-where')?.textContent?.startsWith(place), `frame ${frame} · bone ${bone}`);
        const layout = await inspectorLayout(hex);
        assert.match(layout.title, title);
        assert.deepEqual(layout.brokenCells, [], `${name}: numbers broken over lines`);
        assert.deepEqual(layout.overflowing, [], `${name}: labels or values wider than the panel`);
        assert.ok(layout.valueWidth >= 200, `${name}: values get ${layout.valueWidth} px`);
        // Only the keyframe form applies to a clip's record.
        assert.equal(await hex.isVisible('#edit-rotation-x'), true);
        assert.equal(await hex.isVisible('#edit-msh-time'), false);
        await screenshot(page, `hex-inspector-${name}`);
      }
    });
  } finally {
    workspace.dispose();
  }
});

/** What the hex editor's rows show: bytes per line, and whether any row or the viewport is wider than the viewport. */
async function rowFit(frame: Awaited<ReturnType<typeof openFile>>): Promise<{ lineBytes: number; cut: string[]; scrollsSideways: boolean; width: number }> {
  return frame.evaluate(() => {
    const viewport = document.querySelector('.viewport') as HTMLElement;
    const right = viewport.getBoundingClientRect().left + viewport.clientWidth;
    // A byte past the right edge, or a decoded line whose text ends past its box (cut with an ellipsis) or the edge.
    // (No named helper functions in here: the page does not have the test's compiled helpers.)
    const range = document.createRange();
    const cut = [...viewport.querySelectorAll<HTMLElement>('.row:not([hidden]) .b, .row:not([hidden]) .dline:not([hidden])')]
      .filter((e) => {
        range.selectNodeContents(e);
        const textRight = Math.max(0, ...[...range.getClientRects()].map((r) => r.right));
        const box = e.getBoundingClientRect().right;
        return Math.max(box, textRight) > Math.min(right, box) + 1;
      })
      .map((e) => `${(e.closest('.row') as HTMLElement).dataset.start} ${e.className}: ${e.textContent}`);
    return { lineBytes: Number(viewport.dataset.lineBytes), cut, scrollsSideways: viewport.scrollWidth > viewport.clientWidth + 1, width: viewport.clientWidth };
  });
}

test('the rows follow the editor width: fewer bytes a line beside the preview at 1400 px (sidebar open), 16 at 1920 px; nothing cut', { timeout: 300_000 }, async () => {
  const workspace = makeWorkspace({ fixtures: { pack: 'upstream/multi-skinned-rom' } });
  try {
    await withVSCode({ workspace: workspace.path, viewport: { width: 1400, height: 900 } }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      await runCommand(page, 'View: Show Explorer');
      const wave = await openFile(page, 'wave1.ewzanim');
      await runCommand(page, 'Nethercore ZX: Open Preview to the Side');
      // The hex editor's half of the window: fewer bytes a line, every byte and value inside it.
      await wave.waitForFunction(() => Number((document.querySelector('.viewport') as HTMLElement | null)?.dataset.lineBytes) < 16, undefined, { timeout: 60_000 });
      await page.waitForTimeout(500);
      const narrow = await rowFit(wave);
      await screenshot(page, 'hex-1400-beside-preview');
      assert.ok(narrow.lineBytes === 8 || narrow.lineBytes === 4, JSON.stringify(narrow));
      assert.deepEqual(narrow.cut, [], JSON.stringify(narrow));
      assert.equal(narrow.scrollsSideways, false, JSON.stringify(narrow));
      // A keyframe's 16 bytes and decoded values are all there, on more lines.
      assert.equal((await rowBytes(wave, 4)).length, 16);

      await page.setViewportSize({ width: 1920, height: 1080 });
      await wave.waitForFunction(() => (document.querySelector('.viewport') as HTMLElement | null)?.dataset.lineBytes === '16', undefined, { timeout: 60_000 });
      await page.waitForTimeout(500);
      const wide = await rowFit(wave);
      await screenshot(page, 'hex-1920-beside-preview');
      assert.deepEqual(wide.cut, [], JSON.stringify(wide));
      assert.equal(wide.scrollsSideways, false, JSON.stringify(wide));
      assert.equal((await rowBytes(wave, 4)).length, 16);
    });
  } finally {
    workspace.dispose();
  }
});

/** What may be wrong with the editor's look: toolbar controls cut, rows taller than their lines, field colours under 4.5:1. */
async function lookFaults(frame: Awaited<ReturnType<typeof openFile>>): Promise<{ cutControls: string[]; blankLines: string[]; lowContrast: string[] }> {
  return frame.evaluate(() => {
    const right = document.documentElement.clientWidth;
    const cutControls = [...document.querySelectorAll<HTMLElement>('.ruler > *, .search > *, .legend-item')]
      .filter((e) => !e.hidden && (e.getBoundingClientRect().right > right + 0.5 || e.scrollWidth > e.clientWidth + 1))
      .map((e) => `${e.id || e.className}: ${e.textContent}`);
    const lineHeight = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--line-height')) || 18;
    // A row whose lowest shown line ends a line or more above its bottom has blank lines.
    const blankLines = [...document.querySelectorAll<HTMLElement>('.row:not([hidden])')]
      .filter((row) => row.getBoundingClientRect().bottom < document.querySelector('.viewport')!.getBoundingClientRect().bottom)
      .map((row) => {
        const parts = [...row.querySelectorAll<HTMLElement>('.offset, .label, .hexline, .dline:not([hidden])')].filter((e) => e.textContent);
        const used = Math.max(...parts.map((e) => e.getBoundingClientRect().bottom));
        return { row, blank: (row.getBoundingClientRect().bottom - used) / lineHeight };
      })
      .filter(({ blank }) => blank >= 1)
      .map(({ row, blank }) => `${row.dataset.role} ${row.dataset.start}: ${blank.toFixed(1)} blank lines`);
    // WCAG contrast of each field colour drawn, against the editor background (no named helpers in here: the page lacks the test's compiled ones).
    const seen = new Map<string, string>();
    for (const e of document.querySelectorAll<HTMLElement>('.row:not([hidden]) [class*="f-"]')) {
      const field = [...e.classList].find((c) => c.startsWith('f-'))!;
      if (e.textContent?.trim()) seen.set(field, getComputedStyle(e).color);
    }
    const [background, ...fields] = [getComputedStyle(document.body).backgroundColor, ...seen.values()].map((css) => {
      const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => (Number(v) / 255 <= 0.04045 ? Number(v) / 255 / 12.92 : ((Number(v) / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    });
    const lowContrast = [...seen].flatMap(([field, colour], i) => {
      const ratio = (Math.max(fields[i], background) + 0.05) / (Math.min(fields[i], background) + 0.05);
      return ratio < 4.5 ? [`${field} ${colour}: ${ratio.toFixed(2)}:1`] : [];
    });
    return { cutControls, blankLines, lowContrast };
  });
}

async function setTheme(page: Page, theme: string): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  const input = await page.waitForSelector('.quick-input-widget:not([style*="display: none"]) input', { timeout: 10_000 });
  await input.fill(theme);
  await page.waitForTimeout(800);
  await page.keyboard.press('Enter');
  await page.waitForFunction((name) => document.querySelector('.monaco-workbench')?.classList.contains(name.startsWith('Light') ? 'vs' : 'vs-dark'), theme, { timeout: 15_000 });
}

test('the hex editor at 1400 px, dark and light, alone, beside the preview and in three groups: no control cut, rows as tall as their lines, field colours at 4.5:1, nothing hidden sideways', { timeout: 300_000 }, async () => {
  const workspace = makeWorkspace({ fixtures: { pack: 'upstream/multi-skinned-rom' } });
  try {
    await withVSCode({ workspace: workspace.path, viewport: { width: 1400, height: 900 }, settings: { 'workbench.colorTheme': 'Default Dark Modern' } }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      await runCommand(page, 'View: Show Explorer');
      const wave = await openFile(page, 'wave1.ewzanim');
      /** The look, once the layout has settled (a loaded workbench resizes in steps). */
      const check = async (name: string, lineBytes: (n: number) => boolean): Promise<void> => {
        await wave.waitForFunction(() => document.querySelector('.row[data-role="header"]:not([hidden])') !== null, undefined, { timeout: 30_000 });
        let fit = await rowFit(wave);
        for (let waited = 0; !lineBytes(fit.lineBytes) && waited < 30_000; waited += 250) {
          await page.waitForTimeout(250);
          fit = await rowFit(wave);
        }
        await page.waitForTimeout(500);
        fit = await rowFit(wave);
        const faults = await lookFaults(wave);
        await screenshot(page, `hex-look-${name}`);
        assert.ok(lineBytes(fit.lineBytes), `${name}: ${JSON.stringify(fit)}`);
        assert.deepEqual(fit.cut, [], `${name}: ${JSON.stringify(fit)}`);
        assert.equal(fit.scrollsSideways, false, `${name}: ${JSON.stringify(fit)}`);
        assert.deepEqual(faults, { cutControls: [], blankLines: [], lowContrast: [] }, name);
        // The header row is one line of bytes (4 bytes), its meaning and nothing more; every keyframe's 16 bytes are shown.
        assert.equal((await rowBytes(wave, 0)).length, 4);
        assert.equal((await rowBytes(wave, 4)).length, 16);
      };
      await check('dark-alone', (n) => n > 0);
      await setTheme(page, 'Light Modern');
      await check('light-alone', (n) => n > 0);
      await runCommand(page, 'Nethercore ZX: Open Preview to the Side');
      await check('light-beside-preview', (n) => n < 16);
      // A third, empty group beside the preview: the hex editor gets about 250 px.
      await runCommand(page, 'View: Split Editor Right');
      await wave.waitForFunction(() => (document.querySelector('.viewport') as HTMLElement).clientWidth < 300, undefined, { timeout: 30_000 });
      await check('light-three-groups', (n) => n === 4);
      assert.equal(await wave.evaluate(() => (document.querySelector('.viewport') as HTMLElement).dataset.label), 'under', 'the record label under the bytes');
      await setTheme(page, 'Dark Modern');
      await check('dark-three-groups', (n) => n === 4);
    });
  } finally {
    workspace.dispose();
  }
});
