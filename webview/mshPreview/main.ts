/** Webview entry (dist/webview/mshPreview.js): builds the page and relays the host's messages. */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import './mshPreview.css';
import type { HostToMshPreviewMessage, MshPreviewToHostMessage } from '../../protocol/mshPreview';
import { MshPreviewApp } from './app';
import { buildMshPreviewDom } from './controls';

interface VsCodeApi {
  postMessage(message: MshPreviewToHostMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const dom = buildMshPreviewDom(document.getElementById('app') ?? document.body);
const app = new MshPreviewApp(dom, (state) => vscode.postMessage({ type: 'state', state }));
// Read-only handle for the end-to-end tests (they read pixels through Playwright).
Object.assign(window, { ewzanimMshPreview: app });

window.addEventListener('message', (event: MessageEvent<HostToMshPreviewMessage>) => {
  if (event.data.type === 'load') app.model.load(event.data.name, event.data.bytes);
});
vscode.postMessage({ type: 'ready' });
