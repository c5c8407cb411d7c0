/**
 * The annotated hex editor's page as the e2e tests reach it: open a file with Quick Open and wait
 * for its painted rows, read a row's bytes, read a tooltip or the inspector.
 */
import assert from 'node:assert/strict';
import type { ElementHandle, Frame, Page } from 'playwright-core';
import { quickOpen } from './quickInput';

export async function openHexFile(page: Page, name: string, staleAfterMs?: number): Promise<Frame> {
  // Mark the pages shown so far: a webview rebuilt in the same frame loses the mark.
  for (const frame of page.frames()) await frame.evaluate(() => document.body && (document.body.dataset.stale = '1')).catch(() => undefined);
  await quickOpen(page, name);
  const t0 = Date.now();
  // On a loaded machine Quick Open can still be filling its list when Enter lands: a user who
  // sees no editor opens the file again.
  const frame = await hexFrame(page, name, staleAfterMs, 30_000).catch(async () => {
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
  throw new Error(`no hex editor webview for ${name}`);
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
