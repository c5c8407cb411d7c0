/** The selected byte's description (the same rows as the tooltip), copyable as plain text. */
import type { HexDescription } from '../../protocol/hexEditor';
import { renderDescription } from './descriptionView';

export class Inspector {
  private text = '';

  constructor(
    private readonly body: HTMLElement,
    copyButton: HTMLElement,
  ) {
    copyButton.addEventListener('click', () => void navigator.clipboard?.writeText(this.text));
  }

  show(description: HexDescription | string): void {
    this.text = renderDescription(this.body, description);
  }
}
