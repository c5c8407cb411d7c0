/** Test page: draws one frame of a scene with the preview's WebGPU or WebGL2 renderer at a fixed camera and returns its pixels. */
import type { PreviewFile } from '../../../protocol/preview';
import { OrbitCamera } from '../../../webview/preview/camera';
import { createRenderer } from '../../../webview/preview/createRenderer';
import { gridLines } from '../../../webview/preview/grid';
import { buildScene, sceneScale } from '../../../webview/preview/scene';
import { decodeBase64, encodeBase64 } from './base64';

interface RenderJob {
  clip: string;
  skeleton?: string;
  mesh?: string;
  frame: number;
  renderer: 'webgpu' | 'webgl2';
  /** Bone selected in the bone list (-1 or absent: none). */
  selectedBone?: number;
  /** Hide navigator.gpu first, as in a webview without WebGPU. */
  hideWebGpu?: boolean;
  width: number;
  height: number;
}

const file = (name: string, base64: string): PreviewFile => ({ uri: name, name, bytes: decodeBase64(base64) });

async function renderFrame(job: RenderJob): Promise<{ renderer: string; fallbackReason?: string; pixels: string; uploadBytes: number }> {
  const built = buildScene(file('clip', job.clip), job.skeleton ? file('skeleton', job.skeleton) : undefined, job.mesh ? file('mesh', job.mesh) : undefined);
  if ('fatal' in built) throw new Error(built.fatal);
  const scene = built.scene;
  const gpu = navigator.gpu;
  if (job.hideWebGpu) Object.defineProperty(navigator, 'gpu', { value: undefined, configurable: true });
  document.body.textContent = '';
  const canvas = (): HTMLCanvasElement => {
    document.querySelector('canvas')?.remove();
    const c = document.createElement('canvas');
    c.width = job.width;
    c.height = job.height;
    document.body.appendChild(c);
    return c;
  };
  const choice = await createRenderer(canvas, scene.clip.bytes.length, {
    forceWebGl: job.renderer === 'webgl2' ? 'forced by the test' : undefined,
    onLost: () => undefined,
  });
  if (job.hideWebGpu) Object.defineProperty(navigator, 'gpu', { value: gpu, configurable: true });
  const camera = new OrbitCamera();
  camera.fit(scene.bounds);
  choice.renderer.load(scene, gridLines(scene.bounds, 10 ** Math.round(Math.log10(sceneScale(scene.bounds)))));
  choice.renderer.render({ frame: job.frame, nextFrame: job.frame, blend: 0, blended: false }, {
    viewProjection: camera.viewProjection(job.width / job.height, choice.renderer.zeroToOneDepth),
    light: camera.lightDirection(),
    gizmoLength: sceneScale(scene.bounds) * 0.6,
    selectedBone: job.selectedBone ?? -1,
    hoveredBone: -1,
    clearColor: [0.12, 0.12, 0.14],
  });
  const pixels = await choice.renderer.readPixels();
  const result = { renderer: choice.renderer.kind, fallbackReason: choice.fallbackReason, pixels: encodeBase64(pixels), uploadBytes: choice.renderer.lastFrameUploadBytes };
  choice.renderer.dispose();
  return result;
}

Object.assign(window, { renderFrame, pageReady: true });
