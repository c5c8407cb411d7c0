/**
 * The Curves panel: the selected bone's rotation (angle from frame 0, Euler XYZ), position and
 * scale against frames, as three synced plots (curvePlot.ts) fed per-pixel-column envelopes
 * (curveSeries.ts), with the motion findings drawn on them, a playhead that follows the
 * timeline, zoom and pan on the frame axis and exact values on hover. A click selects that
 * frame and bone in every view (a click near a marker: the marker's frame). Bound to the
 * PreviewModel's changes by app.ts; its state lives in the model (model.curves).
 */
import { formatSignificant } from '../../../formats/numberText';
import type { PreviewModel } from '../model/previewModel';
import { markerNear, type CurveMark } from './curveMarks';
import { CurvePlot, type PlotEvents, type PlotLook } from './curvePlot';
import { CURVE_CHANNELS, channelsOf, curveEnvelope, type BoneCurves, type CurveGroup } from './curveSeries';

const GROUPS: { group: CurveGroup; title: string }[] = [
  { group: 'rotation', title: 'rotation °' },
  { group: 'position', title: 'position' },
  { group: 'scale', title: 'scale' },
];
/** A click this many pixels from a marker picks the marker. */
const MARKER_PICK_PX = 6;
/** Zoom per wheel notch (100 px of deltaY). */
const WHEEL_ZOOM = 1.25;

export class CurvesView {
  /** Draws done (tests and the bench wait on it). */
  draws = 0;
  private plots: CurvePlot[] = [];
  private readonly title: HTMLElement;
  private readonly readout: HTMLElement;
  private readonly body: HTMLElement;
  private marks: CurveMark[] = [];
  private queued = false;

  constructor(private readonly root: HTMLElement, private readonly model: PreviewModel) {
    root.innerHTML = `<div class="curves-head"><span class="curves-title"></span><span class="curves-readout" aria-live="polite"></span></div>` +
      `<div class="curves-body" title="Wheel: zoom. Shift+wheel: pan. Drag: zoom to the range. Double-click: the whole clip. Click: select that frame and bone everywhere."></div>`;
    this.title = root.querySelector('.curves-title')!;
    this.readout = root.querySelector('.curves-readout')!;
    this.body = root.querySelector('.curves-body')!;
    new ResizeObserver(() => this.resize()).observe(this.body);
  }

  /** The panel's bone: the selected one, else the hovered one, else bone 0. */
  get bone(): number {
    const m = this.model;
    return m.selectedBone >= 0 ? m.selectedBone : m.hoveredBone >= 0 ? m.hoveredBone : 0;
  }

  /** Shows or hides the panel as the model says; a shown panel draws at once. */
  syncShown(): void {
    const shown = this.model.curves.shown && this.model.scene !== undefined;
    this.root.hidden = !shown;
    if (shown) this.draw();
  }

  /** Redraws the curves (a new scene or bone); synchronous, so the first draw is measurable. */
  draw(): void {
    if (this.root.hidden || !this.model.scene) return;
    if (this.plots.length === 0) this.createPlots();
    const bone = this.bone;
    const curves = this.model.curves.curves(bone);
    if (!curves) return;
    this.title.textContent = `Curves: ${this.boneText(bone)}`;
    const ready = this.model.curves.marksReady;
    this.marks = this.model.curves.marks(bone);
    this.render(curves);
    // The motion scan of a large clip is the slow part: draw first, then the marks, one slice
    // per animation frame (setTimeout's chain would keep the frames from being painted).
    if (!ready) this.model.curves.scanMarks((task) => requestAnimationFrame(task), () => { this.marks = this.model.curves.marks(this.bone); this.queueRender(); });
  }

  /** Where `frame` is, in CSS px from the left of a plot's drawing area (`.u-over`); tests click there. */
  frameX(frame: number): number {
    return this.plots[0]?.plot.valToPos(frame, 'x') ?? NaN;
  }

  /** The playhead follows the model's time. */
  moveTo(frame: number): void {
    for (const plot of this.plots) plot.setPlayhead(frame);
  }

  private render(curves: BoneCurves): void {
    const view = this.model.curves.window;
    for (const plot of this.plots) plot.show(curveEnvelope(curves, view.first, view.last, plot.columns), view.first, view.last, this.marks);
    this.moveTo(this.model.position);
    this.draws++;
  }

  /** One redraw per animation frame, however many wheel events come. */
  private queueRender(): void {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      const curves = this.model.curves.curves(this.bone);
      if (curves && !this.root.hidden) this.render(curves);
    });
  }

  private createPlots(): void {
    const look = plotLook(this.root);
    const events = this.events();
    const { width, height } = this.plotSize();
    this.plots = GROUPS.map(({ group, title }) => {
      const lines = channelsOf(group).map((channel) => ({ label: CURVE_CHANNELS[channel].label, colour: look.colours[CURVE_CHANNELS[channel].axis], channel }));
      const host = document.createElement('div');
      host.className = `curves-plot curves-${group}`;
      this.body.appendChild(host);
      return new CurvePlot(host, title, lines, look, events, { width, height }, 'ewzanim-curves');
    });
  }

  private events(): PlotEvents {
    const view = this.model.curves.window;
    return {
      click: (frame, framesPerPixel) => {
        const marker = markerNear(this.marks, frame, framesPerPixel * MARKER_PICK_PX);
        this.model.selectKeyframe(marker ? marker.frame : Math.round(frame), this.bone);
      },
      hover: (frame) => this.showValues(frame),
      select: (first, last) => { view.set(first, last); this.queueRender(); },
      wheel: (event, frame, framesPerPixel) => {
        const sideways = Math.abs(event.deltaX) > Math.abs(event.deltaY);
        if (event.shiftKey || sideways) view.pan((sideways ? event.deltaX : event.deltaY) * framesPerPixel);
        else view.zoom(WHEEL_ZOOM ** (event.deltaY / 100), frame);
        this.queueRender();
      },
      reset: () => { view.set(0, Infinity); this.queueRender(); },
    };
  }

  /** Exact values of the bone at the hovered frame (not the envelope's), and the marks there. */
  private showValues(frame: number | undefined): void {
    const curves = frame === undefined ? undefined : this.model.curves.curves(this.bone);
    if (!curves || frame === undefined || frame < 0 || frame >= curves.frames) {
      this.readout.textContent = '';
      return;
    }
    const values = CURVE_CHANNELS.map((c, i) => `${c.key} ${formatSignificant(curves.values[i][frame], 5)}${c.unit}`).join('  ');
    const here = this.marks.filter((m) => (m.kind === 'marker' ? m.frame === frame : m.first <= frame && frame <= m.last)).map((m) => m.code);
    const text = `frame ${frame}  ${values}${here.length ? `  ⚠ ${here.join(', ')}` : ''}`;
    this.readout.textContent = text;
    this.readout.title = [text, ...this.marks.filter((m) => m.kind === 'marker' && m.frame === frame).map((m) => m.message)].join('\n');
  }

  private boneText(bone: number): string {
    const label = this.model.boneLabel(bone);
    const which = label === `bone ${bone}` ? label : `${label} (bone ${bone})`;
    return this.model.selectedBone >= 0 ? which : `${which}, select a bone to see its curves`;
  }

  private plotSize(): { width: number; height: number } {
    return { width: Math.max(200, this.body.clientWidth), height: Math.max(60, Math.floor(this.body.clientHeight / GROUPS.length)) };
  }

  private resize(): void {
    if (this.plots.length === 0 || this.root.hidden) return;
    const { width, height } = this.plotSize();
    for (const plot of this.plots) plot.setSize(width, height);
    this.queueRender();
  }
}

interface CurvesLook extends PlotLook {
  colours: Record<'x' | 'y' | 'z' | 'angle', string>;
}

/** The plots' colours from VS Code's theme: x red, y green, z blue (as the triad), the angle yellow. */
function plotLook(element: HTMLElement): CurvesLook {
  const style = getComputedStyle(element);
  const v = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  return {
    foreground: v('--vscode-foreground', '#ccc'),
    grid: v('--vscode-editorWidget-border', 'rgba(128,128,128,0.35)'),
    marker: v('--vscode-editorError-foreground', '#f14c4c'),
    band: 'rgba(128, 128, 160, 0.22)',
    playhead: v('--vscode-editorCursor-foreground', '#fff'),
    font: `11px ${v('--vscode-font-family', 'sans-serif')}`,
    colours: { x: v('--vscode-charts-red', '#f14c4c'), y: v('--vscode-charts-green', '#89d185'), z: v('--vscode-charts-blue', '#3794ff'), angle: v('--vscode-charts-yellow', '#cca700') },
  };
}
