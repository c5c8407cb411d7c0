/** Test page: the whole preview (UI, player, renderer choice) with a fake host, as in the webview. */
import type { HostToPreviewMessage, PreviewToHostMessage } from '../../../protocol/preview';
import { PreviewApp } from '../../../webview/preview/app';
import { buildDom } from '../../../webview/preview/dom';
import { PREVIEW_CSS } from '../../../webview/preview/styles';
import { decodeBase64 } from './base64';
import { applyTheme } from './themeVariables';

const posted: PreviewToHostMessage[] = [];
const style = document.createElement('style');
style.textContent = PREVIEW_CSS;
document.head.appendChild(style);
applyTheme('dark');
const app = new PreviewApp(buildDom(document.body), { post: (message) => posted.push(message) });

async function loadFiles(files: { clip: string; skeleton?: string; mesh?: string; names?: [string, string, string] }): Promise<void> {
  const f = (name: string, base64: string) => ({ uri: name, name, bytes: decodeBase64(base64) });
  const [clipName, skeletonName, meshName] = files.names ?? ['wave1.ewzanim', 'arm1.ewzskel', 'arm1.ewzmesh'];
  const message: HostToPreviewMessage = {
    type: 'load', clip: f(clipName, files.clip), skeleton: files.skeleton ? f(skeletonName, files.skeleton) : undefined,
    mesh: files.mesh ? f(meshName, files.mesh) : undefined, frameRate: 30, keepState: false,
  };
  await app.handle(message);
}

/** Destroys the WebGPU device under the running preview, as a driver reset would. */
function loseDevice(): void {
  (app as unknown as { stage: { renderers: { renderer: { device: GPUDevice } } } }).stage.renderers.renderer.device.destroy();
}

/** Holds the next GPU buffer mapping (the renderer's first round trip) for `ms`, as a busy machine can. */
function slowNextRoundTrip(ms: number): void {
  const mapAsync = GPUBuffer.prototype.mapAsync;
  GPUBuffer.prototype.mapAsync = function (this: GPUBuffer, ...args: Parameters<GPUBuffer['mapAsync']>) {
    GPUBuffer.prototype.mapAsync = mapAsync;
    const answer = mapAsync.apply(this, args);
    return new Promise<undefined>((resolve, reject) => setTimeout(() => answer.then(resolve, reject), ms));
  };
}

function state(): { renderer: string; notice: string; statuses: PreviewToHostMessage[] } {
  return { renderer: app.currentRenderer, notice: document.getElementById('notice')?.textContent ?? '', statuses: posted.filter((m) => m.type === 'status') };
}

Object.assign(window, { loadFiles, loseDevice, slowNextRoundTrip, state, setTheme: applyTheme, handle: (m: HostToPreviewMessage) => app.handle(m), posted: () => posted, readPixels: async () => Array.from(await app.readPixels()), pageReady: true });
