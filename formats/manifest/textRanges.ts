/**
 * Offsets in a manifest's text <-> 0-based line / UTF-16 character positions (LSP style).
 * JavaScript string offsets already count UTF-16 code units, so a position is just the
 * distance from the start of its line.
 */
import type { TextPosition, TextRange } from '../diagnostics';

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      // \r\n counts once; a lone \r is a line break too (as editors treat it).
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): TextPosition {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.starts[low] };
  }

  offsetAt(position: TextPosition): number {
    const line = Math.max(0, Math.min(position.line, this.starts.length - 1));
    const lineEnd = line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
    return Math.min(this.starts[line] + Math.max(0, position.character), lineEnd);
  }

  rangeOf(start: number, end: number): TextRange {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  /** Start and end offsets of a 0-based line, without its line break. */
  lineBounds(line: number): [number, number] {
    const start = this.starts[line] ?? this.text.length;
    let end = line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return [start, end];
  }
}

function comparePositions(a: TextPosition, b: TextPosition): number {
  return a.line !== b.line ? a.line - b.line : a.character - b.character;
}

/** True when `position` lies inside `range`, its end included (a cursor right after a word). */
export function rangeContains(range: TextRange, position: TextPosition): boolean {
  return comparePositions(range.start, position) <= 0 && comparePositions(position, range.end) <= 0;
}
