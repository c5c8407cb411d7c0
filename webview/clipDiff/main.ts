/** Webview entry (dist/webview/clipDiff.js): builds the page and relays the host's messages. */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import './clipDiff.css';
import type { ClipDiffToHostMessage, HostToClipDiffMessage } from '../../protocol/clipDiff';
import { ClipDiffApp } from './app';
import { buildClipDiffDom } from './dom';

interface VsCodeApi {
  postMessage(message: ClipDiffToHostMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const dom = buildClipDiffDom(document.getElementById('app') ?? document.body);
const app = new ClipDiffApp(dom, {
  select: (cell) => vscode.postMessage({ type: 'select', cell }),
  state: (state) => vscode.postMessage({ type: 'state', state }),
});
dom.openHex.addEventListener('click', () => vscode.postMessage({ type: 'openHexEditors' }));
dom.openPreviews.addEventListener('click', () => vscode.postMessage({ type: 'openPreviews' }));
dom.openGhost.addEventListener('click', () => vscode.postMessage({ type: 'openGhostPreview' }));
// Read-only handle for the end-to-end tests.
Object.assign(window, { ewzanimClipDiff: app });

window.addEventListener('message', (event: MessageEvent<HostToClipDiffMessage>) => {
  const message = event.data;
  if (message.type === 'show') app.show(message.view);
  else if (message.type === 'failure') app.failure(message.code, message.message);
  else if (message.type === 'select') app.select(message.cell);
});
vscode.postMessage({ type: 'ready' });
