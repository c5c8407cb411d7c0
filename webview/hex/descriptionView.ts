/**
 * A byte description drawn as the core renders it (formats/describeText.ts, sent by the host as
 * `HexDescription`): heading, labelled rows, findings. The tooltip and the inspector both use
 * this, so they show the same rows as the keyframe listing's hover.
 */
import { viewText } from '../../formats/describeText';
import type { HexDescription } from '../../protocol/hexEditor';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Fills `container` with the description; returns its plain text (what Copy copies). */
export function renderDescription(container: HTMLElement, view: HexDescription | string): string {
  if (typeof view === 'string') {
    container.replaceChildren(element('div', 'd-message', view));
    return view;
  }
  const heading = element('div', 'd-head');
  heading.append(element('span', 'd-title', view.title));
  const where = [view.place, view.span].filter((part) => part).join(' · ');
  if (where) heading.append(element('span', 'd-where', where));
  const rows = element('dl', 'd-rows');
  for (const row of view.rows) {
    const value = element('dd', 'd-value');
    value.append(row.code ? element('code', '', row.value) : document.createTextNode(row.value));
    rows.append(element('dt', 'd-label', row.label), value);
  }
  container.replaceChildren(heading, rows);
  if (view.notes.length) {
    const notes = element('ul', 'd-notes');
    for (const note of view.notes) notes.append(element('li', 'd-note', note));
    container.append(notes);
  }
  return viewText(view);
}
