/**
 * Hex editor rows: open-to-first-paint and jump-to-last-frame for 1 MB, 16 MB and 267 MB clips,
 * measured in headless Chromium with the real webview bundle (dist/webview/hex.js) in a plain
 * page and a fake extension host in Node that reads the file on disk in pieces (see
 * hexEditorPage.ts). VS Code's own webview start-up is not included. The 1 MB clip is the
 * same-run baseline: the ratios show how the cost grows with the file size (it should not).
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { writeClipFile } from './clipData';
import { formatNumber, type BenchBaseline, type BenchContext } from './harness';
import { openHexPage } from './hexEditorPage';

const CLIPS = [
  { name: '1 MB', bones: 64, frames: 1024 },
  { name: '16 MB', bones: 255, frames: 4112 },
  { name: '267 MB (largest legal)', bones: 255, frames: 65535 },
] as const;
const RUNS = 5;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export default async function hexEditorBench(bench: BenchContext): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.EWZANIM_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    let paintBaseline: BenchBaseline | undefined;
    let jumpBaseline: BenchBaseline | undefined;
    for (const clip of CLIPS) {
      const path = join(bench.tmpDir, `hex-${clip.bones}x${clip.frames}.nczxanim`);
      const size = await writeClipFile(path, clip.bones, clip.frames);
      const lastRecord = size - 16;
      const paints: number[] = [];
      const trips: number[] = [];
      const jumps: number[] = [];
      let last = { heapMB: 0, nodes: 0, bytesRead: 0 };
      // A fresh page per run: every open and every jump starts with an empty page cache.
      for (let run = 0; run < RUNS; run++) {
        const hex = await openHexPage(browser, path, 'clip');
        try {
          paints.push(await hex.firstPaintMs());
          // As a user would: the editor has settled before the first jump.
          await hex.page.waitForTimeout(300);
          trips.push(await hex.roundTripMs());
          jumps.push(await hex.jumpMs(lastRecord));
          last = { ...(await hex.metrics()), bytesRead: hex.bytesRead() };
        } finally {
          await hex.close();
        }
      }
      const paint = median(paints);
      const jump = median(jumps);
      paintBaseline ??= { name: 'first paint, 1 MB clip', value: paint, unit: 'ms' };
      jumpBaseline ??= { name: 'jump to end, 1 MB clip', value: jump, unit: 'ms' };
      const isBaseline = clip === CLIPS[0];
      if (isBaseline) {
        bench.add({
          name: 'baseline: one 16 KiB page fetch from the fake host (page round trip)',
          value: median(trips), unit: 'ms',
          note: `median of ${RUNS}; every jump pays at least this`,
        });
      }
      bench.add({
        name: `hex editor: open to first rows painted, ${clip.name}`,
        value: paint, unit: 'ms',
        baseline: isBaseline ? undefined : paintBaseline,
        target: { on: 'value', op: '<', threshold: 1000 },
        note: `median of ${RUNS}, headless Chromium, webview bundle + fake host`,
      });
      bench.add({
        name: `hex editor: jump to last frame, ${clip.name}`,
        value: jump, unit: 'ms',
        baseline: isBaseline ? undefined : jumpBaseline,
        target: { on: 'value', op: '<', threshold: 100 },
        note: `median of ${RUNS}; until the row shows its bytes; minus the same run's page round trip: ${formatNumber(
          median(jumps.map((j, i) => j - trips[i])),
        )} ms`,
      });
      bench.add({
        name: `hex editor: webview JS heap after the jump, ${clip.name}`,
        value: last.heapMB, unit: 'MB',
        target: { on: 'value', op: '<', threshold: 100 },
        note: `${last.nodes} DOM nodes; host read ${last.bytesRead} bytes of ${size}`,
      });
    }
  } finally {
    await browser.close();
  }
}
