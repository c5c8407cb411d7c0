import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeByte, type ByteDescription } from '../../../formats/describe';
import { describeMarkdown, describeText, describeView } from '../../../formats/describeText';
import { formatFixed, formatNumber } from '../../../formats/numberText';
import { memoryByteSource } from '../../../formats/fileAccess';
import type { AssetKind } from '../../../formats/fileKinds';
import { upstreamFile } from '../../gpu/clipFixtures';

const wave1 = upstreamFile('multi-skinned-rom/assets/wave1.ewzanim');
const arm1Skel = upstreamFile('multi-skinned-rom/assets/arm1.ewzskel');
const arm1Mesh = upstreamFile('multi-skinned-rom/assets/arm1.ewzmesh');
const rom = upstreamFile('cube/cube.ewz');

async function described(kind: AssetKind, bytes: Uint8Array, offset: number): Promise<ByteDescription> {
  const d = await describeByte(kind, memoryByteSource(bytes), offset, { frameRate: 30 });
  assert.ok(d, `${kind}@${offset}`);
  return d;
}

test('every variant renders labelled rows, never camelCase keys (table)', async () => {
  const nan = wave1.slice();
  nan.set([0x00, 0x7e], 50);
  const table: [name: string, kind: AssetKind, bytes: Uint8Array, offset: number, heading: string, rows: [string, string][]][] = [
    ['scale z NaN', 'clip', nan, 51, 'Scale Z (f16) · frame 0 · bone 2 · bytes 0x32-0x33 (2 bytes)', [['Raw', '0x7E00'], ['Value', 'NaN'], ['f16 step here', 'NaN']]],
    ['frame count', 'clip', wave1, 3, 'Frame count (u16 LE) · bytes 0x2-0x3 (2 bytes)', [
      ['Raw', '0x001E'], ['Frames', '30 = 1 s at 30 fps (clips store no frame rate)'], ['Expected size', '1,444 bytes (4 + frames × bones × 16)'],
    ]],
    ['skeleton bone count', 'skeleton', arm1Skel, 0, 'Bone count (u32 LE) · bytes 0x0-0x3 (4 bytes)', [['Raw', '0x00000003'], ['Bones', '3 (1..256 allowed)']]],
    ['mesh weights', 'mesh', arm1Mesh, 28, 'Bone weights (4 x unorm8) · vertex 0 · bytes 0x1C-0x1F (4 bytes)', [['Raw', 'FF 00 00 00'], ['Bone weights', '(1, 0, 0, 0)']]],
    ['mesh format', 'mesh', arm1Mesh, 8, 'Vertex format (u8 flags) · byte 0x8', [['Raw', '0x0C'], ['Vertex format', '12 = NORMAL | SKINNED']]],
    ['ROM magic', 'rom', rom, 1, 'ROM magic (4 bytes) · bytes 0x0-0x3 (4 bytes)', [['Raw', '45 57 5A 00'], ['Magic', 'EWZ\\0 (Emberware Z)']]],
    ['ROM body byte', 'rom', rom, 4, 'Unstructured bytes · bytes 0x4-0x' + (rom.length - 1).toString(16).toUpperCase() + ` (${rom.length - 4} bytes)`, [['Raw', rom[4].toString(16).toUpperCase().padStart(2, '0')], ['Value', String(rom[4])]]],
  ];
  for (const [name, kind, bytes, offset, heading, rows] of table) {
    const view = describeView(await described(kind, bytes, offset));
    assert.equal([view.title, view.place, view.span].filter((p) => p).join(' · '), heading, name);
    assert.deepEqual(view.rows.map((r) => [r.label, r.value]), rows, name);
    for (const row of view.rows) assert.doesNotMatch(row.label, /[a-z][A-Z]/, `${name}: "${row.label}" reads as words`);
  }
});

test('a rotation: quaternion, stored fields, axis-angle, Euler with its order, quantisation; findings as notes', async () => {
  const nonUnit = wave1.slice();
  nonUnit.set([0, 0, 0, 0], 4);
  const view = describeView(await described('clip', nonUnit, 5));
  assert.deepEqual(view.rows.map((r) => r.label), [
    'Raw', 'Quaternion (x, y, z, w)', 'Stored fields', 'Stored square sum', 'Axis-angle', 'Euler XYZ (R = Rx·Ry·Rz)', 'Quantisation',
  ]);
  assert.equal(view.rows[3].value, '1.5 (above 1: non-unit)');
  assert.deepEqual(view.notes, ['Non-unit: the stored components square-sum above 1, so the dropped component is clamped to 0.']);
});

test('markdown and plain text are the same rows', async () => {
  const d = await described('clip', wave1, 40);
  assert.equal(describeMarkdown(d), ['**Position X (f16)** · frame 0 · bone 2 · bytes 0x28-0x29 (2 bytes)', '', '- Raw: `0xB7E7`', '- Value: -0.49389648', '- f16 step here: 0.00024414063'].join('\n'));
  assert.equal(describeText(d), ['Position X (f16) · frame 0 · bone 2 · bytes 0x28-0x29 (2 bytes)', 'Raw: 0xB7E7', 'Value: -0.49389648', 'f16 step here: 0.00024414063'].join('\n'));
});

test('formatNumber: 8 significant digits, signed zero, NaN and infinities spelled out', () => {
  const table: [number | string, string][] = [[1, '1'], [-0, '-0'], [0.1 + 0.2, '0.3'], [1e-7, '1.0000000e-7'], [Number.NaN, 'NaN'], [-Infinity, '-Infinity'], ['Infinity', 'Infinity']];
  for (const [value, text] of table) assert.equal(formatNumber(value as number), text, String(value));
});

test('formatFixed: at most n decimals, trailing zeros dropped, never an exponent (table)', () => {
  const table: [number, number, string][] = [[1e-6, 6, '0.000001'], [8.16523, 4, '8.1652'], [1, 4, '1'], [100, 2, '100'], [100, 0, '100'], [-0.5, 3, '-0.5'], [1e-9, 4, '0']];
  for (const [value, decimals, text] of table) assert.equal(formatFixed(value, decimals), text, `${value} to ${decimals}`);
});
