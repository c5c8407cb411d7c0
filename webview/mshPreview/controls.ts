/**
 * The MSH preview's DOM: the caveat, the canvas, and the controls (model, play, frame, the
 * blend's second time and weight, names). Builds elements and reads them; no logic.
 */
import { MSH_SAMPLING_CAVEAT } from '../../formats/msh';

export interface MshPreviewDom {
  title: HTMLElement;
  caveat: HTMLElement;
  canvas: HTMLCanvasElement;
  model: HTMLSelectElement;
  play: HTMLButtonElement;
  frame: HTMLInputElement;
  frameText: HTMLElement;
  blendTime: HTMLInputElement;
  blendWeight: HTMLInputElement;
  blendText: HTMLElement;
  names: HTMLInputElement;
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
  const model = element('select', { id: 'model' });
  labelled('Model ', model, bar);
  const play = element('button', { id: 'play', textContent: 'Play' }, bar);
  const frame = element('input', { id: 'frame', type: 'range', min: '0', max: '0', step: '1', value: '0' });
  labelled('Frame ', frame, bar);
  const frameText = element('span', { id: 'frameText' }, bar);
  const blend = element('div', { id: 'blend' }, root);
  const blendTime = element('input', { id: 'blendTime', type: 'range', min: '0', max: '0', step: '1', value: '0' });
  labelled('Blend with frame ', blendTime, blend);
  const blendWeight = element('input', { id: 'blendWeight', type: 'range', min: '0', max: '1', step: '0.05', value: '0' });
  labelled(' weight ', blendWeight, blend);
  const blendText = element('span', { id: 'blendText' }, blend);
  const names = element('input', { id: 'names', type: 'checkbox', checked: true });
  labelled(' names', names, blend);
  const status = element('p', { id: 'status' }, root);
  return { title, caveat, canvas, model, play, frame, frameText, blendTime, blendWeight, blendText, names, status };
}

export const MSH_PREVIEW_CSS = `
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 8px 12px; }
h1 { font-size: 1.1em; margin: 0 0 4px; }
#caveat { margin: 0 0 8px; color: var(--vscode-editorWarning-foreground, #cca700); }
#view { display: block; width: 100%; max-width: 960px; aspect-ratio: 64 / 42; border: 1px solid var(--vscode-panel-border, #444); cursor: grab; }
#controls, #blend { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-top: 8px; }
select, button { color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 3px 10px; }
select { color: var(--vscode-dropdown-foreground); background: var(--vscode-dropdown-background); }
#status { color: var(--vscode-descriptionForeground); }
`;
