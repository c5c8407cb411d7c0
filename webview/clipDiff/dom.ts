/**
 * The clip diff page's DOM: title and summary, the measure toggle and the buttons that open the
 * other views, then the heatmap (bone names, the canvas, the totals per bone beside it) and the
 * hover's tooltip. Builds elements; no logic.
 */
import type { ClipDiffChannelWire } from '../../protocol/clipDiff';

export interface ClipDiffDom {
  title: HTMLElement;
  summary: HTMLElement;
  problem: HTMLElement;
  channels: Record<ClipDiffChannelWire, HTMLElement>;
  openHex: HTMLElement;
  openPreviews: HTMLElement;
  openGhost: HTMLElement;
  legend: HTMLElement;
  plot: HTMLElement;
  boneLabels: HTMLElement;
  canvas: HTMLCanvasElement;
  totals: HTMLElement;
  tooltip: HTMLElement;
  selection: HTMLElement;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]>, parent: HTMLElement): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  parent.appendChild(e);
  return e;
}

function button(id: string, text: string, parent: HTMLElement): HTMLElement {
  const b = Object.assign(document.createElement('vscode-button'), { id, textContent: text });
  parent.append(b);
  return b;
}

export const CHANNEL_LABELS: Readonly<Record<ClipDiffChannelWire, string>> = { rotation: 'Rotation', position: 'Position', scale: 'Scale' };

export function buildClipDiffDom(root: HTMLElement): ClipDiffDom {
  const title = element('h1', { id: 'title' }, root);
  const summary = element('div', { id: 'summary' }, root);
  const problem = element('p', { id: 'problem' }, root);
  const bar = element('div', { id: 'controls' }, root);
  const group = element('div', { id: 'channels', role: 'radiogroup' }, bar);
  group.setAttribute('aria-label', 'Measure');
  const channels = {
    rotation: button('channel-rotation', CHANNEL_LABELS.rotation, group),
    position: button('channel-position', CHANNEL_LABELS.position, group),
    scale: button('channel-scale', CHANNEL_LABELS.scale, group),
  };
  const openHex = button('open-hex', 'Hex Editors A | B', bar);
  const openPreviews = button('open-previews', 'Preview A | B', bar);
  const openGhost = button('open-ghost', 'Preview A with B as ghost', bar);
  openGhost.title = 'One preview of A with B drawn over it, translucent, at the selected cell';
  const legend = element('div', { id: 'legend' }, root);
  const plot = element('div', { id: 'plot' }, root);
  const boneLabels = element('div', { id: 'bone-labels' }, plot);
  const canvas = element('canvas', { id: 'heatmap', tabIndex: 0 }, plot);
  canvas.setAttribute('role', 'img');
  const totals = element('div', { id: 'totals' }, plot);
  const tooltip = element('div', { id: 'tooltip', role: 'tooltip' }, root);
  const selection = element('p', { id: 'selection' }, root);
  selection.setAttribute('aria-live', 'polite');
  return { title, summary, problem, channels, openHex, openPreviews, openGhost, legend, plot, boneLabels, canvas, totals, tooltip, selection };
}
