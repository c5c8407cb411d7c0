/**
 * `keyframe_bind` on the GPU: the clip's file bytes go into one storage buffer once; each
 * displayed frame writes 32 bytes of parameters and dispatches one invocation per bone, which
 * decodes and builds that bone's matrices (shaders/bones.wgsl) under the chosen bone-count rule.
 */
import type { BindRule } from '../../../formats/keyframeBind';
import { BONES_WGSL } from '../shaderSources';
import { BONE_OUTPUT_FLOATS, MAX_OUTPUT_BONES, type FrameRequest } from '../pose';

/** Bytes per displayed frame the CPU sends to the GPU (the BoneParams uniform). */
export const BONE_PARAMS_BYTES = 32;

export interface BoneComputeClip {
  /** The whole clip file as it is on disk (header included). */
  bytes: Uint8Array;
  boneCount: number;
  frameCount: number;
}

export class GpuBoneCompute {
  /** Per bone 6 vec4 rows: model matrix, then skinning matrix. */
  readonly output: GPUBuffer;
  private readonly pipeline: GPUComputePipeline;
  private readonly params: GPUBuffer;
  private readonly paramWords = new ArrayBuffer(BONE_PARAMS_BYTES);
  private clipBuffer?: GPUBuffer;
  private skeletonBuffer?: GPUBuffer;
  private bindGroup?: GPUBindGroup;
  private clip?: BoneComputeClip;
  private skeletonBones = 0;
  private meshBones = 0;
  private rule: BindRule = 'design';

  constructor(private readonly device: GPUDevice) {
    const module = device.createShaderModule({ label: 'bones.wgsl', code: BONES_WGSL });
    this.pipeline = device.createComputePipeline({ label: 'build_bones', layout: 'auto', compute: { module, entryPoint: 'build_bones' } });
    this.params = device.createBuffer({ label: 'bone params', size: BONE_PARAMS_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    this.output = device.createBuffer({
      label: 'bone matrices',
      size: MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS * 4,
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
    });
  }

  /** Uploads the clip's bytes as they are (the one upload of keyframe data). */
  setClip(clip: BoneComputeClip): void {
    this.clipBuffer?.destroy();
    this.clip = clip;
    this.clipBuffer = this.uploadWords('clip records', clip.bytes);
    this.bindGroup = undefined;
  }

  /** The skeleton file's bytes as they are, or undefined for raw mode. */
  setSkeleton(bytes: Uint8Array | undefined, boneCount: number): void {
    this.skeletonBuffer?.destroy();
    this.skeletonBones = bytes ? boneCount : 0;
    // A binding needs a buffer even in raw mode; 16 bytes that the shader never reads.
    this.skeletonBuffer = this.uploadWords('skeleton', bytes ?? new Uint8Array(16));
    this.bindGroup = undefined;
  }

  /** Bones the mesh names (highest bone index + 1), so that every one of them gets a matrix. */
  setMeshBones(bones: number): void {
    this.meshBones = bones;
  }

  /** How bones the clip or the skeleton lacks are skinned (formats/keyframeBind.ts). */
  setRule(rule: BindRule): void {
    this.rule = rule;
  }

  /** Bones the output holds: max(clip, skeleton, mesh bones), as `outputBoneCount` in pose.ts. */
  get outputBones(): number {
    return Math.min(MAX_OUTPUT_BONES, Math.max(this.clip?.boneCount ?? 0, this.skeletonBones, this.meshBones));
  }

  /** Writes this frame's parameters (32 bytes) and records the dispatch into `encoder`. */
  encode(encoder: GPUCommandEncoder, request: FrameRequest): void {
    const clip = this.clip;
    if (!clip || !this.clipBuffer) throw new Error('GpuBoneCompute: no clip');
    if (!this.skeletonBuffer) this.setSkeleton(undefined, 0);
    const u32 = new Uint32Array(this.paramWords);
    const f32 = new Float32Array(this.paramWords);
    // Records start after the 4-byte header: word 1 + frame * bones * 4.
    u32[0] = 1 + request.frame * clip.boneCount * 4;
    u32[1] = 1 + request.nextFrame * clip.boneCount * 4;
    f32[2] = request.blend;
    u32[3] = clip.boneCount;
    u32[4] = this.skeletonBones;
    u32[5] = this.outputBones;
    u32[6] = (request.blended ? 1 : 0) | (this.rule === 'console' ? 2 : 0); // FLAG_BLENDED | FLAG_CONSOLE
    u32[7] = 0; // opaque_zero: see `rounded` in keyframe.wgsl
    this.device.queue.writeBuffer(this.params, 0, this.paramWords);
    const pass = encoder.beginComputePass({ label: 'build bones' });
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.currentBindGroup());
    pass.dispatchWorkgroups(Math.ceil(this.outputBones / 64));
    pass.end();
  }

  destroy(): void {
    this.clipBuffer?.destroy();
    this.skeletonBuffer?.destroy();
    this.params.destroy();
    this.output.destroy();
  }

  private currentBindGroup(): GPUBindGroup {
    if (!this.bindGroup) {
      this.bindGroup = this.device.createBindGroup({
        label: 'bones',
        layout: this.pipeline.getBindGroupLayout(0),
        entries: [
          { binding: 0, resource: { buffer: this.clipBuffer! } },
          { binding: 1, resource: { buffer: this.skeletonBuffer! } },
          { binding: 2, resource: { buffer: this.params } },
          { binding: 3, resource: { buffer: this.output } },
        ],
      });
    }
    return this.bindGroup;
  }

  /** A storage buffer holding `bytes`, padded to a multiple of 4 (trailing bytes of a longer file included). */
  private uploadWords(label: string, bytes: Uint8Array): GPUBuffer {
    const size = Math.max(16, (bytes.length + 3) & ~3);
    const buffer = this.device.createBuffer({ label, size, usage: GPUBufferUsage.STORAGE, mappedAtCreation: true });
    new Uint8Array(buffer.getMappedRange()).set(bytes);
    buffer.unmap();
    return buffer;
  }
}
