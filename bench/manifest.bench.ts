/**
 * Manifest rows: a generated pack of 1,000 assets (clips linked to skeletons and meshes,
 * textures, sounds, trackers, data) on disk. Baseline: only parsing its TOML, same run. Rows:
 * the first full validation (every file read) and re-validation after one clip changed on
 * disk (cached summaries: one file read, a stat for each of the others).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseTOML } from 'toml-eslint-parser';
import { nodeFileAccess } from '../node/fileAccess';
import { AssetSummaryCache, checkManifest } from '../formats/manifest';
import { clipBytes, PNG_HEAD, skeletonBytes, skinnedMeshBytes, WAV_HEAD } from '../test/unit/manifest/assetBytes';
import { time, type BenchBaseline, type BenchContext } from './harness';

const CHARACTERS = 100;
/** Per character: skeleton, mesh, 4 clips, texture, 2 sounds, 1 data = 10 assets. */
const ASSETS = CHARACTERS * 10;

interface Pack {
  manifestPath: string;
  text: string;
  clipPaths: string[];
}

async function writePack(folder: string): Promise<Pack> {
  const sections: string[] = ['[game]\nid = "bench"\ntitle = "Bench"\nauthor = "ewzanim"\nversion = "1.0.0"\n'];
  const clipPaths: string[] = [];
  for (const sub of ['skel', 'mesh', 'anim', 'tex', 'sfx', 'data']) await mkdir(join(folder, sub), { recursive: true });
  for (let c = 0; c < CHARACTERS; c++) {
    const bones = 8 + (c % 40);
    await writeFile(join(folder, `skel/c${c}.nczxskel`), skeletonBytes(bones));
    await writeFile(join(folder, `mesh/c${c}.nczxmesh`), skinnedMeshBytes(bones - 1));
    await writeFile(join(folder, `tex/c${c}.png`), PNG_HEAD);
    await writeFile(join(folder, `data/c${c}.bin`), new Uint8Array(64));
    sections.push(`[[assets.skeletons]]\nid = "c${c}_skel"\npath = "skel/c${c}.nczxskel"\n`);
    sections.push(`[[assets.meshes]]\nid = "c${c}_mesh"\npath = "mesh/c${c}.nczxmesh"\nskeleton = "c${c}_skel"\n`);
    sections.push(`[[assets.textures]]\nid = "c${c}_tex"\npath = "tex/c${c}.png"\n`);
    sections.push(`[[assets.data]]\nid = "c${c}_stats"\npath = "data/c${c}.bin"\n`);
    for (let a = 0; a < 4; a++) {
      const path = `anim/c${c}_${a}.nczxanim`;
      await writeFile(join(folder, path), clipBytes(bones, 60));
      clipPaths.push(join(folder, path));
      sections.push(`[[assets.animations]]\nid = "c${c}_a${a}"\npath = "${path}"\nskeleton = "c${c}_skel"\nmesh = "c${c}_mesh"\n`);
    }
    for (let s = 0; s < 2; s++) {
      await writeFile(join(folder, `sfx/c${c}_${s}.wav`), WAV_HEAD);
      sections.push(`[[assets.sounds]]\nid = "c${c}_s${s}"\npath = "sfx/c${c}_${s}.wav"\n`);
    }
  }
  const text = sections.join('\n');
  const manifestPath = join(folder, 'nether.toml');
  await writeFile(manifestPath, text);
  return { manifestPath, text, clipPaths };
}

/** Least CPU time of `runs` runs (after one warm-up), each after an untimed `prepare`. */
async function bestCpuMs(runs: number, prepare: (run: number) => Promise<void> | void, fn: () => Promise<unknown> | unknown): Promise<{ cpu: number; wall: number }> {
  await fn();
  let cpu = Infinity;
  let wall = Infinity;
  for (let run = 0; run < runs; run++) {
    await prepare(run);
    const cpu0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    await fn();
    wall = Math.min(wall, Number(process.hrtime.bigint() - t0) / 1e6);
    const used = process.cpuUsage(cpu0);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
  }
  return { cpu, wall };
}

export default async function manifestBench(bench: BenchContext): Promise<void> {
  const pack = await writePack(join(bench.tmpDir, 'manifest-pack'));
  const options = { maxKeyframeProblems: 100 };
  // Baseline and re-validation: the same number of runs, the fastest counts for both.
  const RUNS = 40;

  const parsed = await bestCpuMs(RUNS, () => undefined, () => parseTOML(pack.text));
  const parseMs: BenchBaseline = { name: 'parse TOML only', value: parsed.cpu, unit: 'ms' };
  bench.add({ ...parseMs, name: `baseline: parse the ${ASSETS}-asset manifest (toml-eslint-parser)`, note: `${Math.round(pack.text.length / 1024)} KiB of TOML` });

  let entries = 0;
  const full = await time(async () => {
    const result = await checkManifest(nodeFileAccess, pack.manifestPath, pack.text, { ...options, cache: new AssetSummaryCache() });
    entries = result.assets.length;
    if (result.diagnostics.some((d) => d.severity === 'error')) throw new Error(`bench pack has errors: ${result.diagnostics[0].message}`);
  }, { minRuns: 5, minSeconds: 1 });
  bench.add({ name: 'first full validation (cold cache)', value: full.bestCpuSeconds * 1000, unit: 'ms', baseline: parseMs, note: `${entries} assets, every file read` });

  // Warm the cache, then change one clip on disk before each timed re-validation.
  const cache = new AssetSummaryCache();
  await checkManifest(nodeFileAccess, pack.manifestPath, pack.text, { ...options, cache });
  let missesBefore = cache.misses;
  let maxReads = 0;
  const revalidated = await bestCpuMs(
    RUNS,
    async (run) => {
      maxReads = Math.max(maxReads, cache.misses - missesBefore);
      const bones = 8 + (Math.floor(run / 4) % 40);
      await writeFile(pack.clipPaths[run % pack.clipPaths.length], clipBytes(bones, 60 + (run % 2)));
      missesBefore = cache.misses;
    },
    () => checkManifest(nodeFileAccess, pack.manifestPath, pack.text, { ...options, cache }),
  );
  maxReads = Math.max(maxReads, cache.misses - missesBefore);
  bench.add({
    name: 're-validation after one clip changed (cached summaries)',
    value: revalidated.cpu,
    unit: 'ms',
    baseline: parseMs,
    target: { on: 'ratio', op: '<', threshold: 2 },
    note: `files re-read per run: ${maxReads}; ${ASSETS - 1} stats; manifest text unchanged, so its parse is reused; best wall ${revalidated.wall.toFixed(1)} ms`,
  });
}
