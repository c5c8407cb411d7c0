/**
 * The problems of the edited state on top of the rows, in the Problems panel's order: click one,
 * or step with F8 / Shift+F8, to select its bytes. The summary says which one is selected
 * ("2 of 3").
 */
import { describeByteRange } from '../../formats/byteRangeText';
import type { ByteRange } from '../../formats/diagnostics';
import type { HexDiagnostic } from '../../protocol/hexEditor';
import { isOnProblem, problemAt, problemBytes, problemOrder, stepProblem, type Placed } from './problemNavigation';

const SHOWN = 200;

export class ProblemsStrip {
  private problems: Placed<HexDiagnostic>[] = [];
  /** Diagnostics without bytes (listed, not gone to). */
  private unplaced: HexDiagnostic[] = [];
  /** Where F8 steps from: the problem last gone to. */
  private anchor: number | undefined;
  /** The selection is on the anchor's bytes (the summary shows "k of N"). */
  private onAnchor = false;
  private summary: HTMLElement | undefined;
  private items: HTMLElement[] = [];
  /** The item last scrolled into the strip's view. */
  private shown: HTMLElement | undefined;

  constructor(
    private readonly banner: HTMLElement,
    private readonly list: HTMLElement,
    private readonly onReveal: (bytes: ByteRange) => void,
  ) {}

  get count(): number {
    return this.problems.length;
  }

  setHeaderProblem(problem: string | undefined): void {
    this.banner.hidden = !problem;
    this.banner.textContent = problem ?? '';
  }

  setDiagnostics(diagnostics: HexDiagnostic[]): void {
    const previous = this.anchor === undefined ? undefined : this.problems[this.anchor];
    this.problems = problemOrder(diagnostics);
    this.unplaced = diagnostics.filter((d) => !d.byteRange);
    // The same problem keeps its place after a re-check (an edit elsewhere).
    const kept = previous ? problemAt(this.problems, problemBytes(previous.byteRange)) : undefined;
    this.onAnchor &&= kept !== undefined;
    this.anchor = kept;
    this.render();
  }

  /** Goes to the next (1) or previous (-1) problem, wrapping round. */
  step(step: 1 | -1): void {
    const next = stepProblem(this.anchor, this.problems.length, step);
    if (next !== undefined) this.goTo(next);
  }

  /** Selects the bytes of the problem at `index` (in the strip's order). */
  goTo(index: number): void {
    const problem = this.problems[index];
    if (!problem) return;
    this.anchor = index;
    this.onAnchor = true;
    this.onReveal(problemBytes(problem.byteRange));
    this.markCurrent();
  }

  /** The selection moved: a problem's exact bytes become the current one; elsewhere none is. */
  follow(selection: ByteRange): void {
    const exact = problemAt(this.problems, selection);
    if (exact !== undefined) this.anchor = exact;
    this.onAnchor = this.anchor !== undefined && (exact !== undefined || isOnProblem(this.problems[this.anchor], selection.start));
    this.markCurrent();
  }

  private render(): void {
    this.list.replaceChildren();
    const total = this.problems.length + this.unplaced.length;
    this.list.hidden = total === 0;
    this.summary = document.createElement('div');
    this.summary.className = 'problems-summary';
    this.summary.id = 'problems-summary';
    this.list.append(this.summary);
    this.items = this.problems.slice(0, SHOWN).map((problem, index) => {
      const item = this.item(problem);
      item.addEventListener('click', () => this.goTo(index));
      return item;
    });
    const rest = this.unplaced.slice(0, Math.max(0, SHOWN - this.items.length)).map((d) => {
      const item = this.item(d);
      item.disabled = true;
      return item;
    });
    this.list.append(...this.items, ...rest);
    this.markCurrent();
  }

  private item(d: HexDiagnostic): HTMLButtonElement {
    const item = document.createElement('button');
    item.className = `problem sev-${d.severity}`;
    item.dataset.code = d.code;
    // Worded as in the Problems panel: hex offsets, as the rows show them.
    const where = d.byteRange ? ` (${describeByteRange(d.byteRange)})` : '';
    item.textContent = `${d.severity} ${d.code}: ${d.message}${where}`;
    return item;
  }

  private markCurrent(): void {
    if (!this.summary) return;
    const total = this.problems.length + this.unplaced.length;
    const errors = this.problems.filter((d) => d.severity === 'error').length + this.unplaced.filter((d) => d.severity === 'error').length;
    const current = this.onAnchor && this.anchor !== undefined ? this.anchor : undefined;
    const position = current === undefined ? '' : ` · ${current + 1} of ${this.problems.length}`;
    const keys = this.problems.length > 1 ? ' · F8 / Shift+F8 to step' : '';
    this.summary.textContent = `${total} problem${total === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'})${position}${keys}`;
    this.items.forEach((item, index) => item.classList.toggle('current', index === current));
    const item = current === undefined ? undefined : this.items[current];
    if (item && item !== this.shown) item.scrollIntoView({ block: 'nearest' });
    this.shown = item;
  }
}
