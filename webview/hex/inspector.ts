/** The selected byte's description (the same rows as the tooltip), copyable as plain text. */
import type { ByteDescription } from '../../formats/describe';
import { renderDescription } from './descriptionView';

export class Inspector {
  private text = '';

  constructor(
    private readonly body: HTMLElement,
    copyButton: HTMLElement,
  ) {
    copyButton.addEventListener('click', () => void navigator.clipboard?.writeText(this.text));
  }

  show(description: ByteDescription | string): void {
    this.text = renderDescription(this.body, description);
  }
}
