/**
 * The writer canon and the round trip: writer -> reader -> writer gives the same bytes, for
 * models (hand-made and 300 seeded random ones) and for archives with nested models.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoryByteSource } from '../../../formats/fileAccess';
import {
  type MshModelInput,
  buildMshModel,
  canonicalMapBlock,
  checkMshFile,
  compareNresNames,
  encodeQuaternionComponent,
  mshModelInputOf,
  openMshFile,
  readMshAnimation,
  readNresEntries,
  writeNres,
} from '../../../formats/msh';
import { seededRandom } from '../../gpu/clipFixtures';
import { HERO, SMALL, heroArchive } from './mshFixtures';

async function rewriteModel(bytes: Uint8Array): Promise<Uint8Array> {
  const source = memoryByteSource(bytes);
  const { layout } = await openMshFile(source);
  const model = layout.models[0];
  const animation = await readMshAnimation(source, model);
  assert.ok(animation, 'the model is animated');
  return buildMshModel(mshModelInputOf(model, animation));
}

function randomModel(next: () => number): MshModelInput {
  const nodeCount = 1 + (next() % 12);
  const frames = 1 + (next() % 40);
  const unit = () => ((next() % 20001) - 10000) / 10000;
  return {
    names: next() % 3 !== 0,
    nodes: Array.from({ length: nodeCount }, (_, i) => {
      const mapped = frames > 1 && next() % 4 !== 0;
      const times = mapped ? [0, ...Array.from({ length: frames - 1 }, (_, t) => t + 1).filter(() => next() % 3 === 0)] : [0];
      if (mapped && times.length < 2) times.push(frames - 1);
      return {
        name: next() % 4 === 0 ? undefined : `node_${i}_${next() % 1000}`,
        parent: i === 0 || next() % 5 === 0 ? 0xffff : next() % i,
        hdr0: next() % 0x10000,
        slots: Array.from({ length: 15 }, () => next() % 0x10000),
        mapped,
        keys: times.map((time) => ({ time, position: [unit() * 100, unit() * 100, unit() * 100] as [number, number, number], stored: [0, 0, 0, 0].map(() => (next() % 65536) - 32768) as [number, number, number, number] })),
      };
    }),
  };
}

test('round trip: a canonical model is rewritten to the same bytes', async () => {
  for (const [name, input] of Object.entries({ HERO, SMALL, 'no names': { ...HERO, names: false }, static: { nodes: [{ keys: [{ time: 0 }] }] } })) {
    const bytes = buildMshModel(input);
    assert.deepEqual(await rewriteModel(bytes), bytes, name);
  }
});

test('round trip: 300 seeded random canonical models check clean and rewrite to the same bytes', async () => {
  const next = seededRandom(0x4d5348);
  for (let i = 0; i < 300; i++) {
    const bytes = buildMshModel(randomModel(next));
    const { diagnostics } = await checkMshFile(memoryByteSource(bytes));
    assert.deepEqual(diagnostics.map((d) => d.message), [], `model ${i} is canonical`);
    assert.deepEqual(await rewriteModel(bytes), bytes, `model ${i}`);
  }
});

test('round trip: an archive and every nested model rewrite to the same bytes', async () => {
  const bytes = heroArchive();
  const source = memoryByteSource(bytes);
  const { layout } = await openMshFile(source);
  assert.deepEqual(writeNres(await readNresEntries(source, layout.blobs[0])), bytes, 'the archive');
  for (const model of layout.models) {
    const payload = bytes.subarray(model.blob.base, model.blob.base + model.blob.length);
    assert.deepEqual(writeNres(await readNresEntries(source, model.blob)), payload, `${model.name} as a container`);
    const animation = await readMshAnimation(source, model);
    assert.ok(animation);
    assert.deepEqual(buildMshModel(mshModelInputOf(model, animation)), payload, `${model.name} as a model`);
  }
});

test('round trip keeps the bytes after the NUL of a name field', async () => {
  const field = new Uint8Array(36);
  field.set([0x61, 0x62, 0x63, 0, 0x78, 0x79, 0x7a]);
  const bytes = writeNres([{ typeId: 3, attr1: 1, attr2: 2, attr3: 3, name: field, data: new Uint8Array([9, 8, 7]) }]);
  const source = memoryByteSource(bytes);
  const { layout } = await openMshFile(source);
  assert.equal(layout.blobs[0].entries[0].name, 'abc');
  assert.deepEqual(writeNres(await readNresEntries(source, layout.blobs[0])), bytes);
});

test('writer canon: 8-aligned payloads, directory at the end, sort index in case-insensitive name order', async () => {
  const names = ['b.tex', 'A.lib', 'c', 'a_', 'B.TEX2'];
  const bytes = writeNres(names.map((name, i) => ({ typeId: 100 + i, name, data: new Uint8Array(i * 3 + 1).fill(i + 1) })));
  const { layout, diagnostics } = await openMshFile(memoryByteSource(bytes));
  assert.deepEqual(diagnostics, []);
  const blob = layout.blobs[0];
  assert.equal(blob.header.totalSize, bytes.length);
  assert.equal(blob.directoryStart, bytes.length - 5 * 64);
  assert.deepEqual(
    blob.entries.map((e) => e.dataOffset),
    [16, 24, 32, 40, 56],
  );
  // 'A.lib' < 'a_' ('.' 0x2E < '_' 0x5F) < 'b.tex' < 'B.TEX2' < 'c'
  assert.deepEqual(
    blob.entries.map((e) => e.sortIndex),
    [1, 3, 0, 4, 2],
  );
  const field = (text: string) => {
    const out = new Uint8Array(36);
    for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  };
  assert.equal(compareNresNames(field('ABC'), field('abc')), 0);
  assert.ok(compareNresNames(field('ab'), field('abc')) < 0);
  assert.ok(compareNresNames(field('Z'), field('a')) > 0, 'case-insensitive: z after a');
});

test('writer canon: fallback = last key of the track, map blocks of frameCount words, static nodes unmapped', async () => {
  const bytes = buildMshModel(HERO);
  const source = memoryByteSource(bytes);
  const { layout } = await openMshFile(source);
  const model = layout.models[0];
  assert.deepEqual(Array.from(model.nodeWords.filter((_, i) => i % 19 === 2 || i % 19 === 3)), [0xffff, 0, 0, 3, 5, 6]);
  assert.equal(model.streams.keys?.attr1, 7);
  assert.equal(model.streams.keys?.attr3, 4);
  assert.deepEqual([model.streams.map?.attr1, model.streams.map?.attr2, model.streams.map?.attr3], [10, 5, 2]);
  const animation = await readMshAnimation(source, model);
  assert.deepEqual(Array.from(animation?.map ?? []), [1, 1, 2, 2, 3, 4, 5, 5, 6, 6]);
  assert.deepEqual(canonicalMapBlock([0, 3, 4], 10, 6), [10, 10, 10, 11, 12, 12]);
  const staticModel = buildMshModel({ nodes: [{ keys: [{ time: 0 }] }] });
  const statics = (await openMshFile(memoryByteSource(staticModel))).layout.models[0];
  assert.deepEqual([statics.wordCount, statics.frameCount, statics.streams.map?.dataSize], [0, 1, 0], 'a static model: Res19 empty, frame count 1');
});

test('quaternion components are stored as round(c x 32767), saturated', () => {
  const TABLE: [number, number][] = [
    [1, 32767],
    [-1, -32767],
    [0, 0],
    [0.5, 16384],
    [-0.5, -16383],
    [2, 32767],
    [-2, -32768],
  ];
  for (const [c, stored] of TABLE) assert.equal(encodeQuaternionComponent(c), stored, `${c}`);
});

test('the writer refuses what the format cannot hold', () => {
  assert.throws(() => buildMshModel({ nodes: [{ keys: [] }] }), /node 0 has no keys/);
  assert.throws(() => writeNres([{ typeId: 0, name: 'x'.repeat(36), data: new Uint8Array(0) }]), /longer than 35/);
  assert.throws(() => buildMshModel({ nodes: [{ keys: Array.from({ length: 65537 }, (_, t) => ({ time: t })) }] }), /u16/);
});
