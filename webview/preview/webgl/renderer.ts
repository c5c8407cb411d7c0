/**
 * WebGL2 fallback with the same semantics as the WebGPU path: bone matrices from the CPU mirror
 * of bones.wgsl (pose.ts, decoding through the core) or the mixer's pose, skinning and lighting
 * in the shaders with the same formulas, gizmos, joints and grid as line lists. Used when WebGPU
 * is missing or lost. The mesh's buffers and draw are glMesh.ts.
 */
import { gizmoLines, jointLines } from '../gizmos';
import { GRID_VERTEX_FLOATS } from '../grid';
import { BONE_OUTPUT_FLOATS, buildPose, MAX_OUTPUT_BONES } from '../pose';
import { JOINT_RADIUS, type PoseSource, type PreviewRenderer, type ViewState } from '../renderer';
import { poseInputs, type PreviewScene } from '../scene';
import { GlMesh } from './glMesh';
import { glProgram } from './glProgram';
import { LINE_FRAGMENT, LINE_VERTEX } from './shaders';

export class WebGl2Renderer implements PreviewRenderer {
  readonly kind = 'webgl2';
  readonly zeroToOneDepth = false;
  readonly maxClipBytes = Infinity;
  lastFrameUploadBytes = 0;
  private readonly gl: WebGL2RenderingContext;
  private readonly lineProgram: WebGLProgram;
  private readonly bonesTexture: WebGLTexture;
  private readonly pose = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS);
  /** The grid's lines (`count` vertices) and the frame's overlay lines, joints and gizmos. */
  private readonly grid: LineVao & { count: number };
  private readonly overlay: LineVao;
  private readonly mesh: GlMesh;
  private scene?: PreviewScene;

  constructor(canvas: HTMLCanvasElement) {
    const gl = canvas.getContext('webgl2', { antialias: false, preserveDrawingBuffer: true });
    if (!gl) throw new Error('Neither WebGPU nor WebGL2 is available in this webview: nothing can be drawn. Check that hardware acceleration is enabled.');
    this.gl = gl;
    this.mesh = new GlMesh(gl);
    this.lineProgram = glProgram(gl, LINE_VERTEX, LINE_FRAGMENT);
    this.bonesTexture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, this.bonesTexture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32F, 6, MAX_OUTPUT_BONES);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    this.grid = { ...lineVao(gl), count: 0 };
    this.overlay = lineVao(gl);
  }

  load(scene: PreviewScene, grid: Float32Array): void {
    const gl = this.gl;
    this.scene = scene;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.grid.buffer);
    gl.bufferData(gl.ARRAY_BUFFER, grid, gl.STATIC_DRAW);
    this.grid.count = grid.length / GRID_VERTEX_FLOATS;
    this.mesh.load(scene);
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
    gl.bindBuffer(gl.ARRAY_BUFFER, this.overlay.buffer);
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
      gl.bindVertexArray(this.grid.vao);
      gl.drawArrays(gl.LINES, 0, this.grid.count);
    }

    this.mesh.draw(view, this.bonesTexture);

    // Joints and gizmos over everything, like the WebGPU path's depthCompare 'always'.
    gl.useProgram(this.lineProgram);
    gl.uniformMatrix4fv(gl.getUniformLocation(this.lineProgram, 'u_viewProj'), false, view.viewProjection);
    gl.bindVertexArray(this.overlay.vao);
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
    this.mesh.dispose();
    gl.deleteProgram(this.lineProgram);
    gl.deleteTexture(this.bonesTexture);
    for (const b of [this.grid.buffer, this.overlay.buffer]) gl.deleteBuffer(b);
  }
}

/** A vertex array reading x y z r g b float vertices from its buffer. */
interface LineVao {
  vao: WebGLVertexArrayObject;
  buffer: WebGLBuffer;
}

function lineVao(gl: WebGL2RenderingContext): LineVao {
  const vao = gl.createVertexArray()!;
  const buffer = gl.createBuffer()!;
  gl.bindVertexArray(vao);
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 3, gl.FLOAT, false, GRID_VERTEX_FLOATS * 4, 0);
  gl.enableVertexAttribArray(1);
  gl.vertexAttribPointer(1, 3, gl.FLOAT, false, GRID_VERTEX_FLOATS * 4, 12);
  gl.bindVertexArray(null);
  return { vao, buffer };
}
