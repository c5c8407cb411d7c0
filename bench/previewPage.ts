/** Browser side of bench/preview.bench.ts: measures the preview's renderers on files the bench serves. */
import type { PreviewFile } from '../protocol/preview';
import { OrbitCamera } from '../webview/preview/camera';
import { createRenderer } from '../webview/preview/createRenderer';
import { gridLines } from '../webview/preview/grid';
import type { PoseSource, PreviewRenderer, ViewState } from '../webview/preview/renderer';
import { buildScene, type PreviewScene } from '../webview/preview/scene';
import { themePalette } from '../webview/preview/theme';
import { viewState } from '../webview/preview/viewState';

const PALETTE = themePalette([0.1, 0.1, 0.1], [0.8, 0.8, 0.8]);

/** Frame `frame` as keyframe_bind draws it (stamp mode, the design document's rule). */
function frameSource(frame: number): PoseSource {
  return { kind: 'keyframes', request: { frame, nextFrame: frame, blend: 0, blended: false }, rule: 'design' };
}

type Kind = 'webgpu' | 'webgl2';

async function fetchFile(url: string): Promise<PreviewFile> {
  return { uri: url, name: url, bytes: new Uint8Array(await (await fetch(url)).arrayBuffer()) };
}

function canvasFactory(size: number): () => HTMLCanvasElement {
  return () => {
    document.querySelector('canvas')?.remove();
    const c = document.createElement('canvas');
    c.width = size;
    c.height = size;
    document.body.appendChild(c);
    return c;
  };
}

function viewFor(scene: PreviewScene, renderer: PreviewRenderer): ViewState {
  const camera = new OrbitCamera();
  camera.fit(scene.bounds);
  return viewState(camera, scene, { width: 1, height: 1, zeroToOneDepth: renderer.zeroToOneDepth }, { palette: PALETTE });
}

/** Waits until the GPU has finished everything submitted. */
async function finish(renderer: PreviewRenderer): Promise<void> {
  await renderer.whenDone();
}

async function open(kind: Kind, scene: PreviewScene, size: number): Promise<PreviewRenderer> {
  const choice = await createRenderer(canvasFactory(size), scene.clip.bytes.length, { forceWebGl: kind === 'webgl2' ? 'bench' : undefined, onLost: () => undefined });
  if (choice.renderer.kind !== kind) throw new Error(`wanted ${kind}, got ${choice.renderer.kind}: ${choice.fallbackReason}`);
  return choice.renderer;
}

/** Bytes in hand -> first frame drawn and finished, in ms; and a plain copy of the bytes (baseline). */
async function benchLoad(url: string, kind: Kind): Promise<{ loadMs: number; copyMs: number; bytes: number }> {
  const clip = await fetchFile(url);
  const c0 = performance.now();
  const copy = clip.bytes.slice();
  const copyMs = performance.now() - c0;
  const t0 = performance.now();
  const built = buildScene(clip);
  if ('fatal' in built) throw new Error(built.fatal);
  const renderer = await open(kind, built.scene, 64);
  renderer.load(built.scene, gridLines(built.scene.bounds, 1, PALETTE));
  renderer.render(frameSource(0), viewFor(built.scene, renderer));
  await finish(renderer);
  const loadMs = performance.now() - t0;
  renderer.dispose();
  return { loadMs, copyMs, bytes: copy.length };
}

/**
 * Mean wall ms of the render() call per displayed frame, frames back to back as in playback (the
 * GPU finishing every 20 frames), and the bytes one frame sends to the GPU. On SwiftShader the
 * GPU's work runs on the same CPU cores (in Chromium's GPU process), so a loaded machine adds noise.
 */
async function benchFrameCost(url: string, kind: Kind, frames: number): Promise<{ cpuMsPerFrame: number; uploadBytes: number }> {
  const built = buildScene(await fetchFile(url));
  if ('fatal' in built) throw new Error(built.fatal);
  const scene = built.scene;
  const renderer = await open(kind, scene, 64);
  renderer.load(scene, gridLines(scene.bounds, 1, PALETTE));
  const view = viewFor(scene, renderer);
  let total = 0;
  for (let i = 0; i < frames; i++) {
    const frame = i % scene.clip.frames;
    const t0 = performance.now();
    renderer.render(frameSource(frame), view);
    total += performance.now() - t0;
    if (i % 20 === 19) await finish(renderer);
  }
  const uploadBytes = renderer.lastFrameUploadBytes;
  renderer.dispose();
  return { cpuMsPerFrame: total / frames, uploadBytes };
}

/** Frames per second drawing the character (mesh + skeleton) at `size` x `size`, each frame finished. */
async function benchFps(urls: { clip: string; skeleton: string; mesh: string }, kind: Kind, size: number, seconds: number): Promise<number> {
  const built = buildScene(await fetchFile(urls.clip), await fetchFile(urls.skeleton), await fetchFile(urls.mesh));
  if ('fatal' in built) throw new Error(built.fatal);
  const scene = built.scene;
  const renderer = await open(kind, scene, size);
  renderer.load(scene, gridLines(scene.bounds, 1, PALETTE));
  const view = viewFor(scene, renderer);
  let frames = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    const frame = frames % scene.clip.frames;
    renderer.render(frameSource(frame), view);
    await finish(renderer);
    frames++;
  }
  const fps = frames / ((performance.now() - t0) / 1000);
  renderer.dispose();
  return fps;
}

Object.assign(window, { benchLoad, benchFrameCost, benchFps, pageReady: true });
