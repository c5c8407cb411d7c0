/**
 * What marks the rows besides their bytes: the file's problems (a row's worst severity and its
 * messages) and the search's matches (the current one apart). Plain data; no DOM.
 */
import type { ByteRange, Severity } from '../../formats/diagnostics';
import type { HexDiagnostic } from '../../protocol/hexEditor';
import { problemBytes } from './problemNavigation';

const SEVERITY_RANK: Record<Severity, number> = { error: 4, warning: 3, information: 2, hint: 1 };

export class RowMarks {
  private diagnostics: HexDiagnostic[] = [];
  /** In file order (the search answers them so). */
  private matches: ByteRange[] = [];
  private current: ByteRange | undefined;

  setDiagnostics(diagnostics: HexDiagnostic[]): void {
    this.diagnostics = diagnostics;
  }

  /** Search matches to mark; `current` is the one selected. */
  setMatches(matches: ByteRange[], current: ByteRange | undefined): void {
    this.matches = matches;
    this.current = current;
  }

  isCurrentMatch(match: ByteRange): boolean {
    return match === this.current;
  }

  /** The matches that touch bytes `[start, end)`. */
  matchesIn(start: number, end: number): ByteRange[] {
    if (this.matches.length === 0) return [];
    // Binary search the first match that ends after `start`.
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

  /** The worst severity of the problems on bytes `[start, end)`, if any. */
  worstSeverity(start: number, end: number): Severity | undefined {
    let worst: Severity | undefined;
    for (const d of this.intersecting(start, end)) if (!worst || SEVERITY_RANK[d.severity] > SEVERITY_RANK[worst]) worst = d.severity;
    return worst;
  }

  /** The problems on bytes `[start, end)`, one `code: message` a line. */
  messagesFor(start: number, end: number): string {
    return this.intersecting(start, end).map((d) => `${d.code}: ${d.message}`).join('\n');
  }

  private intersecting(start: number, end: number): HexDiagnostic[] {
    return this.diagnostics.filter((d) => {
      if (!d.byteRange) return false;
      const bytes = problemBytes(d.byteRange);
      return bytes.start < end && bytes.end > start;
    });
  }
}
