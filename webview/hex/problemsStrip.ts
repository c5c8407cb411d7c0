/** The problems of the edited state on top of the rows: click one to scroll to its bytes. */
import { describeByteRange } from '../../formats/byteRangeText';
import type { FormatDiagnostic } from '../../formats/diagnostics';

const SHOWN = 200;

export class ProblemsStrip {
  constructor(
    private readonly banner: HTMLElement,
    private readonly list: HTMLElement,
    private readonly onReveal: (offset: number) => void,
  ) {}

  setHeaderProblem(problem: string | undefined): void {
    this.banner.hidden = !problem;
    this.banner.textContent = problem ?? '';
  }

  setDiagnostics(diagnostics: FormatDiagnostic[]): void {
    this.list.replaceChildren();
    this.list.hidden = diagnostics.length === 0;
    const summary = document.createElement('div');
    summary.className = 'problems-summary';
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    summary.textContent = `${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'})`;
    this.list.append(summary);
    for (const d of diagnostics.slice(0, SHOWN)) {
      const item = document.createElement('button');
      item.className = `problem sev-${d.severity}`;
      item.dataset.code = d.code;
      // Worded as in the Problems panel: hex offsets, as the rows show them.
      const where = d.byteRange ? ` (${describeByteRange(d.byteRange)})` : '';
      item.textContent = `${d.severity} ${d.code}: ${d.message}${where}`;
      const range = d.byteRange;
      if (range) item.addEventListener('click', () => this.onReveal(range.end > range.start ? range.start : Math.max(0, range.start - 1)));
      else item.disabled = true;
      this.list.append(item);
    }
  }
}
