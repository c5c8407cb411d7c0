import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clipRowLayout, layoutOfFile, rowInfo, rowOfOffset, rowStart, skeletonRowLayout, type GridRowLayout } from '../../../formats/editing/rowLayout';
import { parseFrameBone, parseOffset } from '../../../formats/editing/goTo';

const clip = (bones: number, frames: number, size = 4 + bones * frames * 16): GridRowLayout =>
  clipRowLayout(size, { boneCount: bones, flags: 0, frameCount: frames, expectedSize: 4 + bones * frames * 16 });

test('a complete clip: header row, then one labelled row per keyframe', () => {
  const layout = clip(3, 30);
  assert.equal(layout.rowCount, 91);
  const table: [number, Partial<ReturnType<typeof rowInfo>>][] = [
    [0, { start: 0, end: 4, role: 'header', label: 'header' }],
    [1, { start: 4, end: 20, role: 'record', frame: 0, bone: 0, label: 'frame 0 · bone 0' }],
    [8, { start: 116, end: 132, role: 'record', frame: 2, bone: 1, label: 'frame 2 · bone 1' }],
    [90, { start: 1428, end: 1444, role: 'record', frame: 29, bone: 2, label: 'frame 29 · bone 2' }],
  ];
  for (const [row, expected] of table) assert.deepEqual({ ...rowInfo(layout, row), ...expected }, rowInfo(layout, row));
  for (const [offset, row] of [[0, 0], [3, 0], [4, 1], [19, 1], [20, 2], [1443, 90], [99999, 90]]) {
    assert.equal(rowOfOffset(layout, offset), row, `offset ${offset}`);
  }
});

test('the largest legal clip has 16,711,426 rows and its last row is frame 65534 · bone 254', () => {
  const layout = clip(255, 65535);
  assert.equal(layout.size, 267_382_804);
  assert.equal(layout.rowCount, 255 * 65535 + 1);
  const last = rowInfo(layout, layout.rowCount - 1);
  assert.deepEqual([last.start, last.end, last.label], [267_382_788, 267_382_804, 'frame 65534 · bone 254']);
  assert.equal(rowOfOffset(layout, 267_382_790), layout.rowCount - 1);
});

test('truncated and over-long clips end in 16-byte incomplete / trailing rows', () => {
  const short = clip(3, 30, 1000);
  assert.equal(short.recordCount, 62);
  assert.deepEqual(rowInfo(short, 63), { row: 63, start: 996, end: 1000, role: 'incomplete', label: 'incomplete record' });
  assert.equal(short.rowCount, 64);
  const long = clip(1, 1, 4 + 16 + 20);
  assert.deepEqual(
    [1, 2, 3].map((r) => [rowInfo(long, r).role, rowInfo(long, r).start, rowInfo(long, r).end]),
    [['record', 4, 20], ['trailing', 20, 36], ['trailing', 36, 40]],
  );
  assert.equal(rowOfOffset(long, 37), 3);
});

test('an unreadable header gives plain 16-byte rows from byte 0', () => {
  const layout = clipRowLayout(40, undefined);
  assert.equal(layout.rowCount, 3);
  assert.deepEqual(rowInfo(layout, 2), { row: 2, start: 32, end: 40, role: 'plain', label: '' });
  assert.equal(rowStart(layout, 1), 16);
  assert.equal(rowOfOffset(layout, 17), 1);
});

test('skeletons: 8-byte header row, then one 48-byte matrix row per bone', () => {
  const layout = skeletonRowLayout(152, { boneCount: 3, reserved: 0, expectedSize: 152 });
  assert.equal(layout.rowCount, 4);
  assert.deepEqual(rowInfo(layout, 3), { row: 3, start: 104, end: 152, role: 'record', bone: 2, label: 'bone 2' });
  assert.equal(rowOfOffset(layout, 55), 1);
  assert.equal(rowOfOffset(layout, 56), 2);
});

test('Go to Frame/Bone accepts several spellings and explains each refusal', () => {
  const layout = clip(3, 30, 1000); // records exist up to frame 20 · bone 1
  const table: [string, number | string][] = [
    ['2 1', 4 + 7 * 16],
    ['2,1', 4 + 7 * 16],
    [' 2:1 ', 4 + 7 * 16],
    ['2 · 1', 4 + 7 * 16],
    ['5', 4 + 15 * 16],
    ['', 'Type a frame and a bone'],
    ['x 1', 'Type a frame and a bone'],
    ['-1 0', 'Type a frame and a bone'],
    ['1 2 3', 'Type a frame and a bone'],
    ['21 0', 'Frame 21 does not exist: frames are 0..20.'],
    ['0 3', 'Bone 3 does not exist: bones are 0..2.'],
    ['20 2', 'Frame 20 · bone 2 is missing'],
  ];
  for (const [text, expected] of table) {
    const result = parseFrameBone(text, layout);
    if (typeof expected === 'number') assert.deepEqual(result, { offset: expected }, text);
    else assert.ok(result.error?.startsWith(expected), `${text}: ${result.error}`);
  }
  const skeleton = skeletonRowLayout(152, { boneCount: 3, reserved: 0, expectedSize: 152 });
  assert.deepEqual(parseFrameBone('2', skeleton), { offset: 104 });
  assert.match(parseFrameBone('3', skeleton).error ?? '', /bones are 0..2/);
  assert.match(parseFrameBone('1', clipRowLayout(10, undefined)).error ?? '', /no readable records/);
});

test('Go to Offset takes decimal or hex inside the file', () => {
  const table: [string, number | RegExp][] = [
    ['1443', 1443], ['0x5a3', 0x5a3], ['0X10', 16], ['0', 0],
    ['1444', /past the end: the file has 1444 bytes/], ['abc', /Type a byte offset/], ['-3', /Type a byte offset/], ['1e3', /Type a byte offset/],
  ];
  for (const [text, expected] of table) {
    const result = parseOffset(text, 1444);
    if (typeof expected === 'number') assert.deepEqual(result, { offset: expected }, text);
    else assert.match(result.error ?? '', expected, text);
  }
});

test('layoutOfFile reads the header bytes of both kinds and refuses unusable headers', () => {
  const u32 = (...values: number[]) => new Uint8Array(Uint32Array.from(values).buffer);
  assert.equal(layoutOfFile('clip', Uint8Array.of(3, 0, 30, 0), 1444).rowCount, 91);
  assert.equal(layoutOfFile('clip', Uint8Array.of(0, 0, 30, 0), 1444).headerSize, 0, 'no bones');
  assert.equal(layoutOfFile('clip', Uint8Array.of(3, 0, 0, 0), 1444).headerSize, 0, 'no frames');
  assert.equal(layoutOfFile('clip', Uint8Array.of(3), 1).headerSize, 0, 'shorter than a header');
  // The legacy layout: 2 bones x 3 frames of 48-byte matrices after a 16-byte header.
  assert.equal(layoutOfFile('clip', u32(2, 3, 0x41f00000, 0), 16 + 2 * 3 * 48).headerSize, 0, 'legacy');
  assert.equal(layoutOfFile('skeleton', u32(3, 0), 152).rowCount, 4);
  assert.equal(layoutOfFile('skeleton', u32(257, 0), 152).headerSize, 0, 'too many bones');
});
