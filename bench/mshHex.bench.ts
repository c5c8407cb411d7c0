/**
 * The hex editor on a large NRes archive (300 models of 120 nodes x 60 keys, 58 MB, written by the
 * core's writer to a file): what it does when the file opens and after every edit (open the
 * layout: headers, directories, Res1 and Res10 of every model; then cut the rows), and describing
 * random bytes (a hover). Baselines from the same run: reading the whole file once, and a bare
 * read of one 24-byte key.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { byteSourceOf } from '../formats/fileAccess';
import { buildMshModel, describeMshByte, mshRowLayout, openMshFile, type MshNodeInput, writeNres } from '../formats/msh';
import { nodeFileAccess } from '../node/fileAccess';
import { addLatencyRows, formatNumber, sampleWallMs, timeInterleaved, type BenchContext } from './harness';

const MODELS = 300;
const NODES = 120;
const KEYS = 60;
const HOVERS = 400;

function archive(): Uint8Array {
  const nodes: MshNodeInput[] = Array.from({ length: NODES }, (_, n) => ({
    name: `bone${n}`,
    parent: n === 0 ? undefined : n - 1,
    keys: Array.from({ length: KEYS }, (_, k) => ({ time: k, position: [n, k, 0] })),
  }));
  const model = buildMshModel({ nodes });
  return writeNres(Array.from({ length: MODELS }, (_, i) => ({ typeId: 0, name: `m${i}.msh`, data: model })));
}

export default async function mshHexBench(bench: BenchContext): Promise<void> {
  const bytes = archive();
  const path = join(bench.tmpDir, 'archive.rlb');
  await writeFile(path, bytes);
  const source = byteSourceOf(nodeFileAccess, path, bytes.length);
  const megabytes = `${formatNumber(bytes.length / 1e6)} MB`;

  const readAll = () => source.read(0, bytes.length);
  const open = () => openMshFile(source, { maxKeyframeProblems: 0 });
  const { layout } = await open();
  const rows = () => mshRowLayout(layout);
  const [read, opened, cut] = await timeInterleaved([readAll, open, rows], 8);
  const rowCount = rows().rowCount;
  bench.add({
    name: `MSH hex: open the layout, ${MODELS}-model archive (${megabytes})`,
    value: opened.bestCpuSeconds * 1e3,
    unit: 'ms',
    baseline: { name: 'reading the whole file once', value: read.bestCpuSeconds * 1e3, unit: 'ms' },
    target: { on: 'value', op: '<', threshold: 1000 },
    note: `headers, directories, Res1 and Res10 of every model; least CPU time of 8 rounds; wall ${formatNumber(opened.bestSeconds * 1e3)} ms`,
  });
  bench.add({
    name: `MSH hex: cut ${formatNumber(rowCount)} rows from the layout (${megabytes})`,
    value: cut.bestCpuSeconds * 1e3,
    unit: 'ms',
    baseline: { name: 'opening the layout', value: opened.bestCpuSeconds * 1e3, unit: 'ms' },
    target: { on: 'value', op: '<', threshold: 1000 },
    note: `after open and after every edit; least CPU time of 8 rounds; wall ${formatNumber(cut.bestSeconds * 1e3)} ms`,
  });

  let seed = 0x4e526573;
  const random = (n: number): number => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed % n;
  };
  await sampleWallMs(20, () => describeMshByte(source, layout, random(bytes.length))); // warm-up
  const hovers = await sampleWallMs(HOVERS, () => describeMshByte(source, layout, random(bytes.length)));
  const reads = await sampleWallMs(HOVERS, () => source.read(random(bytes.length - 24), 24));
  addLatencyRows(bench, `MSH hex: describe a random byte (${megabytes})`, hovers, { name: 'bare 24-byte read', samples: reads }, 5, `${HOVERS} random offsets; wall clock`);
}
