/**
 * What every WebGPU pipeline of the preview shares: the bind group layouts (bone matrices at
 * group 0, the View uniform at group 1), the View uniform buffer and the two bind groups, the
 * line pipelines (gizmos, joints, grid and overlay lines) and the mesh pipelines' factory.
 */
import { GRID_VERTEX_FLOATS } from '../grid';
import type { ViewState } from '../renderer';
import { LINES_WGSL, MESH_WGSL } from '../shaderSources';
import { packViewUniform, VIEW_BYTES } from './viewUniform';

export const DEPTH_FORMAT: GPUTextureFormat = 'depth24plus';

export class GpuPipelines {
  /** Gizmos and joints draw over the mesh (always visible); the grid and overlay lines are depth-tested. */
  readonly gizmo: GPURenderPipeline;
  readonly joint: GPURenderPipeline;
  readonly grid: GPURenderPipeline;
  private readonly layouts: [GPUBindGroupLayout, GPUBindGroupLayout];
  private readonly meshModule: GPUShaderModule;
  private readonly view: GPUBuffer;
  private readonly viewData = new ArrayBuffer(VIEW_BYTES);
  private groups?: { bones: GPUBindGroup; view: GPUBindGroup; output: GPUBuffer };

  constructor(
    private readonly device: GPUDevice,
    private readonly format: GPUTextureFormat,
  ) {
    const stages = GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT;
    this.layouts = [
      device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'read-only-storage' } }] }),
      device.createBindGroupLayout({ entries: [{ binding: 0, visibility: stages, buffer: { type: 'uniform' } }] }),
    ];
    this.view = device.createBuffer({ label: 'view', size: VIEW_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    this.meshModule = device.createShaderModule({ label: 'mesh.wgsl', code: MESH_WGSL });
    const lines = device.createShaderModule({ label: 'lines.wgsl', code: LINES_WGSL });
    this.gizmo = this.linePipeline(lines, 'vs_gizmo', [], false);
    this.joint = this.linePipeline(lines, 'vs_joint', [], false);
    this.grid = this.linePipeline(lines, 'vs_grid', [
      { arrayStride: GRID_VERTEX_FLOATS * 4, attributes: [{ shaderLocation: 0, offset: 0, format: 'float32x3' }, { shaderLocation: 1, offset: 12, format: 'float32x3' }] },
    ], true);
  }

  /** Uploads this frame's View uniform. */
  writeView(view: ViewState): void {
    packViewUniform(view, this.viewData);
    this.device.queue.writeBuffer(this.view, 0, this.viewData);
  }

  /** Binds the bone matrices of `bonesOutput` at group 0 and the View at group 1. */
  bind(pass: GPURenderPassEncoder, bonesOutput: GPUBuffer): void {
    if (this.groups?.output !== bonesOutput) {
      this.groups = {
        bones: this.device.createBindGroup({ layout: this.layouts[0], entries: [{ binding: 0, resource: { buffer: bonesOutput } }] }),
        view: this.device.createBindGroup({ layout: this.layouts[1], entries: [{ binding: 0, resource: { buffer: this.view } }] }),
        output: bonesOutput,
      };
    }
    pass.setBindGroup(0, this.groups.bones);
    pass.setBindGroup(1, this.groups.view);
  }

  /** A pipeline of mesh.wgsl reading a mesh's vertex `buffers`. */
  meshPipeline(vertexEntry: string, fragmentEntry: string, topology: GPUPrimitiveTopology, buffers: GPUVertexBufferLayout[]): GPURenderPipeline {
    return this.device.createRenderPipeline({
      label: vertexEntry,
      layout: this.pipelineLayout(),
      vertex: { module: this.meshModule, entryPoint: vertexEntry, buffers },
      fragment: { module: this.meshModule, entryPoint: fragmentEntry, targets: [{ format: this.format }] },
      primitive: { topology, cullMode: 'none' },
      depthStencil: { format: DEPTH_FORMAT, depthWriteEnabled: true, depthCompare: 'less' },
    });
  }

  dispose(): void {
    this.view.destroy();
  }

  // Every pipeline reads the bone matrices at group 0 and the view at group 1; 'auto' layouts
  // differ per pipeline, so each pipeline is given the same explicit layout.
  private pipelineLayout(): GPUPipelineLayout {
    return this.device.createPipelineLayout({ bindGroupLayouts: this.layouts });
  }

  private linePipeline(module: GPUShaderModule, entryPoint: string, buffers: GPUVertexBufferLayout[], depthTest: boolean): GPURenderPipeline {
    return this.device.createRenderPipeline({
      label: entryPoint,
      layout: this.pipelineLayout(),
      vertex: { module, entryPoint, buffers },
      fragment: { module, entryPoint: 'fs_line', targets: [{ format: this.format }] },
      primitive: { topology: 'line-list' },
      depthStencil: { format: DEPTH_FORMAT, depthWriteEnabled: depthTest, depthCompare: depthTest ? 'less' : 'always' },
    });
  }
}
