/**
 * The ghost's legend over the viewport (top right): "A solid · B ghost (label)" with B's colour,
 * why B is not drawn when it is not, and the toggle that shows or hides it. Hidden without a
 * ghost. The page's state is mirrored in data attributes for the end-to-end tests.
 */
import type { CheckElement } from '../dom';
import type { Rgb } from '../renderer';
import { currentPalette } from '../theme';

export interface GhostLegendState {
  /** Empty: no ghost, no legend. */
  text: string;
  shown: boolean;
  /** The frame and bone B draws, or -1 when not drawn / none highlighted. */
  frame: number;
  bone: number;
}

const css = (c: Rgb): string => `rgb(${c.map((v) => Math.round(v * 255)).join(', ')})`;

export class GhostLegend {
  private readonly root: HTMLElement;
  private readonly swatch: HTMLElement;
  private readonly text: HTMLElement;
  private readonly toggle: CheckElement;

  constructor(viewport: HTMLElement, setShown: (shown: boolean) => void) {
    this.root = document.createElement('div');
    this.root.id = 'ghost-legend';
    this.root.hidden = true;
    this.root.innerHTML = '<span class="swatch" aria-hidden="true">&#9670;</span><span id="ghost-text"></span><vscode-checkbox id="show-ghost" checked title="Draw the second clip (B) as a ghost over this one">Ghost</vscode-checkbox>';
    viewport.appendChild(this.root);
    this.swatch = this.root.querySelector<HTMLElement>('.swatch')!;
    this.text = this.root.querySelector<HTMLElement>('#ghost-text')!;
    this.toggle = this.root.querySelector('#show-ghost') as unknown as CheckElement;
    this.toggle.addEventListener('change', () => setShown(this.toggle.checked));
  }

  render(state: GhostLegendState): void {
    this.root.hidden = state.text === '';
    if (this.text.textContent !== state.text) {
      this.text.textContent = state.text;
      this.swatch.style.color = css(currentPalette().ghost);
    }
    if (this.toggle.checked !== state.shown) this.toggle.checked = state.shown;
    this.root.dataset.frame = String(state.frame);
    this.root.dataset.bone = String(state.bone);
  }
}

export const GHOST_LEGEND_CSS = `
  #ghost-legend { position: absolute; z-index: 1; top: 6px; right: 8px; display: flex; align-items: center; gap: 6px; padding: 2px 8px; border-radius: 3px; background: var(--vscode-editorWidget-background, rgba(0, 0, 0, 0.4)); border: 1px solid var(--vscode-editorWidget-border, transparent); max-width: calc(100% - 24px); }
  #ghost-legend #ghost-text { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;
