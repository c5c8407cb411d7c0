/**
 * One crafted file per MSH/NRes diagnostic code: a canonical model or archive from the writer,
 * one edit, and where the code must point (absolute byte range), with its severity and a message
 * that says what was found, what was expected and what to do. A table that fails by name.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ByteRange } from '../../../formats/diagnostics';
import { memoryByteSource } from '../../../formats/fileAccess';
import { MSH_DIAGNOSTIC_CODES, buildMshModel, checkMshFile, writeNres } from '../../../formats/msh';
import { HERO, heroArchive, heroModel, patched } from './mshFixtures';

/*
 * The loose hero model as the writer lays it out (the first test checks these offsets):
 * header 0..16; Res1 at 16 (3 nodes x 38); Res8 at 136 (7 keys x 24); Res10 at 304 (26 bytes);
 * Res19 at 336 (10 words); directory at 360: Res1 360, Res8 424, Res10 488, Res19 552; 616 bytes.
 */
const RES1 = 16;
const RES8 = 136;
const RES10 = 304;
const RES19 = 336;
const ENTRY = { nodes: 360, keys: 424, names: 488, map: 552 };
const FIELD = { typeId: 0, attr1: 4, attr2: 8, dataSize: 12, attr3: 16, name: 20, dataOffset: 56, sortIndex: 60 };
const node = (i: number, at: number) => RES1 + i * 38 + at;
const key = (k: number, at: number) => RES8 + k * 24 + at;
const word = (w: number) => RES19 + w * 2;
const entryField = (entry: number, field: keyof typeof FIELD) => entry + FIELD[field];
const range = (start: number, size: number): ByteRange => ({ start, end: start + size });

/*
 * The hero archive: header; hero.msh at 16 (616 bytes), readme.txt at 632 (11 bytes), small.msh
 * at 648 (368 bytes); directory at 1016: entries at 1016, 1080, 1144; 1208 bytes.
 */
const ARCHIVE_ENTRY = [1016, 1080, 1144];
const HERO_BASE = 16;

const hero = heroModel();
const archive = heroArchive();
const u16 = (at: number, value: number) => patched(hero, (v) => v.setUint16(at, value, true));
const u32 = (at: number, value: number) => patched(hero, (v) => v.setUint32(at, value, true));
const f32 = (at: number, value: number) => patched(hero, (v) => v.setFloat32(at, value, true));

/** An archive of `count` one-byte entries whose payload offsets all point into the header. */
function archiveOfBadEntries(count: number): Uint8Array {
  const bytes = writeNres(Array.from({ length: count }, (_, i) => ({ typeId: 0, name: `e${String(i).padStart(3, '0')}`, data: new Uint8Array([i]) })));
  const directory = bytes.length - count * 64;
  return patched(bytes, (v) => {
    for (let i = 0; i < count; i++) v.setUint32(directory + i * 64 + FIELD.dataOffset, 0, true);
  });
}

interface Case {
  name: string;
  code: string;
  bytes: Uint8Array;
  range: ByteRange;
  expectModel?: boolean;
  message?: RegExp;
}

const CASES: Case[] = [
  { name: 'blob shorter than a header', code: 'nres/bad-header', bytes: hero.slice(0, 12), range: range(0, 12), expectModel: true },
  { name: 'magic is not NRes', code: 'nres/bad-header', bytes: patched(hero, (_, b) => b.set([0x4d, 0x5a], 0)), range: range(0, 4), message: /expected the magic "NRes"/ },
  { name: 'version 0x200', code: 'nres/bad-header', bytes: u32(4, 0x200), range: range(4, 4), message: /expected 0x00000100/ },
  { name: 'total size says 2 bytes more', code: 'nres/bad-header', bytes: u32(12, 618), range: range(12, 4), message: /truncated/ },
  { name: 'negative entry count', code: 'nres/bad-header', bytes: u32(8, 0xffffffff), range: range(8, 4) },
  { name: 'directory larger than the blob', code: 'nres/bad-directory', bytes: u32(8, 10), range: range(8, 4), message: /directory would start at/ },
  { name: 'a payload past the directory', code: 'nres/bad-directory', bytes: u32(entryField(ENTRY.keys, 'dataOffset'), 10_000), range: range(ENTRY.keys, 64) },
  { name: 'sort index out of range', code: 'nres/sort-index', bytes: u32(entryField(ENTRY.nodes, 'sortIndex'), 7), range: range(entryField(ENTRY.nodes, 'sortIndex'), 4) },
  {
    name: 'sort indices swapped',
    code: 'nres/sort-order',
    bytes: patched(hero, (v) => {
      v.setUint32(entryField(ENTRY.nodes, 'sortIndex'), 2, true);
      v.setUint32(entryField(ENTRY.keys, 'sortIndex'), 0, true);
    }),
    range: range(entryField(ENTRY.keys, 'sortIndex'), 4),
    message: /"Res1".*sorts before.*"Res10"/,
  },
  {
    name: 'a payload one byte off its boundary',
    code: 'nres/unaligned-payload',
    bytes: patched(archive, (v) => v.setUint32(ARCHIVE_ENTRY[1] + FIELD.dataOffset, 633, true)),
    range: range(ARCHIVE_ENTRY[1] + FIELD.dataOffset, 4),
  },
  {
    name: 'a 36-character name',
    code: 'nres/name',
    bytes: writeNres([{ typeId: 0, name: new Uint8Array(36).fill(0x61), data: new Uint8Array(4) }]),
    range: range(24 + FIELD.name, 36),
  },
  { name: 'an RsLi container', code: 'nres/rsli', bytes: new Uint8Array([0x4e, 0x4c, 0, 1, 0, 0, 0, 0]), range: range(0, 4), message: /RsLi/ },
  { name: '120 entries pointing into the header', code: 'nres/more-problems', bytes: archiveOfBadEntries(120), range: range(16 + 120 * 8, 120 * 64), message: /nres\/bad-directory: 120/ },
  { name: 'no Res19', code: 'msh/missing-stream', bytes: u32(entryField(ENTRY.map, 'typeId'), 20), range: range(ENTRY.nodes, 4 * 64), message: /no Res19/ },
  { name: 'a .msh file with no stream at all', code: 'msh/missing-stream', bytes: writeNres([]), range: range(0, 16), expectModel: true },
  { name: 'two Res8 streams', code: 'msh/duplicate-stream', bytes: u32(entryField(ENTRY.names, 'typeId'), 8), range: range(ENTRY.names, 64) },
  { name: 'Res1 attr1 one node too many', code: 'msh/nodes-size', bytes: u32(entryField(ENTRY.nodes, 'attr1'), 4), range: range(entryField(ENTRY.nodes, 'dataSize'), 4) },
  { name: 'Res8 two bytes longer', code: 'msh/keys-size', bytes: u32(entryField(ENTRY.keys, 'dataSize'), 170), range: range(entryField(ENTRY.keys, 'dataSize'), 4) },
  { name: 'Res19 one byte longer', code: 'msh/map-size', bytes: u32(entryField(ENTRY.map, 'dataSize'), 21), range: range(entryField(ENTRY.map, 'dataSize'), 4) },
  { name: 'Res8 attr3 5', code: 'msh/attr', bytes: u32(entryField(ENTRY.keys, 'attr3'), 5), range: range(entryField(ENTRY.keys, 'attr3'), 4), message: /expected 4/ },
  { name: 'Res19 attr1 not the word count', code: 'msh/attr', bytes: u32(entryField(ENTRY.map, 'attr1'), 11), range: range(entryField(ENTRY.map, 'attr1'), 4), message: /expected 10/ },
  { name: 'frame count 0', code: 'msh/zero-frames', bytes: u32(entryField(ENTRY.map, 'attr2'), 0), range: range(entryField(ENTRY.map, 'attr2'), 4) },
  { name: 'stride 24', code: 'msh/node-stride', bytes: u32(entryField(ENTRY.nodes, 'attr3'), 24), range: range(entryField(ENTRY.nodes, 'attr3'), 4), message: /not interpreted|not checked/ },
  { name: 'a parent after its child', code: 'msh/parent', bytes: u16(node(1, 2), 2), range: range(node(1, 2), 2), message: /node 1 \("arm"\)/ },
  { name: 'fallback past the key pool', code: 'msh/fallback-range', bytes: u16(node(2, 6), 7), range: range(node(2, 6), 2) },
  { name: 'map block past Res19', code: 'msh/map-range', bytes: u16(node(2, 4), 6), range: range(node(2, 4), 2) },
  {
    name: 'a map word whose next key is past the pool',
    code: 'msh/map-value',
    bytes: patched(hero, (v) => v.setUint16(node(2, 6), 9, true)),
    range: range(word(8), 2),
    message: /frame 3: map word 8 is 6, below the fallback 9/,
  },
  { name: 'a key time going back', code: 'msh/key-times', bytes: f32(key(2, 12), 5), range: range(key(3, 12), 4), message: /key 3 is at time 4, not after key 2 at 5/ },
  { name: 'a mapped track of one key', code: 'msh/short-track', bytes: u16(node(1, 6), 1), range: range(node(1, 6), 2) },
  { name: 'a NaN position', code: 'msh/non-finite', bytes: f32(key(4, 4), NaN), range: range(key(4, 4), 4) },
  { name: 'a name longer than Res10', code: 'msh/names', bytes: u32(RES10, 100), range: { start: RES10, end: RES10 + 26 } },
  { name: 'Res8 attr2 3', code: 'msh/keys-attr2', bytes: u32(entryField(ENTRY.keys, 'attr2'), 3), range: range(entryField(ENTRY.keys, 'attr2'), 4) },
  { name: 'fallbacks going down', code: 'msh/fallback-order', bytes: u16(node(2, 6), 3), range: range(node(2, 6), 2) },
  { name: 'a key after the last fallback', code: 'msh/unused-keys', bytes: u16(node(2, 6), 5), range: { start: key(6, 0), end: key(7, 0) } },
  { name: 'a static key at time 1', code: 'msh/static-track', bytes: f32(key(0, 12), 1), range: range(node(0, 6), 2) },
  { name: 'a key at time 1.5', code: 'msh/key-time-grid', bytes: f32(key(5, 12), 1.5), range: range(key(5, 12), 4) },
  { name: 'frame count 6 for keys up to time 4', code: 'msh/frame-count', bytes: u32(entryField(ENTRY.map, 'attr2'), 6), range: range(entryField(ENTRY.map, 'attr2'), 4), message: /set attr2 to 5/ },
  { name: 'overlapping map blocks', code: 'msh/map-layout', bytes: u16(node(2, 4), 4), range: range(node(2, 4), 2) },
  { name: 'a map word one key ahead', code: 'msh/map-entry', bytes: u16(word(1), 2), range: range(word(1), 2), message: /frame 1: map word 1 is 2; canonically it is 1/ },
  {
    name: '150 keys off the frame grid',
    code: 'msh/more-problems',
    bytes: buildMshModel({ nodes: [{ keys: Array.from({ length: 150 }, (_, i) => ({ time: i + 0.5 })) }] }),
    range: { start: 0, end: buildMshModel({ nodes: [{ keys: Array.from({ length: 150 }, (_, i) => ({ time: i + 0.5 })) }] }).length },
    message: /msh\/key-time-grid: 150/,
  },
];

test('the writer lays out the hero model and archive at the offsets the table uses', () => {
  const view = new DataView(hero.buffer);
  assert.equal(hero.length, 616);
  assert.deepEqual(
    Object.values(ENTRY).map((entry) => [view.getUint32(entry + FIELD.typeId, true), view.getUint32(entry + FIELD.dataOffset, true)]),
    [
      [1, RES1],
      [8, RES8],
      [10, RES10],
      [19, RES19],
    ],
  );
  const outer = new DataView(archive.buffer);
  assert.equal(archive.length, 1208);
  assert.deepEqual(ARCHIVE_ENTRY.map((entry) => outer.getUint32(entry + FIELD.dataOffset, true)), [HERO_BASE, 632, 648]);
});

test('every MSH/NRes code is triggered by a crafted file, at the expected bytes', async () => {
  for (const c of CASES) {
    const { diagnostics } = await checkMshFile(memoryByteSource(c.bytes), { maxKeyframeProblems: 100, expectModel: c.expectModel });
    const found = diagnostics.filter((d) => d.code === c.code);
    assert.ok(found.length >= 1, `${c.name}: expected ${c.code}, got ${diagnostics.map((d) => d.code).join(', ') || 'nothing'}`);
    assert.deepEqual(found[0].byteRange, c.range, `${c.name}: range of ${c.code}`);
    const info = MSH_DIAGNOSTIC_CODES.find((i) => i.code === c.code);
    assert.equal(found[0].severity, info?.severity, `${c.name}: severity`);
    assert.ok(found[0].message.length > 60, `${c.name}: the message says what, expected and what to do`);
    if (c.message) assert.match(found[0].message, c.message, c.name);
    for (const d of diagnostics) assert.ok(d.byteRange && d.byteRange.end <= c.bytes.length && d.byteRange.start < d.byteRange.end, `${c.name}: ${d.code} range inside the file`);
  }
  const covered = new Set(CASES.map((c) => c.code));
  for (const { code } of MSH_DIAGNOSTIC_CODES) assert.ok(covered.has(code), `no crafted file for ${code}`);
});

test('canonical models and archives check clean', async () => {
  const files = {
    hero,
    archive,
    'static model': buildMshModel({ nodes: [{ keys: [{ time: 0 }] }, { parent: 0, keys: [{ time: 0, position: [1, 0, 0] }] }] }),
    'model without names': buildMshModel({ ...HERO, names: false }),
    'empty archive': writeNres([]),
  };
  for (const [name, bytes] of Object.entries(files)) {
    const { diagnostics } = await checkMshFile(memoryByteSource(bytes), { maxKeyframeProblems: 100 });
    assert.deepEqual(diagnostics.map((d) => `${d.code}: ${d.message}`), [], name);
  }
});

test("a nested model reports its problems at the model's bytes inside the archive, named", async () => {
  const bytes = patched(archive, (v) => v.setUint16(HERO_BASE + node(1, 2), 2, true));
  const { diagnostics } = await checkMshFile(memoryByteSource(bytes), { maxKeyframeProblems: 100 });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.byteRange]),
    [['msh/parent', range(HERO_BASE + node(1, 2), 2)]],
  );
  assert.match(diagnostics[0].message, /^Model "hero\.msh" \(archive entry 0\), node 1 \("arm"\): parent link is 2/);
  assert.equal(diagnostics[0].data?.model, 'hero.msh');
});

test('a nested model with a broken header is reported at its entry payload; the other models still check', async () => {
  const bytes = patched(archive, (v) => v.setUint32(648 + 4, 0x101, true));
  const { diagnostics, layout } = await checkMshFile(memoryByteSource(bytes), { maxKeyframeProblems: 100 });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.byteRange]),
    [['nres/bad-header', range(652, 4)]],
  );
  assert.match(diagnostics[0].message, /^Model "small\.msh" \(archive entry 2\): version is 0x00000101/);
  assert.deepEqual(
    layout.models.map((m) => m.name),
    ['hero.msh', 'small.msh'],
  );
});

test('an NRes file with no model streams is an archive unless the path says .msh', async () => {
  const bytes = writeNres([{ typeId: 7, name: 'readme.txt', data: new Uint8Array(3) }]);
  assert.deepEqual((await checkMshFile(memoryByteSource(bytes))).diagnostics, []);
  const asModel = await checkMshFile(memoryByteSource(bytes), { maxKeyframeProblems: 100, expectModel: true });
  assert.deepEqual(
    asModel.diagnostics.map((d) => d.code),
    ['msh/missing-stream'],
  );
});

test('map values past a fallback out of range are found in linear time on overlapping blocks', async () => {
  // 2,000 nodes whose blocks all start at word 0 and whose fallbacks are out of range: a node x
  // frame loop would visit 2,000 x 2,000 words; the sweep visits each word once.
  const frames = 2000;
  const nodes = Array.from({ length: 2000 }, (_, i) => ({ keys: i === 0 ? Array.from({ length: frames }, (_, t) => ({ time: t })) : [{ time: 0 }], mapped: i === 0 }));
  const bytes = buildMshModel({ nodes });
  const { layout } = await checkMshFile(memoryByteSource(bytes));
  const model = layout.models[0];
  const nodesStart = model.streams.nodes?.dataStart ?? 0;
  const mapStart = model.streams.map?.dataStart ?? 0;
  assert.equal(model.keyCount, 3999);
  const crafted = patched(bytes, (v) => {
    for (let i = 0; i < 2000; i++) {
      v.setUint16(nodesStart + i * 38 + 4, 0, true); // every node maps block 0
      v.setUint16(nodesStart + i * 38 + 6, 60000, true); // fallback past the pool
    }
    v.setUint16(mapStart + 1500 * 2, 3998, true); // key count - 1: its next key is past the pool
    v.setUint16(mapStart + 1501 * 2, 5000, true);
  });
  const started = performance.now();
  const { diagnostics } = await checkMshFile(memoryByteSource(crafted), { maxKeyframeProblems: 10 });
  const elapsed = performance.now() - started;
  const summary = diagnostics.find((d) => d.code === 'msh/more-problems');
  assert.equal(summary?.data?.['msh/map-value'], 2, 'words 1500 and 1501 break the rule, once each');
  assert.ok(elapsed < 5000, `checked in ${elapsed.toFixed(0)} ms`);
});

test("docs/msh.md's codes table lists exactly the codes, severities and conditions of the core's table", async () => {
  const { readFileSync } = await import('node:fs');
  const page = readFileSync(new URL('../../../docs/msh.md', import.meta.url), 'utf8');
  const start = page.indexOf('\n## Codes\n');
  assert.ok(start >= 0, 'docs/msh.md has a "## Codes" section');
  const section = page.slice(start, page.indexOf('\n## ', start + 1));
  const rows = section.split('\n').filter((line) => /^\| `(nres|msh)\//.test(line));
  assert.deepEqual(
    rows,
    MSH_DIAGNOSTIC_CODES.map((c) => `| \`${c.code}\` | ${c.severity} | ${c.when} |`),
  );
});
