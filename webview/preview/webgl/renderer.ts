/**
 * WebGL2 fallback with the same semantics as the WebGPU path: bone matrices from the CPU mirror
 * of bones.wgsl (pose.ts, decoding through the core), skinning in the vertex shader with the
 * same formula, gizmos and grid as line lists. Used when WebGPU is missing or lost.
 */
import { MESH_FORMAT } from '../../../formats/records';
import { GRID_VERTEX_FLOATS } from '../grid';
import { BONE_OUTPUT_FLOATS, buildPose, MAX_OUTPUT_BONES, type FrameRequest } from '../pose';
import type { PreviewRenderer, ViewState } from '../renderer';
import { poseInputs, type PreviewScene } from '../scene';
import { gizmoLines } from '../gizmos';
import { LINE_FRAGMENT, LINE_VERTEX, MESH_FRAGMENT, MESH_VERTEX } from './shaders';

interface MeshState {
  vao: WebGLVertexArrayObject;
  indexed: boolean;
  count: number;
  skinned: boolean;
}

export class WebGl2Renderer implements PreviewRenderer {
  readonly kind = 'webgl2';
  readonly zeroToOneDepth = false;
  readonly maxClipBytes = Infinity;
  lastFrameUploadBytes = 0;
  private readonly gl: WebGL2RenderingContext;
  private readonly meshProgram: WebGLProgram;
  private readonly lineProgram: WebGLProgram;
  private readonly bonesTexture: WebGLTexture;
  private readonly pose = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS);
  private readonly gridVao: WebGLVertexArrayObject;
  private readonly gridBuffer: WebGLBuffer;
  private readonly gizmoVao: WebGLVertexArrayObject;
  private readonly gizmoBuffer: WebGLBuffer;
  private gridCount = 0;
  private mesh?: MeshState;
  private meshBuffers: WebGLBuffer[] = [];
  private scene?: PreviewScene;

  constructor(canvas: HTMLCanvasElement) {
    const gl = canvas.getContext('webgl2', { antialias: false, preserveDrawingBuffer: true });
    if (!gl) throw new Error('Neither WebGPU nor WebGL2 is available in this webview: nothing can be drawn. Check that hardware acceleration is enabled.');
    this.gl = gl;
    this.meshProgram = program(gl, MESH_VERTEX, MESH_FRAGMENT);
    this.lineProgram = program(gl, LINE_VERTEX, LINE_FRAGMENT);
    this.bonesTexture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, this.bonesTexture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32F, 6, MAX_OUTPUT_BONES);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    [this.gridVao, this.gridBuffer] = lineVao(gl);
    [this.gizmoVao, this.gizmoBuffer] = lineVao(gl);
  }

  load(scene: PreviewScene, grid: Float32Array): void {
    const gl = this.gl;
    this.scene = scene;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.gridBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, grid, gl.STATIC_DRAW);
    this.gridCount = grid.length / GRID_VERTEX_FLOATS;
    for (const b of this.meshBuffers) gl.deleteBuffer(b);
    this.meshBuffers = [];
    if (this.mesh) gl.deleteVertexArray(this.mesh.vao);
    this.mesh = scene.mesh ? this.loadMesh(scene) : undefined;
  }

  render(request: FrameRequest, view: ViewState): void {
    const gl = this.gl;
    const scene = this.scene;
    if (!scene) return;
    const bones = buildPose(poseInputs(scene), request, this.pose);
    gl.bindTexture(gl.TEXTURE_2D, this.bonesTexture);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, 6, bones, gl.RGBA, gl.FLOAT, this.pose.subarray(0, bones * BONE_OUTPUT_FLOATS));
    const gizmos = gizmoLines(this.pose, scene.clip.bones, view);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.gizmoBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, gizmos, gl.DYNAMIC_DRAW);
    this.lastFrameUploadBytes = bones * BONE_OUTPUT_FLOATS * 4 + gizmos.byteLength;

    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.clearColor(view.clearColor[0], view.clearColor[1], view.clearColor[2], 1);
    gl.clearDepth(1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.enable(gl.DEPTH_TEST);
    gl.depthFunc(gl.LESS);
    gl.disable(gl.CULL_FACE);

    gl.useProgram(this.lineProgram);
    gl.uniformMatrix4fv(gl.getUniformLocation(this.lineProgram, 'u_viewProj'), false, view.viewProjection);
    gl.depthMask(true);
    gl.bindVertexArray(this.gridVao);
    gl.drawArrays(gl.LINES, 0, this.gridCount);

    if (this.mesh) {
      const p = this.meshProgram;
      gl.useProgram(p);
      gl.uniformMatrix4fv(gl.getUniformLocation(p, 'u_viewProj'), false, view.viewProjection);
      gl.uniform3f(gl.getUniformLocation(p, 'u_light'), ...view.light);
      gl.uniform2i(gl.getUniformLocation(p, 'u_bones_highlight'), view.selectedBone, view.hoveredBone);
      gl.uniform1i(gl.getUniformLocation(p, 'u_skinned'), this.mesh.skinned ? 1 : 0);
      gl.uniform1i(gl.getUniformLocation(p, 'u_bones'), 0);
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_2D, this.bonesTexture);
      gl.bindVertexArray(this.mesh.vao);
      if (this.mesh.indexed) gl.drawElements(gl.TRIANGLES, this.mesh.count, gl.UNSIGNED_SHORT, 0);
      else gl.drawArrays(gl.TRIANGLES, 0, this.mesh.count);
    }

    // Gizmos over everything, like the WebGPU path's depthCompare 'always'.
    gl.useProgram(this.lineProgram);
    gl.depthFunc(gl.ALWAYS);
    gl.depthMask(false);
    gl.bindVertexArray(this.gizmoVao);
    gl.drawArrays(gl.LINES, 0, gizmos.length / GRID_VERTEX_FLOATS);
    gl.depthMask(true);
    gl.bindVertexArray(null);
  }

  /** Reading one pixel waits for the drawing before it (gl.finish() need not block). */
  async whenDone(): Promise<void> {
    this.gl.readPixels(0, 0, 1, 1, this.gl.RGBA, this.gl.UNSIGNED_BYTE, new Uint8Array(4));
  }

  async readPixels(): Promise<Uint8Array> {
    const gl = this.gl;
    const width = gl.drawingBufferWidth;
    const height = gl.drawingBufferHeight;
    const raw = new Uint8Array(width * height * 4);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, raw);
    // GL rows start at the bottom.
    const out = new Uint8Array(raw.length);
    for (let y = 0; y < height; y++) out.set(raw.subarray((height - 1 - y) * width * 4, (height - y) * width * 4), y * width * 4);
    return out;
  }

  dispose(): void {
    const gl = this.gl;
    gl.deleteProgram(this.meshProgram);
    gl.deleteProgram(this.lineProgram);
    gl.deleteTexture(this.bonesTexture);
    for (const b of [...this.meshBuffers, this.gridBuffer, this.gizmoBuffer]) gl.deleteBuffer(b);
  }

  private loadMesh(scene: PreviewScene): MeshState {
    const gl = this.gl;
    const mesh = scene.mesh!;
    const skinned = mesh.skinned && (mesh.header.format & MESH_FORMAT.SKINNED) !== 0;
    const vao = gl.createVertexArray()!;
    gl.bindVertexArray(vao);
    const vertices = gl.createBuffer()!;
    this.meshBuffers.push(vertices);
    gl.bindBuffer(gl.ARRAY_BUFFER, vertices);
    gl.bufferData(gl.ARRAY_BUFFER, mesh.vertices, gl.STATIC_DRAW);
    const stride = mesh.header.stride;
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 4, gl.HALF_FLOAT, false, stride, 0);
    if (skinned) {
      gl.enableVertexAttribArray(1);
      gl.vertexAttribIPointer(1, 4, gl.UNSIGNED_BYTE, stride, mesh.jointsOffset);
      gl.enableVertexAttribArray(2);
      gl.vertexAttribPointer(2, 4, gl.UNSIGNED_BYTE, true, stride, mesh.jointsOffset + 4);
    }
    if (mesh.indices) {
      const indices = gl.createBuffer()!;
      this.meshBuffers.push(indices);
      gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indices);
      gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, mesh.indices, gl.STATIC_DRAW);
    }
    gl.bindVertexArray(null);
    return { vao, indexed: !!mesh.indices, count: mesh.indices ? mesh.header.indexCount : mesh.header.vertexCount, skinned };
  }
}

function program(gl: WebGL2RenderingContext, vertex: string, fragment: string): WebGLProgram {
  const p = gl.createProgram()!;
  for (const [type, source] of [[gl.VERTEX_SHADER, vertex], [gl.FRAGMENT_SHADER, fragment]] as const) {
    const s = gl.createShader(type)!;
    gl.shaderSource(s, source);
    gl.compileShader(s);
    if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(`WebGL2 shader: ${gl.getShaderInfoLog(s)}`);
    gl.attachShader(p, s);
  }
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(`WebGL2 program: ${gl.getProgramInfoLog(p)}`);
  return p;
}

/** A VAO reading x y z r g b float vertices from one buffer. */
function lineVao(gl: WebGL2RenderingContext): [WebGLVertexArrayObject, WebGLBuffer] {
  const vao = gl.createVertexArray()!;
  const buffer = gl.createBuffer()!;
  gl.bindVertexArray(vao);
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 3, gl.FLOAT, false, GRID_VERTEX_FLOATS * 4, 0);
  gl.enableVertexAttribArray(1);
  gl.vertexAttribPointer(1, 3, gl.FLOAT, false, GRID_VERTEX_FLOATS * 4, 12);
  gl.bindVertexArray(null);
  return [vao, buffer];
}
