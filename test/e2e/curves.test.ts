/**
 * The preview's Curves panel in a real VS Code (code-server + Chromium, 1400 x 900): the sample
 * creature (scripts/sample-pack.ts) with a pop planted on one bone, opened in the hex editor;
 * the hex editor's "Show Curves" title button opens the preview with the panel shown; the pop's
 * bone is picked in the bone list and a second bone Ctrl-clicked: both bones' curves are drawn,
 * one readout row each, fitting the panel's width; the pop's marker is drawn where the motion
 * rules found it, and a click next to it selects the pop's frame and bone everywhere: the
 * preview goes there and the hex editor selects the pop's bytes. Saves a screenshot (EWZANIM_E2E_SCREENSHOTS=<folder>, else
 * the temp folder) for a person to look at.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { decodeKeyframe, encodeKeyframe, keyframeOffset, multiplyQuaternions, quaternionFromEulerDegrees } from '../../formats/index';
import { motionFindings } from '../../formats/motion/motionFindings';
import { writeSamplePack } from '../../scripts/sample-pack';
import { openHexFile, waitForSelection, withVSCode } from './harness';

/** The pop: bone 12 turns 150 degrees more at frame 34 than around it. */
const POP = { bone: 12, frame: 34, degrees: 150 };
/** The second bone selected (Ctrl-click) beside the pop's. */
const OTHER_BONE = 9;

/** Turns `POP.bone`'s record at `POP.frame` by `POP.degrees` about its x axis, in place. */
function plantPop(clip: Uint8Array): void {
  const at = keyframeOffset({ boneCount: clip[0] }, POP.frame, POP.bone);
  const t = decodeKeyframe(clip, at);
  encodeKeyframe({ ...t, rotation: multiplyQuaternions(t.rotation, quaternionFromEulerDegrees(POP.degrees, 0, 0)) }, clip, at);
}

interface CurvesProbe {
  frame: number;
  bone: number;
  /** The bones the panel draws, and how many are still to be decoded. */
  bones: number[];
  pending: number;
  shown: boolean;
  draws: number;
  title: string;
  /** The marks drawn for the panel's bone: [code, frame]. */
  marks: [string, number][];
  markerX: number;
  /** First and last frame in view. */
  window: [number, number];
}

type PreviewWindow = {
  ewzanimPreview?: {
    loads: number;
    currentFrame: number;
    model: { selectedBone: number; curves: { shown: boolean; marksReady: boolean; marks(bones: number[]): { code: string; frame: number }[]; window: { first: number; last: number } } };
    curves: { draws: number; bones: number[]; pending: number; frameX(frame: number): number };
  };
};

async function probe(frame: Frame, markerFrame: number): Promise<CurvesProbe | undefined> {
  return frame.evaluate((at) => {
    const app = (window as unknown as PreviewWindow).ewzanimPreview;
    if (!app || app.loads === 0) return undefined;
    const curves = app.model.curves;
    return {
      frame: app.currentFrame,
      bone: app.model.selectedBone,
      bones: app.curves.bones,
      pending: app.curves.pending,
      shown: curves.shown && !document.getElementById('curves')!.hidden,
      draws: app.curves.draws,
      title: document.querySelector('.curves-title')?.textContent ?? '',
      marks: curves.marksReady ? curves.marks(app.curves.bones).map((m): [string, number] => [m.code, m.frame]) : [],
      markerX: app.curves.frameX(at),
      window: [curves.window.first, curves.window.last] as [number, number],
    };
  }, markerFrame).catch(() => undefined);
}

async function until<T>(page: Page, read: () => Promise<T | undefined>, ok: (value: T) => boolean, what: string, ms = 30_000): Promise<T> {
  let last: T | undefined;
  for (let waited = 0; waited < ms; waited += 200) {
    last = await read();
    if (last !== undefined && ok(last)) return last;
    await page.waitForTimeout(200);
  }
  assert.fail(`within ${ms / 1000} s: ${what}; last seen: ${JSON.stringify(last)}`);
}

test('curves: the planted pop is marked, and a click on it selects its frame and bone in the hex editor', { timeout: 300_000 }, async () => {
  const root = mkdtempSync(join(tmpdir(), 'ewzanim-curves-ws-'));
  try {
    const pack = await writeSamplePack(root);
    const clip = new Uint8Array(readFileSync(pack.clip));
    plantPop(clip);
    writeFileSync(pack.clip, clip);
    const pops = motionFindings(clip).filter((f) => f.code === 'anim/pop');
    assert.deepEqual(pops.map((f) => [f.bone, f.frames]), [[POP.bone, [POP.frame - 1, POP.frame]]], 'the core finds the planted pop, and only it');
    const popBytes = pops[0].byteRange;

    // Without the Chat side bar the preview gets half the 1400 px window.
    const settings = { 'workbench.secondarySideBar.defaultVisibility': 'hidden', 'chat.disableAIFeatures': true };
    await withVSCode({ workspace: root, webgpu: true, settings }, async ({ page, waitForWorkbench }) => {
      await waitForWorkbench();
      const hex = await openHexFile(page, basename(pack.clip));
      const button = '.editor-actions .action-label[aria-label*="Show Curves"]';
      await page.waitForSelector(button, { timeout: 60_000 });
      await page.click(button);

      const previewOf = async (): Promise<Frame | undefined> => {
        for (const f of page.frames()) if ((await probe(f, POP.frame))?.shown) return f;
        return undefined;
      };
      const preview = await until(page, previewOf, () => true, 'a preview with its Curves panel shown', 60_000);

      // Pick the bone in the bone list, as a user would, then Ctrl-click a second one.
      await preview.click(`#bone-list .bone:nth-child(${POP.bone + 1})`);
      const one = await until(page, () => probe(preview, POP.frame), (p) => p.bone === POP.bone && p.pending === 0, `bone ${POP.bone}'s curves`);
      assert.match(one.title, new RegExp(`bone ${POP.bone}\\b`));
      await preview.click(`#bone-list .bone:nth-child(${OTHER_BONE + 1})`, { modifiers: ['Control'] });
      const picked = await until(page, () => probe(preview, POP.frame), (p) => p.bones.length === 2 && p.pending === 0 && p.marks.length > 0, `bones ${POP.bone} and ${OTHER_BONE} drawn with their marks`);
      assert.deepEqual(picked.bones, [POP.bone, OTHER_BONE], 'both bones drawn, in the order picked');
      assert.equal(picked.bone, OTHER_BONE, 'the last clicked is the bone the other views follow');
      assert.match(picked.title, /Curves: 2 bones/);
      assert.deepEqual(picked.marks, [['anim/pop', POP.frame]], 'the pop is the one mark on the two bones');
      // (No named functions inside evaluate: the bundler's __name helper does not exist in the page.)
      const layout = await preview.evaluate(() => ({
        panel: document.getElementById('curves')!.getBoundingClientRect().right,
        rows: Array.from(document.querySelectorAll('.curves-row'), (row) => row.querySelector('.curves-name')?.textContent ?? ''),
        rightmost: Math.max(...Array.from(document.querySelectorAll('.curves-values, .curves-status'), (e) => e.getBoundingClientRect().right)),
        selected: Array.from(document.querySelectorAll('#bone-list .bone.selected'), (b) => Number((b as HTMLElement).dataset.bone)),
      }));
      assert.deepEqual(layout.selected, [OTHER_BONE, POP.bone], 'the bone list shows both bones selected');
      assert.equal(layout.rows.length, 2, `one readout row per bone: ${layout.rows.join(' | ')}`);
      assert.ok(layout.rightmost <= layout.panel + 0.5, `the readout fits the panel: its right edge ${layout.rightmost} px, the panel's ${layout.panel} px`);

      // Click a few pixels beside the marker: it snaps to the pop's frame.
      const over = `.curves-rotation .u-over`;
      const box = (await preview.locator(over).boundingBox())!;
      await preview.click(over, { position: { x: picked.markerX + 3, y: box.height / 2 } });
      const clicked = await until(page, () => probe(preview, POP.frame), (p) => p.frame === POP.frame, `the preview on frame ${POP.frame}`);
      assert.equal(clicked.bone, POP.bone, 'the marker\'s bone is selected');
      assert.deepEqual(clicked.bones, [POP.bone, OTHER_BONE], 'and both bones stay selected');
      // The hex editor follows a frame and bone with its cursor on the record's first byte: the pop's bytes start there.
      await waitForSelection(hex, popBytes.start, popBytes.start + 1);
      assert.equal(popBytes.end - popBytes.start, 16, 'the pop\'s bytes are that one record');

      // Split beside the preview, the hex editor's rows scroll sideways: the row's last byte can be reached.
      const hexFit = await hex.evaluate(() => {
        const viewport = document.querySelector('.viewport') as HTMLElement;
        const row = viewport.querySelector('.row.selected') ?? viewport.querySelector('.row')!;
        const bytes = row.querySelectorAll('.b');
        viewport.scrollLeft = viewport.scrollWidth;
        const fit = { lastByte: bytes[bytes.length - 1].getBoundingClientRect().right, viewport: viewport.getBoundingClientRect().right, scrolled: viewport.scrollLeft };
        viewport.scrollLeft = 0;
        return fit;
      });
      assert.ok(hexFit.lastByte <= hexFit.viewport + 0.5, `the hex row's last byte (right edge ${hexFit.lastByte} px, scrolled ${hexFit.scrolled} px) within the editor (${hexFit.viewport} px)`);
      // The preview's readout of the selected bone is shown whole (the panel is narrow: it sits beside the bone list).
      const details = await preview.evaluate(() => {
        const e = document.getElementById('bone-details')!;
        const side = document.getElementById('side')!.getBoundingClientRect();
        const box = e.getBoundingClientRect();
        return { text: e.textContent ?? '', scrollWidth: e.scrollWidth, clientWidth: e.clientWidth, top: box.top, right: box.right, bottom: box.bottom, sideTop: side.top, sideRight: side.right, sideBottom: side.bottom };
      });
      assert.match(details.text, /^bone 12 · frame 34/);
      assert.ok(details.scrollWidth <= details.clientWidth && details.top >= details.sideTop - 0.5 && details.right <= details.sideRight + 0.5 && details.bottom <= details.sideBottom + 0.5, `the bone readout is not clipped: ${JSON.stringify(details)}`);

      await preview.hover(over, { position: { x: picked.markerX, y: box.height / 3 } });
      const status = await preview.evaluate(() => document.querySelector('.curves-status')?.textContent ?? '');
      assert.match(status, new RegExp(`^frame ${POP.frame} .*anim/pop`), 'the hover reads the pop\'s frame');
      const rows = await preview.evaluate(() => Array.from(document.querySelectorAll('.curves-row'), (row) => row.textContent ?? ''));
      assert.equal(rows.length, 2);
      for (const row of rows) assert.match(row, /rot ∠ +-?\d+\.\d+° x +-?\d+\.\d+° y .*pos x .*scl x /, `a bone's row reads every channel: ${row}`);

      // The wheel zooms about the pointer: the pop stays in view, the window narrows.
      await page.mouse.wheel(0, -300);
      const zoomed = await until(page, () => probe(preview, POP.frame), (p) => p.window[1] - p.window[0] < 59, 'the wheel zooms in');
      assert.ok(zoomed.window[0] <= POP.frame && POP.frame <= zoomed.window[1], `frame ${POP.frame} stays in view: ${zoomed.window.join('-')}`);

      const folder = process.env.EWZANIM_E2E_SCREENSHOTS ?? join(tmpdir(), 'ewzanim-curves-shots');
      mkdirSync(folder, { recursive: true });
      const shot = join(folder, 'curves-pop.png');
      await page.screenshot({ path: shot });
      console.log(`screenshot: ${shot}`);
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
