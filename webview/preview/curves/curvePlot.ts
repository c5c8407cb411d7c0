/**
 * One plot of the Curves panel (rotation, position or scale) drawn by uPlot: a canvas, axes and
 * ticks, a crosshair synced across the three plots, drag to select a range. Draws on top the
 * motion marks (bands, markers) and a playhead; reports clicks, hovers, wheel turns and
 * selections in frames. What it is given is already reduced to the pixel columns (curveSeries.ts).
 */
import uPlot from 'uplot';
import type { CurveMark } from './curveMarks';
import type { CurveEnvelope } from './curveSeries';
import { sharedXLinearPaths } from './sharedXPath';

export interface PlotLook {
  /** Text, axis lines, grid; the marks' colours. */
  foreground: string;
  grid: string;
  marker: string;
  band: string;
  playhead: string;
  font: string;
}

export interface PlotLine {
  label: string;
  colour: string;
  /** Canvas dash pattern in CSS px ([] solid): the bone's stroke. */
  dash: readonly number[];
  /** Which of the envelopes given to `show` (one per bone shown). */
  source: number;
  /** Which of that envelope's value arrays. */
  channel: number;
}

/** The line drawn nearest a click: `valueOf` gives a line's value at the clicked frame. */
export type NearestLine = (valueOf: (line: PlotLine) => number) => PlotLine | undefined;

export interface PlotEvents {
  /**
   * A click (not a drag) at `frame` (fractional); `framesPerPixel` for picking a marker near it,
   * `nearest` for the line under the pointer.
   */
  click(frame: number, framesPerPixel: number, nearest: NearestLine): void;
  /** The pointer over `frame` (rounded), or undefined when it left. */
  hover(frame: number | undefined): void;
  /** A range dragged out: zoom to it. */
  select(first: number, last: number): void;
  /** The wheel over `frame`: zoom (or pan, with Shift or a sideways turn). */
  wheel(event: WheelEvent, frame: number, framesPerPixel: number): void;
  /** Double-click: the whole clip. */
  reset(): void;
}

/** Pointer travel (CSS px) below which a press and release is a click, not a drag. */
const CLICK_SLOP = 3;

export class CurvePlot {
  readonly plot: uPlot;
  private marks: readonly CurveMark[] = [];
  private playheadFrame = 0;
  /** Whether the lines are drawn solid (an envelope of more frames than pixels). */
  private solid = false;
  private readonly playhead: HTMLElement;

  constructor(host: HTMLElement, title: string, private readonly lines: readonly PlotLine[], private readonly look: PlotLook, events: PlotEvents, size: { width: number; height: number }, syncKey: string) {
    const paths = sharedXLinearPaths();
    const axis = { stroke: look.foreground, font: look.font, labelFont: look.font, grid: { stroke: look.grid, width: 1 }, ticks: { stroke: look.grid, width: 1 } };
    this.plot = new uPlot(
      {
        ...size,
        legend: { show: false },
        cursor: { sync: { key: syncKey }, drag: { x: true, y: false, setScale: false }, points: { show: false }, y: false },
        scales: { x: { time: false, auto: false } },
        axes: [{ ...axis, size: 28 }, { ...axis, label: title, labelSize: 16, size: 54 }],
        series: [{ label: 'frame' }, ...lines.map((line) => ({ label: line.label, stroke: line.colour, dash: line.dash.map((d) => d * uPlot.pxRatio), width: 1.25, points: { show: false }, paths }))],
        hooks: {
          draw: [() => this.drawMarks()],
          setSelect: [(u: uPlot) => {
            if (u.select.width < CLICK_SLOP) return;
            events.select(u.posToVal(u.select.left, 'x'), u.posToVal(u.select.left + u.select.width, 'x'));
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          }],
          setCursor: [(u: uPlot) => events.hover(u.cursor.left === undefined || u.cursor.left < 0 ? undefined : Math.round(u.posToVal(u.cursor.left, 'x')))],
        },
      },
      [[]],
      host,
    );
    this.playhead = document.createElement('div');
    this.playhead.className = 'curves-playhead';
    this.playhead.style.background = look.playhead;
    this.plot.over.appendChild(this.playhead);
    this.wire(events);
  }

  /** Frames per CSS pixel at the current zoom. */
  get framesPerPixel(): number {
    const u = this.plot;
    const width = u.over.clientWidth || 1;
    return ((u.scales.x.max ?? 1) - (u.scales.x.min ?? 0)) / width;
  }

  /** How many pixel columns the plot area has (what the envelope is built for). */
  get columns(): number {
    return Math.max(1, Math.round(this.plot.bbox.width / uPlot.pxRatio) || this.plot.width - 60);
  }

  /**
   * Draws `envelopes` (one per source, all of the same frames; undefined: not drawn yet) over
   * frames `first..last` (synchronously, marks and playhead included).
   */
  show(envelopes: readonly (CurveEnvelope | undefined)[], first: number, last: number, marks: readonly CurveMark[]): void {
    this.marks = marks;
    const frames = envelopes.find((e) => e !== undefined)?.frames ?? [];
    // Dashes along a min/max envelope (a line from each column's extreme to the other) would be
    // thousands of dashes a line, seconds to draw, and unreadable: such lines are drawn solid.
    const solid = envelopes.some((e) => e?.reduced);
    if (solid !== this.solid) {
      this.solid = solid;
      this.lines.forEach((line, i) => { this.plot.series[i + 1].dash = solid ? [] : line.dash.map((d) => d * uPlot.pxRatio); });
    }
    const data: (number | null)[][] = [frames, ...this.lines.map((line) => drawable(envelopes[line.source]?.values[line.channel], frames.length))];
    this.plot.batch(() => {
      this.plot.setData(data as uPlot.AlignedData, false);
      this.plot.setScale('x', { min: first, max: Math.max(last, first + 1) });
    });
    this.placePlayhead();
  }

  setPlayhead(frame: number): void {
    this.playheadFrame = frame;
    this.placePlayhead();
  }

  setSize(width: number, height: number): void {
    this.plot.setSize({ width, height });
    this.placePlayhead();
  }

  destroy(): void {
    this.plot.destroy();
  }

  /** The line whose value (`valueOf`) is drawn nearest `y` (CSS px in the drawing area). */
  private nearestLine(y: number, valueOf: (line: PlotLine) => number): PlotLine | undefined {
    let best: PlotLine | undefined;
    let bestDistance = Infinity;
    for (const line of this.lines) {
      const distance = Math.abs(this.plot.valToPos(valueOf(line), 'y') - y);
      if (distance < bestDistance) [best, bestDistance] = [line, distance];
    }
    return best;
  }

  private placePlayhead(): void {
    const left = this.plot.valToPos(this.playheadFrame, 'x');
    // The plot area's width from uPlot's own box (the overlay's clientWidth would lay the page out mid-draw).
    const inside = Number.isFinite(left) && left >= 0 && left <= this.plot.bbox.width / uPlot.pxRatio;
    this.playhead.hidden = !inside;
    if (inside) this.playhead.style.transform = `translateX(${Math.round(left)}px)`;
  }

  /** Bands behind nothing (translucent), markers as a line with a triangle on top, in canvas pixels. */
  private drawMarks(): void {
    const u = this.plot;
    const { ctx, bbox } = u;
    const x = (frame: number): number => u.valToPos(frame, 'x', true);
    ctx.save();
    ctx.beginPath();
    ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
    ctx.clip();
    for (const mark of this.marks) {
      if (mark.kind === 'band') {
        ctx.fillStyle = this.look.band;
        const left = x(mark.first - 0.5);
        ctx.fillRect(left, bbox.top, Math.max(2, x(mark.last + 0.5) - left), bbox.height);
      } else {
        const at = Math.round(x(mark.frame));
        const r = 5 * uPlot.pxRatio;
        ctx.fillStyle = ctx.strokeStyle = this.look.marker;
        ctx.lineWidth = uPlot.pxRatio;
        ctx.fillRect(at - ctx.lineWidth, bbox.top, 2 * ctx.lineWidth, bbox.height);
        ctx.beginPath();
        ctx.moveTo(at - r, bbox.top);
        ctx.lineTo(at + r, bbox.top);
        ctx.lineTo(at, bbox.top + 1.6 * r);
        ctx.fill();
      }
    }
    ctx.restore();
  }

  private wire(events: PlotEvents): void {
    const over = this.plot.over;
    let downX = NaN;
    over.addEventListener('pointerdown', (e) => { downX = e.clientX; });
    over.addEventListener('click', (e) => {
      if (Math.abs(e.clientX - downX) > CLICK_SLOP) return;
      events.click(this.plot.posToVal(e.offsetX, 'x'), this.framesPerPixel, (valueOf) => this.nearestLine(e.offsetY, valueOf));
    });
    over.addEventListener('dblclick', () => events.reset());
    over.addEventListener('wheel', (e) => {
      e.preventDefault();
      events.wheel(e, this.plot.posToVal(e.offsetX, 'x'), this.framesPerPixel);
    }, { passive: false });
  }
}

/** A line's values as uPlot draws them: null (a gap) where not finite, or all null (not decoded yet). */
function drawable(values: readonly number[] | undefined, length: number): (number | null)[] {
  const out = new Array<number | null>(length).fill(null);
  if (!values) return out;
  for (let i = 0; i < length; i++) {
    const value = values[i];
    if (Number.isFinite(value)) out[i] = value;
  }
  return out;
}
