/** Webview entry (dist/webview/preview.js): builds the panel and relays the host's messages. */
import type { HostToPreviewMessage, PreviewToHostMessage } from '../../protocol/preview';
import { PreviewApp } from './app';
import { buildDom } from './dom';
import { PREVIEW_CSS } from './styles';

interface VsCodeApi {
  postMessage(message: PreviewToHostMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const style = document.createElement('style');
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
if (nonce) style.nonce = nonce;
style.textContent = PREVIEW_CSS;
document.head.appendChild(style);

const vscode = acquireVsCodeApi();
const app = new PreviewApp(buildDom(document.body), { post: (message) => vscode.postMessage(message) });
// Read-only handle for the end-to-end tests (they read pixels through Playwright).
Object.assign(window, { ewzanimPreview: app });

// Messages are handled one after another: a reload must not overtake the load before it.
let queue = Promise.resolve();
window.addEventListener('message', (event: MessageEvent<HostToPreviewMessage>) => {
  queue = queue.then(() => app.handle(event.data)).catch((error: unknown) => {
    document.getElementById('notice')!.textContent = `The preview failed: ${String(error)}`;
  });
});
vscode.postMessage({ type: 'ready' });
