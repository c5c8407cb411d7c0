/** The selected byte's description (the same lines as the tooltip), copyable. */
export class Inspector {
  private text = '';

  constructor(
    private readonly body: HTMLElement,
    copyButton: HTMLElement,
  ) {
    copyButton.addEventListener('click', () => void navigator.clipboard?.writeText(this.text));
  }

  show(lines: string[]): void {
    this.text = lines.join('\n');
    this.body.textContent = this.text;
  }
}
