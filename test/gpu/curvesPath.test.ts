/**
 * The Curves panel's lines (webview/preview/curves/sharedXPath.ts: x pixels worked out once per
 * plot) draw the same canvas bytes as uPlot's own `linear` path builder, in Chromium: envelopes of
 * two points a pixel column over the whole largest clip, a fractional window, a zoom to fewer
 * points than pixels, and lines with gaps (left to uPlot's builder).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openTestPage, type TestPage } from './browserHarness';
import type { PathCase } from './pages/curvesPathPage';

const cases: PathCase[] = [
  { name: 'the whole largest clip, two points a pixel column', points: 2280, first: 0, last: 65534, gaps: false },
  { name: 'a fractional first frame', points: 2280, first: 0.3, last: 65534, gaps: false },
  { name: 'zoomed in: fewer points than pixels', points: 50, first: 3, last: 40, gaps: false },
  { name: 'a window of 600 frames from 100.5', points: 600, first: 100.5, last: 700.25, gaps: false },
  { name: 'lines with gaps', points: 2280, first: 0, last: 65534, gaps: true },
];

describe('Curves: the lines\' paths draw what uPlot\'s linear paths draw', { timeout: 120_000 }, () => {
  let testPage: TestPage;
  before(async () => { testPage = await openTestPage(join(__dirname, 'pages', 'curvesPathPage.ts'), { width: 1280, height: 400 }); });
  after(async () => { await testPage?.close(); });

  for (const c of cases) {
    it(c.name, async () => {
      const { differ, inked } = await testPage.page.evaluate((x) => (window as unknown as { compare(c: PathCase): { differ: number; inked: number } }).compare(x), c);
      assert.ok(inked > 10_000, `the lines are drawn (${inked} bytes not background)`);
      assert.equal(differ, 0, `${differ} canvas bytes differ`);
    });
  }
});
