/**
 * The MSH preview's DOM: the caveat, the 3D viewport (the shared renderer's canvas goes in it,
 * with the axes triad and the node names over it), and the controls (model, play, frame, the
 * blend's second time and weight, names): @vscode-elements for the choice, the button and the
 * check box, native range inputs for the sliders. Builds elements and reads them; no logic.
 */
import { MSH_SAMPLING_CAVEAT } from '../../formats/msh';

/** A `vscode-single-select`: its value is the chosen `vscode-option`'s. */
export interface SelectElement extends HTMLElement {
  value: string;
}

/** A `vscode-checkbox`. */
export interface CheckboxElement extends HTMLElement {
  checked: boolean;
}

export interface MshPreviewDom {
  title: HTMLElement;
  caveat: HTMLElement;
  notice: HTMLElement;
  viewport: HTMLElement;
  triad: SVGSVGElement;
  labels: HTMLElement;
  model: SelectElement;
  play: HTMLElement;
  frame: HTMLInputElement;
  frameText: HTMLElement;
  blendTime: HTMLInputElement;
  blendWeight: HTMLInputElement;
  blendText: HTMLElement;
  names: CheckboxElement;
  status: HTMLElement;
  rendererLabel: HTMLElement;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, parent?: HTMLElement): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  parent?.appendChild(e);
  return e;
}

function labelled(text: string, control: HTMLElement, parent: HTMLElement): void {
  const label = element('label', {}, parent);
  label.append(text, control);
}

export function buildMshPreviewDom(root: HTMLElement): MshPreviewDom {
  const title = element('h1', { id: 'title' }, root);
  const caveat = element('p', { id: 'caveat', textContent: `Node hierarchy posed by ${MSH_SAMPLING_CAVEAT}.` }, root);
  const notice = element('p', { id: 'notice' }, root);
  const viewport = element('div', { id: 'viewport' }, root);
  const triad = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  triad.id = 'triad';
  triad.setAttribute('viewBox', '-1.3 -1.3 2.6 2.6');
  triad.setAttribute('role', 'img');
  triad.setAttribute('aria-label', 'Orientation: X red, Y green, Z blue');
  viewport.append(triad);
  const labels = element('div', { id: 'labels' }, viewport);
  const bar = element('div', { id: 'controls' }, root);
  const model = Object.assign(document.createElement('vscode-single-select') as SelectElement, { id: 'model' });
  labelled('Model ', model, bar);
  const play = Object.assign(document.createElement('vscode-button'), { id: 'play', textContent: 'Play' });
  bar.append(play);
  const frame = element('input', { id: 'frame', type: 'range', min: '0', max: '0', step: '1', value: '0' });
  labelled('Frame ', frame, bar);
  const frameText = element('span', { id: 'frameText' }, bar);
  const blend = element('div', { id: 'blend' }, root);
  const blendTime = element('input', { id: 'blendTime', type: 'range', min: '0', max: '0', step: '1', value: '0' });
  labelled('Blend with frame ', blendTime, blend);
  const blendWeight = element('input', { id: 'blendWeight', type: 'range', min: '0', max: '1', step: '0.05', value: '0' });
  labelled(' weight ', blendWeight, blend);
  const blendText = element('span', { id: 'blendText' }, blend);
  const names = Object.assign(document.createElement('vscode-checkbox') as CheckboxElement, { id: 'names', checked: true, textContent: 'names' });
  blend.append(names);
  const status = element('p', { id: 'status' }, root);
  const rendererLabel = element('p', { id: 'renderer-label' }, root);
  return { title, caveat, notice, viewport, triad, labels, model, play, frame, frameText, blendTime, blendWeight, blendText, names, status, rendererLabel };
}
