/**
 * Draws one row into its elements: offset, label, bytes coloured by field (unsaved bytes, search
 * matches, the selection and a half-typed byte marked), the decoded values laid out as the fit
 * says, the row's height, and its worst problem's mark and messages.
 */
import { fieldsOfRow, type FileHead } from '../../formats/describe';
import { rowInfo, type RowInfo, type RowLayout } from '../../formats/editing/rowLayout';
import { mshFieldsOfRow } from '../../formats/msh/fields';
import { set, setData } from './domWrites';
import type { PendingNibble } from './hexTyping';
import type { PageCache } from './pageCache';
import { breakCells, NAME_CH, wrapWords } from './decodedLayout';
import { decodedGroups, decodedLines, type DecodedGroup } from './rowContent';
import type { RowElements } from './rowElements';
import { RowMarks } from './rowMarks';
import { UNDER, type RowFitter } from './rowFitter';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).toUpperCase().padStart(2, '0'));

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

/** The selected bytes and a byte half typed, as the rows mark them. */
export interface ByteSelection {
  /** The selected byte, or the first of several. */
  offset: number | undefined;
  /** End (exclusive) of a selection of several bytes that starts at `offset` (a problem's bytes). */
  end: number | undefined;
  /** The first hex digit typed over a byte, held until the second. */
  pending: PendingNibble | undefined;
}

export class RowPainter {
  /** Problems and search matches on the rows. */
  readonly marks = new RowMarks();
  private head: FileHead = { first16: new Uint8Array(0), size: 0 };
  /** Field spans (relative to the row) shared by every whole record row: asked once per layout. */
  private recordSpans: RowSpan[] | undefined;
  private frameRate = 30;

  constructor(
    private readonly cache: PageCache,
    private readonly fitter: RowFitter,
  ) {}

  /** A new layout, with its header's bytes (the fields of its records depend on them). */
  setFile(layout: RowLayout, headerBytes: Uint8Array, frameRate: number): void {
    this.head = { first16: headerBytes, size: layout.size };
    this.recordSpans = undefined;
    this.frameRate = frameRate;
  }

  /** The header row's meaning ('3 bones · flags 0 · 30 frames (1 s at 30 fps)'), from the bytes the layout came with. */
  headerMeaning(layout: RowLayout): string {
    if (layout.kind === 'msh') return '';
    const header = rowInfo(layout, 0);
    return decodedLines(layout, header, this.head.first16.subarray(0, header.end), this.frameRate)[0] ?? '';
  }

  /** Row `info` of `layout` into `elements`; `bytes` undefined: not read yet (drawn as `··`). */
  paint(elements: RowElements, layout: RowLayout, info: RowInfo, bytes: Uint8Array | undefined, selection: ByteSelection): void {
    setData(elements.root, 'row', String(info.row));
    setData(elements.root, 'start', String(info.start));
    setData(elements.root, 'role', info.role);
    set(elements.offset, 'textContent', info.start.toString(16).toUpperCase().padStart(8, '0'));
    set(elements.label, 'textContent', info.label);
    this.paintBytes(elements, layout, info, bytes, selection);
    const fit = this.fitter.fit;
    const height = `${this.fitter.linesOf(layout, info.row) * fit.lineHeight}px`;
    if (elements.root.style.height !== height) elements.root.style.height = height;
    const header = info.role === 'header' && layout.kind !== 'msh';
    this.paintDecoded(elements, bytes ? decodedGroups(layout, info, bytes, this.frameRate) : [], header);
    // Under the bytes: right under this row's own lines of bytes (a key has two, a map block one), and its label's.
    const hexLines = Math.max(1, Math.ceil((info.end - info.start) / fit.lineBytes));
    const labelLine = fit.wrap === UNDER && fit.labelUnder ? 1 : 0;
    const labelRow = labelLine ? String(hexLines + 1) : '';
    if (elements.label.style.gridRow !== labelRow) elements.label.style.gridRow = labelRow;
    // A header's meaning beside its bytes from the first line, under them in wrap 3 (other rows: hex.css).
    const firstLine = fit.wrap === UNDER ? hexLines + labelLine + 1 : header ? (fit.wrap === 3 ? 2 : 1) : undefined;
    elements.decodedLines.forEach((line, i) => {
      const gridRow = firstLine === undefined ? '' : String(firstLine + i);
      if (line.style.gridRow !== gridRow) line.style.gridRow = gridRow;
    });
    const severity = this.marks.worstSeverity(info.start, info.end);
    const selected = selection.offset !== undefined && selection.offset < info.end && (selection.end ?? selection.offset + 1) > info.start;
    set(elements.root, 'className', `row${severity ? ` diag-${severity}` : ''}${selected ? ' selected' : ''}`);
    set(elements.root, 'title', severity ? this.marks.messagesFor(info.start, info.end) : '');
  }

  private paintBytes(elements: RowElements, layout: RowLayout, info: RowInfo, bytes: Uint8Array | undefined, selection: ByteSelection): void {
    const fields = this.spansOf(layout, info);
    const length = info.end - info.start;
    const matches = this.marks.matchesIn(info.start, info.end);
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
      const pending = selection.pending?.offset === at ? selection.pending : undefined;
      set(span, 'textContent', pending ? `${pending.high.toString(16).toUpperCase()}_` : bytes ? HEX[bytes[j]] : '··');
      let className = `b f-${f.fieldType}`;
      if (j === f.start && j > 0) className += ' gs';
      if (this.cache.isEdited(at)) className += ' edited';
      const match = matches.find((m) => at >= m.start && at < m.end);
      if (match) className += this.marks.isCurrentMatch(match) ? ' match current' : ' match';
      if (selection.offset === at) className += ' sel';
      else if (selection.end !== undefined && at > selection.offset! && at < selection.end) className += ' sel-range';
      if (pending) className += ' pending';
      set(span, 'className', className);
      setData(span, 'field', f.name);
    }
  }

  /** A row's decoded values as drawn lines: a keyframe's groups as the width allows, a header's meaning wrapped, else one group a line. */
  private linesOfGroups(groups: DecodedGroup[], header: boolean): LinePart[][] {
    const fit = this.fitter.fit;
    const part = (group: DecodedGroup): LinePart => ({ group, name: group.name, text: group.text });
    if (header) return groups.length === 0 ? [] : wrapHeader(groups[0], fit.headerWidthCh);
    const keyframe = groups.length === 3 && groups[0].name === 'q';
    if (!keyframe) return fit.wrap === UNDER ? groups.flatMap((group) => brokenGroup(group, fit.headerWidthCh)) : groups.map((group) => [part(group)]);
    if (fit.wrap === 1) return [groups.map(part)];
    if (fit.wrap !== UNDER) return [[part(groups[0])], [part(groups[1]), part(groups[2])]];
    // Under the bytes: a group's later lines keep its name's place blank, so its values stay in columns.
    return fit.keyframePlan.map((line) =>
      line.map(({ group, from, to }) => {
        const g = groups[group];
        return { group: g, name: from === 0 ? g.name : '', text: g.cells ? g.cells.slice(from, to).join(' ') : g.text };
      }),
    );
  }

  /** The lines into the row's decoded line elements (placed by the CSS and paint for the wrap mode). */
  private paintDecoded(elements: RowElements, groups: DecodedGroup[], header: boolean): void {
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
}

/** Under the bytes, a group of cells broken between them where its cells' widths say (one line where it has none), its name on its first line. */
function brokenGroup(group: DecodedGroup, widthCh: number): LinePart[][] {
  const { cells, cellCh } = group;
  if (!cells || !cellCh) return [[{ group, name: group.name, text: group.text }]];
  const starts = breakCells(cellCh, widthCh - (group.name ? NAME_CH : 0));
  return starts.map((from, i) => [{ group, name: i === 0 ? group.name : '', text: cells.slice(from, starts[i + 1]).join(' ') }]);
}

/** A header's meaning wrapped to the header's width, one unnamed part a line. */
function wrapHeader(group: DecodedGroup, widthCh: number): LinePart[][] {
  return wrapWords(group.text, widthCh).map((text) => [{ group, name: '', text }]);
}
