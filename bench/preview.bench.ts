/**
 * Preview rows (headless Chromium, SwiftShader's WebGPU and WebGL2): load time to first frame for
 * 1 MB, 16 MB and 267 MB clips (against copying the same bytes once, in the same page), CPU time
 * and bytes sent to the GPU per displayed frame for 1, 40 and 255 bones (must not grow), and
 * frames per second for the sample pack's 40-bone creature (WebGL2 fallback as the same-run baseline).
 * The H200 figures come from bench/previewDawn.ts (bench/results.md, "NVIDIA H200").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openTestPage } from '../test/gpu/browserHarness';
import { writeClipFile } from './clipData';
import type { BenchBaseline, BenchContext } from './harness';
import { writeSamplePack } from '../scripts/sample-pack';

interface PageApi {
  benchLoad(url: string, kind: string): Promise<{ loadMs: number; copyMs: number; bytes: number }>;
  benchFrameCost(url: string, kind: string, frames: number): Promise<{ cpuMsPerFrame: number; uploadBytes: number }>;
  benchFps(urls: { clip: string; skeleton: string; mesh: string }, kind: string, size: number, seconds: number): Promise<number>;
}

const LOAD_CLIPS: { label: string; bones: number; frames: number }[] = [
  { label: '1 MB', bones: 40, frames: 1638 },
  { label: '16 MB', bones: 64, frames: 16384 },
  { label: '267 MB (largest legal)', bones: 255, frames: 65535 },
];
const BONE_COUNTS = [1, 40, 255];

export default async function previewBench(bench: BenchContext): Promise<void> {
  const files: Record<string, string> = {};
  for (const c of LOAD_CLIPS) {
    const path = join(bench.tmpDir, `load-${c.bones}x${c.frames}.nczxanim`);
    await writeClipFile(path, c.bones, c.frames);
    files[`/load-${c.bones}`] = path;
  }
  for (const bones of BONE_COUNTS) {
    const path = join(bench.tmpDir, `frame-${bones}.nczxanim`);
    await writeClipFile(path, bones, 60);
    files[`/frame-${bones}`] = path;
  }
  // The sample pack's 40-bone creature (the one `npm run demo` shows).
  const pack = await writeSamplePack(join(bench.tmpDir, 'sample'));
  files['/character-clip'] = pack.clip;
  files['/character-skeleton'] = pack.skeleton;
  files['/character-mesh'] = pack.mesh;
  const vertexCount = readFileSync(pack.mesh).readUInt32LE(0);

  const page = await openTestPage(join(__dirname, 'previewPage.ts'), { files });
  const api = <K extends keyof PageApi>(name: K, ...args: Parameters<PageApi[K]>): Promise<Awaited<ReturnType<PageApi[K]>>> =>
    page.page.evaluate(([n, a]) => (window as unknown as Record<string, (...x: unknown[]) => unknown>)[n as string](...(a as unknown[])), [name, args] as const) as Promise<Awaited<ReturnType<PageApi[K]>>>;
  try {
    for (const c of LOAD_CLIPS) {
      const runs = [];
      for (let i = 0; i < (c.bones === 255 ? 2 : 4); i++) runs.push(await api('benchLoad', `/load-${c.bones}`, 'webgpu'));
      const best = runs.reduce((a, b) => (b.loadMs < a.loadMs ? b : a));
      const copyMs = Math.min(...runs.map((r) => r.copyMs));
      const copy: BenchBaseline = { name: 'copy the clip bytes once', value: copyMs, unit: 'ms' };
      bench.add({
        name: `preview: load ${c.label} clip to first frame (WebGPU, SwiftShader)`,
        value: best.loadMs,
        unit: 'ms',
        baseline: copy,
        note: `${(best.loadMs / (best.bytes / 2 ** 20)).toFixed(2)} ms/MiB; includes creating the device and compiling the pipelines (each load starts fresh), header check, bounds scan, one upload, one frame`,
      });
    }

    let oneBone: BenchBaseline | undefined;
    for (const bones of BONE_COUNTS) {
      // The least disturbed of three runs (the machine is shared; SwiftShader's GPU work shares its cores).
      const costs = [];
      for (let run = 0; run < 3; run++) costs.push(await api('benchFrameCost', `/frame-${bones}`, 'webgpu', 300));
      const cost = costs.reduce((a, b) => (b.cpuMsPerFrame < a.cpuMsPerFrame ? b : a));
      oneBone ??= { name: 'WebGPU, 1 bone', value: cost.cpuMsPerFrame * 1000, unit: 'µs' };
      bench.add({ name: `preview: CPU per displayed frame, ${bones} bone(s) (WebGPU)`, value: cost.cpuMsPerFrame * 1000, unit: 'µs', baseline: oneBone, note: 'mean render() call, best of 3 runs: the same JavaScript work for any bone count, but SwiftShader runs the GPU side (more gizmos, bigger compute) on the same 2 cores; bench/previewDawn.ts measures it on a real GPU' });
      bench.add({ name: `preview: bytes to the GPU per displayed frame, ${bones} bone(s) (WebGPU)`, value: cost.uploadBytes, unit: 'B', target: { on: 'value', op: '<=', threshold: 240 }, note: 'bone parameters 32 B + view 208 B (camera, lights, colours)' });
      const gl = await api('benchFrameCost', `/frame-${bones}`, 'webgl2', 300);
      bench.add({ name: `preview: CPU per displayed frame, ${bones} bone(s) (WebGL2 fallback)`, value: gl.cpuMsPerFrame * 1000, unit: 'µs', baseline: oneBone, note: `mean render() call: CPU decode, ${gl.uploadBytes} B uploaded` });
    }

    const urls = { clip: '/character-clip', skeleton: '/character-skeleton', mesh: '/character-mesh' };
    const webgl = await api('benchFps', urls, 'webgl2', 512, 3);
    const fallbackFps: BenchBaseline = { name: 'WebGL2 fallback, same scene', value: webgl, unit: 'fps' };
    bench.add({ ...fallbackFps, name: 'preview: sample 40-bone creature, 512x512, WebGL2 (SwiftShader)', note: 'each frame finished before the next' });
    const webgpu = await api('benchFps', urls, 'webgpu', 512, 3);
    bench.add({
      name: 'preview: sample 40-bone creature, 512x512, WebGPU (SwiftShader)',
      value: webgpu,
      unit: 'fps',
      baseline: fallbackFps,
      note: `the sample creature, ${vertexCount} vertices, each frame finished before the next`,
    });
  } finally {
    await page.close();
  }
}
