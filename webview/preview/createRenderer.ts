/** Picks the renderer: WebGPU when it works, else WebGL2 with the reason WebGPU did not. */
import type { PreviewRenderer } from './renderer';
import { WebGpuUnavailable } from './renderer';
import { WebGl2Renderer } from './webgl/renderer';
import { requestPreviewDevice, WebGpuRenderer } from './webgpu/renderer';

export interface RendererChoice {
  renderer: PreviewRenderer;
  /** Set when WebGL2 draws instead of WebGPU: what happened and what to try. */
  fallbackReason?: string;
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
    const renderer = new WebGpuRenderer(device, canvas());
    try {
      await probeDevice(device, () => renderer.clearCanvas());
    } catch (error) {
      disposed = true; // a loss we caused ourselves: not reported through onLost
      device.destroy();
      throw error;
    }
    const dispose = renderer.dispose.bind(renderer);
    renderer.dispose = () => {
      disposed = true;
      dispose();
      device.destroy();
    };
    return { renderer };
  } catch (error) {
    const reason = error instanceof WebGpuUnavailable ? error.message : `WebGPU failed to start (${String(error)}).`;
    // A canvas that had a WebGPU context cannot give a WebGL2 one: the caller hands a fresh canvas.
    return { renderer: new WebGl2Renderer(canvas()), fallbackReason: `${reason} Drawing with WebGL2 (same results, bones decoded on the CPU).` };
  }
}

/**
 * How long the device's first round trip may take before it counts as not working and WebGL2
 * draws instead. Longer is not kinder: a page whose round trip does not come back (seen with a
 * preview opened beside other webviews) would stay blank that long, and 20 s broke the layers
 * panel's mix reload in the end-to-end tests.
 */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Some configurations hand out an adapter and device that cannot do work (Chromium with
 * --disable-gpu: presenting to a canvas destroys the device). One clear of the canvas and one
 * tiny round trip prove the device before it is used.
 */
async function probeDevice(device: GPUDevice, present: () => void): Promise<void> {
  const buffer = device.createBuffer({ size: 4, usage: GPUBufferUsage.MAP_READ });
  try {
    present();
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS / 1000} s`)), PROBE_TIMEOUT_MS));
    await Promise.race([buffer.mapAsync(GPUMapMode.READ), timeout]);
    buffer.unmap();
  } catch (error) {
    throw new WebGpuUnavailable(`The WebGPU device does not work (${error instanceof Error ? error.message : String(error)}). Check that hardware acceleration is enabled, or update the graphics driver.`);
  } finally {
    buffer.destroy();
  }
}
