/**
 * The rows: a constant pool of DOM rows (as many as fit) redrawn from the page cache whenever
 * the scroller moves, bytes coloured by field, unsaved bytes and search matches marked, decoded
 * values beside them (wrapped onto two or three lines when the editor is narrow; under the bytes,
 * with 8 or 4 bytes a line, when it is narrower than a row of 16), rows with problems marked. Hover, click and keys report offsets and typed bytes; everything else lives
 * in the panels.
 */
import type { ByteRange, Severity } from '../../formats/diagnostics';
import { fieldsOfRow, type FileHead } from '../../formats/describe';
import { rowInfo, rowOfOffset, widestRow, type RowInfo, type RowLayout } from '../../formats/editing/rowLayout';
import { mshFieldsOfRow } from '../../formats/msh/fields';
import type { MshRowLayout } from '../../formats/msh/rows';
import type { HexDiagnostic } from '../../protocol/hexEditor';
import { hexDigitOf, typeDigit, type PendingNibble } from './hexTyping';
import { GROUP_GAP_CH, groupCh, keyframeLines, wrapWords, type LinePiece } from './decodedLayout';
import { hexColumnCss, labelUnderBytes, lineBytesFor, LINE_BYTE_CHOICES, type LineBytes } from './lineBytes';
import { problemBytes } from './problemNavigation';
import type { PageCache } from './pageCache';
import { mshDecodedLineCount } from './mshRowContent';
import { decodedGroups, decodedLines, type DecodedGroup } from './rowContent';
import { VirtualScroller } from './virtualScroller';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).toUpperCase().padStart(2, '0'));
const SEVERITY_RANK: Record<Severity, number> = { error: 4, warning: 3, information: 2, hint: 1 };
/** Characters of the offset column (`--offset-w` in hex.css). */
const OFFSET_CH = 9;
/** Characters of each keyframe group beside the bytes (`q` + 4 values, `p`/`s` + 3 values, a character to spare) and between groups. */
const GROUP_CH = { q: groupCh(4) + 1, ps: groupCh(3) + 1, gap: GROUP_GAP_CH };
/** Characters an NRes row's decoded lines take (a key's `q` line with its norm, a node's slots). */
const MSH_DECODED_CH = 48;
/**
 * The decoded lines go under the label and the bytes (`data-wrap="under"`): NRes rows whose
 * values do not fit beside, and every row when fewer than 16 bytes make a line.
 */
const UNDER = 4;
/** Lines an NRes row's or a skeleton row's decoded values take at most. */
const DECODED_LINES_UNDER = 3;
/** NRes rows whose lines are kept at most (a viewport's worth many times over). */
const MSH_LINES_KEPT = 10_000;
/** Decoded line elements a row has at least (a keyframe beside its bytes, a matrix, an NRes record). */
const DECODED_SLOTS = 3;
/** Pixels of the indent of the lines under the bytes: 2 characters (hex.css), 4 px when the label is under the bytes too. */
const UNDER_INDENT_CH = 2;
const LABEL_UNDER_INDENT_PX = 4;

/** One part of a decoded line as drawn: a group's name (or its blank, on a group's later lines) and text. */
interface LinePart {
  group: DecodedGroup;
  name: string;
  text: string;
}

interface RowSpan {
  name: string;
  fieldType: string;
  start: number;
  end: number;
}

type Written = Partial<Record<'textContent' | 'className' | 'title', string>> & { data?: Record<string, string> };
/** What was last written to each element: redraws touch the DOM only where something changed. */
const written = new WeakMap<HTMLElement, Written>();

/** Characters of the longest record label of a layout ('frame 65534 · bone 254', 'incomplete record'). */
function longestLabel(layout: RowLayout): number {
  // NRes labels: 'key 12345 · n123', 'nested NRes header'; longer ones are cut with an ellipsis.
  if (layout.kind === 'msh') return 'nested NRes header'.length;
  const record = layout.kind === 'clip' ? `frame ${Math.max(0, layout.frameCount - 1)} · bone ${Math.max(0, layout.boneCount - 1)}` : `bone ${layout.recordCount}`;
  return Math.max(record.length, layout.size > layout.headerSize + layout.recordCount * layout.recordSize ? 'incomplete record'.length : 'header'.length);
}

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

interface GroupElements {
  root: HTMLElement;
  name: HTMLElement;
  text: HTMLElement;
}

interface RowElements {
  root: HTMLElement;
  offset: HTMLElement;
  label: HTMLElement;
  bytes: HTMLElement[];
  /** One element per decoded line, each with up to three groups. */
  decodedLines: HTMLElement[];
  groups: GroupElements[][];
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
  /** Two hex digits typed over a byte: write it (one edit, one undo step). */
  onTypeByte(offset: number, value: number): void;
}

export class HexView {
  readonly scroller: VirtualScroller;
  private layout: RowLayout | undefined;
  private head: FileHead = { first16: new Uint8Array(0), size: 0 };
  /** Field spans (relative to the row) shared by every whole record row: asked once per layout. */
  private recordSpans: RowSpan[] | undefined;
  private rows: RowElements[] = [];
  private hexLines = 1;
  /** Bytes on one line of the hex column: fewer when the editor is narrow (lineBytes.ts). */
  private lineBytes: LineBytes = LINE_BYTE_CHOICES[0];
  /** Narrower than 4 bytes beside the record label: the label goes under the bytes. */
  private labelUnder = false;
  /** Under the bytes, a keyframe's lines: q, p, s whole or broken between values (decodedLayout.ts). */
  private keyframePlan: LinePiece[][] = [];
  /** How a keyframe's decoded values are laid out (see fitDecoded): 1, 2 or 3 lines per row, or under the bytes. */
  private decodedWrap = 1;
  /** Lines of a record row: the most of the bytes' lines and the decoded values' lines. */
  private rowLines = 1;
  /** Lines of the header row (its 4 or 8 bytes and its meaning) and the characters its meaning wraps at. */
  private headerLines = 1;
  private headerWidthCh = Infinity;
  /** Decoded line elements per row: the most lines a row's decoded values take. */
  private decodedSlots = DECODED_SLOTS;
  /** What the rows were last fitted to (fitDecoded redraws only when it changes). */
  private fitted = '';
  /** Pixels of a line (`--line-height`), read when the rows are fitted: reading it while drawing would restyle the page once per row. */
  private lineHeight = 18;
  /** NRes rows' lines by row, for the current fit. */
  private readonly mshLines = new Map<number, number>();
  private diagnostics: HexDiagnostic[] = [];
  private matches: ByteRange[] = [];
  private currentMatch: ByteRange | undefined;
  private frameRate = 30;
  private pending: PendingNibble | undefined;
  selectedOffset: number | undefined;
  /** End (exclusive) of a selection of several bytes that starts at `selectedOffset` (a problem's bytes). */
  private selectedEnd: number | undefined;
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
    new ResizeObserver(() => {
      this.fitDecoded();
      // The editor got shorter (a panel or the problems strip appeared): the selection stays in view.
      const row = this.selectedRow();
      if (row !== undefined && this.selectionInView) this.scroller.reveal(row);
    }).observe(viewport);
  }

  get currentLayout(): RowLayout | undefined {
    return this.layout;
  }

  setLayout(layout: RowLayout, headerBytes: Uint8Array, frameRate: number): void {
    this.layout = layout;
    this.head = { first16: headerBytes, size: layout.size };
    this.recordSpans = undefined;
    this.frameRate = frameRate;
    this.pending = undefined;
    this.scroller.pin(undefined);
    this.fitLineBytes(true);
    this.fitDecoded(true);
    this.scroller.setRowCount(layout.rowCount);
  }

  setDiagnostics(diagnostics: HexDiagnostic[]): void {
    this.diagnostics = diagnostics;
    this.draw();
  }

  /** Search matches to mark; `current` is the one selected. */
  setMatches(matches: ByteRange[], current: ByteRange | undefined): void {
    this.matches = matches;
    this.currentMatch = current;
    this.draw();
  }

  private selectedRow(): number | undefined {
    return this.layout && this.selectedOffset !== undefined ? rowOfOffset(this.layout, this.selectedOffset) : undefined;
  }

  /** The selected bytes: one byte, or the range a reveal asked for. */
  get selection(): ByteRange | undefined {
    const start = this.selectedOffset;
    return start === undefined ? undefined : { start, end: this.selectedEnd ?? start + 1 };
  }

  /** Selects the byte at `offset`, or the bytes `[offset, end)`; `reveal` scrolls to them. */
  select(offset: number, reveal = false, end?: number): void {
    if (!this.layout || this.layout.size === 0) return;
    this.selectedOffset = Math.max(0, Math.min(offset, this.layout.size - 1));
    const last = end === undefined ? undefined : Math.min(end, this.layout.size);
    this.selectedEnd = last !== undefined && last > this.selectedOffset + 1 ? last : undefined;
    if (this.pending && this.pending.offset !== this.selectedOffset) this.pending = undefined;
    const row = rowOfOffset(this.layout, this.selectedOffset);
    if (reveal) this.scroller.reveal(row);
    else this.scroller.pin(row);
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

  private clearRows(): void {
    for (const row of this.rows) row.root.remove();
    this.rows = [];
  }

  /**
   * Keyframe rows show q, p and s on one line when they fit beside the bytes; else q stays
   * beside them and p, s go on a second line under the label and bytes (2); in a narrow editor q
   * and then p, s take two lines under the label and bytes (3); with fewer than 16 bytes a line
   * they go under the bytes across the row, broken between values where a group does not fit
   * (decodedLayout.ts). The record column is as wide as the longest label of this file. Each row
   * is as tall as its own lines: the header row's meaning is wrapped to its width, and a
   * clip's 4-byte header takes one line where its keyframes take several.
   */
  private fitDecoded(force = false): void {
    const layout = this.layout;
    if (!layout) return;
    this.fitLineBytes();
    let wrap = 1;
    let plan: LinePiece[][] = [];
    let headerCh = Infinity;
    const probe = this.rows[0];
    const width = this.viewport.clientWidth;
    const ch = this.charWidth();
    const keyframes = layout.kind === 'clip' && layout.headerSize > 0;
    if (this.lineBytes < LINE_BYTE_CHOICES[0] && probe) {
      wrap = UNDER;
      // Under: the row's whole width less its border and the indent (hex.css), half a character to spare.
      const indent = this.labelUnder ? LABEL_UNDER_INDENT_PX : UNDER_INDENT_CH * ch;
      headerCh = (width - 3 - indent) / ch - 0.5;
      plan = keyframes ? keyframeLines(headerCh) : [];
    } else if (probe) {
      const hexWidth = (probe.bytes[0].parentElement?.parentElement as HTMLElement).offsetWidth;
      const beside = width - 4 - probe.offset.offsetWidth - probe.label.offsetWidth - hexWidth - 2 * ch;
      // Under the label and the bytes there is always room for p and s (61 characters and more).
      if (layout.kind === 'msh') wrap = MSH_DECODED_CH * ch <= beside ? 1 : UNDER;
      else if (keyframes && (GROUP_CH.q + 2 * (GROUP_CH.ps + GROUP_CH.gap)) * ch <= beside) wrap = 1;
      else if (keyframes && GROUP_CH.q * ch <= beside) wrap = 2;
      else if (keyframes) wrap = 3;
      // wrap 3: the header's meaning goes under its bytes, across the label, bytes and values columns.
      headerCh = wrap === 3 ? (width - 4 - probe.offset.offsetWidth) / ch - 1 : beside / ch + 1;
    }
    const headerText = layout.kind !== 'msh' && layout.headerSize > 0 ? wrapWords(this.headerMeaning(layout), Math.floor(headerCh)) : [];
    const labelLine = this.labelUnder && wrap === UNDER ? 1 : 0;
    // Under: the bytes' lines, the label's (narrowest editors), then the decoded lines (a keyframe's q, then p and s).
    const linesUnder = keyframes ? plan.length : DECODED_LINES_UNDER;
    const lines = wrap === UNDER ? this.hexLines + labelLine + linesUnder : Math.max(this.hexLines, layout.kind === 'skeleton' ? 3 : wrap);
    const headerHexLines = layout.kind === 'msh' ? 1 : Math.ceil(layout.headerSize / this.lineBytes);
    const headerLines = wrap === UNDER ? headerHexLines + labelLine + headerText.length
      : wrap === 3 ? headerHexLines + headerText.length
      : Math.max(headerHexLines, headerText.length);
    const fitted = JSON.stringify([wrap, lines, headerLines, headerText, plan, labelLine, this.lineBytes]);
    if (!force && fitted === this.fitted) return;
    this.fitted = fitted;
    this.mshLines.clear();
    this.decodedWrap = wrap;
    this.keyframePlan = plan;
    this.rowLines = lines;
    this.headerLines = headerLines;
    this.headerWidthCh = Math.floor(headerCh);
    this.viewport.dataset.wrap = wrap === UNDER ? 'under' : String(wrap);
    this.viewport.dataset.label = labelLine ? 'under' : 'beside';
    const slots = Math.max(DECODED_SLOTS, plan.length, headerText.length);
    if (slots !== this.decodedSlots) {
      this.decodedSlots = slots;
      this.clearRows();
    }
    const lineHeight = (this.lineHeight = parseFloat(getComputedStyle(this.viewport).getPropertyValue('--line-height')) || 18);
    this.scroller.setRowHeights((row) => this.linesOf(row) * lineHeight);
    this.draw();
  }

  /** The header row's meaning ('3 bones · flags 0 · 30 frames (1 s at 30 fps)'), from the bytes the layout came with. */
  private headerMeaning(layout: RowLayout): string {
    if (layout.kind === 'msh') return '';
    const header = rowInfo(layout, 0);
    return decodedLines(layout, header, this.head.first16.subarray(0, header.end), this.frameRate)[0] ?? '';
  }

  /** Lines of row `row`: a record's, the header's, a trailing row's own (its bytes' lines, its label under them), an NRes row's own. */
  private linesOf(row: number): number {
    const layout = this.layout;
    if (!layout) return this.rowLines;
    if (layout.kind === 'msh') return this.mshLinesOf(layout, row);
    if (layout.headerSize === 0 || (row > 0 && row <= layout.recordCount)) return this.rowLines;
    if (row === 0) return this.headerLines;
    const info = rowInfo(layout, row);
    const hexLines = Math.ceil((info.end - info.start) / this.lineBytes);
    return this.decodedWrap === UNDER ? hexLines + (this.labelUnder ? 1 : 0) + 1 : Math.max(1, hexLines);
  }

  /** An NRes row's lines: its bytes' and its decoded values' (known from its fields), beside or under them; kept until the next fit. */
  private mshLinesOf(layout: MshRowLayout, row: number): number {
    let lines = this.mshLines.get(row);
    if (lines === undefined) {
      const info = rowInfo(layout, row);
      const hexLines = Math.max(1, Math.ceil((info.end - info.start) / this.lineBytes));
      const decoded = mshDecodedLineCount(layout, info);
      lines = this.decodedWrap === UNDER ? hexLines + (this.labelUnder ? 1 : 0) + decoded : Math.max(hexLines, decoded);
      if (this.mshLines.size >= MSH_LINES_KEPT) this.mshLines.clear();
      this.mshLines.set(row, lines);
    }
    return lines;
  }


  /**
   * Chooses the bytes per line for the editor's width (16, 8 or 4: lineBytes.ts) and sizes the
   * hex column; a change makes the rows again with that many bytes a line. A hidden editor
   * (no width) keeps its choice.
   */
  private fitLineBytes(force = false): void {
    const layout = this.layout;
    if (!layout) return;
    const root = document.documentElement.style;
    const labelCh = longestLabel(layout) + 1;
    const available = this.viewport.clientWidth;
    const ch = this.charWidth();
    const em = parseFloat(getComputedStyle(this.viewport).fontSize) || 14;
    const measures = { available, columns: 3 + (OFFSET_CH + labelCh) * ch, ch, em };
    const bytes = available > 0 ? lineBytesFor(measures) : this.lineBytes;
    this.labelUnder = available > 0 ? labelUnderBytes(measures) : this.labelUnder;
    // The label under the bytes: its column takes no width.
    root.setProperty('--label-w', this.labelUnder ? '0ch' : `${labelCh}ch`);
    const lines = Math.ceil(widestRow(layout) / bytes);
    if (!force && bytes === this.lineBytes && lines === this.hexLines && this.rows.length > 0) return;
    this.lineBytes = bytes;
    this.viewport.dataset.lineBytes = String(bytes);
    root.setProperty('--hex-w', hexColumnCss(bytes));
    if (lines !== this.hexLines || this.rows.length === 0 || this.rows[0].bytes.length !== lines * bytes) {
      this.hexLines = lines;
      this.clearRows();
      this.draw();
    }
  }

  private charWidth(): number {
    const probe = document.createElement('span');
    probe.className = 'char-probe';
    probe.textContent = '0000000000';
    this.viewport.append(probe);
    const width = probe.getBoundingClientRect().width / 10;
    probe.remove();
    return width || 8;
  }

  private drawNow(): void {
    const layout = this.layout;
    if (!layout) return;
    const grew = this.rows.length === 0;
    while (this.rows.length < this.scroller.visibleRows) this.rows.push(this.makeRow());
    // The first rows exist now: their columns can be measured to fit the decoded values.
    if (grew && this.rows.length > 0) this.fitDecoded(true);
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
      this.drawRow(elements, layout, info, bytes);
    }
    if (missing) void this.cache.ensure(missing.start, missing.end - missing.start).then(() => this.drawNow());
    if (allPainted && !this.painted && this.rows.length > 0) {
      this.painted = true;
      this.events.onFirstPaint();
    }
  }

  private drawRow(elements: RowElements, layout: RowLayout, info: RowInfo, bytes: Uint8Array | undefined): void {
    setData(elements.root, 'row', String(info.row));
    setData(elements.root, 'start', String(info.start));
    setData(elements.root, 'role', info.role);
    set(elements.offset, 'textContent', info.start.toString(16).toUpperCase().padStart(8, '0'));
    set(elements.label, 'textContent', info.label);
    const fields = this.spansOf(layout, info);
    const length = info.end - info.start;
    const matches = this.matchesIn(info.start, info.end);
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
      const at = info.start + j;
      const pending = this.pending?.offset === at;
      set(span, 'textContent', pending ? `${this.pending!.high.toString(16).toUpperCase()}_` : bytes ? HEX[bytes[j]] : '··');
      let className = `b f-${f.fieldType}`;
      if (j === f.start && j > 0) className += ' gs';
      if (this.cache.isEdited(at)) className += ' edited';
      const match = matches.find((m) => at >= m.start && at < m.end);
      if (match) className += match === this.currentMatch ? ' match current' : ' match';
      if (this.selectedOffset === at) className += ' sel';
      else if (this.selectedEnd !== undefined && at > this.selectedOffset! && at < this.selectedEnd) className += ' sel-range';
      if (pending) className += ' pending';
      set(span, 'className', className);
      setData(span, 'field', f.name);
    }
    const height = `${this.linesOf(info.row) * this.lineHeight}px`;
    if (elements.root.style.height !== height) elements.root.style.height = height;
    const header = info.role === 'header' && layout.kind !== 'msh';
    this.drawDecoded(elements, bytes ? decodedGroups(layout, info, bytes, this.frameRate) : [], header);
    // Under the bytes: right under this row's own lines of bytes (a key has two, a map block one), and its label's.
    const hexLines = Math.max(1, Math.ceil(length / this.lineBytes));
    const labelLine = this.decodedWrap === UNDER && this.labelUnder ? 1 : 0;
    const labelRow = labelLine ? String(hexLines + 1) : '';
    if (elements.label.style.gridRow !== labelRow) elements.label.style.gridRow = labelRow;
    // A header's meaning beside its bytes from the first line, under them in wrap 3 (other rows: hex.css).
    const firstLine = this.decodedWrap === UNDER ? hexLines + labelLine + 1 : header ? (this.decodedWrap === 3 ? 2 : 1) : undefined;
    elements.decodedLines.forEach((line, i) => {
      const gridRow = firstLine === undefined ? '' : String(firstLine + i);
      if (line.style.gridRow !== gridRow) line.style.gridRow = gridRow;
    });
    const severity = this.worstSeverity(info.start, info.end);
    const selection = this.selection;
    const selected = selection !== undefined && selection.start < info.end && selection.end > info.start;
    set(elements.root, 'className', `row${severity ? ` diag-${severity}` : ''}${selected ? ' selected' : ''}`);
    set(elements.root, 'title', severity ? this.messagesFor(info.start, info.end) : '');
  }

  /** A row's decoded values as drawn lines: a keyframe's groups as the width allows, a header's meaning wrapped, else one group a line. */
  private linesOfGroups(groups: DecodedGroup[], header: boolean): LinePart[][] {
    const part = (group: DecodedGroup): LinePart => ({ group, name: group.name, text: group.text });
    if (header) return groups.length === 0 ? [] : wrapWords(groups[0].text, this.headerWidthCh).map((text) => [{ group: groups[0], name: '', text }]);
    const keyframe = groups.length === 3 && groups[0].name === 'q';
    if (!keyframe) return groups.map((group) => [part(group)]);
    if (this.decodedWrap === 1) return [groups.map(part)];
    if (this.decodedWrap !== UNDER) return [[part(groups[0])], [part(groups[1]), part(groups[2])]];
    // Under the bytes: a group's later lines keep its name's place blank, so its values stay in columns.
    return this.keyframePlan.map((line) =>
      line.map(({ group, from, to }) => {
        const g = groups[group];
        return { group: g, name: from === 0 ? g.name : '', text: g.cells ? g.cells.slice(from, to).join(' ') : g.text };
      }),
    );
  }

  /** The lines into the row's decoded line elements (placed by the CSS and drawRow for the wrap mode). */
  private drawDecoded(elements: RowElements, groups: DecodedGroup[], header: boolean): void {
    const lines = this.linesOfGroups(groups, header);
    for (const line of elements.groups) {
      for (const group of line) {
        group.root.hidden = true;
        set(group.name, 'textContent', '');
        set(group.text, 'textContent', '');
      }
    }
    lines.forEach((parts, i) => {
      parts.forEach((part, k) => {
        const slot = elements.groups[i]?.[k];
        if (!slot) return;
        slot.root.hidden = false;
        set(slot.name, 'textContent', part.name);
        set(slot.name, 'className', `dn${part.group.fieldType ? ` f-${part.group.fieldType}` : ''}`);
        set(slot.text, 'textContent', part.text);
      });
    });
    elements.decodedLines.forEach((line, i) => (line.hidden = i > 0 && i >= lines.length));
    const text = groups.map((g) => `${g.name ? `${g.name} ` : ''}${g.text.trim()}`).join('  ');
    // The whole text on hover, whatever the width.
    set(elements.decodedLines[0].parentElement as HTMLElement, 'title', text);
  }

  /** The core's fields of a row, relative to its start (`fieldsOfRow` gives file offsets). */
  private spansOf(layout: RowLayout, info: RowInfo): RowSpan[] {
    // Every record row of a clip or skeleton has the same fields; NRes rows differ (nodes, keys, entries).
    const shared = info.role === 'record' && layout.kind !== 'msh';
    if (shared && this.recordSpans) return this.recordSpans;
    const fields = layout.kind === 'msh' ? mshFieldsOfRow(layout.file, info.start, info.end) : fieldsOfRow(layout.kind, this.head, info.start, info.end);
    const spans = fields.map((f) => ({
      name: f.name,
      fieldType: f.fieldType,
      start: f.range.start - info.start,
      end: f.range.end - info.start,
    }));
    if (shared) this.recordSpans = spans;
    return spans;
  }

  private matchesIn(start: number, end: number): ByteRange[] {
    if (this.matches.length === 0) return [];
    // Matches are in file order: binary search the first that ends after `start`.
    let low = 0;
    let high = this.matches.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.matches[mid].end <= start) low = mid + 1;
      else high = mid;
    }
    const found: ByteRange[] = [];
    for (let i = low; i < this.matches.length && this.matches[i].start < end; i++) found.push(this.matches[i]);
    return found;
  }

  private intersecting(start: number, end: number): HexDiagnostic[] {
    return this.diagnostics.filter((d) => {
      if (!d.byteRange) return false;
      const bytes = problemBytes(d.byteRange);
      return bytes.start < end && bytes.end > start;
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
    const span = (className: string): HTMLElement => {
      const e = document.createElement('span');
      e.className = className;
      return e;
    };
    const root = document.createElement('div');
    root.className = 'row';
    const offset = span('offset');
    const label = span('label');
    const hex = span('hex');
    const bytes: HTMLElement[] = [];
    for (let line = 0; line < this.hexLines; line++) {
      const lineElement = span('hexline');
      for (let j = 0; j < this.lineBytes; j++) {
        const b = span('b');
        b.dataset.i = String(line * this.lineBytes + j);
        lineElement.append(b);
        bytes.push(b);
      }
      hex.append(lineElement);
    }
    const decoded = span('decoded');
    const decodedLines: HTMLElement[] = [];
    const groups: GroupElements[][] = [];
    for (let line = 0; line < this.decodedSlots; line++) {
      const lineElement = span('dline');
      const slots: GroupElements[] = [];
      for (let g = 0; g < 3; g++) {
        const group = span('dg');
        const name = span('dn');
        const text = span('dt');
        group.append(name, text);
        group.hidden = true;
        lineElement.append(group);
        slots.push({ root: group, name, text });
      }
      decoded.append(lineElement);
      decodedLines.push(lineElement);
      groups.push(slots);
    }
    root.append(offset, label, hex, decoded);
    root.style.height = `${this.lineHeight * this.rowLines}px`;
    this.viewport.append(root);
    return { root, offset, label, bytes, decodedLines, groups };
  }

  private offsetOf(target: EventTarget | null): number | undefined {
    const span = (target as HTMLElement | null)?.closest?.('.b') as HTMLElement | null;
    const row = span?.closest('.row') as HTMLElement | null;
    if (!span || !row || !span.textContent) return undefined;
    return Number(row.dataset.start) + Number(span.dataset.i);
  }

  private onKey(event: KeyboardEvent): void {
    const layout = this.layout;
    if (!layout || layout.size === 0) return;
    const digit = event.ctrlKey || event.metaKey || event.altKey ? undefined : hexDigitOf(event.key);
    if (digit !== undefined && this.selectedOffset !== undefined) {
      event.preventDefault();
      const typed = typeDigit(this.pending, this.selectedOffset, digit);
      this.pending = typed.pending;
      if (typed.write) {
        this.events.onTypeByte(typed.write.offset, typed.write.value);
        if (typed.write.offset + 1 < layout.size) this.select(typed.write.offset + 1, true);
      } else this.drawNow();
      return;
    }
    if (event.key === 'Escape' && this.pending) {
      this.pending = undefined;
      this.drawNow();
      return;
    }
    const target = this.keyTarget(layout, event);
    if (target === undefined) return;
    event.preventDefault();
    this.select(target, true);
  }

  /** Where a navigation key moves the selection: a byte, a row, a page, a row's ends, the file's ends. */
  private keyTarget(layout: RowLayout, event: KeyboardEvent): number | undefined {
    const offset = this.selectedOffset ?? 0;
    const current = rowOfOffset(layout, offset);
    const row = rowInfo(layout, current);
    const within = offset - row.start;
    const toRow = (index: number): number => {
      const target = rowInfo(layout, Math.max(0, Math.min(layout.rowCount - 1, index)));
      return Math.min(target.start + within, target.end - 1);
    };
    switch (event.key) {
      case 'ArrowLeft':
        return Math.max(0, offset - 1);
      case 'ArrowRight':
        return Math.min(layout.size - 1, offset + 1);
      case 'ArrowUp':
        return toRow(current - 1);
      case 'ArrowDown':
        return toRow(current + 1);
      case 'PageUp':
        return toRow(current - this.scroller.fullRows);
      case 'PageDown':
        return toRow(current + this.scroller.fullRows);
      case 'Home':
        return event.ctrlKey || event.metaKey ? 0 : row.start;
      case 'End':
        return event.ctrlKey || event.metaKey ? layout.size - 1 : row.end - 1;
      default:
        return undefined;
    }
  }
}
