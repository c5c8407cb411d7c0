/**
 * An MSH model in the annotated hex editor, as a user meets it: Quick Open a writer-built
 * `.msh`, read its rows (NRes header, Res1 nodes, Res8 keys, Res10 names, Res19 words by node,
 * directory entries), hover a key, edit a node's fallback and a whole key by value (a refused
 * value first), undo, save, compare what is written with the core's own encoding, and open the
 * MSH preview from the editor's title bar. Set
 * EWZANIM_E2E_SCREENSHOTS to a folder to keep screenshots.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { describeView } from '../../formats/describeText';
import { memoryByteSource } from '../../formats/fileAccess';
import { describeMshByte } from '../../formats/msh/describe';
import { openMshBytes } from '../../formats/msh/model';
import { checkBytes } from '../../formats/check';
import { problemBytes, problemOrder } from '../../webview/hex/problemNavigation';
import { heroModel } from '../unit/msh/mshFixtures';
import { inspectorLayout, makeWorkspace, openHexFile, setSearchMode, shownDescription, waitForRowBytes, waitForSelection, withVSCode } from './harness';

const SCREENSHOTS = process.env.EWZANIM_E2E_SCREENSHOTS;

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Offsets in the writer's hero model (see test/unit/msh/rows.test.ts for the whole row table). */
const NODE_1 = 54;
const KEY_3 = 208;
const KEY_3_TIME = KEY_3 + 12;
const ARM_MAP_BLOCK = 336;
const LAST_ENTRY = 552;

interface ShownRow {
  label: string;
  decoded: string;
  /** The field colour of each shown byte. */
  classes: string[];
}

/**
 * The row at `start` once it is drawn for its own record: `label` and `length` bytes shown. After
 * a jump the editor's height can change (the inspector fills), and the pooled rows are drawn
 * again for the new height; the row is read when it has settled.
 */
async function shownRow(frame: Frame, start: number, label: string, length: number): Promise<ShownRow> {
  let seen: ShownRow | undefined;
  for (let waited = 0; waited < 5_000; waited += 100) {
    seen = await frame
      .$eval(`.row:not([hidden])[data-start="${start}"]`, (r) => ({
        label: r.querySelector('.label')!.textContent!,
        decoded: r.querySelector('.decoded')!.textContent!,
        classes: [...r.querySelectorAll('.b')].filter((b) => b.textContent).map((b) => [...b.classList].find((c) => c.startsWith('f-')) ?? ''),
      }))
      .catch(() => undefined);
    if (seen?.label === label && seen.classes.length === length) return seen;
    await frame.page().waitForTimeout(100);
  }
  assert.fail(`row ${start} is not drawn as "${label}" with ${length} bytes: ${JSON.stringify(seen)}`);
}

/** The search bar's place mode (already chosen): type a place, Enter, wait for its row to be selected. */
async function goTo(frame: Frame, place: string, rowStart: number): Promise<void> {
  await frame.fill('#search-text input', place);
  await frame.press('#search-text input', 'Enter');
  await frame.waitForSelector(`.row.selected[data-start="${rowStart}"]`);
}

async function waitForMshPreview(page: Page, status: RegExp): Promise<void> {
  for (let waited = 0; waited < 30_000; waited += 250) {
    for (const frame of page.frames()) {
      const text = await frame.evaluate(() => document.getElementById('status')?.textContent ?? '').catch(() => '');
      if (status.test(text)) return;
    }
    await page.waitForTimeout(250);
  }
  assert.fail(`no MSH preview says ${status}`);
}

async function waitForFile(page: Page, path: string, expected: Uint8Array): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (Buffer.from(readFileSync(path)).equals(Buffer.from(expected))) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(new Uint8Array(readFileSync(path)), expected);
}

test('hex editor on an MSH model: rows, colours, hover, edit by value, refusal, undo, save, F8, opened on its first problem', { timeout: 300_000 }, async () => {
  const original = heroModel();
  // The arm's fallback key cut to 2: its track is cut short (a problem of the file).
  const cut = original.slice();
  cut[NODE_1 + 6] = 2;
  const workspace = makeWorkspace({ files: { 'hero.msh': original, 'cut.msh': cut } });
  const path = join(workspace.path, 'hero.msh');
  try {
    await withVSCode({ workspace: workspace.path, settings: { 'files.autoSave': 'off' } }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      const hex = await openHexFile(page, 'hero.msh');
      assert.equal(await hex.evaluate(() => document.body.dataset.kind), 'msh');
      // A clean file opens with nothing selected: no edit form shows yet, a clip's least of all.
      await hex.waitForSelector('#edit-hint:text("Select a byte to edit its row.")');
      for (const form of ['#edit-rotation-x', '#edit-msh-time', '#edit-msh-value', '#edit-raw']) assert.equal(await hex.isVisible(form), false, form);

      // 1. Rows from the directory, labelled and decoded; bytes coloured by field.
      assert.deepEqual(await shownRow(hex, 0, 'NRes header', 16), {
        label: 'NRes header',
        decoded: '"NRes" version 0x100 · 4 entries · 616 bytes',
        classes: Array(16).fill('f-header'),
      });
      const node1 = await shownRow(hex, NODE_1, 'node 1', 38);
      assert.match(node1.decoded, /^"arm" · parent 0map 0 · fallback 3 · hdr0 \d+slots /);
      assert.deepEqual(node1.classes, Array(38).fill('f-node'));
      // Find by place: "key 3" jumps to its row.
      await setSearchMode(hex, 'frameBone');
      assert.equal(await hex.getAttribute('#search-text', 'placeholder'), 'e.g. key 17');
      await goTo(hex, 'key 3', KEY_3);
      await hex.waitForSelector('.row.selected .label:text("key 3 · n1")');
      const key3 = await shownRow(hex, KEY_3, 'key 3 · n1', 24);
      assert.deepEqual(key3.classes, [...Array(12).fill('f-position'), ...Array(4).fill('f-time'), ...Array(8).fill('f-rotation')]);
      assert.match(key3.decoded, /^p +0\.0000 +4\.0000 +0\.0000t *4q +0\.0000 +0\.0000 +0\.0000 +1\.0000 +\|q\| 1\.0000$/);
      await goTo(hex, 'map 0', ARM_MAP_BLOCK);
      const map = await shownRow(hex, ARM_MAP_BLOCK, 'map n1 f0', 10);
      assert.deepEqual([map.decoded, map.classes], ['f0: 1 1 2 2 3', Array(10).fill('f-map')]);
      // Ctrl+End: the last byte, in the last directory entry's second row.
      await hex.click(`.row.selected .b[data-i="0"]`);
      await page.keyboard.press('Control+End');
      await hex.waitForSelector(`.row.selected[data-start="${LAST_ENTRY + 16}"]`);
      assert.deepEqual(await shownRow(hex, LAST_ENTRY, 'entry 3', 16), { label: 'entry 3', decoded: 'type 19 Res19 (frame map)attr1 10 · attr2 5 · size 20', classes: Array(16).fill('f-directory') });
      assert.deepEqual((await shownRow(hex, LAST_ENTRY + 16, 'entry 3 name', 48)).decoded, '"Res19"attr3 2 · offset 0x150 · sort 1');
      assert.equal(await hex.textContent('#legend'), 'NRes headerdirectoryRes1 nodep positiont timeq rotationRes19 mapRes10 nameother payloadtrailingunsaved editsearch matchproblem');
      // At 1400 px with the sidebar and the chat open the decoded values go under the bytes, whole.
      assert.equal(await hex.evaluate(() => document.querySelector('#rows')!.getAttribute('data-wrap')), 'under');
      assert.deepEqual(await hex.$$eval('.row:not([hidden]) .dline', (lines) => lines.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent)), []);
      await screenshot(page, 'msh-hex');

      // 2. Hover the time of key 3: the tooltip is the core's description.
      await goTo(hex, 'key 3', KEY_3);
      await hex.hover(`.row[data-start="${KEY_3}"] .b[data-i="13"]`);
      const tooltip = await hex.waitForSelector(`#tooltip:not([hidden])[data-offset="${KEY_3_TIME + 1}"]`);
      const { layout } = openMshBytes(original);
      const expected = describeView((await describeMshByte(memoryByteSource(original), layout, KEY_3_TIME + 1))!);
      assert.equal(expected.title, 'Time (f32, frames)');
      assert.deepEqual(await shownDescription(tooltip), { title: expected.title, rows: expected.rows.map((r) => [r.label, r.value]) });
      await screenshot(page, 'msh-hex-tooltip');
      // Key 3 selected: the inspector reads whole, only the MSH forms show.
      await hex.click(`.row[data-start="${KEY_3}"] .b[data-i="0"]`);
      await waitForSelection(hex, KEY_3, KEY_3 + 1);
      await hex.waitForFunction(() => document.querySelector('#inspector .d-where')?.textContent?.includes('key 3'));
      const inspector = await inspectorLayout(hex);
      assert.deepEqual([inspector.brokenCells, inspector.overflowing], [[], []], 'key 3: every value whole');
      assert.ok(inspector.valueWidth >= 200, `values get ${inspector.valueWidth} px`);
      assert.equal(await hex.isVisible('#edit-msh-time'), true);
      assert.equal(await hex.isVisible('#edit-rotation-x'), false);
      await screenshot(page, 'msh-hex-inspector-key');

      // 3. Node 1's fallback by value: a value that does not fit a u16 is refused, nothing is sent.
      await goTo(hex, 'node 1', NODE_1);
      await hex.click(`.row[data-start="${NODE_1}"] .b[data-i="6"]`);
      await hex.waitForSelector('#edit-msh-field:text("Fallback key in Res8 (u16)")');
      await hex.waitForFunction(() => (document.querySelector('#edit-msh-value') as HTMLInputElement | null)?.value === '3');
      await hex.fill('#edit-msh-value input', '70000');
      await hex.click('#edit-msh-apply-value');
      await hex.waitForSelector('#edit-message:text("Not applied: Fallback key in Res8 (u16): 70000 is not a whole number in 0..65535.")');
      await hex.fill('#edit-msh-value input', '2');
      await hex.click('#edit-msh-apply-value');
      await waitForRowBytes(hex, NODE_1, 6, ['02', '00']);
      await page.waitForSelector('.tab.active.dirty');
      // The edited fallback cuts the arm's track short: the core's check says so at once.
      await hex.waitForSelector('#problems [data-code^="msh/"]', { state: 'attached' });
      // F8 selects the first problem's bytes (the Problems panel's order: errors first).
      const [first] = problemOrder((await checkBytes('msh', memoryByteSource(cut), path)).diagnostics);
      await page.keyboard.press('F8');
      const bytes = problemBytes(first.byteRange);
      await waitForSelection(hex, bytes.start, bytes.end);
      await hex.waitForSelector('#problems-summary:text-matches("· 1 of ")');
      await page.keyboard.press('Control+Z');
      await hex.waitForSelector('#problems [data-code^="msh/"]', { state: 'detached' });
      await goTo(hex, 'node 1', NODE_1);
      await waitForRowBytes(hex, NODE_1, 6, ['03', '00']);

      // 4. Key 3 as a whole: time 2.5, rotation 90° about Z; the stored i16 are shown first.
      await goTo(hex, 'key 3', KEY_3);
      await hex.click(`.row[data-start="${KEY_3}"] .b[data-i="12"]`);
      await hex.waitForFunction(() => (document.querySelector('#edit-msh-time') as HTMLInputElement | null)?.value === '4');
      await hex.fill('#edit-msh-time input', '2.5');
      await hex.fill('#edit-msh-rotation-w input', String(Math.SQRT1_2));
      await hex.fill('#edit-msh-rotation-z input', String(Math.SQRT1_2));
      await hex.waitForSelector('#edit-msh-preview:text-matches("t 2\\\\.5 q i16 \\\\(w 23170, x 0, y 0, z 23170\\\\)")');
      await hex.click('#edit-msh-apply-key');
      await waitForRowBytes(hex, KEY_3, 12, ['00', '00', '20', '40', '00', '00', '00', '00', '82', '5A', '82', '5A']);
      await screenshot(page, 'msh-hex-edited');
      assert.deepEqual(new Uint8Array(readFileSync(path)), original, 'nothing written before save');

      // 5. Save: exactly the key's time and quaternion changed on disk.
      await page.keyboard.press('Control+S');
      const saved = original.slice();
      const view = new DataView(saved.buffer);
      view.setFloat32(KEY_3_TIME, 2.5, true);
      view.setInt16(KEY_3 + 22, 23170, true);
      view.setInt16(KEY_3 + 20, 23170, true);
      await waitForFile(page, path, saved);
      await page.waitForSelector('.tab.active:not(.dirty)');

      // 6. The editor's title bar opens the MSH preview of the saved file.
      await page.click('.editor-actions .action-label[aria-label*="Open MSH Preview"]', { timeout: 30_000 });
      await waitForMshPreview(page, /^3 nodes, 7 keys, 5 frames/);

      // 7. A model with a problem opens on it (as from a click on its row in the Problems panel, which gives no place).
      const cutHex = await openHexFile(page, 'cut.msh');
      await waitForSelection(cutHex, bytes.start, bytes.end);
      await cutHex.waitForSelector('#problems-summary:text-matches("· 1 of ")');
    });
  } finally {
    workspace.dispose();
  }
});
