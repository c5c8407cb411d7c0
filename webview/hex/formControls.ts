/** The edit panels' controls: labelled text fields, buttons and rows of fields (@vscode-elements). */

/** A `vscode-textfield` (or any element with a value). */
export interface ValueElement extends HTMLElement {
  value: string;
}

export interface LabelledField {
  wrap: HTMLElement;
  input: ValueElement;
}

/** A text field with its label above it. */
export function textField(id: string, label: string): LabelledField {
  const wrap = document.createElement('label');
  wrap.className = 'edit-field';
  wrap.textContent = label;
  const input = document.createElement('vscode-textfield') as ValueElement;
  input.id = id;
  wrap.append(input);
  return { wrap, input };
}

export function button(id: string, text: string): HTMLElement {
  const b = document.createElement('vscode-button');
  b.id = id;
  b.textContent = text;
  return b;
}

/** Fields side by side. */
export function fieldLine(cells: LabelledField[]): HTMLElement {
  const div = document.createElement('div');
  div.className = 'edit-line';
  div.append(...cells.map((c) => c.wrap));
  return div;
}
