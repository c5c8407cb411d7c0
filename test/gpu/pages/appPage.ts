/** Test page: the whole preview (UI, player, renderer choice) with a fake host, as in the webview. */
import type { HostToPreviewMessage, PreviewToHostMessage } from '../../../protocol/preview';
import { PreviewApp } from '../../../webview/preview/app';
import { buildDom } from '../../../webview/preview/ui';
import { decodeBase64 } from './base64';

const posted: PreviewToHostMessage[] = [];
document.body.style.height = '400px';
const app = new PreviewApp(buildDom(document.body), { post: (message) => posted.push(message) });

async function loadFiles(files: { clip: string; skeleton?: string; mesh?: string }): Promise<void> {
  const f = (name: string, base64: string) => ({ uri: name, name, bytes: decodeBase64(base64) });
  const message: HostToPreviewMessage = {
    type: 'load', clip: f('wave1.ewzanim', files.clip), skeleton: files.skeleton ? f('arm1.ewzskel', files.skeleton) : undefined,
    mesh: files.mesh ? f('arm1.ewzmesh', files.mesh) : undefined, frameRate: 30, keepState: false,
  };
  await app.handle(message);
}

/** Destroys the WebGPU device under the running preview, as a driver reset would. */
function loseDevice(): void {
  (app as unknown as { renderer: { device: GPUDevice } }).renderer.device.destroy();
}

function state(): { renderer: string; notice: string; statuses: PreviewToHostMessage[] } {
  return { renderer: app.currentRenderer, notice: document.getElementById('notice')?.textContent ?? '', statuses: posted.filter((m) => m.type === 'status') };
}

Object.assign(window, { loadFiles, loseDevice, state, readPixels: async () => Array.from(await app.readPixels()), pageReady: true });
