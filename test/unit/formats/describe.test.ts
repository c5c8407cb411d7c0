import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeByte, fieldAt, fieldsOfRow, type DecodedValue, type FileHead } from '../../../formats/describe';
import { decodeKeyframe } from '../../../formats/clip';
import { memoryByteSource } from '../../../formats/fileAccess';
import type { AssetKind } from '../../../formats/fileKinds';
import { upstreamFile } from '../../gpu/clipFixtures';

const head = (bytes: Uint8Array): FileHead => ({ first16: bytes.subarray(0, 16), size: bytes.length });
const wave1 = upstreamFile('multi-skinned-rom/assets/wave1.ewzanim');
const arm1Skel = upstreamFile('multi-skinned-rom/assets/arm1.ewzskel');
const arm1Mesh = upstreamFile('multi-skinned-rom/assets/arm1.ewzmesh');
const rom = upstreamFile('cube/cube.ewz');

test('fieldAt names every byte of every kind', () => {
  const truncated = wave1.slice(0, 1000);
  const trailing = new Uint8Array(1450);
  trailing.set(wave1);
  const zeroBones = new Uint8Array([0, 0, 5, 0, 1, 2, 3]);
  const legacy = new Uint8Array(16 + 48);
  legacy.set([1, 0, 0, 0, 1, 0, 0, 0]);
  const table: [AssetKind, Uint8Array, number, string, number, number, object?][] = [
    ['clip', wave1, 0, 'header.boneCount', 0, 1],
    ['clip', wave1, 1, 'header.flags', 1, 2],
    ['clip', wave1, 3, 'header.frameCount', 2, 4],
    ['clip', wave1, 4, 'rotation', 4, 8, { frame: 0, bone: 0 }],
    ['clip', wave1, 9, 'position.x', 8, 10, { frame: 0, bone: 0 }],
    ['clip', wave1, 19, 'scale.z', 18, 20, { frame: 0, bone: 0 }],
    ['clip', wave1, 1443, 'scale.z', 1442, 1444, { frame: 29, bone: 2 }],
    ['clip', truncated, 999, 'rotation', 996, 1000, { frame: 20, bone: 2 }],
    ['clip', trailing, 1445, 'trailing', 1444, 1450],
    ['clip', zeroBones, 5, 'body', 4, 7],
    ['clip', legacy, 3, 'legacy.header', 0, 16],
    ['clip', legacy, 40, 'body', 16, 64],
    ['clip', new Uint8Array(3), 1, 'body', 0, 3],
    ['skeleton', arm1Skel, 2, 'header.boneCount', 0, 4],
    ['skeleton', arm1Skel, 5, 'header.reserved', 4, 8],
    ['skeleton', arm1Skel, 8, 'ibm.c0.x', 8, 12, { bone: 0 }],
    ['skeleton', arm1Skel, 99, 'ibm.t.y', 96, 100, { bone: 1 }],
    ['mesh', arm1Mesh, 8, 'header.format', 8, 9],
    ['mesh', arm1Mesh, 10, 'header.padding', 9, 12],
    ['mesh', arm1Mesh, 12, 'vertex.position', 12, 20, { vertex: 0 }],
    ['mesh', arm1Mesh, 21, 'vertex.normal', 20, 24, { vertex: 0 }],
    ['mesh', arm1Mesh, 24, 'vertex.boneIndices', 24, 28, { vertex: 0 }],
    ['mesh', arm1Mesh, 31, 'vertex.boneWeights', 28, 32, { vertex: 0 }],
    ['mesh', arm1Mesh, 12 + 72 * 20 + 3, 'index', 12 + 72 * 20 + 2, 12 + 72 * 20 + 4, { index: 1 }],
    ['rom', rom, 2, 'magic', 0, 4],
    ['rom', rom, 100, 'body', 4, rom.length],
  ];
  for (const [kind, bytes, offset, name, start, end, extra] of table) {
    const field = fieldAt(kind, head(bytes), offset);
    assert.ok(field, `${kind}@${offset}`);
    assert.equal(field.name, name, `${kind}@${offset}`);
    assert.deepEqual(field.range, { start, end }, `${kind}@${offset} ${name}`);
    for (const [key, value] of Object.entries(extra ?? {})) assert.equal((field as unknown as Record<string, unknown>)[key], value, `${kind}@${offset} ${key}`);
  }
  assert.equal(fieldAt('clip', head(wave1), 1444), undefined);
  assert.equal(fieldAt('clip', head(wave1), -1), undefined);
  assert.equal(fieldAt('manifest', head(wave1), 0), undefined);
});

test('fieldsOfRow: the header row, a keyframe row, a matrix row', () => {
  assert.deepEqual(fieldsOfRow('clip', head(wave1), 0).map((f) => f.name), ['header.boneCount', 'header.flags', 'header.frameCount']);
  const row = fieldsOfRow('clip', head(wave1), 36);
  assert.deepEqual(row.map((f) => [f.name, f.fieldType, f.range.start]), [
    ['rotation', 'rotation', 36], ['position.x', 'position', 40], ['position.y', 'position', 42], ['position.z', 'position', 44],
    ['scale.x', 'scale', 46], ['scale.y', 'scale', 48], ['scale.z', 'scale', 50],
  ]);
  const matrixRow = fieldsOfRow('skeleton', head(arm1Skel), 56, 104);
  assert.equal(matrixRow.length, 12);
  assert.equal(matrixRow[11].name, 'ibm.t.z');
  assert.deepEqual(fieldsOfRow('skeleton', head(arm1Skel), 0).map((f) => f.name), ['header.boneCount', 'header.reserved']);
  assert.deepEqual(fieldsOfRow('clip', head(new Uint8Array([0, 0, 0, 0, 9, 9])), 4).map((f) => f.fieldType), ['body']);
});

test('describeByte: a rotation is a typed rotation: word, quaternion, axis-angle, Euler (with order) and the error bound', async () => {
  const d = await describeByte('clip', memoryByteSource(wave1), 37, { frameRate: 30 });
  assert.ok(d);
  assert.equal(d.field.name, 'rotation');
  assert.equal(d.frame, 0);
  assert.equal(d.bone, 2);
  assert.deepEqual(d.raw, { hex: '0x80200BBB', value: 0x80200bbb });
  assert.equal(d.decoded.kind, 'rotation');
  if (d.decoded.kind !== 'rotation') return;
  assert.deepEqual(d.decoded.quaternion, decodeKeyframe(wave1, 36).rotation);
  assert.equal(d.decoded.word, 0x80200bbb);
  assert.equal(d.decoded.euler.order, 'XYZ');
  assert.ok(Math.abs(d.decoded.euler.z - 38.5) < 0.1);
  assert.ok(Math.abs(d.decoded.angleDeg - 38.5) < 0.1);
  assert.deepEqual(d.decoded.storedFields, [512, 512, 750]);
  assert.equal(d.decoded.dropped, 'w');
  assert.equal(d.decoded.nonUnit, false);
  assert.ok(d.decoded.maxAngleErrorDeg > 0.27 && d.decoded.maxAngleErrorDeg < 0.3);
  assert.deepEqual(d.notes, [], 'a unit rotation has no findings');
});

test('describeByte: one typed variant per field kind (table)', async () => {
  const nanClip = wave1.slice();
  nanClip.set([0x00, 0x7e], 42);
  const nanMesh = arm1Mesh.slice();
  nanMesh.set([0x00, 0x7e], 12);
  const badIndex = arm1Mesh.slice();
  badIndex.set([200, 0], 12 + 72 * 20);
  const trailing = new Uint8Array(1450);
  trailing.set(wave1);
  trailing[1447] = 0xab;
  const table: [name: string, kind: AssetKind, bytes: Uint8Array, offset: number, decoded: DecodedValue, notes?: RegExp][] = [
    ['position f16', 'clip', wave1, 40, { kind: 'half', component: 'position', axis: 'x', bits: 0xb7e7, value: -2023 / 4096, spacing: 2 ** -12 }],
    ['position y planted as NaN', 'clip', nanClip, 43, { kind: 'half', component: 'position', axis: 'y', bits: 0x7e00, value: 'NaN', spacing: 'NaN' }, /Not finite/],
    ['frame count at 60 fps', 'clip', wave1, 2, { kind: 'header', field: 'frameCount', value: 30, frameRate: 60, durationSeconds: 0.5, expectedSize: 1444 }],
    ['bone count', 'clip', wave1, 0, { kind: 'header', field: 'boneCount', value: 3, unit: 'frame', limit: 255 }],
    ['flags', 'clip', wave1, 1, { kind: 'header', field: 'flags', value: 0 }],
    ['trailing byte', 'clip', trailing, 1447, { kind: 'region', region: 'trailing', value: 0xab }, /Beyond the size/],
    ['skeleton reserved', 'skeleton', arm1Skel, 5, { kind: 'header', field: 'reserved', value: 0 }],
    [
      'matrix cell with its matrix',
      'skeleton', arm1Skel, 97,
      { kind: 'matrixCell', column: 't', axis: 'y', value: -1.5, matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -1.5, 0], determinant: 1 },
    ],
    ['vertex weights', 'mesh', arm1Mesh, 29, { kind: 'vertex', attribute: 'boneWeights', values: [1, 0, 0, 0] }],
    ['vertex position', 'mesh', arm1Mesh, 12, { kind: 'vertex', attribute: 'position', values: [-1229 / 8192, 0, 1229 / 8192] }],
    ['vertex position with NaN', 'mesh', nanMesh, 12, { kind: 'vertex', attribute: 'position', values: ['NaN', 0, 1229 / 8192] }, /NaN or infinity/],
    ['mesh format', 'mesh', arm1Mesh, 8, { kind: 'header', field: 'format', value: 12, flags: ['NORMAL', 'SKINNED'] }],
    ['index out of range', 'mesh', badIndex, 12 + 72 * 20, { kind: 'index', index: 0, vertex: 200, vertexCount: 72 }, /Out of range/],
    ['ROM magic', 'rom', rom, 0, { kind: 'magic', magic: 'EWZ\\0', era: 'Emberware Z' }],
    ['truncated rotation', 'clip', wave1.slice(0, 998), 997, { kind: 'truncated', present: 2, needed: 4 }, /Only 2 of this field's 4 bytes/],
  ];
  for (const [name, kind, bytes, offset, decoded, notes] of table) {
    const d = await describeByte(kind, memoryByteSource(bytes), offset, { frameRate: name.includes('60') ? 60 : 30 });
    assert.deepEqual(d?.decoded, decoded, name);
    if (notes) assert.ok(d?.notes.some((n) => notes.test(n)), `${name}: ${d?.notes}`);
    else assert.deepEqual(d?.notes, [], `${name}: no findings`);
  }
  assert.equal(await describeByte('rom', memoryByteSource(rom), rom.length, { frameRate: 30 }), undefined);
});

test('a description survives JSON (the LSP and webview wire): NaN travels as a string', async () => {
  const nanClip = wave1.slice();
  nanClip.set([0x00, 0x7e], 42);
  const d = await describeByte('clip', memoryByteSource(nanClip), 42, { frameRate: 30 });
  assert.deepEqual(JSON.parse(JSON.stringify(d)), d);
});
