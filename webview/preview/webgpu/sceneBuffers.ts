/**
 * The scene's WebGPU buffers and their draws: the grid, the frame's overlay lines (grown as
 * needed), and the mesh (its file's vertex bytes as they are, computed normals or its own, the
 * triangles and the wireframe's edges) with its shaded and wireframe pipelines.
 */
import { MESH_FORMAT } from '../../../formats/records';
import { GRID_VERTEX_FLOATS } from '../grid';
import type { Visibility } from '../renderer';
import type { PreviewScene } from '../scene';
import type { GpuPipelines } from './pipelines';

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

/** A buffer holding `data` (padded to 4 bytes, at least 16). */
function upload(device: GPUDevice, label: string, data: ArrayBufferView, usage: number): GPUBuffer {
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const buffer = device.createBuffer({ label, size: Math.max(16, (bytes.length + 3) & ~3), usage, mappedAtCreation: true });
  new Uint8Array(buffer.getMappedRange()).set(bytes);
  buffer.unmap();
  return buffer;
}

export class SceneBuffers {
  /** Bones of the loaded clip (instances of the joint and gizmo draws); undefined before a load. */
  boneCount?: number;
  private grid?: { buffer: GPUBuffer; count: number };
  /** The frame's extra lines (ViewState.overlay), grown as needed. */
  private overlay?: GPUBuffer;
  private mesh?: MeshBuffers;

  constructor(
    private readonly device: GPUDevice,
    private readonly pipelines: GpuPipelines,
  ) {}

  load(scene: PreviewScene, grid: Float32Array): void {
    this.boneCount = scene.clip.bones;
    this.grid?.buffer.destroy();
    this.grid = { buffer: upload(this.device, 'grid', grid, GPUBufferUsage.VERTEX), count: grid.length / GRID_VERTEX_FLOATS };
    this.destroyMesh();
    this.mesh = scene.mesh ? this.loadMesh(scene) : undefined;
  }

  drawGrid(pass: GPURenderPassEncoder): void {
    if (!this.grid) return;
    pass.setPipeline(this.pipelines.grid);
    pass.setVertexBuffer(0, this.grid.buffer);
    pass.draw(this.grid.count);
  }

  /** The mesh shaded and/or as a wireframe, as `show` asks. */
  drawMesh(pass: GPURenderPassEncoder, show: Visibility): void {
    const mesh = this.mesh;
    if (!mesh || !(show.mesh || show.wireframe)) return;
    pass.setVertexBuffer(0, mesh.vertices);
    pass.setVertexBuffer(1, mesh.normals);
    if (show.mesh) {
      pass.setPipeline(mesh.pipeline);
      if (mesh.indices) {
        pass.setIndexBuffer(mesh.indices, 'uint16');
        pass.drawIndexed(mesh.count);
      } else {
        pass.draw(mesh.count);
      }
    }
    if (show.wireframe && mesh.edgeCount > 0) {
      pass.setPipeline(mesh.wirePipeline);
      pass.setIndexBuffer(mesh.edges, 'uint32');
      pass.drawIndexed(mesh.edgeCount);
    }
  }

  /** Draws `lines` depth-tested, as the grid; returns the bytes uploaded for them. */
  drawOverlay(pass: GPURenderPassEncoder, lines: Float32Array | undefined): number {
    if (!lines?.length) return 0;
    if (!this.overlay || this.overlay.size < lines.byteLength) {
      this.overlay?.destroy();
      this.overlay = this.device.createBuffer({ label: 'overlay lines', size: Math.max(1024, lines.byteLength * 2), usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST });
    }
    this.device.queue.writeBuffer(this.overlay, 0, lines.buffer, lines.byteOffset, lines.byteLength);
    pass.setPipeline(this.pipelines.grid);
    pass.setVertexBuffer(0, this.overlay);
    pass.draw(lines.length / GRID_VERTEX_FLOATS);
    return lines.byteLength;
  }

  dispose(): void {
    this.grid?.buffer.destroy();
    this.overlay?.destroy();
    this.destroyMesh();
  }

  private destroyMesh(): void {
    const mesh = this.mesh;
    if (!mesh) return;
    for (const buffer of [mesh.vertices, mesh.normals, mesh.indices, mesh.edges]) buffer?.destroy();
    this.mesh = undefined;
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
    const edges = mesh.geometry.edges;
    const device = this.device;
    return {
      // The mesh file's vertex bytes as they are: the GPU reads f16 positions and u8 joints itself.
      vertices: upload(device, 'mesh vertices', mesh.vertices, GPUBufferUsage.VERTEX),
      normals: upload(device, 'mesh normals', mesh.geometry.normals, GPUBufferUsage.VERTEX),
      indices: mesh.indices ? upload(device, 'mesh indices', mesh.indices, GPUBufferUsage.INDEX) : undefined,
      edges: upload(device, 'mesh edges', edges, GPUBufferUsage.INDEX),
      edgeCount: edges.length,
      count: mesh.indices ? mesh.header.indexCount : mesh.header.vertexCount,
      pipeline: this.pipelines.meshPipeline(skinned ? 'vs_skinned' : 'vs_static', 'fs_mesh', 'triangle-list', buffers),
      wirePipeline: this.pipelines.meshPipeline(skinned ? 'vs_wire_skinned' : 'vs_wire_static', 'fs_wire', 'line-list', buffers),
    };
  }
}
