/**
 * One row's DOM elements: the offset, the record label, the bytes (one span each, on as many
 * lines as the fit asks) and the decoded lines with their groups. Made once per pool row and
 * redrawn in place (rowPainter.ts).
 */
export interface GroupElements {
  root: HTMLElement;
  name: HTMLElement;
  text: HTMLElement;
}

export interface RowElements {
  root: HTMLElement;
  offset: HTMLElement;
  label: HTMLElement;
  bytes: HTMLElement[];
  /** One element per decoded line, each with up to three groups. */
  decodedLines: HTMLElement[];
  groups: GroupElements[][];
}

/** How many elements a row is made with, and its height until its first draw. */
export interface RowShape {
  hexLines: number;
  lineBytes: number;
  decodedSlots: number;
  heightPx: number;
}

/** Groups on each decoded line: a keyframe's q, p and s. */
const GROUPS_PER_LINE = 3;

function span(className: string): HTMLElement {
  const e = document.createElement('span');
  e.className = className;
  return e;
}

/** A row's elements, not yet in the page. */
export function makeRowElements(shape: RowShape): RowElements {
  const root = document.createElement('div');
  root.className = 'row';
  const offset = span('offset');
  const label = span('label');
  const hex = span('hex');
  const bytes: HTMLElement[] = [];
  for (let line = 0; line < shape.hexLines; line++) {
    const lineElement = span('hexline');
    for (let j = 0; j < shape.lineBytes; j++) {
      const b = span('b');
      b.dataset.i = String(line * shape.lineBytes + j);
      lineElement.append(b);
      bytes.push(b);
    }
    hex.append(lineElement);
  }
  const decoded = span('decoded');
  const decodedLines: HTMLElement[] = [];
  const groups: GroupElements[][] = [];
  for (let line = 0; line < shape.decodedSlots; line++) {
    const lineElement = span('dline');
    const slots: GroupElements[] = [];
    for (let g = 0; g < GROUPS_PER_LINE; g++) {
      const group = span('dg');
      const name = span('dn');
      const text = span('dt');
      group.append(name, text);
      group.hidden = true;
      lineElement.append(group);
      slots.push({ root: group, name, text });
    }
    decoded.append(lineElement);
    decodedLines.push(lineElement);
    groups.push(slots);
  }
  root.append(offset, label, hex, decoded);
  root.style.height = `${shape.heightPx}px`;
  return { root, offset, label, bytes, decodedLines, groups };
}

/** The file offset of the byte element under an event's target (undefined: not a shown byte). */
export function offsetOfTarget(target: EventTarget | null): number | undefined {
  const byte = (target as HTMLElement | null)?.closest?.('.b') as HTMLElement | null;
  const row = byte?.closest('.row') as HTMLElement | null;
  if (!byte || !row || !byte.textContent) return undefined;
  return Number(row.dataset.start) + Number(byte.dataset.i);
}
