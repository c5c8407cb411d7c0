/**
 * Test page: draws one frame of a scene with the preview's WebGPU or WebGL2 renderer at a fixed
 * camera (fitted to the animated bounds, as Fit does) and returns its pixels. Optionally under
 * the console's bone-count rule, or as a crossfade of two clips through the mixer, or as layers
 * of clips with bone masks through the mixer; optionally with boxes attached to bones.
 */
import type { BindRule } from '../../../formats/keyframeBind';
import type { PreviewFile } from '../../../protocol/preview';
import { animatedBounds } from '../../../webview/preview/bounds';
import { OrbitCamera } from '../../../webview/preview/camera';
import { createRenderer } from '../../../webview/preview/createRenderer';
import { gridLines, gridStep } from '../../../webview/preview/grid';
import { MixerMode } from '../../../webview/preview/mixerMode';
import { AttachmentSet, BUILTIN_BOX } from '../../../webview/preview/layers/attachments';
import type { AttachmentOffset } from '../../../webview/preview/layers/attachment';
import { LayerStack } from '../../../webview/preview/layers/layerStack';
import { BONE_OUTPUT_FLOATS, buildPose, MAX_OUTPUT_BONES } from '../../../webview/preview/pose';
import type { PoseSource, Rgb, Visibility } from '../../../webview/preview/renderer';
import { buildScene, poseInputs, sceneScale } from '../../../webview/preview/scene';
import { themePalette } from '../../../webview/preview/theme';
import { viewState } from '../../../webview/preview/viewState';
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
  rule?: BindRule;
  show?: Visibility;
  theme?: 'dark' | 'light';
  /** A crossfade from the clip (at `frame`) to `second` over `seconds`, drawn `after` seconds in. */
  mix?: { second: string; seconds: number; after: number };
  /** Layers over the clip (at `frame`, masked by `baseMask`), each a clip with a bone mask, through the mixer. */
  layers?: { baseMask: number[]; layers: { clip: string; mask: number[]; weight: number }[] };
  /** Built-in boxes attached to bones. */
  attachments?: (AttachmentOffset & { bone: number })[];
}

/** The editor backgrounds and foregrounds of VS Code's default dark and light themes. */
const THEMES: Record<'dark' | 'light', [Rgb, Rgb]> = {
  dark: [[0.12, 0.12, 0.12], [0.8, 0.8, 0.8]],
  light: [[1, 1, 1], [0.23, 0.23, 0.23]],
};

const file = (name: string, base64: string): PreviewFile => ({ uri: name, name, bytes: decodeBase64(base64) });

async function renderFrame(job: RenderJob): Promise<{ renderer: string; fallbackReason?: string; pixels: string; uploadBytes: number }> {
  const built = buildScene(file('clip', job.clip), job.skeleton ? file('skeleton', job.skeleton) : undefined, job.mesh ? file('mesh', job.mesh) : undefined);
  if ('fatal' in built) throw new Error(built.fatal);
  const scene = built.scene;
  const rule = job.rule ?? 'design';
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
  let choice = await createRenderer(canvas, scene.clip.bytes.length, {
    forceWebGl: job.renderer === 'webgl2' ? 'forced by the test' : undefined,
    onLost: () => undefined,
  });
  // On a busy machine the device can answer after the probe gave up: take it over, as rendererHost.ts does.
  const late = await choice.lateWebGpu;
  if (late) {
    choice.renderer.dispose();
    document.querySelector('canvas')?.remove();
    document.body.appendChild(late.canvas);
    choice = { renderer: late.renderer };
  }
  if (job.hideWebGpu) Object.defineProperty(navigator, 'gpu', { value: gpu, configurable: true });
  const [background, foreground] = THEMES[job.theme ?? 'dark'];
  const palette = themePalette(background, foreground);
  const camera = new OrbitCamera();
  camera.fit(animatedBounds(scene, rule));
  choice.renderer.load(scene, gridLines(scene.bounds, gridStep(sceneScale(scene.bounds)), palette));
  let source: PoseSource = { kind: 'keyframes', request: { frame: job.frame, nextFrame: job.frame, blend: 0, blended: false }, rule };
  if (job.mix) {
    const mixer = new MixerMode('clip', scene.clip.bytes, 30);
    mixer.seek(job.frame);
    mixer.setSecondary('second', decodeBase64(job.mix.second));
    mixer.secondary!.time = mixer.primary.time;
    mixer.crossfade(job.mix.seconds);
    mixer.advance(job.mix.after);
    const pose = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS);
    source = { kind: 'matrices', pose, bones: mixer.poseMatrices(poseInputs(scene), pose) };
  }
  if (job.layers) {
    const mixer = new MixerMode('clip', scene.clip.bytes, 30);
    mixer.primary.setMask(Float32Array.from(job.layers.baseMask));
    const stack = new LayerStack();
    stack.bind(mixer);
    job.layers.layers.forEach((spec, i) => {
      const layer = stack.add('', `layer${i}`, { weight: spec.weight, mask: Float32Array.from(spec.mask) });
      const problem = stack.receive(layer.id, `layer${i}`, decodeBase64(spec.clip), 30);
      if (problem) throw new Error(problem);
    });
    mixer.seek(job.frame);
    const pose = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS);
    source = { kind: 'matrices', pose, bones: mixer.poseMatrices(poseInputs(scene), pose) };
  }
  const view = viewState(camera, scene, { width: job.width, height: job.height, zeroToOneDepth: choice.renderer.zeroToOneDepth }, {
    palette, show: job.show, selectedBone: job.selectedBone,
  });
  if (job.attachments) {
    const attached = new AttachmentSet();
    for (const a of job.attachments) attached.add(BUILTIN_BOX, 'box', a.bone, a);
    const pose = source.kind === 'matrices' ? source.pose : new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS);
    const bones = source.kind === 'matrices' ? source.bones : buildPose(poseInputs(scene, rule), source.request, pose);
    view.overlay = attached.lines(pose, bones, [1, 0.55, 0.1]);
  }
  choice.renderer.render(source, view);
  const image = await choice.renderer.readPixels();
  const result = { renderer: choice.renderer.kind, fallbackReason: choice.fallbackReason, pixels: encodeBase64(image.rgba), uploadBytes: choice.renderer.lastFrameUploadBytes };
  choice.renderer.dispose();
  return result;
}

Object.assign(window, { renderFrame, pageReady: true });
