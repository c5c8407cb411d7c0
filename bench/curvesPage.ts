/**
 * Browser side of bench/curves.bench.ts: the Curves panel (webview/preview/curves/) on clips the
 * bench serves: the bytes read, then the selected bones' first draw (decode, envelope, the three
 * plots drawn), the motion findings, and a redraw as a pan or zoom makes one.
 */
import { CurvesView } from '../webview/preview/curves/curvesView';
import { PreviewModel } from '../webview/preview/model/previewModel';
import { CURVES_CSS } from '../webview/preview/curves/curvesStyles';
import { SlicedMotionScan } from '../webview/preview/curves/motionScan';

export interface CurvesTiming {
  /** An animation frame with nothing to draw, just before (the page's own frame latency), ms. */
  emptyFrameMs: number;
  /** fetch() to the bytes in hand, ms. */
  readMs: number;
  /** The first draw of the bones, synchronous part (decode, envelope, uPlot's drawing), ms. */
  drawMs: number;
  /** From the bytes in hand to the next animation frame after the first draw, ms. */
  presentedMs: number;
  /** From the bytes in hand to every bone drawn (the first draw's, then one slice per animation frame), ms. */
  completeMs: number;
  /** The motion findings of the whole clip, all slices, ms. */
  marksMs: number;
  /** The longest slice of that scan (the page cannot answer meanwhile), ms. */
  sliceMs: number;
  /** Median of 30 redraws of the whole clip (the work of one pan or zoom step), ms. */
  redrawMs: number;
  bytes: number;
}

const style = document.createElement('style');
style.textContent = CURVES_CSS;
document.head.appendChild(style);

/** The last panel benchCurves made: `redraw` draws it again (a profile's work). */
let lastView: CurvesView | undefined;
const redraw = (times: number): void => { for (let i = 0; i < times; i++) lastView?.draw(); };

const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

async function benchCurves(url: string, bones: number[]): Promise<CurvesTiming> {
  document.getElementById('curves')?.remove();
  const r0 = performance.now();
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  const readMs = performance.now() - r0;
  const root = document.createElement('section');
  root.id = 'curves';
  Object.assign(root.style, { width: '1200px', height: '420px' });
  document.body.appendChild(root);
  const model = new PreviewModel(() => undefined, { later: () => undefined });
  // The preview's own load (header checks, bounds for the camera) is not the curves' work.
  model.load({ type: 'load', clip: { uri: url, name: url, bytes }, frameRate: 30, keepState: false });
  const view = new CurvesView(root, model);
  lastView = view;
  // Selected as in the bone list: a click, then Ctrl-clicks.
  bones.forEach((bone, i) => model.selection.select(bone, i === 0 ? 'only' : 'toggle'));
  model.curves.setShown(true);
  const e0 = performance.now();
  await nextFrame();
  const emptyFrameMs = performance.now() - e0;
  const d0 = performance.now();
  view.syncShown();
  const drawMs = performance.now() - d0;
  await nextFrame();
  const presentedMs = performance.now() - d0;
  while (view.pending > 0) await nextFrame();
  const completeMs = performance.now() - d0;
  const scan = new SlicedMotionScan(bytes, {});
  let marksMs = 0;
  let sliceMs = 0;
  for (let done = false; !done;) {
    const s = performance.now();
    done = scan.step();
    const ms = performance.now() - s;
    marksMs += ms;
    sliceMs = Math.max(sliceMs, ms);
  }
  const redraws: number[] = [];
  for (let i = 0; i < 30; i++) {
    const s = performance.now();
    view.draw();
    redraws.push(performance.now() - s);
  }
  redraws.sort((a, b) => a - b);
  return { emptyFrameMs, readMs, drawMs, presentedMs, completeMs, marksMs, sliceMs, redrawMs: redraws[15], bytes: bytes.length };
}

Object.assign(window, { benchCurves, redraw, pageReady: true });
