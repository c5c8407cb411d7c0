/**
 * The rows: a constant pool of DOM rows (as many as fit) redrawn from the page cache whenever
 * the scroller moves. Hover, click and keys report offsets and typed bytes; everything else lives
 * in the panels. How rows fit the width is rowFitter.ts, how one row is drawn rowPainter.ts
 * (bytes coloured by field, unsaved bytes, search matches and problems marked, decoded values
 * beside or under the bytes), where keys move the selection hexKeys.ts.
 */
import type { ByteRange } from '../../formats/diagnostics';
import { rowInfo, rowOfOffset, type RowLayout } from '../../formats/editing/rowLayout';
import type { HexDiagnostic } from '../../protocol/hexEditor';
import { keyTarget } from './hexKeys';
import { hexDigitOf, typeDigit } from './hexTyping';
import type { PageCache } from './pageCache';
import { makeRowElements, offsetOfTarget, type RowElements } from './rowElements';
import { RowFitter } from './rowFitter';
import { RowPainter, type ByteSelection } from './rowPainter';
import { VirtualScroller } from './virtualScroller';

export interface HexViewEvents {
  /** A byte was clicked or the keyboard moved the selection. */
  onSelect(offset: number): void;
  /** The pointer rests on a byte (undefined: it left the bytes). */
  onHover(offset: number | undefined, anchor: HTMLElement | undefined): void;
  /** The first row shown changed. */
  onScroll(topRow: number): void;
  /** Real bytes are on screen for the first time. */
  onFirstPaint(): void;
  /** Two hex digits typed over a byte: write it (one edit, one undo step). */
  onTypeByte(offset: number, value: number): void;
}

export class HexView {
  readonly scroller: VirtualScroller;
  private layout: RowLayout | undefined;
  private rows: RowElements[] = [];
  private readonly fitter: RowFitter;
  private readonly painter: RowPainter;
  private readonly selected: ByteSelection = { offset: undefined, end: undefined, pending: undefined };
  private painted = false;
  /** The selected row was wholly shown when the rows were last drawn. */
  private selectionInView = false;
  private drawQueued = false;

  constructor(
    private readonly viewport: HTMLElement,
    track: HTMLElement,
    thumb: HTMLElement,
    private readonly cache: PageCache,
    private readonly events: HexViewEvents,
  ) {
    this.fitter = new RowFitter(viewport);
    this.painter = new RowPainter(cache, this.fitter);
    this.scroller = new VirtualScroller(viewport, track, thumb, () => {
      this.draw();
      events.onScroll(this.scroller.topRow);
    });
    viewport.addEventListener('click', (event) => {
      const offset = offsetOfTarget(event.target);
      if (offset !== undefined) this.select(offset);
    });
    viewport.addEventListener('mouseover', (event) => {
      const offset = offsetOfTarget(event.target);
      events.onHover(offset, offset === undefined ? undefined : (event.target as HTMLElement));
    });
    viewport.addEventListener('mouseleave', () => events.onHover(undefined, undefined));
    viewport.addEventListener('keydown', (event) => this.onKey(event));
    new ResizeObserver(() => {
      this.fitRows();
      // The editor got shorter (a panel or the problems strip appeared): the selection stays in view.
      const row = this.selectedRow();
      if (row !== undefined && this.selectionInView) this.scroller.reveal(row);
    }).observe(viewport);
  }

  get currentLayout(): RowLayout | undefined {
    return this.layout;
  }

  /** The selected byte, or the first of several. */
  get selectedOffset(): number | undefined {
    return this.selected.offset;
  }

  setLayout(layout: RowLayout, headerBytes: Uint8Array, frameRate: number): void {
    this.layout = layout;
    this.painter.setFile(layout, headerBytes, frameRate);
    this.selected.pending = undefined;
    this.scroller.pin(undefined);
    this.fitLineBytes(true);
    this.fitRows(true);
    this.scroller.setRowCount(layout.rowCount);
  }

  setDiagnostics(diagnostics: HexDiagnostic[]): void {
    this.painter.marks.setDiagnostics(diagnostics);
    this.draw();
  }

  /** Search matches to mark; `current` is the one selected. */
  setMatches(matches: ByteRange[], current: ByteRange | undefined): void {
    this.painter.marks.setMatches(matches, current);
    this.draw();
  }

  private selectedRow(): number | undefined {
    return this.layout && this.selected.offset !== undefined ? rowOfOffset(this.layout, this.selected.offset) : undefined;
  }

  /** The selected bytes: one byte, or the range a reveal asked for. */
  get selection(): ByteRange | undefined {
    const start = this.selected.offset;
    return start === undefined ? undefined : { start, end: this.selected.end ?? start + 1 };
  }

  /** Selects the byte at `offset`, or the bytes `[offset, end)`; `reveal` scrolls to them. */
  select(offset: number, reveal = false, end?: number): void {
    if (!this.layout || this.layout.size === 0) return;
    const selected = this.selected;
    const at = (selected.offset = Math.max(0, Math.min(offset, this.layout.size - 1)));
    const last = end === undefined ? undefined : Math.min(end, this.layout.size);
    selected.end = last !== undefined && last > at + 1 ? last : undefined;
    if (selected.pending && selected.pending.offset !== at) selected.pending = undefined;
    const row = rowOfOffset(this.layout, at);
    if (reveal) this.scroller.reveal(row);
    else this.scroller.pin(row);
    // Now, not on the next frame: a jump asks for its bytes at once.
    this.drawNow();
    this.events.onSelect(at);
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

  private clearRows(): void {
    for (const row of this.rows) row.root.remove();
    this.rows = [];
  }

  /** Bytes a line for the editor's width; a change makes the rows again (rowFitter.ts). */
  private fitLineBytes(force = false): void {
    if (!this.layout) return;
    if (!this.fitter.fitLineBytes(this.layout, this.rows[0]?.bytes.length, force)) return;
    this.clearRows();
    this.draw();
  }

  /** Bytes a line, then how the decoded values wrap and each row's lines (rowFitter.ts). */
  private fitRows(force = false): void {
    const layout = this.layout;
    if (!layout) return;
    this.fitLineBytes();
    const refit = this.fitter.fitDecoded(layout, this.rows[0], () => this.painter.headerMeaning(layout), force);
    if (refit === 'same') return;
    if (refit === 'elements') this.clearRows();
    const lineHeight = this.fitter.fit.lineHeight;
    this.scroller.setRowHeights((row) => this.fitter.linesOf(this.layout, row) * lineHeight);
    this.draw();
  }

  private drawNow(): void {
    const layout = this.layout;
    if (!layout) return;
    const grew = this.rows.length === 0;
    while (this.rows.length < this.scroller.visibleRows) {
      const row = makeRowElements(this.fitter.shape);
      this.viewport.append(row.root);
      this.rows.push(row);
    }
    // The first rows exist now: their columns can be measured to fit the decoded values.
    if (grew && this.rows.length > 0) this.fitRows(true);
    const first = this.scroller.topRow;
    const selectedRow = this.selectedRow();
    this.selectionInView = selectedRow !== undefined && selectedRow >= first && selectedRow < first + this.scroller.fullRows;
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
      this.painter.paint(elements, layout, info, bytes, this.selected);
    }
    if (missing) void this.cache.ensure(missing.start, missing.end - missing.start).then(() => this.drawNow());
    if (allPainted && !this.painted && this.rows.length > 0) {
      this.painted = true;
      this.events.onFirstPaint();
    }
  }

  private onKey(event: KeyboardEvent): void {
    const layout = this.layout;
    if (!layout || layout.size === 0) return;
    const selected = this.selected;
    const digit = event.ctrlKey || event.metaKey || event.altKey ? undefined : hexDigitOf(event.key);
    if (digit !== undefined && selected.offset !== undefined) {
      event.preventDefault();
      const typed = typeDigit(selected.pending, selected.offset, digit);
      selected.pending = typed.pending;
      if (typed.write) {
        this.events.onTypeByte(typed.write.offset, typed.write.value);
        if (typed.write.offset + 1 < layout.size) this.select(typed.write.offset + 1, true);
      } else this.drawNow();
      return;
    }
    if (event.key === 'Escape' && selected.pending) {
      selected.pending = undefined;
      this.drawNow();
      return;
    }
    const key = { key: event.key, toFileEnds: event.ctrlKey || event.metaKey };
    const target = keyTarget(layout, selected.offset ?? 0, key, this.scroller.fullRows);
    if (target === undefined) return;
    event.preventDefault();
    this.select(target, true);
  }
}
