/**
 * clipChannelGrids: the rotation, position and scale grids of planted changes (one bone, one
 * frame, a known amount each), frames grouped into columns as diffClips groups them (its rotation
 * grid is the same numbers), and nothing marked where nothing changed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type ByteSource, memoryByteSource } from '../../../formats/fileAccess';
import { type ClipDiff, diffClips, isDiffFailure } from '../../../formats/diff';
import { type ClipChannelGrids, clipChannelGrids, columnFrameStarts, frameColumn } from '../../../formats/diff/clipChannelGrids';
import { axisAngle, basePose, multiply, planted, writeClip } from '../diff/clipBuilder';

const BONES = 4;
const FRAMES = 10;
const base = writeClip(BONES, FRAMES, basePose);

async function diff(a: Uint8Array, b: Uint8Array, gridColumns?: number): Promise<ClipDiff> {
  const result = await diffClips(memoryByteSource(a), memoryByteSource(b), { gridColumns });
  if (isDiffFailure(result)) throw new Error(result.failure.message);
  return result;
}

/** The grids read through ByteSources over memory, in windows of `windowRecords` records. */
function grids3(a: Uint8Array, b: Uint8Array, d: ClipDiff, maxColumns?: number, windowRecords?: number): Promise<ClipChannelGrids> {
  return clipChannelGrids(memoryByteSource(a), memoryByteSource(b), d, { maxColumns, windowRecords });
}

/** The cells of one grid whose value is not `unchanged`, as `bone:column=value` rounded to 2 places. */
function marked(values: number[], columns: number, unchanged: number): string[] {
  return values.flatMap((v, i) => (v === unchanged ? [] : [`${Math.floor(i / columns)}:${i % columns}=${v.toFixed(2)}`]));
}

const turned = planted(basePose, 7, 2, (t) => ({ ...t, rotation: multiply(axisAngle([0, 0, 1], 30), t.rotation) }));
const turnedAndMoved = planted(turned, 3, 1, (t) => ({ ...t, position: [t.position[0], t.position[1], t.position[2] + 0.5] }));
const turnedMovedScaled = planted(turnedAndMoved, 3, 0, (t) => ({ ...t, scale: [t.scale[0] * 2, t.scale[1], t.scale[2]] }));

test('a bone turned, another moved and a third scaled each mark their own cell in their own grid', async () => {
  const b = writeClip(BONES, FRAMES, turnedMovedScaled);
  const d = await diff(base, b);
  const grids = await grids3(base, b, d);
  assert.equal(grids.columns, FRAMES, 'one column a frame');
  assert.equal(grids.bones, BONES);
  assert.deepEqual(marked(grids.rotation, grids.columns, 0), ['2:7=30.03']);
  assert.deepEqual(marked(grids.position, grids.columns, 0), ['1:3=0.50']);
  assert.deepEqual(marked(grids.scale, grids.columns, 1), ['0:3=2.00']);
});

test('the rotation grid is the one diffClips computes, at any number of columns', async () => {
  const b = writeClip(BONES, FRAMES, turnedMovedScaled);
  for (const columns of [1, 3, 4, 10]) {
    const d = await diff(base, b, columns);
    const grids = await grids3(base, b, d, columns);
    assert.deepEqual(grids.rotation, d.grid.values, `${columns} columns`);
    assert.deepEqual(grids.frameStarts, d.grid.frameStarts, `${columns} columns`);
  }
});

test('frames grouped into 4 columns: frame 7 falls in column 2 (frames 5-7), its cell keeps the largest value', async () => {
  assert.deepEqual(columnFrameStarts(10, 4), [0, 3, 5, 8, 10]);
  assert.equal(frameColumn(7, 10, 4), 2);
  const b = writeClip(BONES, FRAMES, turned);
  const grids = await grids3(base, b, await diff(base, b, 4), 4);
  assert.deepEqual(marked(grids.rotation, 4, 0), ['2:2=30.03']);
});

test('identical clips give all-unchanged grids; a different frame count compares the common frames', async () => {
  const same = await grids3(base, base, await diff(base, base));
  assert.deepEqual([marked(same.rotation, same.columns, 0), marked(same.position, same.columns, 0), marked(same.scale, same.columns, 1)], [[], [], []]);
  const longer = writeClip(BONES, FRAMES + 5, turned);
  const d = await diff(base, longer);
  const grids = await grids3(base, longer, d);
  assert.equal(grids.columns, FRAMES);
  assert.deepEqual(marked(grids.rotation, grids.columns, 0), ['2:7=30.03']);
});

test('read in windows of one frame or of three, the grids are those of one whole read, and unchanged windows are never read', async () => {
  const b = writeClip(BONES, FRAMES, turnedMovedScaled);
  const d = await diff(base, b);
  const whole = await grids3(base, b, d);
  for (const windowRecords of [1, BONES * 3]) assert.deepEqual(await grids3(base, b, d, undefined, windowRecords), whole, `${windowRecords} records a window`);
  const reads: number[] = [];
  const counted = (bytes: Uint8Array): ByteSource => ({ size: bytes.length, read: async (offset, length) => (reads.push(offset), bytes.subarray(offset, offset + length)) });
  await clipChannelGrids(counted(base), counted(b), d, { windowRecords: BONES });
  // Frames 3 and 7 changed (header 4 bytes, 16 a record, 4 bones a frame): one frame read a side each.
  assert.deepEqual(reads.sort((x, y) => x - y), [4 + 3 * 64, 4 + 3 * 64, 4 + 7 * 64, 4 + 7 * 64]);
});
