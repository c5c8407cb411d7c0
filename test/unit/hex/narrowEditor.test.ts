/**
 * The hex editor's page (the built webview bundle and stylesheet) in headless Chromium with the
 * fake extension host of bench/hexEditorPage.ts, at the widths an editor gets: alone, beside the
 * preview, in three groups and at 200 px. What a person reads must read whole: the column titles
 * name only the columns the values are in, the Find field's placeholder is not cut, and decoded
 * values under the bytes break between values instead of ending in an ellipsis.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { openHexPage } from '../../../bench/hexEditorPage';
import { heroModel } from '../msh/mshFixtures';

type Kind = 'clip' | 'skeleton' | 'msh';

let browser: Browser;
let dir: string;
const files = {} as Record<Kind, string>;

/** A 3-bone skeleton whose inverse binds hold long numbers (a turned bone, an offset), as exported ones do. */
function turnedSkeleton(): Uint8Array {
  const bytes = new Uint8Array(8 + 3 * 48);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 3, true);
  const c = Math.SQRT1_2;
  for (let bone = 0; bone < 3; bone++) {
    [c, -c, 0, c, c, 0, 0, 0, 1, -0.123456789 * bone, -1.5123456 * bone, 0.3333333].forEach((v, i) => view.setFloat32(8 + bone * 48 + i * 4, v, true));
  }
  return bytes;
}

before(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', 'hex editor webview'], { stdio: 'pipe' });
  dir = mkdtempSync(join(tmpdir(), 'ewzanim-hex-page-'));
  files.clip = join(dir, 'wave1.ewzanim');
  files.skeleton = join(dir, 'turned.ewzskel');
  files.msh = join(dir, 'hero.msh');
  writeFileSync(files.clip, readFileSync(join('test', 'fixtures', 'upstream', 'multi-skinned-rom', 'assets', 'wave1.ewzanim')));
  writeFileSync(files.skeleton, turnedSkeleton());
  writeFileSync(files.msh, heroModel());
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function withPage<T>(kind: Kind, width: number, look: (page: Page) => Promise<T>): Promise<T> {
  browser ??= await chromium.launch({ executablePath: process.env.EWZANIM_CHROMIUM ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  // Tall enough that the rows below the panels (a narrow editor puts them under) include a record of each kind.
  const hex = await openHexPage(browser, files[kind], kind, { width, height: 1800 });
  try {
    await hex.firstPaintMs();
    await hex.page.waitForFunction(() => document.querySelector('.row:not([hidden]) .dline:not([hidden])')?.textContent);
    return await look(hex.page);
  } finally {
    await hex.close();
  }
}

/** Where the decoded values are and whether their column's title shows (and shows whole). */
function decodedColumn(page: Page): Promise<{ wrap: string; titleShown: boolean; titleWhole: boolean }> {
  return page.evaluate(() => {
    const title = document.querySelector('.columns .decoded') as HTMLElement;
    return {
      wrap: (document.querySelector('.viewport') as HTMLElement).dataset.wrap ?? '',
      titleShown: getComputedStyle(title).visibility === 'visible',
      titleWhole: title.scrollWidth <= title.clientWidth + 1,
    };
  });
}

test('the "decoded values" title shows, whole, only where values sit in a column beside the bytes', async () => {
  const cases: [Kind, number, string, boolean][] = [
    // [file, editor width, where the values go, title shown]
    ['clip', 1400, '2', true],
    ['skeleton', 1400, '1', true],
    ['msh', 1400, '1', true],
    ['clip', 700, '3', false],
    ['msh', 700, 'under', false],
    ['clip', 250, 'under', false],
  ];
  for (const [kind, width, wrap, shown] of cases) {
    const column = await withPage(kind, width, decodedColumn);
    assert.deepEqual(column, { wrap, titleShown: shown, titleWhole: true }, `${kind} at ${width} px`);
  }
});

test('the Find mode\'s name and the field\'s placeholder read whole at 200 px, in every mode with text, MSH places too', async () => {
  const modeNames: string[] = [];
  for (const kind of ['clip', 'msh'] as const) {
    const shown = await withPage(kind, 200, async (page) => {
      const measure = (): Promise<{ placeholder: string; textWidth: number; room: number; mode: string; modeWhole: boolean }> =>
        page.evaluate(() => {
          const input = (document.querySelector('#search-text') as HTMLElement).shadowRoot!.querySelector('input')!;
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontSize} ${style.fontFamily}`;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          // The select shows the chosen mode's name in its face.
          const face = (document.querySelector('#search-mode') as HTMLElement).shadowRoot!.querySelector<HTMLElement>('.text')!;
          return { placeholder: input.placeholder, textWidth: context.measureText(input.placeholder).width, room, mode: face.textContent!.trim(), modeWhole: face.scrollWidth <= face.clientWidth };
        });
      const bytes = await measure();
      await page.evaluate(() => {
        const select = document.querySelector('#search-mode') as HTMLElement & { value: string };
        select.value = 'frameBone';
        select.dispatchEvent(new Event('change'));
      });
      await page.waitForFunction((before) => (document.querySelector('#search-text') as HTMLElement).getAttribute('placeholder') !== before, bytes.placeholder);
      return [bytes, await measure()];
    });
    for (const { placeholder, textWidth, room, mode, modeWhole } of shown) {
      modeNames.push(mode);
      assert.ok(modeWhole, `${kind}: the mode "${mode}" is cut`);
      assert.ok(placeholder.length > 0, `${kind}: a placeholder`);
      assert.ok(room > 100, `${kind}: the field has ${room} px`);
      assert.ok(textWidth <= room, `${kind}: "${placeholder}" takes ${textWidth.toFixed(0)} px of ${room.toFixed(0)}`);
    }
  }
  assert.deepEqual(modeNames, ['Hex bytes', 'Frame / bone', 'Hex bytes', 'Node / key / map']);
});

test('the Find mode the user chose stays chosen when an edit or an undo sends the file\'s info again', async () => {
  for (const kind of ['clip', 'msh'] as const) {
    const modes = await withPage(kind, 1400, async (page) => {
      const mode = (): Promise<string> => page.evaluate(() => (document.querySelector('#search-mode') as HTMLElement & { value: string }).value);
      await page.evaluate(() => {
        const select = document.querySelector('#search-mode') as HTMLElement & { value: string };
        select.value = 'frameBone';
        select.dispatchEvent(new Event('change'));
      });
      const chosen = await mode();
      // What the host sends after an edit or an undo: the same info, as 'changed'.
      await page.evaluate(async () => {
        const info = JSON.parse(await (await fetch('/init')).text(), (_key, value) => (value && Array.isArray(value.bytes) ? Uint8Array.from(value.bytes) : value));
        for (const change of ['edit', 'undo']) window.postMessage({ type: 'changed', info, change }, '*');
      });
      // The select reads its options again a moment after a change of their text.
      await page.waitForTimeout(300);
      return [chosen, await mode()];
    });
    assert.deepEqual(modes, ['frameBone', 'frameBone'], kind);
  }
});

/** Decoded lines whose text ends past their box (cut with an ellipsis) or past the viewport's right edge. */
function cutLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.querySelector('.viewport') as HTMLElement;
    const right = viewport.getBoundingClientRect().left + viewport.clientWidth;
    const range = document.createRange();
    return [...viewport.querySelectorAll<HTMLElement>('.row:not([hidden]) .dline:not([hidden])')]
      .filter((line) => {
        range.selectNodeContents(line);
        const textRight = Math.max(0, ...[...range.getClientRects()].map((r) => r.right));
        const box = line.getBoundingClientRect().right;
        return Math.max(box, textRight) > Math.min(right, box) + 1;
      })
      .map((line) => `${(line.closest('.row') as HTMLElement).dataset.start}: ${line.textContent}`);
  });
}

test('every decoded value reads whole down to 200 px: keyframes, matrix rows and NRes rows break between values', async () => {
  for (const width of [1400, 700, 250, 200]) {
    for (const kind of ['clip', 'skeleton', 'msh'] as const) {
      const cut = await withPage(kind, width, cutLines);
      assert.deepEqual(cut, [], `${kind} at ${width} px`);
    }
  }
});
