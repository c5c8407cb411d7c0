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

/** Wall time of one submission of `reps` repetitions recorded by `record`. */
async function timeDispatches(device: GPUDevice, reps: number, record: (encoder: GPUCommandEncoder) => void): Promise<number> {
  const encoder = device.createCommandEncoder();
  for (let r = 0; r < reps; r++) record(encoder);
  const t0 = performance.now();
  device.queue.submit([encoder.finish()]);
  await device.queue.onSubmittedWorkDone();
  return (performance.now() - t0) / 1000;
}

/** Most workgroups a dispatch may have along one dimension (WebGPU's default limit). */
const MAX_GROUPS_PER_DIMENSION = 65535;

/**
 * A tight grid for `invocations` at `workgroupSize` per workgroup: x by y workgroups, each at most
 * 65,535, with fewer than y workgroups beyond the ones needed (x = 65,535 and y rounded up left
 * up to a whole row of them idle).
 */
export function dispatchGrid(invocations: number, workgroupSize: number): [number, number] {
  const groups = Math.max(1, Math.ceil(invocations / workgroupSize));
  const y = Math.ceil(groups / MAX_GROUPS_PER_DIMENSION);
  return [Math.ceil(groups / y), y];
}

/** One compute dispatch as the bench records it. */
interface Dispatch {
  pipeline: GPUComputePipeline;
  group: GPUBindGroup;
  grid: [number, number];
}

/**
 * Seconds per dispatch of each kernel: `reps` dispatches (one compute pass each) per submission,
 * the kernels' submissions interleaved trial by trial, best of `trials` each, so every kernel
 * gets the same dispatch count per submission and the same moments of the device.
 */
async function timeKernels(device: GPUDevice, kernels: readonly Dispatch[], reps: number, trials: number): Promise<number[]> {
  const runs = kernels.map(
    (kernel) => () =>
      timeDispatches(device, reps, (encoder) => {
        const pass = encoder.beginComputePass();
        pass.setPipeline(kernel.pipeline);
        pass.setBindGroup(0, kernel.group);
        pass.dispatchWorkgroups(kernel.grid[0], kernel.grid[1]);
        pass.end();
      }),
  );
  for (const run of runs) await run(); // warm-up
  const best = kernels.map(() => Infinity);
  for (let t = 0; t < trials; t++) for (let k = 0; k < runs.length; k++) best[k] = Math.min(best[k], await runs[k]());
  return best.map((seconds) => seconds / reps);
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

/** Trials per timed kernel (each one submission of the row's dispatches); the best counts. */
const TRIALS = 5;

/** A compute pipeline of `code`'s `entryPoint` with its override constants set. */
function benchPipeline(device: GPUDevice, code: string, entryPoint: string, constants: Record<string, number>): GPUComputePipeline {
  const module = device.createShaderModule({ code });
  return device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint, constants } });
}

/** How skin-bench.wgsl's kernels are launched: invocations per workgroup, vertices per invocation (1 to 4). */
export interface KernelShape {
  workgroupSize: number;
  verticesPerInvocation: number;
}

/** Copy kernel: bytes read + written per second over a `bytes`-sized buffer, on a tight grid. */
export async function copyBandwidth(device: GPUDevice, bytes: number, reps: number, workgroupSize = 256): Promise<number> {
  const pipeline = benchPipeline(device, COPY_BENCH_WGSL, 'copy', { bench_workgroup_size: workgroupSize });
  const source = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
  const target = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE });
  const group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: source } }, { binding: 1, resource: { buffer: target } }] });
  const [seconds] = await timeKernels(device, [{ pipeline, group, grid: dispatchGrid(bytes / 16, workgroupSize) }], reps, TRIALS);
  source.destroy();
  target.destroy();
  return (2 * bytes) / seconds;
}

/**
 * skin-bench.wgsl's skinning kernels: `storage` is skin_characters (the preview's skin_position);
 * the others skin one vertex per invocation with the same arithmetic, reading the bone rows
 * otherwise: `hoisted` all twelve before any weight test, `workgroup` from rows the workgroup
 * copied into workgroup memory first.
 */
export const SKIN_KERNELS = { storage: 'skin_characters', hoisted: 'skin_characters_hoisted', workgroup: 'skin_characters_workgroup' } as const;
export type SkinKernel = keyof typeof SKIN_KERNELS;

export function isSkinKernel(name: string): name is SkinKernel {
  return Object.hasOwn(SKIN_KERNELS, name);
}

/** Vertices whose skinned output is compared bit for bit between kernels (the first ones). */
const COMPARED_VERTICES = 16 * 1024 * 1024;

/** Skinning against its matched copy at one workgroup size (one row of the bench). */
export interface SkinningResult extends KernelShape {
  kernel: SkinKernel;
  /** Output words (of the first `comparedVertices` vertices) that differ from the `storage` kernel's in the same run. */
  mismatchedWords: number;
  comparedVertices: number;
  characters: number;
  vertices: number;
  /** Workgroups along x and y, the same for both kernels. */
  grid: [number, number];
  /** Dispatches per submission, the same for both kernels. */
  dispatches: number;
  verticesPerSecond: number;
  /** Vertex bytes each kernel reads and writes per vertex: the mesh stride read + 16 written. */
  vertexBytes: number;
  /** Bone bytes skinning reads per dispatch at least: each character's skinning matrices (3 rows of 16 B per bone), once. */
  boneBytes: number;
  /** Skinning's bytes moved per second: vertex bytes and bone bytes. */
  skinBytesPerSecond: number;
  /** The matched copy's bytes moved per second (vertex bytes only: it reads no bones). */
  copyBytesPerSecond: number;
  /** Seconds per dispatch of skinning and of the matched copy. */
  skinSeconds: number;
  copySeconds: number;
}

/** Rows 3..5 of a bone's 6 in bone_rows: its skinning matrix, what skin_position reads. */
const SKINNING_ROWS = 3;

/**
 * Skins `characters` copies of `character` (each its own mesh copy and its own pose from the
 * clip's frames, built by the real bones.wgsl) with skin-bench.wgsl's skin_characters, and runs
 * its copy_vertices over the same buffers, grid and dispatch count (the fair copy), once per
 * kernel shape in `shapes`.
 */
export async function skinningThroughput(
  device: GPUDevice,
  character: Character,
  characters: number,
  reps: number,
  shapes: readonly KernelShape[] = [{ workgroupSize: 256, verticesPerInvocation: 1 }],
  kernels: readonly SkinKernel[] = ['storage'],
): Promise<SkinningResult[]> {
  // skin-bench.wgsl reads position, then joints and weights in the vertex's last two words.
  const stride = meshStride(character.mesh[8]);
  if (!(character.mesh[8] & MESH_FORMAT.SKINNED)) throw new Error('the bench character must be skinned');
  const meshVertices = character.mesh.subarray(vertexOffset({ stride }, 0), vertexOffset({ stride }, character.vertexCount));
  const total = character.vertexCount * characters;
  const vertices = device.createBuffer({ size: verticesByteLength({ stride }, total), usage: GPUBufferUsage.STORAGE, mappedAtCreation: true });
  const mapped = new Uint8Array(vertices.getMappedRange());
  for (let c = 0; c < characters; c++) mapped.set(meshVertices, c * meshVertices.length);
  vertices.unmap();
  const output = device.createBuffer({ size: total * 16, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
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
  const buffers: [number, GPUBuffer][] = [[0, boneRows], [1, vertices], [2, output], [3, params]];
  // Characters the vertices of one workgroup can belong to, each with 3 skinning rows per bone.
  const workgroupRows = (shape: KernelShape): number => (Math.ceil(shape.workgroupSize / character.vertexCount) + 1) * character.bones * SKINNING_ROWS;
  const dispatch = (entryPoint: string, shape: KernelShape): Dispatch => {
    const constants: Record<string, number> = { bench_workgroup_size: shape.workgroupSize, bench_vertices_per_invocation: shape.verticesPerInvocation };
    if (entryPoint === SKIN_KERNELS.workgroup) constants.bench_workgroup_rows = workgroupRows(shape);
    const pipeline = benchPipeline(device, SKIN_BENCH_WGSL, entryPoint, constants);
    // 'auto' layouts hold only the bindings the entry point uses (the copy reads no bones).
    const used = entryPoint === 'copy_vertices' ? buffers.filter(([binding]) => binding !== 0) : buffers;
    const entries = used.map(([binding, buffer]) => ({ binding, resource: { buffer } }));
    return { pipeline, group: device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries }), grid: dispatchGrid(Math.ceil(total / shape.verticesPerInvocation), shape.workgroupSize) };
  };
  const vertexBytes = stride + 16;
  const boneBytes = characters * character.bones * SKINNING_ROWS * 16;
  const results: SkinningResult[] = [];
  const comparedVertices = Math.min(total, COMPARED_VERTICES);
  const readback = device.createBuffer({ size: comparedVertices * 16, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  // One dispatch of `kernel` and the first compared vertices of its output.
  const outputOf = async (kernel: Dispatch): Promise<Uint32Array> => {
    const encoder = device.createCommandEncoder();
    encoder.clearBuffer(output);
    const pass = encoder.beginComputePass();
    pass.setPipeline(kernel.pipeline);
    pass.setBindGroup(0, kernel.group);
    pass.dispatchWorkgroups(kernel.grid[0], kernel.grid[1]);
    pass.end();
    encoder.copyBufferToBuffer(output, 0, readback, 0, comparedVertices * 16);
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(GPUMapMode.READ);
    const words = new Uint32Array(readback.getMappedRange().slice(0));
    readback.unmap();
    return words;
  };
  for (const shape of shapes) {
    // The variants skin one vertex per invocation; the storage kernel takes every shape.
    const timed = kernels.filter((kernel) => kernel === 'storage' || shape.verticesPerInvocation === 1);
    const skins = timed.map((kernel) => dispatch(SKIN_KERNELS[kernel], shape));
    const copy = dispatch('copy_vertices', shape);
    const [copySeconds, ...skinSeconds] = await timeKernels(device, [copy, ...skins], reps, TRIALS);
    const reference = await outputOf(dispatch(SKIN_KERNELS.storage, shape));
    // Every skinned vertex has w = 1: an all-zero reference means nothing ran, and nothing was compared.
    if (!reference.some((word) => word !== 0)) throw new Error('the storage kernel wrote no output to compare with');
    for (const [k, kernel] of timed.entries()) {
      const words = kernel === 'storage' ? reference : await outputOf(skins[k]);
      let mismatchedWords = 0;
      for (let w = 0; w < words.length; w++) if (words[w] !== reference[w]) mismatchedWords++;
      results.push({
        kernel,
        mismatchedWords,
        comparedVertices,
        characters,
        vertices: total,
        ...shape,
        grid: skins[k].grid,
        dispatches: reps,
        verticesPerSecond: total / skinSeconds[k],
        vertexBytes,
        boneBytes,
        skinBytesPerSecond: (total * vertexBytes + boneBytes) / skinSeconds[k],
        copyBytesPerSecond: (total * vertexBytes) / copySeconds,
        skinSeconds: skinSeconds[k],
        copySeconds,
      });
    }
  }
  for (const b of [vertices, output, boneRows, params, readback]) b.destroy();
  return results;
}
