/** Test page: runs the preview's GpuBoneCompute (the real WGSL) and returns its output bytes. */
import { GpuBoneCompute } from '../../../webview/preview/webgpu/boneCompute';
import { BONE_OUTPUT_FLOATS, type FrameRequest } from '../../../webview/preview/pose';
import type { BindRule } from '../../../formats/keyframeBind';
import { decodeBase64, encodeBase64 } from './base64';

interface BonesJob {
  clip: string;
  clipBones: number;
  frameCount: number;
  skeleton?: string;
  skeletonBones: number;
  meshBones?: number;
  rule?: BindRule;
  requests: FrameRequest[];
}

async function runBones(job: BonesJob): Promise<{ adapter: string; bones: number; output: string }> {
  const adapter = await navigator.gpu.requestAdapter();
  if (!adapter) throw new Error('no WebGPU adapter');
  const device = await adapter.requestDevice({ requiredLimits: { maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize, maxBufferSize: adapter.limits.maxBufferSize } });
  const compute = new GpuBoneCompute(device);
  compute.setClip({ bytes: decodeBase64(job.clip), boneCount: job.clipBones, frameCount: job.frameCount });
  compute.setSkeleton(job.skeleton ? decodeBase64(job.skeleton) : undefined, job.skeletonBones);
  compute.setMeshBones(job.meshBones ?? 0);
  compute.setRule(job.rule ?? 'design');
  const bytesPerFrame = compute.outputBones * BONE_OUTPUT_FLOATS * 4;
  const readback = device.createBuffer({ size: bytesPerFrame * job.requests.length, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  job.requests.forEach((request, i) => {
    const encoder = device.createCommandEncoder();
    compute.encode(encoder, request);
    encoder.copyBufferToBuffer(compute.output, 0, readback, i * bytesPerFrame, bytesPerFrame);
    device.queue.submit([encoder.finish()]);
  });
  await readback.mapAsync(GPUMapMode.READ);
  const output = encodeBase64(new Uint8Array(readback.getMappedRange().slice(0)));
  readback.unmap();
  compute.destroy();
  device.destroy();
  return { adapter: `${adapter.info.vendor} ${adapter.info.architecture} ${adapter.info.description}`.trim(), bones: compute.outputBones, output };
}

Object.assign(window, { runBones, pageReady: true });
