/**
 * The rows: a constant pool of DOM rows (as many as fit) redrawn from the page cache whenever
 * the scroller moves, bytes coloured by field, decoded values beside them, rows with problems
 * marked. Hover and click report byte offsets; everything else lives in the panels.
 */
import type { FormatDiagnostic, Severity } from '../../formats/diagnostics';
import { fieldsOfRow, type FileHead } from '../../formats/describe';
import { rowInfo, rowOfOffset, type RowInfo, type RowLayout } from '../../formats/editing/rowLayout';
import type { PageCache } from './pageCache';
import { decodedLines } from './rowContent';
import { VirtualScroller } from './virtualScroller';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).toUpperCase().padStart(2, '0'));
const BYTES_PER_LINE = 16;
const SEVERITY_RANK: Record<Severity, number> = { error: 4, warning: 3, information: 2, hint: 1 };

interface RowSpan {
  name: string;
  fieldType: string;
  start: number;
  end: number;
}

type Written = Partial<Record<'textContent' | 'className' | 'title', string>> & { data?: Record<string, string> };
/** What was last written to each element: redraws touch the DOM only where something changed. */
const written = new WeakMap<HTMLElement, Written>();

function memo(element: HTMLElement): Written {
  let entry = written.get(element);
  if (!entry) written.set(element, (entry = {}));
  return entry;
}

function set(element: HTMLElement, property: 'textContent' | 'className' | 'title', value: string): void {
  const entry = memo(element);
  if (entry[property] === value) return;
  entry[property] = value;
  element[property] = value;
}

function setData(element: HTMLElement, key: string, value: string): void {
  const data = (memo(element).data ??= {});
  if (data[key] === value) return;
  data[key] = value;
  element.dataset[key] = value;
}

interface RowElements {
  root: HTMLElement;
  offset: HTMLElement;
  label: HTMLElement;
  bytes: HTMLElement[];
  decoded: HTMLElement;
}

export interface HexViewEvents {
  /** A byte was clicked or the keyboard moved the selection. */
  onSelect(offset: number): void;
  /** The pointer rests on a byte (undefined: it left the bytes). */
  onHover(offset: number | undefined, anchor: HTMLElement | undefined): void;
  /** The first row shown changed. */
  onScroll(topRow: number): void;
  /** Real bytes are on screen for the first time. */
  onFirstPaint(): void;
}

export class HexView {
  readonly scroller: VirtualScroller;
  private layout: RowLayout | undefined;
  private head: FileHead = { first16: new Uint8Array(0), size: 0 };
  /** Field spans (relative to the row) shared by every whole record row: asked once per layout. */
  private recordSpans: RowSpan[] | undefined;
  private rows: RowElements[] = [];
  private linesPerRow = 1;
  private diagnostics: FormatDiagnostic[] = [];
  private frameRate = 30;
  selectedOffset: number | undefined;
  private painted = false;
  private drawQueued = false;

  constructor(
    private readonly viewport: HTMLElement,
    track: HTMLElement,
    thumb: HTMLElement,
    private readonly cache: PageCache,
    private readonly events: HexViewEvents,
  ) {
    this.scroller = new VirtualScroller(viewport, track, thumb, () => {
      this.draw();
      events.onScroll(this.scroller.topRow);
    });
    viewport.addEventListener('click', (event) => {
      const offset = this.offsetOf(event.target);
      if (offset !== undefined) this.select(offset);
    });
    viewport.addEventListener('mouseover', (event) => {
      const offset = this.offsetOf(event.target);
      events.onHover(offset, offset === undefined ? undefined : (event.target as HTMLElement));
    });
    viewport.addEventListener('mouseleave', () => events.onHover(undefined, undefined));
    viewport.addEventListener('keydown', (event) => this.onKey(event));
  }

  setLayout(layout: RowLayout, headerBytes: Uint8Array, frameRate: number): void {
    this.layout = layout;
    this.head = { first16: headerBytes, size: layout.size };
    this.recordSpans = undefined;
    this.frameRate = frameRate;
    const lines = Math.ceil(layout.recordSize / BYTES_PER_LINE);
    if (lines !== this.linesPerRow || this.rows.length === 0) {
      this.linesPerRow = lines;
      for (const row of this.rows) row.root.remove();
      this.rows = [];
    }
    const lineHeight = parseFloat(getComputedStyle(this.viewport).getPropertyValue('--line-height')) || 18;
    this.scroller.setRowHeight(lineHeight * this.linesPerRow);
    this.scroller.setRowCount(layout.rowCount);
  }

  setDiagnostics(diagnostics: FormatDiagnostic[]): void {
    this.diagnostics = diagnostics;
    this.draw();
  }

  select(offset: number, reveal = false): void {
    if (!this.layout) return;
    this.selectedOffset = Math.max(0, Math.min(offset, this.layout.size - 1));
    if (reveal) this.scroller.reveal(rowOfOffset(this.layout, this.selectedOffset));
    // Now, not on the next frame: a jump asks for its bytes at once.
    this.drawNow();
    this.events.onSelect(this.selectedOffset);
  }

  /** Redraws on the next animation frame (coalesces bursts of scroll events). */
  draw(): void {
    if (this.drawQueued) return;
    this.drawQueued = true;
    requestAnimationFrame(() => {
      this.drawQueued = false;
      this.drawNow();
    });
  }

  private drawNow(): void {
    const layout = this.layout;
    if (!layout) return;
    while (this.rows.length < this.scroller.visibleRows) this.rows.push(this.makeRow());
    const first = this.scroller.topRow;
    let missing: { start: number; end: number } | undefined;
    let allPainted = true;
    for (let i = 0; i < this.rows.length; i++) {
      const elements = this.rows[i];
      const index = first + i;
      if (i >= this.scroller.visibleRows || index >= layout.rowCount) {
        elements.root.hidden = true;
        continue;
      }
      elements.root.hidden = false;
      const info = rowInfo(layout, index);
      const bytes = this.cache.peek(info.start, info.end - info.start);
      if (!bytes) {
        missing = { start: missing?.start ?? info.start, end: info.end };
        allPainted = false;
      }
      this.drawRow(elements, layout, index, bytes);
    }
    if (missing) void this.cache.ensure(missing.start, missing.end - missing.start).then(() => this.drawNow());
    if (allPainted && !this.painted && this.rows.length > 0) {
      this.painted = true;
      this.events.onFirstPaint();
    }
  }

  private drawRow(elements: RowElements, layout: RowLayout, index: number, bytes: Uint8Array | undefined): void {
    const info = rowInfo(layout, index);
    setData(elements.root, 'row', String(index));
    setData(elements.root, 'start', String(info.start));
    setData(elements.root, 'role', info.role);
    set(elements.offset, 'textContent', info.start.toString(16).toUpperCase().padStart(8, '0'));
    set(elements.label, 'textContent', info.label);
    const fields = this.spansOf(layout, info);
    const length = info.end - info.start;
    let field = 0;
    for (let j = 0; j < elements.bytes.length; j++) {
      const span = elements.bytes[j];
      if (j >= length || fields.length === 0) {
        set(span, 'textContent', j < length && bytes ? HEX[bytes[j]] : '');
        set(span, 'className', 'b');
        continue;
      }
      while (field < fields.length - 1 && j >= fields[field].end) field++;
      const f = fields[field];
      set(span, 'textContent', bytes ? HEX[bytes[j]] : '··');
      set(span, 'className', `b f-${f.fieldType}${j === f.start && j > 0 ? ' gs' : ''}${
        this.selectedOffset === info.start + j ? ' sel' : ''}`);
      setData(span, 'field', f.name);
    }
    const decoded = bytes ? decodedLines(layout, info, bytes, this.frameRate).join('\n') : '';
    set(elements.decoded, 'textContent', decoded);
    // The column may be cut in a narrow editor: the whole text on hover.
    set(elements.decoded, 'title', decoded);
    const severity = this.worstSeverity(info.start, info.end);
    set(elements.root, 'className', `row${severity ? ` diag-${severity}` : ''}${
      this.selectedOffset !== undefined && this.selectedOffset >= info.start && this.selectedOffset < info.end ? ' selected' : ''}`);
    set(elements.root, 'title', severity ? this.messagesFor(info.start, info.end) : '');
  }

  /** The core's fields of a row, relative to its start (`fieldsOfRow` gives file offsets). */
  private spansOf(layout: RowLayout, info: RowInfo): RowSpan[] {
    if (info.role === 'record' && this.recordSpans) return this.recordSpans;
    const spans = fieldsOfRow(layout.kind, this.head, info.start, info.end).map((f) => ({
      name: f.name,
      fieldType: f.fieldType,
      start: f.range.start - info.start,
      end: f.range.end - info.start,
    }));
    if (info.role === 'record') this.recordSpans = spans;
    return spans;
  }

  private intersecting(start: number, end: number): FormatDiagnostic[] {
    return this.diagnostics.filter((d) => {
      if (!d.byteRange) return false;
      // An empty range (e.g. "missing bytes at the end") marks the byte before it.
      const from = d.byteRange.end > d.byteRange.start ? d.byteRange.start : Math.max(0, d.byteRange.start - 1);
      const to = Math.max(d.byteRange.end, from + 1);
      return from < end && to > start;
    });
  }

  private worstSeverity(start: number, end: number): Severity | undefined {
    let worst: Severity | undefined;
    for (const d of this.intersecting(start, end)) if (!worst || SEVERITY_RANK[d.severity] > SEVERITY_RANK[worst]) worst = d.severity;
    return worst;
  }

  private messagesFor(start: number, end: number): string {
    return this.intersecting(start, end).map((d) => `${d.code}: ${d.message}`).join('\n');
  }

  private makeRow(): RowElements {
    const root = document.createElement('div');
    root.className = 'row';
    const offset = document.createElement('span');
    offset.className = 'offset';
    const label = document.createElement('span');
    label.className = 'label';
    const hex = document.createElement('span');
    hex.className = 'hex';
    const bytes: HTMLElement[] = [];
    for (let line = 0; line < this.linesPerRow; line++) {
      const lineElement = document.createElement('span');
      lineElement.className = 'hexline';
      for (let j = 0; j < BYTES_PER_LINE; j++) {
        const span = document.createElement('span');
        span.className = 'b';
        span.dataset.i = String(line * BYTES_PER_LINE + j);
        lineElement.append(span);
        bytes.push(span);
      }
      hex.append(lineElement);
    }
    const decoded = document.createElement('span');
    decoded.className = 'decoded';
    root.append(offset, label, hex, decoded);
    this.viewport.append(root);
    return { root, offset, label, bytes, decoded };
  }

  private offsetOf(target: EventTarget | null): number | undefined {
    const span = (target as HTMLElement | null)?.closest?.('.b') as HTMLElement | null;
    const row = span?.closest('.row') as HTMLElement | null;
    if (!span || !row || !span.textContent) return undefined;
    return Number(row.dataset.start) + Number(span.dataset.i);
  }

  private onKey(event: KeyboardEvent): void {
    if (!this.layout) return;
    const current = rowOfOffset(this.layout, this.selectedOffset ?? 0);
    const within = this.selectedOffset === undefined ? 0 : this.selectedOffset - rowInfo(this.layout, current).start;
    const moves: Record<string, number> = {
      ArrowUp: -1, ArrowDown: 1, PageUp: -this.scroller.fullRows, PageDown: this.scroller.fullRows,
    };
    let target: number | undefined;
    if (event.key in moves) target = current + moves[event.key];
    else if (event.key === 'Home' && event.ctrlKey) target = 0;
    else if (event.key === 'End' && event.ctrlKey) target = this.layout.rowCount - 1;
    if (target === undefined) return;
    event.preventDefault();
    const row = rowInfo(this.layout, Math.max(0, Math.min(this.layout.rowCount - 1, target)));
    this.select(Math.min(row.start + within, row.end - 1), true);
  }
}
