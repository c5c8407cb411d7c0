/**
 * The selected byte's description (the same rows as the tooltip), copyable as plain text. Laid
 * out to read whole in a narrow side panel: labels wrap at spaces only, and a list of numbers
 * becomes cells of one width that never break inside a number (they line up when they wrap).
 */
import type { HexDescription } from '../../protocol/hexEditor';
import { renderDescription } from './descriptionView';

/** A number as the descriptions write it, possibly opening or closing a bracketed list. */
const NUMBER = /^\(?[-+]?(\d+(\.\d+)?(e[-+]?\d+)?|NaN|Infinity)\)?$/i;

/**
 * A value that is a list of numbers ("0.5, -0.0877, 0, 1") as its cells, each with the comma
 * that follows it; undefined for any other text (it wraps at its spaces).
 */
export function numberCells(value: string): string[] | undefined {
  const parts = value.split(', ');
  if (parts.length < 2 || !parts.every((part) => NUMBER.test(part))) return undefined;
  return parts.map((part, i) => (i < parts.length - 1 ? `${part},` : part));
}

export class Inspector {
  private text = '';

  constructor(
    private readonly body: HTMLElement,
    copyButton: HTMLElement,
  ) {
    copyButton.addEventListener('click', () => void navigator.clipboard?.writeText(this.text));
    this.clear();
  }

  /** Nothing selected. */
  clear(): void {
    this.text = renderDescription(this.body, 'Select a byte to see what it holds.');
  }

  show(description: HexDescription | string): void {
    this.text = renderDescription(this.body, description);
    for (const value of this.body.querySelectorAll<HTMLElement>('.d-value')) {
      // Raw bytes (code) wrap between bytes already.
      if (value.firstElementChild) continue;
      const cells = numberCells(value.textContent ?? '');
      if (cells) value.replaceChildren(cellsOf(cells));
    }
  }
}

/** Cells of one width (the longest number's) that wrap between numbers only, so wrapped lines form columns. */
function cellsOf(cells: string[]): HTMLElement {
  const line = document.createElement('span');
  line.className = 'd-cells';
  line.style.setProperty('--cell-ch', String(Math.max(...cells.map((c) => c.length))));
  cells.forEach((text, i) => {
    const cell = document.createElement('span');
    cell.className = 'd-cell';
    cell.textContent = text;
    // The space between cells is where the line may wrap (and what Copy and tests read).
    if (i > 0) line.append(' ');
    line.append(cell);
  });
  return line;
}
