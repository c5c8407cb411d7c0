/**
 * The bone list (hover highlights a bone, a click selects it) and the readout of the hovered or
 * selected bone's transform, in fixed columns so it never wraps.
 */
import { formatPoseValue } from '../../formats/numberText';
import type { BoneTransform } from '../../formats/records';

export interface BoneListEvents {
  hover(bone: number): void;
  select(bone: number): void;
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
      item.addEventListener('click', () => this.events.select(bone));
      this.list.appendChild(item);
    }
  }

  highlight(selected: number): void {
    for (const item of Array.from(this.list.children) as HTMLElement[]) {
      const on = Number(item.dataset.bone) === selected;
      item.classList.toggle('selected', on);
      item.setAttribute('aria-selected', String(on));
      if (on) item.scrollIntoView({ block: 'nearest' });
    }
  }

  /** The readout of a bone (`label`: its name or index) at `where`, or the hint when none is hovered or selected. */
  showTransform(readout: { label: string; where: string; transform: BoneTransform } | undefined): void {
    this.details.textContent = readout ? describeTransform(readout.label, readout.where, readout.transform) : 'Hover or select a bone\nto read its decoded transform.';
  }
}

/** A number in a fixed-width column: sign, 4 decimals, exponent form only when it must. */
export function column(v: number): string {
  return formatPoseValue(v).padStart(8);
}

export function describeTransform(label: string, where: string, t: BoneTransform): string {
  const [x, y, z, w] = t.rotation;
  return [
    `${label} · ${where}`,
    `rotation x${column(x)}  y${column(y)}`,
    `         z${column(z)}  w${column(w)}`,
    `position x${column(t.position[0])}  y${column(t.position[1])}  z${column(t.position[2])}`,
    `scale    x${column(t.scale[0])}  y${column(t.scale[1])}  z${column(t.scale[2])}`,
  ].join('\n');
}
