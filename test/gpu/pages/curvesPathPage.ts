/**
 * Browser side of test/gpu/curvesPath.test.ts: the same lines drawn by uPlot with its own
 * `linear` path builder and with the Curves panel's (webview/preview/curves/sharedXPath.ts), the
 * canvases' bytes compared.
 */
import uPlot from 'uplot';
import { sharedXLinearPaths } from '../../../webview/preview/curves/sharedXPath';

export interface PathCase {
  name: string;
  /** Points (frames), from first to last. */
  points: number;
  first: number;
  last: number;
  /** Every 97th value null (a gap). */
  gaps: boolean;
}

function drawn(paths: uPlot.Series.PathBuilder | undefined, data: (number | null)[][], first: number, last: number): Uint8ClampedArray {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const u = new uPlot({
    width: 1200, height: 300, legend: { show: false }, scales: { x: { time: false, auto: false } },
    series: [{}, ...data.slice(1).map((_, i) => ({ stroke: ['#f14c4c', '#89d185', '#3794ff'][i % 3], width: 1.25, points: { show: false }, ...(paths ? { paths } : {}) }))],
  }, [[]], host);
  u.batch(() => {
    u.setData(data as uPlot.AlignedData, false);
    u.setScale('x', { min: first, max: last });
  });
  const bytes = u.ctx.getImageData(0, 0, u.ctx.canvas.width, u.ctx.canvas.height).data.slice();
  u.destroy();
  host.remove();
  return bytes;
}

/** Bytes that differ between the two drawings of six lines of `c`'s points, and the bytes drawn (not background). */
function compare(c: PathCase): { differ: number; inked: number } {
  const frames = Array.from({ length: c.points }, (_, i) => Math.floor(c.first + (i * (c.last - c.first)) / c.points));
  const data: (number | null)[][] = [frames];
  for (let s = 0; s < 6; s++) data.push(frames.map((f, i) => (c.gaps && i % 97 === 5 ? null : Math.sin(f / (300 + s * 50)) * 40 + ((i * 7919 + s * 104729) % 1000) / 100 - (i % 2) * 7)));
  const own = drawn(undefined, data, c.first, c.last);
  const shared = drawn(sharedXLinearPaths(), data, c.first, c.last);
  let differ = 0;
  let inked = 0;
  for (let i = 0; i < own.length; i++) {
    if (own[i] !== shared[i]) differ++;
    if (own[i] !== 0) inked++;
  }
  return { differ, inked };
}

Object.assign(window, { compare, pageReady: true });
