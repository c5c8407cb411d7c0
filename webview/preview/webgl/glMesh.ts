/**
 * The WebGL2 fallback's mesh: its program, the loaded mesh's buffers and vertex arrays (the file's
 * f16 positions and u8 joints as they are, the normals, the triangles, the wireframe's edges),
 * and its draw, skinned by the bone texture with the same formulas as mesh.wgsl.
 */
import { MESH_FORMAT } from '../../../formats/records';
import type { ViewState } from '../renderer';
import type { PreviewScene } from '../scene';
import { glProgram } from './glProgram';
import { MESH_FRAGMENT, MESH_VERTEX } from './shaders';

interface MeshState {
  vao: WebGLVertexArrayObject;
  wireVao: WebGLVertexArrayObject;
  indexed: boolean;
  count: number;
  edgeCount: number;
  skinned: boolean;
}

export class GlMesh {
  private readonly program: WebGLProgram;
  private mesh?: MeshState;
  private buffers: WebGLBuffer[] = [];

  constructor(private readonly gl: WebGL2RenderingContext) {
    this.program = glProgram(gl, MESH_VERTEX, MESH_FRAGMENT);
  }

  /** The scene's mesh (none: nothing to draw), replacing the last one. */
  load(scene: PreviewScene): void {
    const gl = this.gl;
    for (const b of this.buffers) gl.deleteBuffer(b);
    this.buffers = [];
    if (this.mesh) {
      gl.deleteVertexArray(this.mesh.vao);
      gl.deleteVertexArray(this.mesh.wireVao);
    }
    this.mesh = scene.mesh ? this.loadMesh(scene) : undefined;
  }

  /** The mesh shaded and/or as a wireframe, as `view.show` asks, posed by `bonesTexture`. */
  draw(view: ViewState, bonesTexture: WebGLTexture): void {
    const gl = this.gl;
    const mesh = this.mesh;
    if (!mesh || !(view.show.mesh || view.show.wireframe)) return;
    const p = this.program;
    const u = (name: string): WebGLUniformLocation | null => gl.getUniformLocation(p, name);
    gl.useProgram(p);
    gl.uniformMatrix4fv(u('u_viewProj'), false, view.viewProjection);
    gl.uniform3f(u('u_light'), ...view.light);
    gl.uniform3f(u('u_eye'), ...view.eye);
    gl.uniform3f(u('u_base'), ...view.palette.base);
    gl.uniform3f(u('u_sky'), ...view.palette.sky);
    gl.uniform3f(u('u_ground'), ...view.palette.ground);
    gl.uniform3f(u('u_wireColor'), ...view.palette.wire);
    gl.uniform2i(u('u_bones_highlight'), view.selectedBone, view.hoveredBone);
    gl.uniform1i(u('u_skinned'), mesh.skinned ? 1 : 0);
    gl.uniform1i(u('u_bones'), 0);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, bonesTexture);
    if (view.show.mesh) {
      gl.uniform1i(u('u_wire'), 0);
      gl.bindVertexArray(mesh.vao);
      if (mesh.indexed) gl.drawElements(gl.TRIANGLES, mesh.count, gl.UNSIGNED_SHORT, 0);
      else gl.drawArrays(gl.TRIANGLES, 0, mesh.count);
    }
    if (view.show.wireframe && mesh.edgeCount > 0) {
      gl.uniform1i(u('u_wire'), 1);
      gl.bindVertexArray(mesh.wireVao);
      gl.drawElements(gl.LINES, mesh.edgeCount, gl.UNSIGNED_INT, 0);
    }
  }

  dispose(): void {
    this.gl.deleteProgram(this.program);
    for (const b of this.buffers) this.gl.deleteBuffer(b);
  }

  private buffer(target: number, data: ArrayBufferView): WebGLBuffer {
    const gl = this.gl;
    const buffer = gl.createBuffer()!;
    this.buffers.push(buffer);
    gl.bindBuffer(target, buffer);
    gl.bufferData(target, data, gl.STATIC_DRAW);
    return buffer;
  }

  private loadMesh(scene: PreviewScene): MeshState {
    const gl = this.gl;
    const mesh = scene.mesh!;
    const skinned = mesh.skinned && (mesh.header.format & MESH_FORMAT.SKINNED) !== 0;
    const vertices = this.buffer(gl.ARRAY_BUFFER, mesh.vertices);
    const normals = this.buffer(gl.ARRAY_BUFFER, mesh.geometry.normals);
    const indices = mesh.indices ? this.buffer(gl.ELEMENT_ARRAY_BUFFER, mesh.indices) : undefined;
    const edges = this.buffer(gl.ELEMENT_ARRAY_BUFFER, mesh.geometry.edges);
    const stride = mesh.header.stride;
    const vao = (elements: WebGLBuffer | undefined): WebGLVertexArrayObject => {
      const v = gl.createVertexArray()!;
      gl.bindVertexArray(v);
      gl.bindBuffer(gl.ARRAY_BUFFER, vertices);
      gl.enableVertexAttribArray(0);
      gl.vertexAttribPointer(0, 4, gl.HALF_FLOAT, false, stride, 0);
      if (skinned) {
        gl.enableVertexAttribArray(1);
        gl.vertexAttribIPointer(1, 4, gl.UNSIGNED_BYTE, stride, mesh.jointsOffset);
        gl.enableVertexAttribArray(2);
        gl.vertexAttribPointer(2, 4, gl.UNSIGNED_BYTE, true, stride, mesh.jointsOffset + 4);
      }
      gl.bindBuffer(gl.ARRAY_BUFFER, normals);
      gl.enableVertexAttribArray(3);
      gl.vertexAttribPointer(3, 3, gl.FLOAT, false, 12, 0);
      if (elements) gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, elements);
      gl.bindVertexArray(null);
      return v;
    };
    return {
      vao: vao(indices),
      wireVao: vao(edges),
      indexed: !!mesh.indices,
      count: mesh.indices ? mesh.header.indexCount : mesh.header.vertexCount,
      edgeCount: mesh.geometry.edges.length,
      skinned,
    };
  }
}
