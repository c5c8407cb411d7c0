/**
 * The hex editor's edit panel in headless Chromium (the panel alone, bundled with its
 * @vscode-elements controls and the editor's stylesheet; a fake host records what is sent):
 * which forms a selection shows, what each form shows of the row, the line that says what would
 * be stored, refusals that send nothing, and the offset, bytes and undo label of each edit sent.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { heroModel } from '../msh/mshFixtures';
import type { SentEdit } from './editPanelPage';

const WAVE = [...readFileSync(join('test', 'fixtures', 'upstream', 'multi-skinned-rom', 'assets', 'wave1.ewzanim'))];
/** wave1: frame 0 · bone 0's record, and its scale x (f16) at 10..11 of it. */
const RECORD_0 = 4;
const SCALE_X = RECORD_0 + 10;
/** hero.msh: node 1's record (its fallback key, a u16, at 6..7) and key 3 (its time, an f32, at 12..15). */
const NODE_1 = 54;
const KEY_3 = 208;
const KEY_3_TIME = KEY_3 + 12;

let browser: Browser;
let script = '';
let style = '';

before(async () => {
  const bundle = await build({
    entryPoints: [join('test', 'unit', 'hex', 'editPanelPage.ts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    outdir: 'edit-panel-page',
    write: false,
    logLevel: 'silent',
  });
  for (const file of bundle.outputFiles) {
    if (file.path.endsWith('.js')) script = file.text;
    if (file.path.endsWith('.css')) style = file.text;
  }
  browser = await chromium.launch({ executablePath: process.env.EWZANIM_CHROMIUM ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
});

after(async () => {
  await browser?.close();
});

/** A page with the panel over `bytes`, nothing selected yet. */
async function withPanel(kind: 'clip' | 'msh', bytes: number[], use: (page: Page) => Promise<void>): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 500, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.addInitScript('window.__name = (f) => f;');
    await page.setContent('<!DOCTYPE html><html><head></head><body></body></html>');
    await page.addStyleTag({ content: style });
    await page.addScriptTag({ content: script });
    await page.evaluate(([kind, bytes]) => window.editPanelHarness.open(kind, bytes), [kind, bytes] as const);
    await use(page);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
}

const select = (page: Page, offset: number): Promise<void> => page.evaluate((offset) => window.editPanelHarness.select(offset), offset);
const sent = (page: Page): Promise<SentEdit[]> => page.evaluate(() => window.editPanelHarness.sent());
const valueOf = (page: Page, id: string): Promise<string> => page.$eval(`#${id}`, (e) => (e as HTMLElement & { value: string }).value);
const textOf = (page: Page, id: string): Promise<string> => page.$eval(`#${id}`, (e) => e.textContent ?? '');
const message = (page: Page): Promise<{ text: string; error: boolean }> =>
  page.$eval('#edit-message', (e) => ({ text: e.textContent ?? '', error: e.classList.contains('error') }));
/** The forms a person sees, by one control of each. */
const shownForms = async (page: Page): Promise<string[]> => {
  const forms: [string, string][] = [['hint', '#edit-hint'], ['keyframe', '#edit-rotation-x'], ['msh value', '#edit-msh-value'], ['msh key', '#edit-msh-time'], ['raw', '#edit-raw']];
  const shown: string[] = [];
  for (const [name, selector] of forms) if (await page.isVisible(selector)) shown.push(name);
  return shown;
};
/** `row` with `bytes` written at `at` (an offset within the row). */
const withBytes = (row: number[], at: number, bytes: number[]): number[] => [...row.slice(0, at), ...bytes, ...row.slice(at + bytes.length)];

test('before a selection only the hint shows; a keyframe shows its values, a header only its raw bytes', async () => {
  await withPanel('clip', WAVE, async (page) => {
    assert.deepEqual(await shownForms(page), ['hint']);
    assert.equal(await textOf(page, 'edit-hint'), 'Select a byte to edit its row.');
    await select(page, SCALE_X);
    assert.deepEqual(await shownForms(page), ['keyframe', 'raw']);
    assert.deepEqual(await Promise.all(['scale-x', 'scale-y', 'scale-z'].map((id) => valueOf(page, `edit-${id}`))), ['1', '1', '1']);
    assert.equal(await valueOf(page, 'edit-raw'), WAVE.slice(RECORD_0, RECORD_0 + 16).map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' '));
    assert.match(await textOf(page, 'edit-preview'), /^Will store q \(.+\) p \(.+\) s \(1, 1, 1\) = ([0-9A-F]{2} ){15}[0-9A-F]{2}$/);
    await select(page, 0);
    assert.deepEqual(await shownForms(page), ['raw']);
    assert.equal(await valueOf(page, 'edit-raw'), '03 00 1E 00');
  });
});

test('a keyframe by value: bad input is refused in the preview and on Apply, nothing sent; a good one is sent as the row\'s 16 bytes', async () => {
  await withPanel('clip', WAVE, async (page) => {
    await select(page, SCALE_X);
    await page.fill('#edit-scale-y input', 'abc');
    assert.equal(await textOf(page, 'edit-preview'), 'Refused: scale y: "abc" is not a number.');
    await page.click('#edit-apply');
    assert.deepEqual(await message(page), { text: 'Not applied: scale y: "abc" is not a number.', error: true });
    assert.deepEqual(await sent(page), []);
    await page.fill('#edit-scale-y input', '1');
    await page.fill('#edit-scale-x input', '2');
    assert.match(await textOf(page, 'edit-preview'), / s \(2, 1, 1\) = /);
    await page.click('#edit-apply');
    await page.waitForFunction(() => document.getElementById('edit-message')?.textContent?.startsWith('Applied'));
    assert.deepEqual(await message(page), { text: 'Applied: Edit frame 0 · bone 0.', error: false });
    const row = WAVE.slice(RECORD_0, RECORD_0 + 16);
    assert.deepEqual(await sent(page), [{ offset: RECORD_0, bytes: withBytes(row, 10, [0x00, 0x40]), label: 'Edit frame 0 · bone 0' }]);
  });
});

test('Euler degrees hide w and show three angles; back to a quaternion, the row is sent unchanged', async () => {
  await withPanel('clip', WAVE, async (page) => {
    await select(page, SCALE_X);
    const quaternion = await Promise.all(['x', 'y', 'z', 'w'].map((a) => valueOf(page, `edit-rotation-${a}`)));
    const chooseMode = (mode: string) =>
      page.evaluate((mode) => {
        const select = document.getElementById('edit-rotation-mode') as HTMLElement & { value: string };
        select.value = mode;
        select.dispatchEvent(new Event('change'));
      }, mode);
    await chooseMode('euler');
    assert.equal(await page.isVisible('#edit-rotation-w'), false);
    // q (0.000691208, 0.000691208, 0.000691208, ~1) turns about 2 × 0.000691208 rad = 0.0792° about each axis.
    assert.deepEqual(quaternion.slice(0, 3), ['0.000691208', '0.000691208', '0.000691208']);
    const euler = await Promise.all(['x', 'y', 'z'].map((a) => valueOf(page, `edit-rotation-${a}`)));
    for (const angle of euler) assert.ok(Math.abs(Number(angle) - 0.0792) < 0.0001, `${angle}°`);
    await chooseMode('quaternion');
    assert.equal(await page.isVisible('#edit-rotation-w'), true);
    assert.deepEqual(await Promise.all(['x', 'y', 'z', 'w'].map((a) => valueOf(page, `edit-rotation-${a}`))), quaternion);
    await page.click('#edit-apply');
    await page.waitForFunction(() => document.getElementById('edit-message')?.textContent?.startsWith('Applied'));
    assert.deepEqual(await sent(page), [{ offset: RECORD_0, bytes: WAVE.slice(RECORD_0, RECORD_0 + 16), label: 'Edit frame 0 · bone 0' }]);
  });
});

test('raw bytes: a wrong count is refused, nothing sent; the host\'s refusal is said in the error colour; a new row clears the message', async () => {
  await withPanel('clip', WAVE, async (page) => {
    await select(page, 0);
    await page.fill('#edit-raw input', '02 00');
    await page.click('#edit-apply-raw');
    assert.deepEqual(await message(page), { text: 'Not applied: Raw bytes: 2 bytes typed, this row needs exactly 4.', error: true });
    assert.deepEqual(await sent(page), []);
    await page.evaluate(() => window.editPanelHarness.refuseWith('the file is read-only'));
    await page.fill('#edit-raw input', '03 00 1e 00');
    await page.click('#edit-apply-raw');
    await page.waitForFunction(() => document.getElementById('edit-message')?.textContent?.includes('read-only'));
    assert.deepEqual(await message(page), { text: 'Not applied: the file is read-only', error: true });
    assert.deepEqual(await sent(page), [{ offset: 0, bytes: [3, 0, 30, 0], label: 'Edit bytes of header' }]);
    await select(page, SCALE_X);
    assert.deepEqual(await message(page), { text: '', error: false });
  });
});

test('MSH: a field by value (a u16 that does not fit is refused) and a whole key, with the stored i16 shown first', async () => {
  const hero = [...heroModel()];
  await withPanel('msh', hero, async (page) => {
    assert.deepEqual(await shownForms(page), ['hint']);
    await select(page, NODE_1 + 6);
    assert.deepEqual(await shownForms(page), ['msh value', 'raw']);
    assert.equal(await textOf(page, 'edit-msh-field'), 'Fallback key in Res8 (u16)');
    assert.equal(await valueOf(page, 'edit-msh-value'), '3');
    await page.fill('#edit-msh-value input', '70000');
    await page.click('#edit-msh-apply-value');
    assert.deepEqual(await message(page), { text: 'Not applied: Fallback key in Res8 (u16): 70000 is not a whole number in 0..65535.', error: true });
    await page.fill('#edit-msh-value input', '2');
    await page.click('#edit-msh-apply-value');
    await page.waitForFunction(() => document.getElementById('edit-message')?.textContent?.startsWith('Applied'));
    assert.deepEqual(await sent(page), [{ offset: NODE_1 + 6, bytes: [2, 0], label: 'Edit Fallback key in Res8 (u16) in node 1' }]);

    await select(page, KEY_3_TIME);
    assert.deepEqual(await shownForms(page), ['msh value', 'msh key', 'raw']);
    assert.equal(await valueOf(page, 'edit-msh-time'), '4');
    await page.fill('#edit-msh-time input', 'soon');
    assert.match(await textOf(page, 'edit-msh-preview'), /^Refused: /);
    await page.click('#edit-msh-apply-key');
    assert.match((await message(page)).text, /^Not applied: /);
    await page.fill('#edit-msh-time input', '2.5');
    await page.fill('#edit-msh-rotation-w input', String(Math.SQRT1_2));
    await page.fill('#edit-msh-rotation-z input', String(Math.SQRT1_2));
    assert.match(await textOf(page, 'edit-msh-preview'), /t 2\.5 q i16 \(w 23170, x 0, y 0, z 23170\) = /);
    await page.click('#edit-msh-apply-key');
    await page.waitForFunction(() => document.getElementById('edit-message')?.textContent?.includes('key 3'));
    const [, key] = await sent(page);
    const keyRow = hero.slice(KEY_3, KEY_3 + 24);
    assert.deepEqual(key, { offset: KEY_3, bytes: withBytes(keyRow, 12, [0x00, 0x00, 0x20, 0x40, 0x00, 0x00, 0x00, 0x00, 0x82, 0x5a, 0x82, 0x5a]), label: key.label });
    assert.match(key.label, /^Edit key 3/);
  });
});
