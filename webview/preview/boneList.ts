/**
 * The bone list (hover highlights a bone, a click selects it, Ctrl/Cmd- and Shift-click select
 * several as VS Code's lists do: boneSelection.ts) and the readout of the hovered or
 * selected bone's transform, in fixed columns so it never wraps.
 */
import { formatPoseValue } from '../../formats/numberText';
import type { BoneTransform } from '../../formats/records';
import { pickGesture, type BonePickGesture } from './boneSelection';

export interface BoneListEvents {
  hover(bone: number): void;
  select(bone: number, gesture: BonePickGesture): void;
}

export class BoneList {
  constructor(private readonly list: HTMLElement, private readonly details: HTMLElement, private readonly events: BoneListEvents) {}

  /** One row per clip bone, named by `label(bone)`; `note(bone)` adds a remark ("not in skeleton"). */
  build(bones: number, label: (bone: number) => string, note: (bone: number) => string | undefined): void {
    this.list.textContent = '';
    for (let bone = 0; bone < bones; bone++) {
      const item = document.createElement('div');
      item.className = 'bone';
      item.setAttribute('role', 'option');
      item.dataset.bone = String(bone);
      item.textContent = label(bone);
      item.title = `bone ${bone}`;
      const remark = note(bone);
      if (remark) {
        const span = document.createElement('span');
        span.className = 'note';
        span.textContent = ` (${remark})`;
        item.appendChild(span);
      }
      item.addEventListener('mouseenter', () => this.events.hover(bone));
      item.addEventListener('mouseleave', () => this.events.hover(-1));
      // Shift-click picks a run of bones, not the text between two clicks.
      item.addEventListener('mousedown', (event) => { if (event.shiftKey) event.preventDefault(); });
      item.addEventListener('click', (event) => this.events.select(bone, pickGesture(event)));
      this.list.appendChild(item);
    }
  }

  /** Marks the `selected` bones; the `primary` one is scrolled into view. */
  highlight(selected: readonly number[], primary: number): void {
    this.list.setAttribute('aria-multiselectable', 'true');
    for (const item of Array.from(this.list.children) as HTMLElement[]) {
      const bone = Number(item.dataset.bone);
      const on = selected.includes(bone);
      item.classList.toggle('selected', on);
      item.setAttribute('aria-selected', String(on));
      if (bone === primary) this.reveal(item);
    }
  }

  /** Scrolls the list (only the list: scrollIntoView would scroll the side panel too, hiding the readout) to show `item`. */
  private reveal(item: HTMLElement): void {
    const list = this.list.getBoundingClientRect();
    const box = item.getBoundingClientRect();
    if (box.top < list.top) this.list.scrollTop -= list.top - box.top;
    else if (box.bottom > list.bottom) this.list.scrollTop += box.bottom - list.bottom;
  }

  /**
   * The readout of a bone (`label`: its name or index) at `where`, or the hint when none is
   * hovered or selected: a line per quantity, its components in fixed-width cells that wrap
   * under one another when the panel is narrow (on one line they were cut at its right edge).
   */
  showTransform(readout: { label: string; where: string; transform: BoneTransform } | undefined): void {
    if (!readout) {
      this.details.textContent = 'Hover or select a bone\nto read its decoded transform.';
      return;
    }
    const element = (className: string, text?: string): HTMLElement => {
      const e = document.createElement('div');
      e.className = className;
      if (text !== undefined) e.textContent = text;
      return e;
    };
    const lines = transformLines(readout.transform).map(({ name, cells }) => {
      const line = element('bd-line');
      const values = element('bd-cells');
      values.append(...cells.map((cell) => element('bd-cell', cell)));
      line.append(element('bd-name', name), values);
      return line;
    });
    this.details.replaceChildren(element('bd-head', `${readout.label} · ${readout.where}`), ...lines);
  }
}

/** A number in a fixed-width column: sign, 4 decimals, exponent form only when it must. */
export function column(v: number): string {
  return formatPoseValue(v).padStart(8);
}

/** The readout's lines: each quantity's name and its components ("x  0.9257"), one cell each. */
export function transformLines(t: BoneTransform): { name: string; cells: string[] }[] {
  const cells = (values: readonly number[]): string[] => values.map((v, i) => `${'xyzw'[i]}${column(v)}`);
  return [
    { name: 'rotation', cells: cells(t.rotation) },
    { name: 'position', cells: cells(t.position) },
    { name: 'scale', cells: cells(t.scale) },
  ];
}
