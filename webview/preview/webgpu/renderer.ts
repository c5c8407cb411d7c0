/**
 * The WebGPU renderer: bones are built on the GPU (GpuBoneCompute) or written from the CPU (the
 * mixer's pose), the mesh is skinned in the vertex shader from the same buffer, lit with its
 * normals (a second vertex buffer), and gizmos, joints and wireframe are drawn from it too. Per
 * displayed keyframe the CPU writes the 32-byte bone parameters and the view uniform, whatever
 * the bone count.
 */
import { BONE_OUTPUT_FLOATS } from '../pose';
import { WebGpuUnavailable, type PoseSource, type PreviewRenderer, type ViewState } from '../renderer';
import { meshBoneCount, type PreviewScene } from '../scene';
import { BONE_PARAMS_BYTES, GpuBoneCompute } from './boneCompute';
import { DEPTH_FORMAT, GpuPipelines } from './pipelines';
import { readTexture, type Pixels } from './readback';
import { SceneBuffers } from './sceneBuffers';
import { VIEW_BYTES } from './viewUniform';

/** Asks for an adapter and device; throws WebGpuUnavailable saying which step failed and what to try. */
export async function requestPreviewDevice(clipBytes: number): Promise<GPUDevice> {
  if (!('gpu' in navigator) || !navigator.gpu) {
    throw new WebGpuUnavailable('WebGPU is not available here (navigator.gpu is missing). Update VS Code, or check that hardware acceleration is not disabled ("disable-hardware-acceleration" in argv.json).');
  }
  const adapter = await navigator.gpu.requestAdapter();
  if (!adapter) {
    throw new WebGpuUnavailable('WebGPU found no GPU adapter. Update the graphics driver, or start VS Code with --enable-unsafe-webgpu on Linux.');
  }
  const needed = (clipBytes + 3) & ~3;
  if (needed > adapter.limits.maxStorageBufferBindingSize || needed > adapter.limits.maxBufferSize) {
    throw new WebGpuUnavailable(`This GPU binds at most ${adapter.limits.maxStorageBufferBindingSize} bytes in one storage buffer; the clip has ${clipBytes}.`);
  }
  try {
    // The adapter's full limits, so a reload with a larger clip still fits.
    return await adapter.requestDevice({
      requiredLimits: { maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize, maxBufferSize: adapter.limits.maxBufferSize },
    });
  } catch (error) {
    throw new WebGpuUnavailable(`WebGPU could not create a device (${String(error)}). Update the graphics driver.`);
  }
}

export class WebGpuRenderer implements PreviewRenderer {
  readonly kind = 'webgpu';
  readonly zeroToOneDepth = true;
  readonly maxClipBytes: number;
  lastFrameUploadBytes = 0;
  private readonly context: GPUCanvasContext;
  private readonly bones: GpuBoneCompute;
  private readonly pipelines: GpuPipelines;
  private readonly buffers: SceneBuffers;
  private depth?: GPUTexture;
  private last?: { source: PoseSource; view: ViewState };

  constructor(private readonly device: GPUDevice, canvas: HTMLCanvasElement) {
    const context = canvas.getContext('webgpu');
    if (!context) throw new WebGpuUnavailable('The canvas gave no WebGPU context.');
    this.context = context;
    this.maxClipBytes = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
    const format = navigator.gpu.getPreferredCanvasFormat();
    // COPY_SRC lets tests and the PNG export read the presented image back.
    context.configure({ device, format, alphaMode: 'opaque', usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC });
    this.bones = new GpuBoneCompute(device);
    this.pipelines = new GpuPipelines(device, format);
    this.buffers = new SceneBuffers(device, this.pipelines);
  }

  load(scene: PreviewScene, grid: Float32Array): void {
    this.bones.setClip({ bytes: scene.clip.bytes, boneCount: scene.clip.bones, frameCount: scene.clip.frames });
    this.bones.setSkeleton(scene.skeleton?.bytes, scene.skeleton?.bones ?? 0);
    this.bones.setMeshBones(meshBoneCount(scene));
    this.buffers.load(scene, grid);
  }

  render(source: PoseSource, view: ViewState): void {
    const boneCount = this.buffers.boneCount;
    if (boneCount === undefined) return;
    this.last = { source, view };
    const target = this.context.getCurrentTexture();
    const depth = this.depthFor(target);
    this.pipelines.writeView(view);
    const encoder = this.device.createCommandEncoder();
    let poseBytes: number;
    if (source.kind === 'keyframes') {
      this.bones.setRule(source.rule);
      this.bones.encode(encoder, source.request);
      poseBytes = BONE_PARAMS_BYTES;
    } else {
      // The mixer's pose, built on the CPU: its matrices replace the compute pass's output.
      const floats = source.bones * BONE_OUTPUT_FLOATS;
      this.device.queue.writeBuffer(this.bones.output, 0, source.pose.buffer, source.pose.byteOffset, floats * 4);
      poseBytes = floats * 4;
    }
    const bg = view.palette.background;
    const pass = encoder.beginRenderPass({
      colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store', clearValue: { r: bg[0], g: bg[1], b: bg[2], a: 1 } }],
      depthStencilAttachment: { view: depth.createView(), depthLoadOp: 'clear', depthStoreOp: 'store', depthClearValue: 1 },
    });
    this.pipelines.bind(pass, this.bones.output);
    if (view.show.grid) this.buffers.drawGrid(pass);
    this.buffers.drawMesh(pass, view.show);
    const overlayBytes = this.buffers.drawOverlay(pass, view.overlay);
    if (view.show.bones) {
      pass.setPipeline(this.pipelines.joint);
      pass.draw(24, boneCount);
    }
    if (view.show.axes) {
      pass.setPipeline(this.pipelines.gizmo);
      pass.draw(6, boneCount);
    }
    pass.end();
    this.device.queue.submit([encoder.finish()]);
    this.lastFrameUploadBytes = poseBytes + VIEW_BYTES + overlayBytes;
  }

  whenDone(): Promise<void> {
    return this.device.queue.onSubmittedWorkDone();
  }

  /** Clears the canvas once (the device probe: some setups lose the device on the first present). */
  clearCanvas(): void {
    const encoder = this.device.createCommandEncoder();
    encoder.beginRenderPass({ colorAttachments: [{ view: this.context.getCurrentTexture().createView(), loadOp: 'clear', storeOp: 'store' }] }).end();
    this.device.queue.submit([encoder.finish()]);
  }

  async readPixels(): Promise<Pixels> {
    // Once a frame is presented, getCurrentTexture() hands out the next (blank) one: draw the
    // last frame again in this task, then copy it.
    if (this.last) this.render(this.last.source, this.last.view);
    return readTexture(this.device, this.context.getCurrentTexture());
  }

  dispose(): void {
    this.bones.destroy();
    this.pipelines.dispose();
    this.buffers.dispose();
    this.depth?.destroy();
    this.context.unconfigure();
  }

  /** The depth texture, made again when the canvas's size changed. */
  private depthFor(target: GPUTexture): GPUTexture {
    const { width, height } = target;
    if (this.depth && this.depth.width === width && this.depth.height === height) return this.depth;
    this.depth?.destroy();
    this.depth = this.device.createTexture({ size: { width, height }, format: DEPTH_FORMAT, usage: GPUTextureUsage.RENDER_ATTACHMENT });
    return this.depth;
  }
}
