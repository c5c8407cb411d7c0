import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { IDENTITY_RECORD, UPSTREAM, runCli, tempTree, uniformClip } from './cliHarness';
import { decodeKeyframe, keyframeOffset, parseClipHeader, readInverseBind, inverseBindOffset, decodeVertex, parseMeshHeader, vertexOffset } from '../../../formats/index';
import { upstreamFile } from '../../gpu/clipFixtures';

const WAVE1 = `${UPSTREAM}/multi-skinned-rom/assets/wave1.ewzanim`;
const WAVE2 = `${UPSTREAM}/multi-skinned-rom/assets/wave2.ewzanim`;

type Num = number | 'NaN' | 'Infinity' | '-Infinity';
interface DumpedKeyframe {
  frame: number;
  bone: number;
  offset: number;
  rotation: { packed: number; hex: string; x: Num; y: Num; z: Num; w: Num };
  position: Num[];
  scale: Num[];
}
interface ClipDump {
  kind: string;
  boneCount: number;
  frameCount: number;
  flags: number;
  keyframes: DumpedKeyframe[];
}

function value(n: Num): number {
  return typeof n === 'number' ? n : Number(n);
}

/** Same f32 bits (so -0 and 0 differ, and NaN equals NaN). */
function assertSameF32(actual: Num, expected: number, what: string): void {
  const bits = (x: number): number => new Uint32Array(new Float32Array([x]).buffer)[0];
  const got = value(actual);
  if (Number.isNaN(expected)) assert.ok(Number.isNaN(got), what);
  else assert.equal(bits(got), bits(expected), `${what}: ${actual} vs ${expected}`);
}

test('dump --json: wave1 frame 0 bone 2 has the known values, printed exactly', async () => {
  const run = await runCli(['dump', '--json', WAVE1, '--frames', '0:1', '--bones', '2:3']);
  assert.equal(run.status, 0, run.stderr);
  const dump = JSON.parse(run.stdout) as ClipDump;
  assert.deepEqual(Object.keys(dump), ['kind', 'boneCount', 'frameCount', 'flags', 'keyframes']);
  assert.deepEqual([dump.kind, dump.boneCount, dump.frameCount, dump.flags], ['clip', 3, 30, 0]);
  assert.deepEqual(dump.keyframes, [
    {
      frame: 0,
      bone: 2,
      offset: 36,
      rotation: { packed: 0x80200bbb, hex: '0x80200BBB', x: 0.0006912083, y: 0.0006912083, z: 0.3297067, w: 0.9440829 },
      position: [-0.49389648, 2.9160156, 0],
      scale: [1, 1, 1],
    },
  ]);
  // The short texts are the f32 values: -2023/4096 and 1493/512 exactly, per the format notes.
  assert.equal(Math.fround(-0.49389648), -2023 / 4096);
  assert.equal(Math.fround(2.9160156), 1493 / 512);
});

test('dump --json of a whole upstream clip equals the core decoder bit for bit, frame-major', async () => {
  const bytes = upstreamFile('multi-skinned-rom/assets/wave2.ewzanim');
  const header = parseClipHeader(bytes)!;
  const dump = JSON.parse((await runCli(['dump', '--json', WAVE2])).stdout) as ClipDump;
  assert.equal(dump.keyframes.length, header.boneCount * header.frameCount);
  dump.keyframes.forEach((k, i) => {
    assert.deepEqual([k.frame, k.bone], [Math.floor(i / header.boneCount), i % header.boneCount]);
    assert.equal(k.offset, keyframeOffset(header, k.frame, k.bone));
    const t = decodeKeyframe(bytes, k.offset);
    const where = `frame ${k.frame} bone ${k.bone}`;
    [k.rotation.x, k.rotation.y, k.rotation.z, k.rotation.w].forEach((v, c) => assertSameF32(v, t.rotation[c], `${where} q${c}`));
    k.position.forEach((v, c) => assertSameF32(v, t.position[c], `${where} p${c}`));
    k.scale.forEach((v, c) => assertSameF32(v, t.scale[c], `${where} s${c}`));
  });
});

const RANGE_CASES: { args: string[]; expected: [number, number][] }[] = [
  { args: ['--frames', '1:3'], expected: [[1, 0], [1, 1], [1, 2], [1, 3], [2, 0], [2, 1], [2, 2], [2, 3]] },
  { args: ['--frames', '28:', '--bones', '3'], expected: [[28, 3], [29, 3]] },
  { args: ['--frames', ':2', '--bones', '1:3'], expected: [[0, 1], [0, 2], [1, 1], [1, 2]] },
  { args: ['--frames', '29:1000', '--bones', '2:99'], expected: [[29, 2], [29, 3]] },
  { args: ['--frames', '30:40'], expected: [] },
  { args: ['--frames', '5:5'], expected: [] },
];

for (const c of RANGE_CASES) {
  test(`dump ranges are half-open and clipped: ${c.args.join(' ')}`, async () => {
    const run = await runCli(['dump', '--json', WAVE2, ...c.args]);
    assert.equal(run.status, 0, run.stderr);
    const dump = JSON.parse(run.stdout) as ClipDump;
    assert.deepEqual(dump.keyframes.map((k) => [k.frame, k.bone]), c.expected);
  });
}

test('dump prints NaN and infinities as strings and keeps -0 (crafted f16 patterns)', async () => {
  const record = [...IDENTITY_RECORD];
  // position: NaN (0x7E00), +inf (0x7C00), -0 (0x8000); scale: -inf (0xFC00), 65504 (0x7BFF), 2^-24 (0x0001)
  record.splice(4, 12, 0x00, 0x7e, 0x00, 0x7c, 0x00, 0x80, 0x00, 0xfc, 0xff, 0x7b, 0x01, 0x00);
  const tree = tempTree({ 'odd.nczxanim': uniformClip(1, 1, record) });
  try {
    const run = await runCli(['dump', '--json', join(tree.root, 'odd.nczxanim')]);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /"position":\["NaN","Infinity",-0\],"scale":\["-Infinity",65504,5\.9604645e-8\]/);
    const k = (JSON.parse(run.stdout) as ClipDump).keyframes[0];
    assert.ok(Object.is(k.position[2], -0));
    assertSameF32(k.scale[2], 2 ** -24, 'smallest subnormal');
    const table = await runCli(['dump', join(tree.root, 'odd.nczxanim')]);
    assert.match(table.stdout, /NaN\s+Infinity\s+-0\s+-Infinity\s+65504\s+5\.9604645e-8\n/);
  } finally {
    tree.dispose();
  }
});

test('dump without --json: an aligned table, every row as wide as the header', async () => {
  const run = await runCli(['dump', WAVE1, '--frames', '0:2']);
  assert.equal(run.status, 0);
  const lines = run.stdout.split('\n');
  assert.equal(lines[0], 'clip: 3 bones x 30 frames, flags 0, 1444 bytes');
  const table = lines.slice(2).filter((l) => l.length > 0);
  assert.equal(table.length, 1 + 6);
  assert.match(table[0], /^frame\s+bone\s+offset\s+rotation\s+qx\s+qy\s+qz\s+qw\s+px\s+py\s+pz\s+sx\s+sy\s+sz$/);
  // Right-aligned numeric columns: every row ends where the header ends.
  for (const row of table) assert.equal(row.length, table[0].length, row);
  assert.match(table[3], /^\s+0\s+2\s+36\s+0x80200BBB\s+0\.0006912083\s+0\.0006912083\s+0\.3297067\s+0\.9440829\s+-0\.49389648\s+2\.9160156\s+0\s+1\s+1\s+1$/);
});

test('dump of a truncated clip prints the complete records and says it is truncated', async () => {
  const bytes = uniformClip(2, 3, IDENTITY_RECORD).subarray(0, 4 + 16 * 3 + 7);
  const tree = tempTree({ 't.nczxanim': bytes });
  try {
    const json = await runCli(['dump', '--json', join(tree.root, 't.nczxanim')]);
    assert.equal(json.status, 0);
    assert.deepEqual((JSON.parse(json.stdout) as ClipDump).keyframes.map((k) => [k.frame, k.bone]), [[0, 0], [0, 1], [1, 0]]);
    const text = await runCli(['dump', join(tree.root, 't.nczxanim')]);
    assert.match(text.stdout, /^clip: 2 bones x 3 frames, flags 0, 59 bytes \(truncated: only 3 complete records\)/);
  } finally {
    tree.dispose();
  }
});

test('dump of a skeleton: the stored column-major inverse bind matrices, exact', async () => {
  const path = `${UPSTREAM}/multi-skinned-rom/assets/arm2.ewzskel`;
  const bytes = upstreamFile('multi-skinned-rom/assets/arm2.ewzskel');
  const run = await runCli(['dump', '--json', path, '--bones', '1:']);
  assert.equal(run.status, 0);
  const dump = JSON.parse(run.stdout) as { kind: string; boneCount: number; reserved: number; inverseBindMatrices: { bone: number; offset: number; columns: number[][] }[] };
  assert.deepEqual([dump.kind, dump.boneCount, dump.reserved], ['skeleton', 4, 0]);
  assert.deepEqual(dump.inverseBindMatrices.map((m) => m.bone), [1, 2, 3]);
  for (const m of dump.inverseBindMatrices) {
    assert.equal(m.offset, inverseBindOffset(m.bone));
    assert.deepEqual(m.columns.flat(), Array.from(readInverseBind(bytes, m.offset)));
  }
  const text = await runCli(['dump', path]);
  assert.match(text.stdout, /^skeleton: 4 bones, reserved 0, 200 bytes/);
  assert.match(text.stdout, /\nbone\s+offset\s+c0\.x\s+c0\.y\s+c0\.z\s+c1\.x\s+c1\.y\s+c1\.z\s+c2\.x\s+c2\.y\s+c2\.z\s+t\.x\s+t\.y\s+t\.z\n/);
});

test('dump of a mesh: header, selected vertices decoded by the core, all indices', async () => {
  const path = `${UPSTREAM}/asset-test/assets/cube.ewzmesh`;
  const bytes = upstreamFile('asset-test/assets/cube.ewzmesh');
  const header = parseMeshHeader(bytes)!;
  const run = await runCli(['dump', '--json', path, '--vertices', '2:4']);
  assert.equal(run.status, 0);
  const dump = JSON.parse(run.stdout) as Record<string, unknown> & { vertices: Record<string, unknown>[]; indices: number[] };
  assert.deepEqual(Object.keys(dump), ['kind', 'vertexCount', 'indexCount', 'format', 'formatFlags', 'stride', 'vertices', 'indices']);
  assert.deepEqual([dump.kind, dump.vertexCount, dump.indexCount, dump.format, dump.formatFlags, dump.stride], ['mesh', 36, 36, 5, ['UV', 'NORMAL'], 16]);
  assert.deepEqual(dump.vertices.map((v) => v.vertex), [2, 3]);
  for (const v of dump.vertices) {
    const expected = decodeVertex(bytes, vertexOffset(header, v.vertex as number), header.format);
    assert.deepEqual({ position: v.position, uv: v.uv, normal: v.normal }, { position: expected.position, uv: expected.uv, normal: expected.normal });
  }
  assert.equal(dump.indices.length, 36);
  const indexBase = 12 + 36 * 16;
  assert.deepEqual(dump.indices, Array.from({ length: 36 }, (_, i) => bytes[indexBase + 2 * i] | (bytes[indexBase + 2 * i + 1] << 8)));
});

test('dump of a ROM: its magic', async () => {
  const run = await runCli(['dump', '--json', `${UPSTREAM}/cube/cube.ewz`]);
  assert.deepEqual(JSON.parse(run.stdout), { kind: 'rom', magic: 'EWZ\\0', known: true, size: 1573 });
});

const DUMP_USAGE: { args: string[]; message: RegExp; status: number }[] = [
  { args: ['dump', WAVE1, '--vertices', '0:1'], message: /--vertices does not apply to a clip/, status: 2 },
  { args: ['dump', `${UPSTREAM}/cube/cube.ewz`, '--bones', '0:1'], message: /--bones does not apply to a rom/, status: 2 },
  { args: ['dump', WAVE1, '--frames', 'a:b'], message: /--frames start must be a non-negative integer/, status: 2 },
  { args: ['dump', WAVE1, WAVE2], message: /dump takes exactly one FILE, got 2/, status: 2 },
  { args: ['dump', 'missing.nczxanim'], message: /missing\.nczxanim: no such file/, status: 2 },
  { args: ['dump', `${UPSTREAM}/multi-skinned-rom/nether.toml`], message: /dump reads clips, skeletons, meshes, ROMs and NRes models/, status: 2 },
];

for (const c of DUMP_USAGE) {
  test(`dump usage: ${c.args.slice(1).join(' ')} -> ${c.status}`, async () => {
    const run = await runCli(c.args);
    assert.equal(run.status, c.status);
    assert.match(run.stderr, c.message);
    assert.equal(run.stdout, '');
  });
}

test('dump of a file too short for its header: exit 1 and a pointer to check', async () => {
  const tree = tempTree({ 's.nczxmesh': new Uint8Array(5) });
  try {
    const run = await runCli(['dump', join(tree.root, 's.nczxmesh')]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /5 bytes is too short for a mesh header \(run ewzanim check\)/);
  } finally {
    tree.dispose();
  }
});
