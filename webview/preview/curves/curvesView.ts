/**
 * The Curves panel: the selected bones' rotation (angle from frame 0, Euler XYZ unwrapped along
 * frames), position and scale against frames, as three synced plots (curvePlot.ts) fed
 * per-pixel-column envelopes (curveSeries.ts), one stroke per bone, with the motion findings
 * drawn on them, a playhead that follows the timeline, zoom and pan on the frame axis and the
 * exact values (the hover's convention) at the frame under the pointer, else at the playhead,
 * one row per bone in fixed columns that wrap. A click selects that frame and the bone of the
 * line nearest it in every view (a click near a marker: the marker's frame). Bound to the
 * PreviewModel's changes by app.ts; its state lives in the model (model.curves).
 */
import { formatPoseValue } from '../../../formats/numberText';
import type { PreviewModel } from '../model/previewModel';
import { markerNear, type CurveMark } from './curveMarks';
import { CurvePlot, type PlotEvents, type PlotLine, type PlotLook } from './curvePlot';
import { MAX_CURVE_BONES } from './curvesModel';
import { CURVE_CHANNELS, channelsOf, curveEnvelopes, type BoneCurves, type CurveGroup } from './curveSeries';

const GROUPS: { group: CurveGroup; title: string }[] = [
  { group: 'rotation', title: 'rotation °' },
  { group: 'position', title: 'position' },
  { group: 'scale', title: 'scale' },
];
/** Each group's name in the readout's rows. */
const GROUP_SHORT: Record<CurveGroup, string> = { rotation: 'rot', position: 'pos', scale: 'scl' };
/** A click this many pixels from a marker picks the marker. */
const MARKER_PICK_PX = 6;
/** Zoom per wheel notch (100 px of deltaY). */
const WHEEL_ZOOM = 1.25;
/** Each shown bone's stroke (CSS px dash patterns), the first bone solid. */
export const BONE_DASHES: readonly (readonly number[])[] = [[], [7, 4], [2, 3], [10, 3, 2, 3], [14, 5], [1, 6], [6, 2, 2, 2, 2, 2], [4, 8]];
const SVG = 'http://www.w3.org/2000/svg';
/**
 * Bones are decoded (65,535 records each on the largest clip) until this long has passed in one
 * go, at least one: the rest on the next animation frames, each drawn as it comes.
 */
const DECODE_SLICE_MS = 30;

export class CurvesView {
  /** Draws done (tests and the bench wait on it). */
  draws = 0;
  private plots: CurvePlot[] = [];
  /** The bones the plots were made for (their lines). */
  private plotted: number[] = [];
  private readonly title: HTMLElement;
  private readonly status: HTMLElement;
  private readonly readout: HTMLElement;
  private readonly body: HTMLElement;
  private marks: CurveMark[] = [];
  private queued = false;
  private hovered?: number;

  constructor(private readonly root: HTMLElement, private readonly model: PreviewModel) {
    root.innerHTML = `<div class="curves-head"><span class="curves-title"></span><span class="curves-status" aria-live="polite"></span></div>` +
      `<div class="curves-readout"></div>` +
      `<div class="curves-body" title="Wheel: zoom. Shift+wheel: pan. Drag: zoom to the range. Double-click: the whole clip. Click: select that frame and bone everywhere."></div>`;
    this.title = root.querySelector('.curves-title')!;
    this.status = root.querySelector('.curves-status')!;
    this.readout = root.querySelector('.curves-readout')!;
    this.body = root.querySelector('.curves-body')!;
    new ResizeObserver(() => this.resize()).observe(this.body);
  }

  /**
   * The panel's bones: the selected ones (the first `MAX_CURVE_BONES`), else the hovered one,
   * else bone 0.
   */
  get bones(): number[] {
    const m = this.model;
    const selected = m.selectedBones;
    if (selected.length) return selected.slice(0, MAX_CURVE_BONES);
    return [m.hoveredBone >= 0 ? m.hoveredBone : 0];
  }

  /** Shows or hides the panel as the model says; a shown panel draws at once. */
  syncShown(): void {
    const shown = this.model.curves.shown && this.model.scene !== undefined;
    this.root.hidden = !shown;
    if (shown) this.draw();
  }

  /**
   * Redraws the curves (a new scene or bones); synchronous, so the first draw is measurable. The
   * bones not decoded yet follow, one animation frame at a time (`pending`).
   */
  draw(): void {
    if (this.root.hidden || !this.model.scene) return;
    const bones = this.bones;
    if (bones.some((bone) => bone >= this.model.boneCount)) return;
    // The plots' lines depend on how many bones there are, not which.
    if (this.plots.length === 0 || bones.length !== this.plotted.length) this.createPlots(bones);
    this.plotted = [...bones];
    this.title.textContent = this.titleText(bones);
    const ready = this.model.curves.marksReady;
    this.marks = this.model.curves.marks(bones);
    this.buildReadout(bones);
    this.render();
    // The motion scan of a large clip is the slow part: draw first, then the marks, one slice
    // per animation frame (setTimeout's chain would keep the frames from being painted).
    if (!ready) this.model.curves.scanMarks((task) => requestAnimationFrame(task), () => { this.marks = this.model.curves.marks(this.plotted); this.queueRender(); });
  }

  /** Where `frame` is, in CSS px from the left of a plot's drawing area (`.u-over`); tests click there. */
  frameX(frame: number): number {
    return this.plots[0]?.plot.valToPos(frame, 'x') ?? NaN;
  }

  /** The playhead follows the model's time; the readout too while no frame is hovered. */
  moveTo(frame: number): void {
    for (const plot of this.plots) plot.setPlayhead(frame);
    if (this.hovered === undefined) this.showValues(undefined);
  }

  /** How many of the shown bones are still to be decoded and drawn. */
  get pending(): number {
    return this.plotted.filter((bone) => !this.model.curves.cached(bone)).length;
  }

  /** The shown bones' channels, those not decoded yet undefined. */
  private shownCurves(): (BoneCurves | undefined)[] {
    return this.plotted.map((bone) => this.model.curves.cached(bone));
  }

  /** Decodes the shown bones not decoded yet, for `DECODE_SLICE_MS` at most (at least one), then draws. */
  private render(): void {
    const start = performance.now();
    const curves = this.plotted.map((bone, i) => this.model.curves.cached(bone) ?? (i === 0 || performance.now() - start < DECODE_SLICE_MS ? this.model.curves.curves(bone) : undefined));
    const view = this.model.curves.window;
    // The three plots are as wide: one envelope per bone serves them all.
    const columns = this.plots[0].columns;
    const envelopes = curveEnvelopes(curves, view.first, view.last, columns);
    for (const plot of this.plots) plot.show(envelopes, view.first, view.last, this.marks);
    this.moveTo(this.model.position);
    this.draws++;
    if (curves.some((c, i) => !c && this.plotted[i] < this.model.boneCount)) this.queueRender();
  }

  /** One redraw per animation frame, however many wheel events come. */
  private queueRender(): void {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      if (!this.root.hidden && this.plots.length) this.render();
    });
  }

  private createPlots(bones: readonly number[]): void {
    for (const plot of this.plots) plot.destroy();
    this.body.textContent = '';
    this.plotted = [...bones];
    const look = plotLook(this.root);
    const { width, height } = this.plotSize();
    this.plots = GROUPS.map(({ group, title }) => {
      const lines: PlotLine[] = bones.flatMap((_, source) => channelsOf(group).map((channel) => ({
        label: bones.length > 1 ? `${CURVE_CHANNELS[channel].label}, stroke ${source + 1}` : CURVE_CHANNELS[channel].label,
        colour: look.colours[CURVE_CHANNELS[channel].axis], dash: BONE_DASHES[source % BONE_DASHES.length], source, channel,
      })));
      const host = document.createElement('div');
      host.className = `curves-plot curves-${group}`;
      this.body.appendChild(host);
      return new CurvePlot(host, title, lines, look, this.events(), { width, height }, 'ewzanim-curves');
    });
  }

  private events(): PlotEvents {
    const view = this.model.curves.window;
    return {
      click: (frame, framesPerPixel, nearest) => {
        const marker = markerNear(this.marks, frame, framesPerPixel * MARKER_PICK_PX);
        const at = marker ? marker.frame : Math.max(0, Math.round(frame));
        const curves = this.shownCurves();
        const line = nearest((l) => curves[l.source]?.plotted[l.channel][Math.min(at, curves[l.source]!.frames - 1)] ?? NaN);
        const lineBone = line ? this.plotted[line.source] : this.plotted[0];
        const bone = marker?.bone !== undefined && this.plotted.includes(marker.bone) ? marker.bone : lineBone;
        this.model.selection.selectKeyframe(at, bone);
      },
      hover: (frame) => { this.hovered = frame; this.showValues(frame); },
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

  /** One row per shown bone: its stroke and name, then its values in fixed columns (showValues). */
  private buildReadout(bones: readonly number[]): void {
    this.readout.textContent = '';
    bones.forEach((bone, source) => {
      const row = document.createElement('div');
      row.className = 'curves-row';
      const name = document.createElement('span');
      name.className = 'curves-bone';
      name.title = this.boneName(bone);
      const text = document.createElement('span');
      text.className = 'curves-name';
      text.textContent = this.boneName(bone);
      name.append(strokeSample(BONE_DASHES[source % BONE_DASHES.length]), text);
      row.appendChild(name);
      for (const { group } of GROUPS) {
        const cell = document.createElement('span');
        cell.className = `curves-values curves-values-${group}`;
        row.appendChild(cell);
      }
      this.readout.appendChild(row);
    });
  }

  /**
   * Exact values (the hover's convention, not the envelope's, not unwrapped) of each shown bone
   * at the hovered frame, else at the playhead's, and the marks there.
   */
  private showValues(hovered: number | undefined): void {
    const frame = hovered ?? this.model.currentFrame;
    if (frame < 0 || frame >= (this.model.scene?.clip.frames ?? 0)) {
      this.status.textContent = '';
      return;
    }
    const rows = Array.from(this.readout.children);
    this.shownCurves().forEach((c, source) => {
      const cells = rows[source]?.querySelectorAll('.curves-values');
      GROUPS.forEach(({ group }, g) => {
        const text = channelsOf(group).map((i) => `${CURVE_CHANNELS[i].key.replace(/^.*\./, '').replace('angle', '∠')}${c ? formatPoseValue(c.values[i][frame]).padStart(9) : '        …'}${CURVE_CHANNELS[i].unit || ' '}`).join(' ');
        if (cells?.[g]) cells[g].textContent = `${GROUP_SHORT[group]} ${text}`;
      });
    });
    const here = this.marks.filter((m) => (m.kind === 'marker' ? m.frame === frame : m.first <= frame && frame <= m.last));
    const text = `frame ${frame}${hovered === undefined ? ' (playhead)' : ''}${here.length ? `  ⚠ ${here.map((m) => m.code).join(', ')}` : ''}`;
    this.status.textContent = text;
    this.status.title = [text, ...here.filter((m) => m.kind === 'marker').map((m) => m.message)].join('\n');
  }

  private boneName(bone: number): string {
    const label = this.model.boneLabel(bone);
    return label === `bone ${bone}` ? label : `${label} (bone ${bone})`;
  }

  private titleText(bones: readonly number[]): string {
    const selected = this.model.selectedBones.length;
    if (selected === 0) return `Curves: ${this.boneName(bones[0])}, select a bone to see its curves`;
    if (bones.length === 1) return `Curves: ${this.boneName(bones[0])}`;
    const note = selected > bones.length ? `, the first ${bones.length} of ${selected} selected` : '';
    return `Curves: ${bones.length} bones${note}`;
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

/** A short line drawn with `dash`, as the legend of a bone's stroke. */
function strokeSample(dash: readonly number[]): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'curves-stroke');
  svg.setAttribute('width', '28');
  svg.setAttribute('height', '8');
  svg.setAttribute('aria-hidden', 'true');
  const line = document.createElementNS(SVG, 'line');
  for (const [k, v] of Object.entries({ x1: '0', y1: '4', x2: '28', y2: '4', stroke: 'currentColor', 'stroke-width': '1.5', 'stroke-dasharray': dash.join(' ') || 'none' })) line.setAttribute(k, v);
  svg.appendChild(line);
  return svg;
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
