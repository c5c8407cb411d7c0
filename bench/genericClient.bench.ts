/**
 * The language server as other editors run it: `node dist/server/server.js --stdio` driven by a
 * generic LSP client (test/unit/server/stdioClient.ts, no capabilities declared), plus the
 * workspace walk on symbolic-link loops:
 * - 1,000 clips and one manifest: spawn to the last diagnostics (target < 2 s); baseline: spawn
 *   to `initialize` answered on an empty workspace, same run;
 * - the walk (formats/workspace/walk.ts) of 1,000 clips in 100 folders with two symlink loops
 *   (`loop -> .` at the top, `up -> ..` in every folder) against the same tree without them
 *   (target within 2x, same-run interleaved timings);
 * - peak RSS of the server (sampled every 10 ms from /proc) checking a manifest of 10,000 entries
 *   (with their 10,000 clips) and a 5 MB garbage `nether.toml` (target < 150 MiB; baseline: the
 *   empty workspace's peak, same run), and the round trip of requests sent while those checks
 *   run (p95);
 * - the performance issue's workspace (10,000 clips of 40x60, bench/checkWorkspace.ts): start to
 *   last diagnostics (target < 3 s), peak RSS (< 150 MiB), request round trips during the scan
 *   (p95 < 50 ms); the server checks it on its check workers (server/src/runtimeNode.ts).
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultPoolSize } from '../node/checkPool';
import { nodeFileAccess } from '../node/fileAccess';
import { SERVER_CHECK_WORKERS } from '../server/src/runtimeNode';
import { DEFAULT_EXCLUDE, ExcludeFilter } from '../formats/workspace/exclude';
import { walkWorkspace } from '../formats/workspace/walk';
import { SERVER_INFO_REQUEST } from '../protocol/serverStatus';
import { clipBytes, skeletonBytes } from '../test/unit/manifest/assetBytes';
import { SERVER_BUNDLE } from '../test/unit/server/lspProcess';
import { StdioLspClient } from '../test/unit/server/stdioClient';
import { ISSUE_WORKSPACE, writeCheckWorkspace } from './checkWorkspace';
import { percentile, rssSampler, timeInterleaved, type BenchBaseline, type BenchContext } from './harness';

const MIB = 1024 * 1024;
const RSS_TARGET = { on: 'value', op: '<', threshold: 150 } as const;

/**
 * Whether the server has said it is idle yet, each message read once: the probe runs after every
 * message, and a scan of 10,000 files sends 10,000 (read from the first each time, this client
 * spent ~0.14 s of CPU on it, beside the server it times on the same cores).
 */
function idleWatch(client: StdioLspClient): () => boolean {
  let read = 0;
  let idle = false;
  return () => {
    for (; !idle && read < client.received.length; read++) {
      const message = client.received[read]!;
      idle = message.method === 'ewzanim/checkStatus' && (message.params as { state: string }).state === 'idle';
    }
    return idle;
  };
}

interface ServerRun {
  /** Spawn to `initialize` answered, ms. */
  initializedMs: number;
  /** Spawn to the last publishDiagnostics before the first idle status, ms. */
  lastDiagnosticsMs: number;
  peakMiB: number;
  published: number;
  /** Round trips of `ewzanim/serverInfo` sent every 20 ms until the check was idle, sorted, ms. */
  roundTrips: number[];
}

/** Spawns `bundle` (the built server by default) on `root` and times its first check. */
export async function runServer(root: string, timeoutMs = 180_000, bundle = SERVER_BUNDLE): Promise<ServerRun> {
  const t0 = performance.now();
  const client = StdioLspClient.spawn(process.execPath, [bundle, '--stdio']);
  const rss = rssSampler(client.child.pid!);
  let lastPublish = t0;
  const counted = client.publishCount;
  const original = counted.set.bind(counted);
  counted.set = (key, value) => {
    lastPublish = performance.now();
    return original(key, value);
  };
  try {
    await client.initialize([root], {});
    const initializedMs = performance.now() - t0;
    const roundTrips: number[] = [];
    const isIdle = idleWatch(client);
    const probing = (async () => {
      while (!isIdle()) {
        const sent = performance.now();
        await client.request(SERVER_INFO_REQUEST);
        roundTrips.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await client.waitFor('the first check', isIdle, timeoutMs);
    await probing;
    return { initializedMs, lastDiagnosticsMs: lastPublish - t0, peakMiB: rss.stop(), published: counted.size, roundTrips: roundTrips.sort((a, b) => a - b) };
  } finally {
    rss.stop();
    await client.stop();
  }
}

async function clipPack(folder: string, clips: number, folders = 1): Promise<void> {
  const clip = clipBytes(2, 2);
  const sections = ['[game]\nid = "bench"\ntitle = "Bench"\nauthor = "ewzanim"\nversion = "1.0.0"\n'];
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'rig.nczxskel'), skeletonBytes(2));
  sections.push('[[assets.skeletons]]\nid = "rig"\npath = "rig.nczxskel"\n');
  for (let f = 0; f < folders; f++) await mkdir(join(folder, `anim${f}`), { recursive: true });
  for (let i = 0; i < clips; i++) {
    const path = `anim${i % folders}/c${i}.nczxanim`;
    await writeFile(join(folder, path), clip);
    sections.push(`[[assets.animations]]\nid = "c${i}"\npath = "${path}"\n`);
  }
  await writeFile(join(folder, 'nether.toml'), sections.join('\n'));
}

/** The performance issue's workspace (10,000 clips of 40x60 and their manifest), as `check` meets it. */
async function issueWorkspaceRows(bench: BenchContext, rssBaseline: BenchBaseline): Promise<void> {
  const folder = join(bench.tmpDir, 'generic-issue');
  await writeCheckWorkspace(folder, ISSUE_WORKSPACE);
  const run = await runServer(folder);
  const what = `${ISSUE_WORKSPACE.clips.toLocaleString('en')} clips of ${ISSUE_WORKSPACE.bones}x${ISSUE_WORKSPACE.frames} + nether.toml`;
  const workers = Math.min(defaultPoolSize(), SERVER_CHECK_WORKERS);
  bench.add({ name: `generic client (stdio): server start to last diagnostics, ${what}`, value: run.lastDiagnosticsMs, unit: 'ms', target: { on: 'value', op: '<', threshold: 3000 }, note: `${run.published} files published; ${workers > 1 ? `${workers} check workers` : 'one thread'}; wall clock` });
  bench.add({ name: `server peak RSS, ${what}`, value: run.peakMiB, unit: 'MiB', baseline: rssBaseline, target: RSS_TARGET, note: 'sampled every 10 ms' });
  bench.add({ name: `request round trip while ${what} is checked, p95`, value: percentile(run.roundTrips, 95), unit: 'ms', target: { on: 'value', op: '<', threshold: 50 }, note: `ewzanim/serverInfo every 20 ms, ${run.roundTrips.length} requests, max ${run.roundTrips.at(-1)?.toFixed(0)} ms` });
}

async function walkRows(bench: BenchContext): Promise<void> {
  const plain = join(bench.tmpDir, 'walk-plain');
  const looped = join(bench.tmpDir, 'walk-loops');
  await clipPack(plain, 1000, 100);
  await clipPack(looped, 1000, 100);
  await symlink('.', join(looped, 'loop'));
  for (let f = 0; f < 100; f++) await symlink('..', join(looped, `anim${f}`, 'up'));
  let plainFiles = 0;
  let loopedFiles = 0;
  const walk = (root: string) => walkWorkspace(nodeFileAccess, [root], new ExcludeFilter(DEFAULT_EXCLUDE, [root]));
  const [base, loops] = await timeInterleaved(
    [async () => (plainFiles = (await walk(plain)).files.length), async () => (loopedFiles = (await walk(looped)).files.length)],
    10,
  );
  const baseline = { name: 'walk of the same tree without links', value: base!.bestSeconds * 1000, unit: 'ms' };
  bench.add({ name: 'workspace walk, 1,000 clips with two symlink loops (101 links)', value: loops!.bestSeconds * 1000, unit: 'ms', baseline, target: { on: 'ratio', op: '<=', threshold: 2 }, note: `${loopedFiles} files found (${plainFiles} without links); best of 10 interleaved` });
}

export default async function genericClientBench(bench: BenchContext): Promise<void> {
  const empty = join(bench.tmpDir, 'generic-empty');
  await mkdir(empty, { recursive: true });
  const idle = await runServer(empty);
  const rssBaseline = { name: 'empty workspace, peak RSS', value: idle.peakMiB, unit: 'MiB' };

  const thousand = join(bench.tmpDir, 'generic-1000');
  await clipPack(thousand, 1000);
  const start = await runServer(thousand);
  bench.add({
    name: 'generic client (stdio, no capabilities): server start to last diagnostics, 1,000 clips + 1 manifest',
    value: start.lastDiagnosticsMs,
    unit: 'ms',
    baseline: { name: 'spawn to initialize answered (empty workspace)', value: idle.initializedMs, unit: 'ms' },
    target: { on: 'value', op: '<', threshold: 2000 },
    note: `${start.published} files published; wall clock`,
  });

  await walkRows(bench);

  const large = join(bench.tmpDir, 'generic-10000');
  await clipPack(large, 10_000, 10);
  const big = await runServer(large);
  bench.add({ name: 'server peak RSS, manifest of 10,000 entries + their 10,000 clips (stdio)', value: big.peakMiB, unit: 'MiB', baseline: rssBaseline, target: RSS_TARGET, note: `${big.published} files published in ${(big.lastDiagnosticsMs / 1000).toFixed(1)} s; sampled every 10 ms` });
  bench.add({ name: 'request round trip while the 10,000-entry pack is checked, p95', value: percentile(big.roundTrips, 95), unit: 'ms', note: `${big.roundTrips.length} requests, max ${big.roundTrips.at(-1)?.toFixed(0)} ms` });

  await issueWorkspaceRows(bench, rssBaseline);

  const garbage = join(bench.tmpDir, 'generic-garbage');
  await mkdir(garbage, { recursive: true });
  const bytes = new Uint8Array(5 * MIB);
  let seed = 0x2545f491;
  for (let i = 0; i < bytes.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    bytes[i] = seed >>> 24;
  }
  await writeFile(join(garbage, 'nether.toml'), bytes);
  const junk = await runServer(garbage);
  bench.add({ name: 'server peak RSS, 5 MB garbage nether.toml (stdio)', value: junk.peakMiB, unit: 'MiB', baseline: rssBaseline, target: RSS_TARGET, note: `idle after ${(junk.lastDiagnosticsMs / 1000).toFixed(1)} s; sampled every 10 ms` });
  bench.add({ name: 'request round trip while the garbage manifest is checked, p95', value: percentile(junk.roundTrips, 95), unit: 'ms', note: `${junk.roundTrips.length} requests` });
}
