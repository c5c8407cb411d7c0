/**
 * Fits the rows to the editor's width: how many bytes a line (16, 8 or 4: lineBytes.ts), whether
 * the record label goes under the bytes, how a row's decoded values wrap (beside the bytes on 1,
 * 2 or 3 lines, or under them), and so how many lines each row takes. It measures the page
 * (the viewport, a probe row, a character); the view acts on what it answers (remake the rows,
 * set their heights, redraw).
 */
import { rowInfo, widestRow, type RowLayout } from '../../formats/editing/rowLayout';
import type { MshRowLayout } from '../../formats/msh/rows';
import { breakCells, GROUP_GAP_CH, groupCh, keyframeLines, wrapWords, type LinePiece } from './decodedLayout';
import { hexColumnCss, labelUnderBytes, lineBytesFor, LINE_BYTE_CHOICES, type LineBytes } from './lineBytes';
import { mshDecodedLineCount, mshMostLines } from './mshRowContent';
import type { RowElements, RowShape } from './rowElements';
import { MATRIX_CELL_CH } from './rowContent';

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
export const UNDER = 4;
/** Lines an NRes row's or a skeleton row's decoded values take at most. */
const DECODED_LINES_UNDER = 3;
/** NRes rows whose lines are kept at most (a viewport's worth many times over). */
const MSH_LINES_KEPT = 10_000;
/** Decoded line elements a row has at least (a keyframe beside its bytes, a matrix, an NRes record). */
const DECODED_SLOTS = 3;
/** Pixels of the indent of the lines under the bytes: 2 characters (hex.css), 4 px when the label is under the bytes too. */
const UNDER_INDENT_CH = 2;
const LABEL_UNDER_INDENT_PX = 4;

/** What the rows are fitted to now. */
export interface RowFit {
  /** Bytes on one line of the hex column: fewer when the editor is narrow. */
  lineBytes: LineBytes;
  /** Lines of bytes of the widest row. */
  hexLines: number;
  /** Narrower than 4 bytes beside the record label: the label goes under the bytes. */
  labelUnder: boolean;
  /** How a keyframe's decoded values are laid out: 1, 2 or 3 lines beside the bytes, or UNDER them. */
  wrap: number;
  /** Under the bytes, a keyframe's lines: q, p, s whole or broken between values (decodedLayout.ts). */
  keyframePlan: LinePiece[][];
  /** Lines of a record row: the most of the bytes' lines and the decoded values' lines. */
  rowLines: number;
  /** Lines of the header row (its 4 or 8 bytes and its meaning) and the characters its meaning wraps at (under the bytes: the characters of every line there). */
  headerLines: number;
  headerWidthCh: number;
  /** Decoded line elements per row: the most lines a row's decoded values take. */
  decodedSlots: number;
  /** Pixels of a line (`--line-height`), read when the rows are fitted: reading it while drawing would restyle the page once per row. */
  lineHeight: number;
}

/** What a fit of the decoded values changed: nothing, the rows' lines, or also the rows' elements (made again). */
export type DecodedRefit = 'same' | 'lines' | 'elements';

/** Characters of a matrix row on one line, at its widest (`[c0, c1, c2 | t]`). */
const matrixRowCh = (): number => MATRIX_CELL_CH.reduce((sum, ch) => sum + ch + 1, -1);

/** Characters of the longest record label of a layout ('frame 65534 · bone 254', 'incomplete record'). */
function longestLabel(layout: RowLayout): number {
  // NRes labels: 'key 12345 · n123', 'nested NRes header'; longer ones are cut with an ellipsis.
  if (layout.kind === 'msh') return 'nested NRes header'.length;
  const record = layout.kind === 'clip' ? `frame ${Math.max(0, layout.frameCount - 1)} · bone ${Math.max(0, layout.boneCount - 1)}` : `bone ${layout.recordCount}`;
  return Math.max(record.length, layout.size > layout.headerSize + layout.recordCount * layout.recordSize ? 'incomplete record'.length : 'header'.length);
}

export class RowFitter {
  private readonly state: RowFit = {
    lineBytes: LINE_BYTE_CHOICES[0],
    hexLines: 1,
    labelUnder: false,
    wrap: 1,
    keyframePlan: [],
    rowLines: 1,
    headerLines: 1,
    headerWidthCh: Infinity,
    decodedSlots: DECODED_SLOTS,
    lineHeight: 18,
  };
  /** What the rows were last fitted to (fitDecoded answers 'same' while it holds). */
  private fitted = '';
  /** NRes rows' lines by row, for the current fit. */
  private readonly mshLines = new Map<number, number>();

  constructor(private readonly viewport: HTMLElement) {}

  get fit(): Readonly<RowFit> {
    return this.state;
  }

  /** The elements a new row is made with. */
  get shape(): RowShape {
    const fit = this.state;
    return { hexLines: fit.hexLines, lineBytes: fit.lineBytes, decodedSlots: fit.decodedSlots, heightPx: fit.lineHeight * fit.rowLines };
  }

  /**
   * Chooses the bytes per line for the editor's width (16, 8 or 4: lineBytes.ts) and sizes the
   * hex column. True: the rows must be made again with that many bytes a line (`rowBytes`: the
   * byte elements of the rows made so far, undefined when there are none). A hidden editor (no
   * width) keeps its choice.
   */
  fitLineBytes(layout: RowLayout, rowBytes: number | undefined, force = false): boolean {
    const fit = this.state;
    const root = document.documentElement.style;
    const labelCh = longestLabel(layout) + 1;
    const available = this.viewport.clientWidth;
    const ch = this.charWidth();
    const em = parseFloat(getComputedStyle(this.viewport).fontSize) || 14;
    const measures = { available, columns: 3 + (OFFSET_CH + labelCh) * ch, ch, em };
    const bytes = available > 0 ? lineBytesFor(measures) : fit.lineBytes;
    fit.labelUnder = available > 0 ? labelUnderBytes(measures) : fit.labelUnder;
    // The label under the bytes: its column takes no width.
    root.setProperty('--label-w', fit.labelUnder ? '0ch' : `${labelCh}ch`);
    const lines = Math.ceil(widestRow(layout) / bytes);
    if (!force && bytes === fit.lineBytes && lines === fit.hexLines && rowBytes !== undefined) return false;
    fit.lineBytes = bytes;
    this.viewport.dataset.lineBytes = String(bytes);
    root.setProperty('--hex-w', hexColumnCss(bytes));
    if (lines === fit.hexLines && rowBytes === lines * bytes) return false;
    fit.hexLines = lines;
    return true;
  }

  /**
   * Keyframe rows show q, p and s on one line when they fit beside the bytes; else q stays
   * beside them and p, s go on a second line under the label and bytes (2); in a narrow editor q
   * and then p, s take two lines under the label and bytes (3); with fewer than 16 bytes a line
   * they go under the bytes across the row, broken between values where a group does not fit
   * (decodedLayout.ts). The record column is as wide as the longest label of this file. Each row
   * is as tall as its own lines: the header row's meaning is wrapped to its width, and a
   * clip's 4-byte header takes one line where its keyframes take several. `probe`: a row made
   * with the current line bytes, measured for the columns' widths (none yet: nothing is fitted).
   */
  fitDecoded(layout: RowLayout, probe: RowElements | undefined, headerMeaning: () => string, force = false): DecodedRefit {
    const fit = this.state;
    let wrap = 1;
    let plan: LinePiece[][] = [];
    let headerCh = Infinity;
    const width = this.viewport.clientWidth;
    const ch = this.charWidth();
    const keyframes = layout.kind === 'clip' && layout.headerSize > 0;
    if (fit.lineBytes < LINE_BYTE_CHOICES[0] && probe) {
      wrap = UNDER;
      // Under: the row's whole width less its border and the indent (hex.css), half a character to spare.
      const indent = fit.labelUnder ? LABEL_UNDER_INDENT_PX : UNDER_INDENT_CH * ch;
      headerCh = (width - 3 - indent) / ch - 0.5;
      plan = keyframes ? keyframeLines(headerCh) : [];
    } else if (probe) {
      const hexWidth = (probe.bytes[0].parentElement?.parentElement as HTMLElement).offsetWidth;
      const beside = width - 4 - probe.offset.offsetWidth - probe.label.offsetWidth - hexWidth - 2 * ch;
      // Under the label and the bytes there is always room for p and s (61 characters and more).
      if (layout.kind === 'msh') wrap = MSH_DECODED_CH * ch <= beside ? 1 : UNDER;
      else if (layout.kind === 'skeleton' && layout.headerSize > 0) wrap = matrixRowCh() * ch <= beside ? 1 : UNDER;
      else if (keyframes && (GROUP_CH.q + 2 * (GROUP_CH.ps + GROUP_CH.gap)) * ch <= beside) wrap = 1;
      else if (keyframes && GROUP_CH.q * ch <= beside) wrap = 2;
      else if (keyframes) wrap = 3;
      // wrap 3: the header's meaning goes under its bytes, across the label, bytes and values columns;
      // under (16 bytes a line): every decoded line does.
      headerCh = wrap === 3 ? (width - 4 - probe.offset.offsetWidth) / ch - 1 : wrap === UNDER ? (width - 4 - probe.offset.offsetWidth) / ch - 0.5 : beside / ch + 1;
    }
    const headerText = layout.kind !== 'msh' && layout.headerSize > 0 ? wrapWords(headerMeaning(), Math.floor(headerCh)) : [];
    const labelLine = fit.labelUnder && wrap === UNDER ? 1 : 0;
    // Under: the bytes' lines, the label's (narrowest editors), then the decoded lines (a keyframe's q, then p and s;
    // a matrix's rows, each broken between values where it does not fit).
    // NRes rows: the most any row takes (each row's own lines: linesOf).
    const linesUnder = keyframes ? plan.length
      : layout.kind === 'skeleton' && layout.headerSize > 0 ? 3 * breakCells(MATRIX_CELL_CH, Math.floor(headerCh)).length
      : layout.kind === 'msh' && wrap === UNDER ? mshMostLines(Math.floor(headerCh))
      : DECODED_LINES_UNDER;
    const lines = wrap === UNDER ? fit.hexLines + labelLine + linesUnder : Math.max(fit.hexLines, layout.kind === 'skeleton' ? 3 : wrap);
    const headerHexLines = layout.kind === 'msh' ? 1 : Math.ceil(layout.headerSize / fit.lineBytes);
    const headerLines = wrap === UNDER ? headerHexLines + labelLine + headerText.length
      : wrap === 3 ? headerHexLines + headerText.length
      : Math.max(headerHexLines, headerText.length);
    const fitted = JSON.stringify([wrap, lines, headerLines, headerText, plan, labelLine, fit.lineBytes]);
    if (!force && fitted === this.fitted) return 'same';
    this.fitted = fitted;
    this.mshLines.clear();
    fit.wrap = wrap;
    fit.keyframePlan = plan;
    fit.rowLines = lines;
    fit.headerLines = headerLines;
    fit.headerWidthCh = Math.floor(headerCh);
    this.viewport.dataset.wrap = wrap === UNDER ? 'under' : String(wrap);
    this.viewport.dataset.label = labelLine ? 'under' : 'beside';
    fit.lineHeight = parseFloat(getComputedStyle(this.viewport).getPropertyValue('--line-height')) || 18;
    const slots = Math.max(DECODED_SLOTS, plan.length, headerText.length, wrap === UNDER ? linesUnder : 0);
    if (slots === fit.decodedSlots) return 'lines';
    fit.decodedSlots = slots;
    return 'elements';
  }

  /** Lines of row `row`: a record's, the header's, a trailing row's own (its bytes' lines, its label under them), an NRes row's own. */
  linesOf(layout: RowLayout | undefined, row: number): number {
    const fit = this.state;
    if (!layout) return fit.rowLines;
    if (layout.kind === 'msh') return this.mshLinesOf(layout, row);
    if (layout.headerSize === 0 || (row > 0 && row <= layout.recordCount)) return fit.rowLines;
    if (row === 0) return fit.headerLines;
    const info = rowInfo(layout, row);
    const hexLines = Math.ceil((info.end - info.start) / fit.lineBytes);
    return fit.wrap === UNDER ? hexLines + (fit.labelUnder ? 1 : 0) + 1 : Math.max(1, hexLines);
  }

  /** An NRes row's lines: its bytes' and its decoded values' (known from its fields), beside or under them; kept until the next fit. */
  private mshLinesOf(layout: MshRowLayout, row: number): number {
    let lines = this.mshLines.get(row);
    if (lines === undefined) {
      const fit = this.state;
      const info = rowInfo(layout, row);
      const hexLines = Math.max(1, Math.ceil((info.end - info.start) / fit.lineBytes));
      const decoded = mshDecodedLineCount(layout, info, fit.wrap === UNDER ? fit.headerWidthCh : undefined);
      lines = fit.wrap === UNDER ? hexLines + (fit.labelUnder ? 1 : 0) + decoded : Math.max(hexLines, decoded);
      if (this.mshLines.size >= MSH_LINES_KEPT) this.mshLines.clear();
      this.mshLines.set(row, lines);
    }
    return lines;
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
}
