/**
 * WebGL2 fallback with the same semantics as the WebGPU path: bone matrices from the CPU mirror
 * of bones.wgsl (pose.ts, decoding through the core) or the mixer's pose, skinning and lighting
 * in the shaders with the same formulas, gizmos, joints and grid as line lists. Used when WebGPU
 * is missing or lost.
 */
import { MESH_FORMAT } from '../../../formats/records';
import { gizmoLines, jointLines } from '../gizmos';
import { GRID_VERTEX_FLOATS } from '../grid';
import { BONE_OUTPUT_FLOATS, buildPose, MAX_OUTPUT_BONES } from '../pose';
import { JOINT_RADIUS, type PoseSource, type PreviewRenderer, type ViewState } from '../renderer';
import { poseInputs, type PreviewScene } from '../scene';
import { LINE_FRAGMENT, LINE_VERTEX, MESH_FRAGMENT, MESH_VERTEX } from './shaders';

interface MeshState {
  vao: WebGLVertexArrayObject;
  wireVao: WebGLVertexArrayObject;
  indexed: boolean;
  count: number;
  edgeCount: number;
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
  private readonly overlayVao: WebGLVertexArrayObject;
  private readonly overlayBuffer: WebGLBuffer;
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
    [this.overlayVao, this.overlayBuffer] = lineVao(gl);
  }

  load(scene: PreviewScene, grid: Float32Array): void {
    const gl = this.gl;
    this.scene = scene;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.gridBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, grid, gl.STATIC_DRAW);
    this.gridCount = grid.length / GRID_VERTEX_FLOATS;
    for (const b of this.meshBuffers) gl.deleteBuffer(b);
    this.meshBuffers = [];
    if (this.mesh) {
      gl.deleteVertexArray(this.mesh.vao);
      gl.deleteVertexArray(this.mesh.wireVao);
    }
    this.mesh = scene.mesh ? this.loadMesh(scene) : undefined;
  }

  render(source: PoseSource, view: ViewState): void {
    const gl = this.gl;
    const scene = this.scene;
    if (!scene) return;
    let bones: number;
    if (source.kind === 'keyframes') bones = buildPose(poseInputs(scene, source.rule), source.request, this.pose);
    else {
      bones = source.bones;
      this.pose.set(source.pose.subarray(0, bones * BONE_OUTPUT_FLOATS));
    }
    gl.bindTexture(gl.TEXTURE_2D, this.bonesTexture);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, 6, bones, gl.RGBA, gl.FLOAT, this.pose.subarray(0, bones * BONE_OUTPUT_FLOATS));
    // The frame's extra lines first (depth-tested), then joints and gizmos (over everything).
    const attached = view.overlay ?? new Float32Array(0);
    const overlays = [
      attached,
      view.show.bones ? jointLines(this.pose, scene.clip.bones, view.gizmoLength * JOINT_RADIUS, view) : new Float32Array(0),
      view.show.axes ? gizmoLines(this.pose, scene.clip.bones, view) : new Float32Array(0),
    ];
    const overlay = new Float32Array(overlays.reduce((n, part) => n + part.length, 0));
    let at = 0;
    for (const part of overlays) {
      overlay.set(part, at);
      at += part.length;
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, this.overlayBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, overlay, gl.DYNAMIC_DRAW);
    this.lastFrameUploadBytes = bones * BONE_OUTPUT_FLOATS * 4 + overlay.byteLength;

    const bg = view.palette.background;
    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.clearColor(bg[0], bg[1], bg[2], 1);
    gl.clearDepth(1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.enable(gl.DEPTH_TEST);
    gl.depthFunc(gl.LESS);
    gl.disable(gl.CULL_FACE);
    gl.depthMask(true);

    if (view.show.grid) {
      gl.useProgram(this.lineProgram);
      gl.uniformMatrix4fv(gl.getUniformLocation(this.lineProgram, 'u_viewProj'), false, view.viewProjection);
      gl.bindVertexArray(this.gridVao);
      gl.drawArrays(gl.LINES, 0, this.gridCount);
    }

    const mesh = this.mesh;
    if (mesh && (view.show.mesh || view.show.wireframe)) {
      const p = this.meshProgram;
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
      gl.bindTexture(gl.TEXTURE_2D, this.bonesTexture);
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

    // Joints and gizmos over everything, like the WebGPU path's depthCompare 'always'.
    gl.useProgram(this.lineProgram);
    gl.uniformMatrix4fv(gl.getUniformLocation(this.lineProgram, 'u_viewProj'), false, view.viewProjection);
    gl.bindVertexArray(this.overlayVao);
    const attachedCount = attached.length / GRID_VERTEX_FLOATS;
    if (attachedCount > 0) gl.drawArrays(gl.LINES, 0, attachedCount);
    gl.depthFunc(gl.ALWAYS);
    gl.depthMask(false);
    gl.drawArrays(gl.LINES, attachedCount, overlay.length / GRID_VERTEX_FLOATS - attachedCount);
    gl.depthMask(true);
    gl.bindVertexArray(null);
  }

  /** Reading one pixel waits for the drawing before it (gl.finish() need not block). */
  async whenDone(): Promise<void> {
    this.gl.readPixels(0, 0, 1, 1, this.gl.RGBA, this.gl.UNSIGNED_BYTE, new Uint8Array(4));
  }

  async readPixels(): Promise<{ width: number; height: number; rgba: Uint8Array }> {
    const gl = this.gl;
    const width = gl.drawingBufferWidth;
    const height = gl.drawingBufferHeight;
    const raw = new Uint8Array(width * height * 4);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, raw);
    // GL rows start at the bottom.
    const rgba = new Uint8Array(raw.length);
    for (let y = 0; y < height; y++) rgba.set(raw.subarray((height - 1 - y) * width * 4, (height - y) * width * 4), y * width * 4);
    return { width, height, rgba };
  }

  dispose(): void {
    const gl = this.gl;
    gl.deleteProgram(this.meshProgram);
    gl.deleteProgram(this.lineProgram);
    gl.deleteTexture(this.bonesTexture);
    for (const b of [...this.meshBuffers, this.gridBuffer, this.overlayBuffer]) gl.deleteBuffer(b);
  }

  private buffer(target: number, data: ArrayBufferView): WebGLBuffer {
    const gl = this.gl;
    const buffer = gl.createBuffer()!;
    this.meshBuffers.push(buffer);
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
