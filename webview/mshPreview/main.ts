/** Webview entry (dist/webview/mshPreview.js): builds the page, relays messages, orbit by drag. */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import './mshPreview.css';
import type { HostToMshPreviewMessage, MshPreviewToHostMessage } from '../../protocol/mshPreview';
import { buildMshPreviewDom } from './controls';
import { MshPreviewController } from './controller';

interface VsCodeApi {
  postMessage(message: MshPreviewToHostMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const dom = buildMshPreviewDom(document.getElementById('app') ?? document.body);
const controller = new MshPreviewController(dom, (state) => vscode.postMessage({ type: 'state', state }));

dom.model.addEventListener('change', () => controller.selectModel(Number(dom.model.value)));
dom.play.addEventListener('click', () => controller.togglePlay());
dom.frame.addEventListener('input', () => controller.setFrame(Number(dom.frame.value)));
const blend = (): void => controller.setBlend(Number(dom.blendTime.value), Number(dom.blendWeight.value));
dom.blendTime.addEventListener('input', blend);
dom.blendWeight.addEventListener('input', blend);
dom.names.addEventListener('change', () => controller.redraw());
window.addEventListener('resize', () => controller.redraw());

let drag: { x: number; y: number } | undefined;
dom.canvas.addEventListener('pointerdown', (e) => {
  drag = { x: e.clientX, y: e.clientY };
  dom.canvas.setPointerCapture(e.pointerId);
});
dom.canvas.addEventListener('pointermove', (e) => {
  if (!drag) return;
  controller.orbit(e.clientX - drag.x, e.clientY - drag.y);
  drag = { x: e.clientX, y: e.clientY };
});
dom.canvas.addEventListener('pointerup', () => (drag = undefined));

window.addEventListener('message', (event: MessageEvent<HostToMshPreviewMessage>) => {
  if (event.data.type === 'load') controller.load(event.data.name, event.data.bytes);
});
vscode.postMessage({ type: 'ready' });
