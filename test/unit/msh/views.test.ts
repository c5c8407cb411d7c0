/**
 * Data for the listing, hover, info and dump: nodes with track, map start and frame count; keys
 * with position, time, stored and decoded quaternion, norm and axis-angle (reading only the keys
 * asked for); map words with their meaning; a node's pose at a frame; the file summary.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type ByteSource, memoryByteSource } from '../../../formats/fileAccess';
import { mshDump, mshFileSummary, mshNodePoseAt, mshNodeView, openMshFile, readMshAnimation, readMshKeyViews, readMshMapWords } from '../../../formats/msh';
import { heroArchive, heroModel } from './mshFixtures';

/** A source that records the byte ranges read. */
function recording(bytes: Uint8Array): ByteSource & { reads: [number, number][] } {
  const inner = memoryByteSource(bytes);
  const reads: [number, number][] = [];
  return {
    size: inner.size,
    reads,
    read: (offset, length) => {
      reads.push([offset, offset + length]);
      return inner.read(offset, length);
    },
  };
}

test('node views: parent, map start, fallback, track and frame count', async () => {
  const { layout } = await openMshFile(memoryByteSource(heroModel()));
  const model = layout.models[0];
  assert.deepEqual(mshNodeView(model, 0), {
    node: 0,
    name: 'root',
    offset: 16,
    hdr0: 0,
    fallback: 0,
    track: { start: 0, end: 0, keys: 1 },
    frameCount: 5,
    slots: Array(15).fill(0xffff),
  });
  const arm = mshNodeView(model, 1);
  assert.deepEqual([arm?.name, arm?.parent, arm?.mapStart, arm?.fallback, arm?.track, arm?.offset], ['arm', 0, 0, 3, { start: 1, end: 3, keys: 3 }, 54]);
  assert.equal(mshNodeView(model, 3), undefined);
});

test('key views read only the keys asked for and decode them', async () => {
  const bytes = heroModel();
  const { layout } = await openMshFile(memoryByteSource(bytes));
  const source = recording(bytes);
  const [key] = await readMshKeyViews(source, layout.models[0], { start: 2, end: 3 });
  assert.deepEqual(source.reads, [[184, 208]]);
  assert.equal(key.key, 2);
  assert.equal(key.offset, 184);
  assert.equal(key.node, 1);
  assert.deepEqual(key.position, [0, 2, 0]);
  assert.equal(key.time, 2);
  assert.deepEqual(key.stored, [0, 0, 23170, 23170]);
  assert.deepEqual(key.quaternion, [Math.fround(23170 / 32767), 0, 0, Math.fround(23170 / 32767)]);
  assert.ok(Math.abs(key.norm - Math.hypot(23170 / 32767, 23170 / 32767)) < 1e-6);
  assert.deepEqual(key.axis, [0, 0, 1]);
  assert.ok(Math.abs(key.angleDeg - 90) < 1e-9);
  assert.deepEqual(
    (await readMshKeyViews(source, layout.models[0], { start: 5, end: 99 })).map((k) => k.key),
    [5, 6],
    'clamped to the pool',
  );
});

test('map word views: owner node, frame and what the runtime does with the value', async () => {
  const bytes = heroModel();
  const { layout } = await openMshFile(memoryByteSource(bytes));
  const words = await readMshMapWords(memoryByteSource(bytes), layout.models[0], { start: 3, end: 6 });
  assert.deepEqual(words, [
    { word: 3, offset: 342, value: 2, node: 1, frame: 3, meaning: 'key' },
    { word: 4, offset: 344, value: 3, node: 1, frame: 4, meaning: 'fallback' },
    { word: 5, offset: 346, value: 4, node: 2, frame: 0, meaning: 'key' },
  ]);
});

test("a node's pose at a frame: the sample and its row-major matrix", async () => {
  const source = memoryByteSource(heroModel());
  const { layout } = await openMshFile(source);
  const animation = await readMshAnimation(source, layout.models[0]);
  assert.ok(animation);
  const pose = mshNodePoseAt(animation, 1, 2);
  assert.equal(pose.sample.kind, 'exact');
  assert.equal(pose.matrix?.length, 16);
  assert.deepEqual([pose.matrix?.[3], pose.matrix?.[7], pose.matrix?.[11]], [0, 2, 0]);
  assert.equal(mshNodePoseAt(animation, 9, 0).matrix, undefined);
});

test('summary and dump of an archive', async () => {
  const bytes = heroArchive();
  const source = memoryByteSource(bytes);
  const { layout } = await openMshFile(source);
  const summary = mshFileSummary(layout);
  assert.equal(summary.shape, 'archive');
  assert.equal(summary.entryCount, 3);
  assert.deepEqual(
    summary.models.map((m) => [m.name, m.offset, m.length, m.nodeCount, m.keyCount, m.wordCount, m.frameCount, m.mappedNodes, m.named, m.animated]),
    [
      ['hero.msh', 16, 616, 3, 7, 10, 5, 2, true, true],
      ['small.msh', 648, 368, 2, 3, 2, 2, 1, false, true],
    ],
  );
  assert.equal(mshFileSummary((await openMshFile(memoryByteSource(heroModel()))).layout).shape, 'model');
  const dump = await mshDump(source, layout, 0, { nodes: { start: 1, end: 2 }, keys: { start: 0, end: 1 }, words: { start: 8, end: 10 } });
  assert.ok(dump);
  assert.deepEqual(
    dump.nodes.map((n) => n.name),
    ['arm'],
  );
  assert.deepEqual(
    dump.keys.map((k) => [k.key, k.offset]),
    [[0, 16 + 136]],
  );
  assert.deepEqual(
    dump.map.map((w) => [w.word, w.value, w.meaning]),
    [
      [8, 6, 'fallback'],
      [9, 6, 'fallback'],
    ],
  );
  assert.equal(await mshDump(source, layout, 2), undefined);
});
