/**
 * The preview's GPU figures outside a browser, through Dawn's Node binding (npm `webgpu`),
 * bundled into a folder one level below the repository (bench/results.md, "NVIDIA H200"), run with
 * DAWN_NODE=<path of dawn.node>. The same WGSL files as the preview, on the sample pack's 40-bone
 * creature (scripts/sample-pack.ts). Prints a markdown table and JSON.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { meshStride } from '../formats/index';
import { writeSamplePack } from '../scripts/sample-pack';
import { boneBuildRate, boneParity, characterOf, copyBandwidth, isSkinKernel, skinningThroughput, type SkinKernel } from './previewGpu';
import { randomClip } from '../test/gpu/clipFixtures';

interface DawnModule {
  create(flags: string[]): GPU;
  globals: Record<string, unknown>;
}

/** Dispatches per submission of the plain copy row. */
const COPY_DISPATCHES = 20;

/** Three significant digits with an SI prefix: 4.12 T, 512 G, 1.23 M. */
function si(value: number): string {
  const prefixes: [number, string][] = [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']];
  for (const [scale, prefix] of prefixes) if (Math.abs(value) >= scale) return `${(value / scale).toPrecision(3)} ${prefix}`;
  return value.toPrecision(3) + ' ';
}

async function main(): Promise<void> {
  const dawnPath = process.env.DAWN_NODE;
  if (!dawnPath) throw new Error('set DAWN_NODE to the path of dawn.node (npm package webgpu, dist/<platform>/dawn.node)');
  const dawn = module.require(dawnPath) as DawnModule;
  Object.assign(globalThis, dawn.globals);
  const gpu = dawn.create((process.env.DAWN_FLAGS ?? '').split(' ').filter(Boolean));
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) throw new Error('no adapter');
  const limits = adapter.limits;
  const device = await adapter.requestDevice({
    requiredLimits: {
      maxStorageBufferBindingSize: limits.maxStorageBufferBindingSize,
      maxBufferSize: limits.maxBufferSize,
      maxComputeInvocationsPerWorkgroup: limits.maxComputeInvocationsPerWorkgroup,
      maxComputeWorkgroupSizeX: limits.maxComputeWorkgroupSizeX,
    },
  });
  device.addEventListener('uncapturederror', (e) => console.error('GPU error:', (e as GPUUncapturedErrorEvent).error.message));
  const info = adapter.info;
  const scale = Number(process.env.BENCH_SCALE ?? '1');
  console.log(`adapter: ${info.vendor} ${info.architecture} ${info.device} ${info.description}; maxStorageBufferBindingSize ${adapter.limits.maxStorageBufferBindingSize}`);

  const fixtures = join(process.env.FIXTURES ?? join(__dirname, '..', 'test', 'fixtures'), 'upstream', 'multi-skinned-rom', 'assets');
  const pack = await writeSamplePack(mkdtempSync(join(tmpdir(), 'ewzanim-sample-')));
  const character = characterOf(new Uint8Array(readFileSync(pack.clip)), new Uint8Array(readFileSync(pack.skeleton)), new Uint8Array(readFileSync(pack.mesh)));
  const wave1 = new Uint8Array(readFileSync(join(fixtures, 'wave1.ewzanim')));
  const arm1 = new Uint8Array(readFileSync(join(fixtures, 'arm1.ewzskel')));
  const arm2 = new Uint8Array(readFileSync(join(fixtures, 'arm2.ewzskel')));
  const wave2 = new Uint8Array(readFileSync(join(fixtures, 'wave2.ewzanim')));
  const parity = [
    ['upstream wave1, raw', await boneParity(device, wave1)],
    ['upstream wave1 + arm1 skeleton', await boneParity(device, wave1, arm1)],
    ['random 40 x 250 clip, raw', await boneParity(device, randomClip(40, 250, 0x5eed))],
    ['sample 40-bone creature + skeleton', await boneParity(device, character.clip, character.skeleton)],
    ['console rule: wave1 (3 bones) + arm2 skeleton (4), mesh bones 0..255', await boneParity(device, wave1, arm2, { rule: 'console', meshBones: 256 })],
    ['console rule: wave2 (4 bones) + arm1 skeleton (3), mesh bones 0..255', await boneParity(device, wave2, arm1, { rule: 'console', meshBones: 256 })],
    ['console rule: random 40 x 250 clip, raw, mesh bones 0..255', await boneParity(device, randomClip(40, 250, 0x5eed), undefined, { rule: 'console', meshBones: 256 })],
  ] as const;
  for (const [name, r] of parity) console.log(`parity ${name}: ${r.mismatched} of ${r.compared} elements differ from the CPU mirror (max ${r.maxUlps.toFixed(1)} ulp of the column's scale)${r.examples.length ? `; e.g. ${r.examples.join('; ')}` : ''}`);

  const copyBytes = Math.floor((Math.min(1 << 30, adapter.limits.maxStorageBufferBindingSize) * scale) / 16) * 16;
  const maxDispatches = Number(process.env.BENCH_MAX_DISPATCHES ?? '2000');
  const copyDispatches = Math.min(COPY_DISPATCHES, maxDispatches);
  const copy = await copyBandwidth(device, copyBytes, copyDispatches);
  const perCharacterBytes = character.vertexCount * meshStride(character.mesh[8]);
  const maxCharacters = Math.floor(Math.min(adapter.limits.maxStorageBufferBindingSize, 1.2e9) / perCharacterBytes);
  const counts = [1, 100, 1000, 10000, maxCharacters].map((c) => Math.max(1, Math.floor(c * scale))).filter((c, i, a) => c <= maxCharacters && a.indexOf(c) === i);
  const listed = (name: string, fallback: string): number[] => (process.env[name] ?? fallback).split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const workgroupSizes = listed('BENCH_WORKGROUP_SIZES', '256').filter((n) => n <= device.limits.maxComputeInvocationsPerWorkgroup);
  const shapes = listed('BENCH_VERTICES_PER_INVOCATION', '1')
    .filter((n) => n <= 4)
    .flatMap((verticesPerInvocation) => workgroupSizes.map((workgroupSize) => ({ workgroupSize, verticesPerInvocation })));
  const kernelNames = (process.env.BENCH_SKIN_KERNELS ?? 'storage').split(',');
  const unknown = kernelNames.filter((name) => !isSkinKernel(name));
  if (unknown.length) throw new Error(`BENCH_SKIN_KERNELS: unknown kernel(s) ${unknown.join(', ')} (storage, hoisted, workgroup)`);
  const kernels = kernelNames as SkinKernel[];
  const rows: string[] = [];
  rows.push('| measurement | value | baseline (same run) | ratio |', '|---|---:|---|---:|');
  rows.push(`| copy kernel (copy-bench.wgsl), 2 x ${si(copyBytes)}B, ${copyDispatches} dispatches per submission | ${si(copy)}B/s read+write | | |`);
  const results = [];
  for (const characters of counts) {
    const vertices = characters * character.vertexCount;
    // The same dispatches per submission for skinning and its copy: about 0.4 G vertices, 20 to 2,000
    // (BENCH_MAX_DISPATCHES lowers the cap for slow software adapters).
    const dispatches = Math.max(Math.min(20, maxDispatches), Math.min(maxDispatches, Math.floor(4e8 / vertices)));
    for (const r of await skinningThroughput(device, character, characters, dispatches, shapes, kernels)) {
      results.push(r);
      const shape = `${r.workgroupSize}-wide, ${r.verticesPerInvocation} vertex/invocation, ${r.grid[0]} x ${r.grid[1]} workgroups, ${r.dispatches} per submission`;
      rows.push(
        `| skinning (${r.kernel}; ${r.mismatchedWords} of ${r.comparedVertices * 4} output words differ from storage's), ${characters} x ${character.bones}-bone characters (${r.vertices.toLocaleString('en-US')} vertices), ${shape} | ${si(r.verticesPerSecond)}vertices/s = ${si(r.skinBytesPerSecond)}B/s ` +
          `(${r.vertexBytes} B/vertex + ${si(r.boneBytes)}B of bone matrices) | matched copy ${si(r.copyBytesPerSecond)}B/s; plain copy ${si(copy)}B/s | ` +
          `${((100 * r.skinBytesPerSecond) / r.copyBytesPerSecond).toFixed(1)}% (time ${((100 * r.copySeconds) / r.skinSeconds).toFixed(1)}%) |`,
      );
    }
  }
  // keyframe_bind cost against the bone count: it must not grow (the CPU writes 32 bytes either way).
  const bindRows = [];
  for (const bones of [1, 40, 255]) {
    const clip = randomClip(bones, 60, bones);
    const skeleton = new Uint8Array(8 + bones * 48);
    new DataView(skeleton.buffer).setUint32(0, bones, true);
    for (let b = 0; b < bones; b++) [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0].forEach((x, k) => new DataView(skeleton.buffer).setFloat32(8 + b * 48 + k * 4, x, true));
    const rate = await boneBuildRate(device, clip, skeleton, 2000);
    bindRows.push(rate);
    rows.push(`| keyframe_bind (bones.wgsl), ${bones} bone(s), one submission each | ${Math.round(rate.bindsPerSecond).toLocaleString('en-US')} binds/s; CPU ${(rate.cpuSecondsPerBind * 1e6).toFixed(1)} µs per bind | 1 bone: ${(bindRows[0].cpuSecondsPerBind * 1e6).toFixed(1)} µs CPU | ${((100 * rate.cpuSecondsPerBind) / bindRows[0].cpuSecondsPerBind).toFixed(0)}% |`);
  }
  console.log(rows.join('\n'));
  console.log(JSON.stringify({ adapter: info, copyBytesPerSecond: copy, skinning: results, binds: bindRows, parity }));
  device.destroy();
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
