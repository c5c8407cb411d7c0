/**
 * The annotated hex editor's page as the e2e tests reach it: open a file with Quick Open and wait
 * for its painted rows, read a row's bytes, read a tooltip or the inspector.
 */
import assert from 'node:assert/strict';
import type { ElementHandle, Frame, Page } from 'playwright-core';
import { quickOpen } from './quickInput';

export async function openHexFile(page: Page, name: string, staleAfterMs?: number): Promise<Frame> {
  await extensionActivated(page);
  // Mark the pages shown so far: a webview rebuilt in the same frame loses the mark.
  for (const frame of page.frames()) await frame.evaluate(() => document.body && (document.body.dataset.stale = '1')).catch(() => undefined);
  await quickOpen(page, name);
  const t0 = Date.now();
  // On a loaded machine Quick Open can still be filling its list when the row is picked, and a
  // webview can fail to load: a user who sees no hex editor closes what the file opened in, if
  // anything, and opens the file again (Quick Open alone would bring back the same tab).
  const frame = await hexFrame(page, name, staleAfterMs, 30_000).catch(async () => {
    console.log(`${name}: no hex editor ${Date.now() - t0} ms after Quick Open (${await shownEditor(page)}); closing its tab and opening it again`);
    await closeTab(page, name);
    await quickOpen(page, name);
    return hexFrame(page, name, 0);
  });
  console.log(`${name}: ${Date.now() - t0} ms from Quick Open to painted rows (webview says ${await frame.evaluate(() => document.body.dataset.firstPaintMs)} ms)`);
  return frame;
}

/**
 * The webview frame showing `name`, once its first rows are painted: a freshly loaded one, or
 * after `staleAfterMs` one that was already there (VS Code does not always rebuild a webview
 * whose tab comes back).
 */
export async function hexFrame(page: Page, name: string, staleAfterMs = Infinity, timeoutMs = 60_000): Promise<Frame> {
  for (let waited = 0; waited < timeoutMs; waited += 200) {
    for (const frame of page.frames()) {
      const shown = await frame
        .evaluate(() => (document.body?.dataset.firstPaintMs ? { file: document.body.dataset.file, stale: !!document.body.dataset.stale } : undefined))
        .catch(() => undefined);
      if (shown?.file === name && (!shown.stale || waited >= staleAfterMs)) return frame;
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`no hex editor webview for ${name} within ${timeoutMs / 1000} s (${await shownEditor(page)})`);
}

/**
 * Waits for the extension's check status in the status bar: the extension is activated, so its
 * custom editor is registered. A clip opened before that opens in VS Code's own editor.
 */
async function extensionActivated(page: Page): Promise<void> {
  await page.locator('.statusbar-item', { hasText: 'ZX:' }).first().waitFor({ timeout: 120_000 });
}

/** Closes the tabs that show `name` (a middle click each, as a person would), if any. */
async function closeTab(page: Page, name: string): Promise<void> {
  const exactly = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const tabs = page.locator('.tabs-container .tab').filter({ has: page.locator('.label-name', { hasText: exactly }) });
  for (let clicks = 0; clicks < 5; clicks++) {
    const open = await tabs.count();
    if (open === 0) return;
    await tabs.first().click({ button: 'middle' });
    for (let waited = 0; waited < 10_000 && (await tabs.count()) === open; waited += 200) await page.waitForTimeout(200);
  }
}

/** What the workbench shows instead of a hex editor, for a failure's message: the tabs, the active one, the editor's kind. */
async function shownEditor(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const tabs = [...document.querySelectorAll('.tabs-container .tab')].map((t) => `${t.classList.contains('active') ? '*' : ''}${t.querySelector('.label-name')?.textContent ?? '?'}`);
      const group = document.querySelector('.editor-group-container.active');
      const kind = group?.querySelector('.monaco-editor-pane-placeholder') ? 'a placeholder (binary or failed)' : group?.querySelector('.monaco-editor') ? 'a text editor' : 'no text editor';
      const webviews = document.querySelectorAll('iframe.webview').length;
      return `tabs: ${tabs.join(', ') || 'none'}; active group: ${kind}; ${webviews} webview iframes`;
    })
    .catch((error: unknown) => `the workbench could not be read: ${String(error)}`);
}

export async function rowBytes(frame: Frame, start: number): Promise<string[]> {
  return frame.$$eval(`.row:not([hidden])[data-start="${start}"] .b`, (spans) => spans.map((s) => s.textContent ?? '').filter((t) => t));
}

export async function waitForRowBytes(frame: Frame, start: number, from: number, expected: string[]): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    if ((await rowBytes(frame, start)).slice(from, from + expected.length).join(' ') === expected.join(' ')) return;
    await frame.page().waitForTimeout(100);
  }
  assert.deepEqual((await rowBytes(frame, start)).slice(from, from + expected.length), expected);
}

/** The title and label/value rows a tooltip or the inspector shows. */
export async function shownDescription(element: ElementHandle<Element>): Promise<{ title: string; rows: string[][] }> {
  return element.evaluate((e) => ({
    title: e.querySelector('.d-title')?.textContent ?? '',
    rows: [...e.querySelectorAll('.d-label')].map((label) => [label.textContent ?? '', label.nextElementSibling?.textContent ?? '']),
  }));
}


/** Picks a search mode as the select's own change would. */
export async function setSearchMode(frame: Frame, mode: string): Promise<void> {
  await frame.evaluate((mode) => {
    const select = document.querySelector('#search-mode') as HTMLElement & { value: string };
    select.value = mode;
    select.dispatchEvent(new Event('change'));
  }, mode);
}

/** Waits until the page's selection is the bytes `[start, end)`. */
export async function waitForSelection(frame: Frame, start: number, end: number): Promise<void> {
  const wanted = `${start}-${end}`;
  let seen: string | undefined;
  for (let waited = 0; waited < 15_000; waited += 100) {
    seen = await frame.evaluate(() => document.body.dataset.selection);
    if (seen === wanted) return;
    await frame.page().waitForTimeout(100);
  }
  assert.equal(seen, wanted, 'selected bytes [start-end)');
}

/**
 * How the inspector lays out its values: the width a value gets, the cells of number lists that
 * break over two lines, and the labels and values wider than the panel (cut or scrolled).
 */
export async function inspectorLayout(frame: Frame): Promise<{ title: string; valueWidth: number; brokenCells: string[]; overflowing: string[] }> {
  return frame.$eval('#inspector', (inspector) => {
    // (No named functions in here: the page runs this source as it is.)
    const values = [...inspector.querySelectorAll<HTMLElement>('.d-value')];
    return {
      title: [inspector.querySelector('.d-title')?.textContent, inspector.querySelector('.d-where')?.textContent].join(' · '),
      valueWidth: Math.min(...values.map((v) => v.getBoundingClientRect().width)),
      // A cell on one line has one line box.
      brokenCells: [...inspector.querySelectorAll<HTMLElement>('.d-cell')].filter((c) => c.getClientRects().length > 1 || c.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(c).fontSize)).map((c) => c.textContent ?? ''),
      overflowing: [...inspector.querySelectorAll<HTMLElement>('.d-label, .d-value')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
    };
  });
}
