/**
 * The MSH preview's DOM: the caveat, the canvas, and the controls (model, play, frame, the
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
  canvas: HTMLCanvasElement;
  model: SelectElement;
  play: HTMLElement;
  frame: HTMLInputElement;
  frameText: HTMLElement;
  blendTime: HTMLInputElement;
  blendWeight: HTMLInputElement;
  blendText: HTMLElement;
  names: CheckboxElement;
  status: HTMLElement;
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
  const canvas = element('canvas', { id: 'view', width: 640, height: 420 }, root);
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
  return { title, caveat, canvas, model, play, frame, frameText, blendTime, blendWeight, blendText, names, status };
}
