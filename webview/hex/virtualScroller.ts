import { lastTop, rowsFitting, rowsShown, topShowing, type RowHeight } from './rowHeights';

/**
 * A scroller over row indices, not pixels: browsers cap element heights near 16.7 million
 * rows' worth of pixels, and the largest clip has 16.7 million rows. The viewport shows
 * `visibleRows` rows starting at `topRow`; a drawn scrollbar maps its thumb to row indices.
 * Rows may differ in height (a header row is one line); rowHeights.ts does the arithmetic.
 */
export class VirtualScroller {
  topRow = 0;
  rowCount = 0;
  private heightOf: RowHeight = () => 18;
  /** The viewport's pixels, as last measured: read on every draw, it must not make the page lay out again. */
  private height = 0;
  private wheelRemainder = 0;
  /** The row kept wholly in view when the viewport changes size (the selection), until the user scrolls away. */
  private pinned?: number;

  constructor(
    private readonly viewport: HTMLElement,
    private readonly track: HTMLElement,
    private readonly thumb: HTMLElement,
    private readonly onChange: () => void,
  ) {
    viewport.addEventListener('wheel', (event) => this.onWheel(event), { passive: false });
    track.addEventListener('mousedown', (event) => this.onTrackDown(event));
    new ResizeObserver(() => this.measure()).observe(viewport);
  }

  /** Each row's pixels. */
  setRowHeights(heightOf: RowHeight): void {
    this.heightOf = heightOf;
    this.measure();
  }

  /** Rows shown from the top row (the last one possibly cut). */
  get visibleRows(): number {
    return rowsShown(this.heightOf, this.rowCount, this.topRow, this.height);
  }

  setRowCount(count: number): void {
    this.rowCount = count;
    this.scrollTo(this.topRow);
  }

  /** Rows wholly inside the viewport. */
  get fullRows(): number {
    return rowsFitting(this.heightOf, this.rowCount, this.topRow, this.height);
  }

  get maxTop(): number {
    return lastTop(this.heightOf, this.rowCount, this.height);
  }

  scrollTo(row: number): void {
    this.topRow = Math.max(0, Math.min(this.maxTop, Math.round(row)));
    this.layoutThumb();
    this.onChange();
  }

  /** Scrolls only when `row` is not wholly visible; then puts it a third down the view. It stays in view as the viewport changes size. */
  reveal(row: number): void {
    this.pinned = row;
    if (row >= this.topRow && row < this.topRow + this.fullRows) return;
    this.scrollTo(topShowing(this.heightOf, row, this.height));
  }

  /** Keeps `row` (the selection) wholly in view as the viewport changes size, until the user scrolls; undefined: none. */
  pin(row: number | undefined): void {
    this.pinned = row;
  }

  /**
   * The viewport changed size (a panel opened, the problems strip appeared, rows got taller): the
   * pinned row stays in view, whatever order the size changes come in.
   */
  private measure(): void {
    this.height = this.viewport.clientHeight;
    if (this.pinned !== undefined) this.reveal(this.pinned);
    this.scrollTo(this.topRow);
  }

  private onWheel(event: WheelEvent): void {
    event.preventDefault();
    this.pinned = undefined;
    // Sideways (a swipe, or Shift+wheel): the rows scroll horizontally when the editor is narrower than they are.
    if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
      this.viewport.scrollLeft += event.shiftKey && event.deltaX === 0 ? event.deltaY : event.deltaX;
      return;
    }
    // A wheel step moves by the rows under the top one's height (keyframe rows: all the same).
    const rowHeight = this.heightOf(this.topRow);
    const pixels = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * rowHeight
      : event.deltaMode === WheelEvent.DOM_DELTA_PAGE ? event.deltaY * this.viewport.clientHeight
      : event.deltaY;
    this.wheelRemainder += pixels / rowHeight;
    const rows = Math.trunc(this.wheelRemainder);
    if (rows === 0) return;
    this.wheelRemainder -= rows;
    this.scrollTo(this.topRow + rows);
  }

  private thumbHeight(): number {
    const trackHeight = this.track.clientHeight;
    if (this.rowCount === 0) return trackHeight;
    // Never thinner than 20 px, whatever the proportion (16.7 M rows would make it invisible).
    return Math.max(20, Math.min(trackHeight, (trackHeight * this.fullRows) / this.rowCount));
  }

  private layoutThumb(): void {
    const trackHeight = this.track.clientHeight;
    const height = this.thumbHeight();
    const fraction = this.maxTop === 0 ? 0 : this.topRow / this.maxTop;
    this.thumb.style.height = `${height}px`;
    this.thumb.style.transform = `translateY(${fraction * (trackHeight - height)}px)`;
    this.thumb.hidden = this.maxTop === 0;
  }

  private onTrackDown(event: MouseEvent): void {
    event.preventDefault();
    this.pinned = undefined;
    const trackTop = this.track.getBoundingClientRect().top;
    const height = this.thumbHeight();
    const thumbTop = this.maxTop === 0 ? 0 : (this.topRow / this.maxTop) * (this.track.clientHeight - height);
    const y = event.clientY - trackTop;
    if (event.target !== this.thumb) {
      // A click on the track pages towards it.
      this.scrollTo(this.topRow + (y < thumbTop ? -this.fullRows : this.fullRows));
      return;
    }
    const grab = y - thumbTop;
    const move = (e: MouseEvent) => {
      const usable = Math.max(1, this.track.clientHeight - height);
      const fraction = Math.max(0, Math.min(1, (e.clientY - trackTop - grab) / usable));
      this.scrollTo(fraction * this.maxTop);
    };
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  }
}
