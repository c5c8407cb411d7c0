/** Picks the renderer: WebGPU when it works, else WebGL2 with the reason WebGPU did not. */
import type { PreviewRenderer } from './renderer';
import { WebGpuUnavailable } from './renderer';
import { WebGl2Renderer } from './webgl/renderer';
import { requestPreviewDevice, WebGpuRenderer } from './webgpu/renderer';

/** A WebGPU renderer and its canvas, ready once its device answered after all. */
export interface LateWebGpu {
  renderer: PreviewRenderer;
  canvas: HTMLCanvasElement;
}

export interface RendererChoice {
  renderer: PreviewRenderer;
  /** Set when WebGL2 draws instead of WebGPU: what happened and what to try. */
  fallbackReason?: string;
  /**
   * Set when WebGL2 draws because the WebGPU device did not answer in time: resolves to that
   * device's renderer and canvas if it answers after all (a busy machine, not a broken device),
   * else to undefined. Whoever takes it over disposes of it.
   */
  lateWebGpu?: Promise<LateWebGpu | undefined>;
}

/**
 * `onLost` is called when a WebGPU device is lost later (driver reset, GPU removed): the caller
 * switches to WebGL2 and says so.
 */
export async function createRenderer(canvas: () => HTMLCanvasElement, clipBytes: number, options: { forceWebGl?: string; onLost(reason: string): void }): Promise<RendererChoice> {
  if (options.forceWebGl) return { renderer: new WebGl2Renderer(canvas()), fallbackReason: options.forceWebGl };
  try {
    const device = await requestPreviewDevice(clipBytes);
    let disposed = false;
    device.lost.then((info) => {
      if (!disposed) options.onLost(`The WebGPU device was lost (${info.reason}: ${info.message || 'no message'}). Drawing with WebGL2 now; reopen the preview to try WebGPU again.`);
    });
    const gpuCanvas = canvas();
    const renderer = new WebGpuRenderer(device, gpuCanvas);
    const dispose = renderer.dispose.bind(renderer);
    renderer.dispose = () => {
      disposed = true; // a loss we caused ourselves: not reported through onLost
      dispose();
      device.destroy();
    };
    let probe: ProbeResult;
    try {
      probe = await probeDevice(device, () => renderer.clearCanvas());
    } catch (error) {
      renderer.dispose();
      throw error;
    }
    if (probe.answered) return { renderer };
    const fallback = fallbackTo(canvas, `The WebGPU device does not work (no answer within ${PROBE_TIMEOUT_MS / 1000} s). ${DRIVER_ADVICE} If it answers later, the preview switches to it.`);
    fallback.lateWebGpu = probe.late.then((works) => {
      if (works) return { renderer, canvas: gpuCanvas };
      renderer.dispose();
      return undefined;
    });
    return fallback;
  } catch (error) {
    return fallbackTo(canvas, error instanceof WebGpuUnavailable ? error.message : `WebGPU failed to start (${String(error)}).`);
  }
}

/** WebGL2 on a fresh canvas (one that had a WebGPU context cannot give a WebGL2 one), saying why. */
function fallbackTo(canvas: () => HTMLCanvasElement, reason: string): RendererChoice {
  return { renderer: new WebGl2Renderer(canvas()), fallbackReason: `${reason} Drawing with WebGL2 (same results, bones decoded on the CPU).` };
}

const DRIVER_ADVICE = 'Check that hardware acceleration is enabled, or update the graphics driver.';

/**
 * How long the device's first round trip may take before WebGL2 draws instead. Longer is not
 * kinder: a page whose round trip does not come back (seen with a preview opened beside other
 * webviews) would stay blank that long. A round trip that comes back later (a busy machine) hands
 * the preview to WebGPU then.
 */
const PROBE_TIMEOUT_MS = 5_000;

/** The probe's round trip came back in time, or `late` settles when (if) it does. */
type ProbeResult = { answered: true } | { answered: false; late: Promise<boolean> };

/**
 * Some configurations hand out an adapter and device that cannot do work (Chromium with
 * --disable-gpu: presenting to a canvas destroys the device). One clear of the canvas and one
 * tiny round trip prove the device before it is used.
 */
async function probeDevice(device: GPUDevice, present: () => void): Promise<ProbeResult> {
  const buffer = device.createBuffer({ size: 4, usage: GPUBufferUsage.MAP_READ });
  let roundTrip: Promise<void>;
  try {
    present();
    roundTrip = buffer.mapAsync(GPUMapMode.READ);
  } catch (error) {
    buffer.destroy();
    throw notWorking(error);
  }
  const settled = roundTrip.then(() => true, () => false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const inTime = await Promise.race([settled, new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), PROBE_TIMEOUT_MS)))]);
  clearTimeout(timer);
  if (inTime === 'late') return { answered: false, late: settled.finally(() => buffer.destroy()) };
  try {
    await roundTrip;
    buffer.unmap();
    return { answered: true };
  } catch (error) {
    throw notWorking(error);
  } finally {
    buffer.destroy();
  }
}

function notWorking(error: unknown): WebGpuUnavailable {
  return new WebGpuUnavailable(`The WebGPU device does not work (${error instanceof Error ? error.message : String(error)}). ${DRIVER_ADVICE}`);
}
