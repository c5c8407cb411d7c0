/**
 * GPU measurements of the preview's WGSL, for any GPUDevice (Dawn in Node on the H200, or a
 * browser): bone-matrix parity with the CPU mirror, keyframe_bind dispatch rate, skinning
 * throughput for many characters at once, and a copy kernel as the memory-bandwidth baseline
 * measured in the same run.
 */
import { BONE_OUTPUT_FLOATS, buildPose, type FrameRequest } from '../webview/preview/pose';
import { COPY_BENCH_WGSL, SKIN_BENCH_WGSL } from '../webview/preview/shaderSources';
import { GpuBoneCompute } from '../webview/preview/webgpu/boneCompute';
import { inverseBindsOf } from '../test/gpu/clipFixtures';
import { MESH_FORMAT, meshStride, vertexOffset, verticesByteLength } from '../formats/index';
import type { BindRule } from '../formats/keyframeBind';

/** A skinned character's three files (the sample pack's 40-bone creature in the benches). */
export interface Character {
  clip: Uint8Array;
  skeleton: Uint8Array;
  mesh: Uint8Array;
  bones: number;
  vertexCount: number;
}

export function characterOf(clip: Uint8Array, skeleton: Uint8Array, mesh: Uint8Array): Character {
  return { clip, skeleton, mesh, bones: clip[0], vertexCount: new DataView(mesh.buffer, mesh.byteOffset).getUint32(0, true) };
}

/** Wall time of `reps` repetitions recorded by `record` into one submission, best of `trials`, per repetition. */
async function timeDispatches(device: GPUDevice, reps: number, trials: number, record: (encoder: GPUCommandEncoder) => void): Promise<number> {
  const run = async (): Promise<number> => {
    const encoder = device.createCommandEncoder();
    for (let r = 0; r < reps; r++) record(encoder);
    const t0 = performance.now();
    device.queue.submit([encoder.finish()]);
    await device.queue.onSubmittedWorkDone();
    return (performance.now() - t0) / 1000;
  };
  await run();
  let best = Infinity;
  for (let t = 0; t < trials; t++) best = Math.min(best, await run());
  return best / reps;
}

/** Seconds per dispatch of a 256-wide kernel over `invocations` (workgroups split over x and y, 65,535 per dimension). */
async function timeKernel(device: GPUDevice, pipeline: GPUComputePipeline, group: GPUBindGroup, invocations: number, reps: number): Promise<number> {
  const groups = Math.ceil(invocations / 256);
  const x = Math.min(groups, 65535);
  const y = Math.ceil(groups / x);
  return timeDispatches(device, reps, 5, (encoder) => {
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group);
    pass.dispatchWorkgroups(x, y);
    pass.end();
  });
}

export interface ParityResult {
  compared: number;
  mismatched: number;
  /** Largest difference in ulp of the element's scale: its column's length (rotation-scale columns) or itself (translations). */
  maxUlps: number;
  /** The first few differences: frame, bone, element (0..11 model, 12..23 skinning), CPU and GPU values. */
  examples: string[];
}

/**
 * The WGSL bone matrices against the CPU mirror (stamp mode, every frame), on this device, under
 * a bone-count rule, with `meshBones` output bones at least (the console's rule reads past the clip).
 */
export async function boneParity(device: GPUDevice, clip: Uint8Array, skeleton?: Uint8Array, bind: { rule?: BindRule; meshBones?: number } = {}): Promise<ParityResult> {
  const bones = clip[0];
  const frames = clip[2] | (clip[3] << 8);
  const compute = new GpuBoneCompute(device);
  compute.setClip({ bytes: clip, boneCount: bones, frameCount: frames });
  const binds = skeleton ? inverseBindsOf(skeleton) : undefined;
  compute.setSkeleton(skeleton, binds?.bones ?? 0);
  compute.setMeshBones(bind.meshBones ?? 0);
  compute.setRule(bind.rule ?? 'design');
  const perFrame = compute.outputBones * BONE_OUTPUT_FLOATS * 4;
  const readback = device.createBuffer({ size: perFrame * frames, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  const requests: FrameRequest[] = Array.from({ length: frames }, (_, frame) => ({ frame, nextFrame: frame, blend: 0, blended: false }));
  requests.forEach((request, i) => {
    const encoder = device.createCommandEncoder();
    compute.encode(encoder, request);
    encoder.copyBufferToBuffer(compute.output, 0, readback, i * perFrame, perFrame);
    device.queue.submit([encoder.finish()]);
  });
  await readback.mapAsync(GPUMapMode.READ);
  const gpu = new Float32Array(readback.getMappedRange().slice(0));
  readback.unmap();
  readback.destroy();
  compute.destroy();
  const cpu = new Float32Array(perFrame / 4);
  const inputs = { clip, clipBones: bones, frameCount: frames, inverseBinds: binds?.matrices, skeletonBones: binds?.bones ?? 0, ...bind };
  let mismatched = 0;
  let maxUlps = 0;
  const examples: string[] = [];
  const bits = new Uint32Array(2);
  const pair = new Float32Array(bits.buffer);
  requests.forEach((request, i) => {
    buildPose(inputs, request, cpu);
    for (let k = 0; k < cpu.length; k++) {
      pair[0] = cpu[k];
      pair[1] = gpu[i * cpu.length + k];
      if (bits[0] === bits[1] || (Number.isNaN(pair[0]) && Number.isNaN(pair[1]))) continue;
      mismatched++;
      const element = k % BONE_OUTPUT_FLOATS;
      if (examples.length < 6) examples.push(`f${i} b${Math.floor(k / BONE_OUTPUT_FLOATS)} e${element}: cpu ${pair[0]} gpu ${pair[1]}`);
      const column = element % 4;
      const base = k - element + (element >= 12 ? 12 : 0);
      const scale = column === 3 ? Math.abs(cpu[k]) : Math.hypot(cpu[base + column], cpu[base + 4 + column], cpu[base + 8 + column]);
      const ulp = 2 ** (Math.floor(Math.log2(Math.max(scale, 2 ** -126))) - 23);
      maxUlps = Math.max(maxUlps, Math.abs(pair[0] - pair[1]) / ulp);
    }
  });
  return { compared: frames * cpu.length, mismatched, maxUlps, examples };
}

/**
 * keyframe_bind dispatches per second: one frame of `clip` built per dispatch and submission (CPU
 * parameter write and command encoding included), and the CPU seconds the process spent per bind.
 */
export async function boneBuildRate(device: GPUDevice, clip: Uint8Array, skeleton: Uint8Array, reps: number): Promise<{ bindsPerSecond: number; cpuSecondsPerBind: number }> {
  const compute = new GpuBoneCompute(device);
  const frames = clip[2] | (clip[3] << 8);
  compute.setClip({ bytes: clip, boneCount: clip[0], frameCount: frames });
  compute.setSkeleton(skeleton, inverseBindsOf(skeleton).bones);
  let cpuSeconds = Infinity;
  const run = async (): Promise<number> => {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (let r = 0; r < reps; r++) {
      const encoder = device.createCommandEncoder();
      compute.encode(encoder, { frame: r % frames, nextFrame: r % frames, blend: 0, blended: false });
      device.queue.submit([encoder.finish()]);
    }
    const c1 = process.cpuUsage(c0);
    cpuSeconds = Math.min(cpuSeconds, (c1.user + c1.system) / 1e6);
    await device.queue.onSubmittedWorkDone();
    return (performance.now() - t0) / 1000;
  };
  await run();
  const seconds = Math.min(await run(), await run());
  compute.destroy();
  return { bindsPerSecond: reps / seconds, cpuSecondsPerBind: cpuSeconds / reps };
}

/** Copy kernel: bytes read + written per second over a `bytes`-sized buffer. */
export async function copyBandwidth(device: GPUDevice, bytes: number, reps: number): Promise<number> {
  const module = device.createShaderModule({ code: COPY_BENCH_WGSL });
  const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'copy' } });
  const source = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
  const target = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
  const group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: source } }, { binding: 1, resource: { buffer: target } }] });
  const seconds = await timeKernel(device, pipeline, group, bytes / 16, reps);
  source.destroy();
  target.destroy();
  return (2 * bytes) / seconds;
}

export interface SkinningResult {
  characters: number;
  vertices: number;
  verticesPerSecond: number;
  /** Bytes each skinned vertex moves at least: its mesh bytes read + 16 written. */
  bytesPerVertex: number;
}

/**
 * Skins `characters` copies of `character` (each its own mesh copy and its own pose from the
 * clip's frames, built by the real bones.wgsl) in one dispatch of skin-bench.wgsl.
 */
export async function skinningThroughput(device: GPUDevice, character: Character, characters: number, reps: number): Promise<SkinningResult> {
  // skin-bench.wgsl reads position, then joints and weights in the vertex's last two words.
  const stride = meshStride(character.mesh[8]);
  if (!(character.mesh[8] & MESH_FORMAT.SKINNED)) throw new Error('the bench character must be skinned');
  const meshVertices = character.mesh.subarray(vertexOffset({ stride }, 0), vertexOffset({ stride }, character.vertexCount));
  const total = character.vertexCount * characters;
  const vertices = device.createBuffer({ size: verticesByteLength({ stride }, total), usage: GPUBufferUsage.STORAGE, mappedAtCreation: true });
  const mapped = new Uint8Array(vertices.getMappedRange());
  for (let c = 0; c < characters; c++) mapped.set(meshVertices, c * meshVertices.length);
  vertices.unmap();
  const output = device.createBuffer({ size: total * 16, usage: GPUBufferUsage.STORAGE });
  // Per-character poses: frame c % frames of the clip, built on the GPU by bones.wgsl and copied into place.
  const rowsPerCharacter = character.bones * 6;
  const boneRows = device.createBuffer({ size: characters * rowsPerCharacter * 16, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
  const compute = new GpuBoneCompute(device);
  const frames = character.clip[2] | (character.clip[3] << 8);
  compute.setClip({ bytes: character.clip, boneCount: character.bones, frameCount: frames });
  compute.setSkeleton(character.skeleton, character.bones);
  for (let f = 0; f < Math.min(frames, characters); f++) {
    const encoder = device.createCommandEncoder();
    compute.encode(encoder, { frame: f, nextFrame: f, blend: 0, blended: false });
    for (let c = f; c < characters; c += frames) encoder.copyBufferToBuffer(compute.output, 0, boneRows, c * rowsPerCharacter * 16, rowsPerCharacter * 16);
    device.queue.submit([encoder.finish()]);
  }
  await device.queue.onSubmittedWorkDone();
  compute.destroy();
  const params = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM, mappedAtCreation: true });
  new Uint32Array(params.getMappedRange()).set([character.vertexCount, characters, rowsPerCharacter, stride / 4]);
  params.unmap();
  const module = device.createShaderModule({ code: SKIN_BENCH_WGSL });
  const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'skin_characters' } });
  const group = device.createBindGroup({
    layout: pipeline.getBindGroupLayout(0),
    entries: [
      { binding: 0, resource: { buffer: boneRows } },
      { binding: 1, resource: { buffer: vertices } },
      { binding: 2, resource: { buffer: output } },
      { binding: 3, resource: { buffer: params } },
    ],
  });
  const seconds = await timeKernel(device, pipeline, group, total, reps);
  for (const b of [vertices, output, boneRows, params]) b.destroy();
  return { characters, vertices: total, verticesPerSecond: total / seconds, bytesPerVertex: stride + 16 };
}
