/**
 * Language server rows, through the real bundled server (dist/server/server.js) over Node IPC,
 * no editor (`npm run bench` builds first):
 * - a generated workspace of 1,000 clips and one manifest listing them: time from spawning the
 *   server to the last diagnostics published (target < 2 s); baseline: spawn to `initialize`
 *   answered on an empty workspace, same run;
 * - `ewzanim/describeByte` (what the listing hover and the hex editor ask) at random keyframes
 *   of the largest legal clip (267 MB): p50 / p95 (target p95 < 20 ms); baselines: a bare
 *   JSON-RPC round trip to the same server and a bare 16-byte fs read;
 * - the server's peak RSS in each run, sampled from /proc every 10 ms (target < 150 MB).
 */
import { mkdir, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DESCRIBE_BYTE_REQUEST, SERVER_INFO_REQUEST } from '../protocol/index';
import { clipBytes, skeletonBytes } from '../test/unit/manifest/assetBytes';
import { startServer, type LspProcess } from '../test/unit/server/lspProcess';
import { writeClipFile } from './clipData';
import { addLatencyRows, percentile, rssSampler, sampleWallMs, type BenchContext } from './harness';

const CLIPS = 1000;
const CLIP_BONES = 20;
const CLIP_FRAMES = 60;
const HOVERS = 400;
const LARGEST_BONES = 255;
const LARGEST_FRAMES = 65535;

async function writeClipWorkspace(folder: string): Promise<void> {
  await mkdir(join(folder, 'anim'), { recursive: true });
  const clip = clipBytes(CLIP_BONES, CLIP_FRAMES);
  const sections = ['[game]\nid = "lsp-bench"\ntitle = "LSP bench"\nauthor = "ewzanim"\nversion = "1.0.0"\n'];
  await writeFile(join(folder, 'rig.nczxskel'), skeletonBytes(CLIP_BONES));
  sections.push('[[assets.skeletons]]\nid = "rig"\npath = "rig.nczxskel"\n');
  for (let i = 0; i < CLIPS; i++) {
    await writeFile(join(folder, `anim/c${i}.nczxanim`), clip);
    sections.push(`[[assets.animations]]\nid = "c${i}"\npath = "anim/c${i}.nczxanim"\nskeleton = "rig"\n`);
  }
  await writeFile(join(folder, 'nether.toml'), sections.join('\n'));
}

function ms(from: bigint, to: bigint): number {
  return Number(to - from) / 1e6;
}

function roundTrips(server: LspProcess, count: number): Promise<number[]> {
  return sampleWallMs(count, () => server.connection.sendRequest(SERVER_INFO_REQUEST));
}

export default async function lspBench(bench: BenchContext): Promise<void> {
  // Baseline: spawn -> initialize answered, nothing to check.
  const empty = join(bench.tmpDir, 'lsp-empty');
  await mkdir(empty, { recursive: true });
  const spawnStart = process.hrtime.bigint();
  const idleServer = await startServer({ roots: [empty] });
  const initialized = ms(spawnStart, process.hrtime.bigint());
  await idleServer.waitForIdle();
  await idleServer.stop();
  const startBaseline = { name: 'spawn to initialize answered (empty workspace)', value: initialized, unit: 'ms' };

  // 1,000 clips + one manifest: spawn -> last diagnostics published.
  const workspace = join(bench.tmpDir, 'lsp-1000-clips');
  await writeClipWorkspace(workspace);
  let lastPublish = 0n;
  let published = 0;
  const t0 = process.hrtime.bigint();
  const server = await startServer({
    roots: [workspace],
    onDiagnostics: (_params, at) => {
      lastPublish = at;
      published++;
    },
  });
  const rss = rssSampler(server.child.pid!);
  const status = await server.waitForIdle(0, 60_000);
  const toLast = ms(t0, lastPublish);
  await server.stop();
  const workspacePeakMiB = rss.stop();
  bench.add({
    name: `server start to last diagnostics, ${CLIPS} clips + 1 manifest`,
    value: toLast,
    unit: 'ms',
    baseline: startBaseline,
    target: { on: 'value', op: '<', threshold: 2000 },
    note: `${published} publishes for ${status.files} files; wall clock`,
  });

  // The largest legal clip (267 MB): checked at start, then describe-byte at random keyframes.
  const largeFolder = join(bench.tmpDir, 'lsp-largest');
  await mkdir(largeFolder, { recursive: true });
  const largePath = join(largeFolder, 'largest.nczxanim');
  const size = await writeClipFile(largePath, LARGEST_BONES, LARGEST_FRAMES);
  const large = await startServer({ roots: [largeFolder] });
  const largeRss = rssSampler(large.child.pid!);
  await large.waitForIdle(0, 120_000);
  const uri = pathToFileURL(largePath).href;
  let seed = 0x9e3779b9;
  const nextOffset = (): number => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const record = seed % (LARGEST_BONES * LARGEST_FRAMES);
    return 4 + record * 16 + (seed >>> 28) % 16;
  };
  for (let i = 0; i < 20; i++) await large.connection.sendRequest(DESCRIBE_BYTE_REQUEST, { uri, offset: nextOffset() });
  let described = 0;
  const hovers = await sampleWallMs(HOVERS, async () => {
    if (await large.connection.sendRequest(DESCRIBE_BYTE_REQUEST, { uri, offset: nextOffset() })) described++;
  });
  const rpc = await roundTrips(large, HOVERS);
  await large.stop();
  const largePeakMiB = largeRss.stop();

  // Bare 16-byte reads of the same file, same run.
  const handle = await open(largePath, 'r');
  const buffer = new Uint8Array(16);
  const reads = await sampleWallMs(HOVERS, () => handle.read(buffer, 0, 16, nextOffset())).finally(() => handle.close());

  const readBaseline = { name: 'bare 16-byte fs read p50', value: percentile(reads, 50), unit: 'ms' };
  const note = `${HOVERS} requests, ${described} described, ${(size / 1e6).toFixed(0)} MB clip`;
  addLatencyRows(bench, 'describe byte in the 267 MB clip', hovers, { name: 'bare JSON-RPC round trip', samples: rpc }, 20, note);
  bench.add({ name: 'bare 16-byte fs read of the same clip, p95', value: percentile(reads, 95), unit: 'ms', baseline: readBaseline });
  const rssTarget = { on: 'value', op: '<', threshold: 150 } as const;
  bench.add({ name: `server peak RSS, ${CLIPS}-clip workspace check`, value: workspacePeakMiB, unit: 'MiB', target: rssTarget, note: 'sampled every 10 ms from /proc' });
  bench.add({ name: 'server peak RSS, 267 MB clip check and describe requests', value: largePeakMiB, unit: 'MiB', target: rssTarget, note: 'sampled every 10 ms from /proc' });
}
