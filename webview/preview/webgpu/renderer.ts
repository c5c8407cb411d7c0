/**
 * The WebGPU renderer: bones are built on the GPU (GpuBoneCompute) or written from the CPU (the
 * mixer's pose), the mesh is skinned in the vertex shader from the same buffer, lit with its
 * normals (a second vertex buffer), and gizmos, joints and wireframe are drawn from it too. Per
 * displayed keyframe the CPU writes the 32-byte bone parameters and the view uniform, whatever
 * the bone count.
 */
import { MESH_FORMAT } from '../../../formats/records';
import { GRID_VERTEX_FLOATS } from '../grid';
import { BONE_OUTPUT_FLOATS } from '../pose';
import { JOINT_RADIUS, WebGpuUnavailable, type PoseSource, type PreviewRenderer, type ViewState } from '../renderer';
import { meshBoneCount, type PreviewScene } from '../scene';
import { LINES_WGSL, MESH_WGSL } from '../shaderSources';
import { BONE_PARAMS_BYTES, GpuBoneCompute } from './boneCompute';

/** The View struct of view.wgsl: a 4x4 matrix, then 9 vec4s. */
export const VIEW_BYTES = 64 + 9 * 16;
const DEPTH_FORMAT: GPUTextureFormat = 'depth24plus';

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

interface MeshBuffers {
  vertices: GPUBuffer;
  normals: GPUBuffer;
  indices?: GPUBuffer;
  edges: GPUBuffer;
  edgeCount: number;
  count: number;
  pipeline: GPURenderPipeline;
  wirePipeline: GPURenderPipeline;
}

export class WebGpuRenderer implements PreviewRenderer {
  readonly kind = 'webgpu';
  readonly zeroToOneDepth = true;
  readonly maxClipBytes: number;
  lastFrameUploadBytes = 0;
  private readonly context: GPUCanvasContext;
  private readonly format: GPUTextureFormat;
  private readonly bones: GpuBoneCompute;
  private readonly view: GPUBuffer;
  private readonly viewData = new ArrayBuffer(VIEW_BYTES);
  private readonly meshModule: GPUShaderModule;
  private readonly gizmoPipeline: GPURenderPipeline;
  private readonly jointPipeline: GPURenderPipeline;
  private readonly gridPipeline: GPURenderPipeline;
  private depth?: GPUTexture;
  private grid?: { buffer: GPUBuffer; count: number };
  /** The frame's extra lines (ViewState.overlay), grown as needed. */
  private overlay?: GPUBuffer;
  private mesh?: MeshBuffers;
  private scene?: PreviewScene;
  private last?: { source: PoseSource; view: ViewState };
  private bonesGroup?: GPUBindGroup;
  private viewGroup?: GPUBindGroup;

  constructor(private readonly device: GPUDevice, private readonly canvas: HTMLCanvasElement) {
    const context = canvas.getContext('webgpu');
    if (!context) throw new WebGpuUnavailable('The canvas gave no WebGPU context.');
    this.context = context;
    this.maxClipBytes = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
    this.format = navigator.gpu.getPreferredCanvasFormat();
    // COPY_SRC lets tests and the PNG export read the presented image back.
    context.configure({ device, format: this.format, alphaMode: 'opaque', usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC });
    this.bones = new GpuBoneCompute(device);
    this.view = device.createBuffer({ label: 'view', size: VIEW_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    this.meshModule = device.createShaderModule({ label: 'mesh.wgsl', code: MESH_WGSL });
    const lines = device.createShaderModule({ label: 'lines.wgsl', code: LINES_WGSL });
    this.gizmoPipeline = this.linePipeline(lines, 'vs_gizmo', [], false);
    this.jointPipeline = this.linePipeline(lines, 'vs_joint', [], false);
    this.gridPipeline = this.linePipeline(lines, 'vs_grid', [
      { arrayStride: GRID_VERTEX_FLOATS * 4, attributes: [{ shaderLocation: 0, offset: 0, format: 'float32x3' }, { shaderLocation: 1, offset: 12, format: 'float32x3' }] },
    ], true);
  }

  load(scene: PreviewScene, grid: Float32Array): void {
    this.scene = scene;
    this.bones.setClip({ bytes: scene.clip.bytes, boneCount: scene.clip.bones, frameCount: scene.clip.frames });
    this.bones.setSkeleton(scene.skeleton?.bytes, scene.skeleton?.bones ?? 0);
    this.bones.setMeshBones(meshBoneCount(scene));
    this.grid?.buffer.destroy();
    this.grid = { buffer: this.upload('grid', grid, GPUBufferUsage.VERTEX), count: grid.length / GRID_VERTEX_FLOATS };
    this.destroyMesh();
    this.mesh = scene.mesh ? this.loadMesh(scene) : undefined;
    this.bonesGroup = undefined;
  }

  render(source: PoseSource, view: ViewState): void {
    const scene = this.scene;
    if (!scene || !this.grid) return;
    this.last = { source, view };
    this.resizeDepth();
    this.writeView(view);
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
      colorAttachments: [{ view: this.context.getCurrentTexture().createView(), loadOp: 'clear', storeOp: 'store', clearValue: { r: bg[0], g: bg[1], b: bg[2], a: 1 } }],
      depthStencilAttachment: { view: this.depth!.createView(), depthLoadOp: 'clear', depthStoreOp: 'store', depthClearValue: 1 },
    });
    const groups = this.groups();
    pass.setBindGroup(0, groups.bones);
    pass.setBindGroup(1, groups.view);
    if (view.show.grid) {
      pass.setPipeline(this.gridPipeline);
      pass.setVertexBuffer(0, this.grid.buffer);
      pass.draw(this.grid.count);
    }
    const mesh = this.mesh;
    if (mesh && (view.show.mesh || view.show.wireframe)) {
      pass.setVertexBuffer(0, mesh.vertices);
      pass.setVertexBuffer(1, mesh.normals);
      if (view.show.mesh) {
        pass.setPipeline(mesh.pipeline);
        if (mesh.indices) {
          pass.setIndexBuffer(mesh.indices, 'uint16');
          pass.drawIndexed(mesh.count);
        } else {
          pass.draw(mesh.count);
        }
      }
      if (view.show.wireframe && mesh.edgeCount > 0) {
        pass.setPipeline(mesh.wirePipeline);
        pass.setIndexBuffer(mesh.edges, 'uint32');
        pass.drawIndexed(mesh.edgeCount);
      }
    }
    const overlayBytes = this.drawOverlay(pass, view.overlay);
    if (view.show.bones) {
      pass.setPipeline(this.jointPipeline);
      pass.draw(24, scene.clip.bones);
    }
    if (view.show.axes) {
      pass.setPipeline(this.gizmoPipeline);
      pass.draw(6, scene.clip.bones);
    }
    pass.end();
    this.device.queue.submit([encoder.finish()]);
    this.lastFrameUploadBytes = poseBytes + VIEW_BYTES + overlayBytes;
  }

  /** Draws `lines` depth-tested, as the grid; returns the bytes uploaded for them. */
  private drawOverlay(pass: GPURenderPassEncoder, lines: Float32Array | undefined): number {
    if (!lines?.length) return 0;
    if (!this.overlay || this.overlay.size < lines.byteLength) {
      this.overlay?.destroy();
      this.overlay = this.device.createBuffer({ label: 'overlay lines', size: Math.max(1024, lines.byteLength * 2), usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST });
    }
    this.device.queue.writeBuffer(this.overlay, 0, lines.buffer, lines.byteOffset, lines.byteLength);
    pass.setPipeline(this.gridPipeline);
    pass.setVertexBuffer(0, this.overlay);
    pass.draw(lines.length / GRID_VERTEX_FLOATS);
    return lines.byteLength;
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

  async readPixels(): Promise<{ width: number; height: number; rgba: Uint8Array }> {
    // Once a frame is presented, getCurrentTexture() hands out the next (blank) one: draw the
    // last frame again in this task, then copy it.
    if (this.last) this.render(this.last.source, this.last.view);
    const texture = this.context.getCurrentTexture();
    const width = texture.width;
    const height = texture.height;
    const bytesPerRow = Math.ceil((width * 4) / 256) * 256;
    const buffer = this.device.createBuffer({ size: bytesPerRow * height, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
    const encoder = this.device.createCommandEncoder();
    encoder.copyTextureToBuffer({ texture }, { buffer, bytesPerRow }, { width, height });
    this.device.queue.submit([encoder.finish()]);
    await buffer.mapAsync(GPUMapMode.READ);
    const padded = new Uint8Array(buffer.getMappedRange());
    const rgba = new Uint8Array(width * height * 4);
    const bgra = texture.format.startsWith('bgra');
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const s = y * bytesPerRow + x * 4;
        const d = (y * width + x) * 4;
        rgba[d] = padded[s + (bgra ? 2 : 0)];
        rgba[d + 1] = padded[s + 1];
        rgba[d + 2] = padded[s + (bgra ? 0 : 2)];
        rgba[d + 3] = 255;
      }
    }
    buffer.unmap();
    buffer.destroy();
    return { width, height, rgba };
  }

  dispose(): void {
    this.bones.destroy();
    this.view.destroy();
    this.grid?.buffer.destroy();
    this.overlay?.destroy();
    this.destroyMesh();
    this.depth?.destroy();
    this.context.unconfigure();
  }

  private destroyMesh(): void {
    const mesh = this.mesh;
    if (!mesh) return;
    for (const buffer of [mesh.vertices, mesh.normals, mesh.indices, mesh.edges]) buffer?.destroy();
    this.mesh = undefined;
  }

  private groups(): { bones: GPUBindGroup; view: GPUBindGroup } {
    if (!this.bonesGroup) {
      // Every pipeline reads the bone matrices at group 0 and the view at group 1; 'auto' layouts
      // differ per pipeline, so each pipeline is given the same explicit layout (see linePipeline).
      this.bonesGroup = this.device.createBindGroup({ layout: this.sharedLayouts()[0], entries: [{ binding: 0, resource: { buffer: this.bones.output } }] });
      this.viewGroup = this.device.createBindGroup({ layout: this.sharedLayouts()[1], entries: [{ binding: 0, resource: { buffer: this.view } }] });
    }
    return { bones: this.bonesGroup, view: this.viewGroup! };
  }

  private layouts?: [GPUBindGroupLayout, GPUBindGroupLayout];

  private sharedLayouts(): [GPUBindGroupLayout, GPUBindGroupLayout] {
    if (!this.layouts) {
      const stages = GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT;
      this.layouts = [
        this.device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'read-only-storage' } }] }),
        this.device.createBindGroupLayout({ entries: [{ binding: 0, visibility: stages, buffer: { type: 'uniform' } }] }),
      ];
    }
    return this.layouts;
  }

  private pipelineLayout(): GPUPipelineLayout {
    return this.device.createPipelineLayout({ bindGroupLayouts: this.sharedLayouts() });
  }

  private linePipeline(module: GPUShaderModule, entryPoint: string, buffers: GPUVertexBufferLayout[], depthTest: boolean): GPURenderPipeline {
    return this.device.createRenderPipeline({
      label: entryPoint,
      layout: this.pipelineLayout(),
      vertex: { module, entryPoint, buffers },
      fragment: { module, entryPoint: 'fs_line', targets: [{ format: this.format }] },
      primitive: { topology: 'line-list' },
      // Gizmos and joints draw over the mesh (always visible); the grid is depth-tested.
      depthStencil: { format: DEPTH_FORMAT, depthWriteEnabled: depthTest, depthCompare: depthTest ? 'less' : 'always' },
    });
  }

  private loadMesh(scene: PreviewScene): MeshBuffers {
    const mesh = scene.mesh!;
    const skinned = mesh.skinned && (mesh.header.format & MESH_FORMAT.SKINNED) !== 0;
    const attributes: GPUVertexAttribute[] = [{ shaderLocation: 0, offset: 0, format: 'float16x4' }];
    if (skinned) {
      attributes.push({ shaderLocation: 1, offset: mesh.jointsOffset, format: 'uint8x4' }, { shaderLocation: 2, offset: mesh.jointsOffset + 4, format: 'unorm8x4' });
    }
    const buffers: GPUVertexBufferLayout[] = [
      { arrayStride: mesh.header.stride, attributes },
      { arrayStride: 12, attributes: [{ shaderLocation: 3, offset: 0, format: 'float32x3' }] },
    ];
    const pipeline = (vertexEntry: string, fragmentEntry: string, topology: GPUPrimitiveTopology): GPURenderPipeline => this.device.createRenderPipeline({
      label: vertexEntry,
      layout: this.pipelineLayout(),
      vertex: { module: this.meshModule, entryPoint: vertexEntry, buffers },
      fragment: { module: this.meshModule, entryPoint: fragmentEntry, targets: [{ format: this.format }] },
      primitive: { topology, cullMode: 'none' },
      depthStencil: { format: DEPTH_FORMAT, depthWriteEnabled: true, depthCompare: 'less' },
    });
    const edges = mesh.geometry.edges;
    return {
      // The mesh file's vertex bytes as they are: the GPU reads f16 positions and u8 joints itself.
      vertices: this.upload('mesh vertices', mesh.vertices, GPUBufferUsage.VERTEX),
      normals: this.upload('mesh normals', mesh.geometry.normals, GPUBufferUsage.VERTEX),
      indices: mesh.indices ? this.upload('mesh indices', mesh.indices, GPUBufferUsage.INDEX) : undefined,
      edges: this.upload('mesh edges', edges, GPUBufferUsage.INDEX),
      edgeCount: edges.length,
      count: mesh.indices ? mesh.header.indexCount : mesh.header.vertexCount,
      pipeline: pipeline(skinned ? 'vs_skinned' : 'vs_static', 'fs_mesh', 'triangle-list'),
      wirePipeline: pipeline(skinned ? 'vs_wire_skinned' : 'vs_wire_static', 'fs_wire', 'line-list'),
    };
  }

  private upload(label: string, data: ArrayBufferView, usage: number): GPUBuffer {
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const buffer = this.device.createBuffer({ label, size: Math.max(16, (bytes.length + 3) & ~3), usage, mappedAtCreation: true });
    new Uint8Array(buffer.getMappedRange()).set(bytes);
    buffer.unmap();
    return buffer;
  }

  private writeView(view: ViewState): void {
    const f = new Float32Array(this.viewData);
    const i = new Int32Array(this.viewData);
    const p = view.palette;
    f.set(view.viewProjection, 0);
    f.set([...view.light, 0, ...view.eye, 1, view.gizmoLength, view.gizmoLength * JOINT_RADIUS, 0, 0], 16);
    i.set([view.selectedBone, view.hoveredBone, 0, 0], 28);
    f.set([...p.base, 1, ...p.sky, 1, ...p.ground, 1, ...p.wire, 1, ...p.joint, 1], 32);
    this.device.queue.writeBuffer(this.view, 0, this.viewData);
  }

  private resizeDepth(): void {
    const width = this.canvas.width;
    const height = this.canvas.height;
    if (this.depth && this.depth.width === width && this.depth.height === height) return;
    this.depth?.destroy();
    this.depth = this.device.createTexture({ size: { width, height }, format: DEPTH_FORMAT, usage: GPUTextureUsage.RENDER_ATTACHMENT });
  }
}
