import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeByte, fieldAt, fieldsOfRow, type FileHead } from '../../../formats/describe';
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

test('describeByte: a rotation says word, quaternion, axis-angle, Euler (with order) and the error bound', async () => {
  const d = await describeByte('clip', memoryByteSource(wave1), 37, { frameRate: 30 });
  assert.ok(d);
  assert.equal(d.field.name, 'rotation');
  assert.equal(d.frame, 0);
  assert.equal(d.bone, 2);
  assert.deepEqual(d.raw, { hex: '0x80200BBB', value: 0x80200bbb });
  const q = decodeKeyframe(wave1, 36).rotation;
  assert.deepEqual([d.decoded.x, d.decoded.y, d.decoded.z, d.decoded.w], q);
  assert.equal(d.decoded.eulerOrder, 'XYZ');
  assert.ok(Math.abs((d.decoded.eulerZ as number) - 38.5) < 0.1);
  assert.ok(Math.abs((d.decoded.angleDeg as number) - 38.5) < 0.1);
  assert.deepEqual(d.decoded.fields, [512, 512, 750]);
  assert.equal(d.decoded.dropped, 'w');
  assert.ok((d.decoded.maxAngleErrorDeg as number) > 0.27 && (d.decoded.maxAngleErrorDeg as number) < 0.3);
  assert.ok(d.notes.some((n) => n.includes('XYZ')));
});

test('describeByte: f16 fields, header fields, matrices, vertices, indices, magic', async () => {
  const position = await describeByte('clip', memoryByteSource(wave1), 40, { frameRate: 30 });
  assert.deepEqual(position?.raw, { hex: '0xB7E7', value: 0xb7e7 });
  assert.deepEqual(position?.decoded, { value: -2023 / 4096, bits: 0xb7e7, spacing: 2 ** -12 });
  const frames = await describeByte('clip', memoryByteSource(wave1), 2, { frameRate: 60 });
  assert.equal(frames?.decoded.frameCount, 30);
  assert.equal(frames?.decoded.durationSeconds, 0.5);
  const nan = wave1.slice();
  nan.set([0x00, 0x7e], 42);
  const nanDescription = await describeByte('clip', memoryByteSource(nan), 43, { frameRate: 30 });
  assert.equal(nanDescription?.decoded.value, 'NaN');
  assert.ok(nanDescription?.notes.some((n) => n.includes('Not finite')));

  const matrix = await describeByte('skeleton', memoryByteSource(arm1Skel), 97, { frameRate: 30 });
  assert.equal(matrix?.bone, 1);
  assert.equal(matrix?.decoded.value, -1.5);
  assert.equal(matrix?.decoded.determinant, 1);
  assert.deepEqual(matrix?.decoded.matrix, [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -1.5, 0]);

  const weights = await describeByte('mesh', memoryByteSource(arm1Mesh), 29, { frameRate: 30 });
  assert.equal(weights?.vertex, 0);
  assert.deepEqual(weights?.decoded, { boneWeights: [1, 0, 0, 0] });
  const position0 = await describeByte('mesh', memoryByteSource(arm1Mesh), 12, { frameRate: 30 });
  assert.deepEqual(position0?.decoded, { position: [-1229 / 8192, 0, 1229 / 8192] });
  const nanMesh = arm1Mesh.slice();
  nanMesh.set([0x00, 0x7e], 12);
  const nanPosition = await describeByte('mesh', memoryByteSource(nanMesh), 12, { frameRate: 30 });
  assert.deepEqual(nanPosition?.decoded, { position: `[NaN, 0, ${1229 / 8192}]` });
  assert.ok(nanPosition?.notes.includes('Contains NaN or infinity.'));
  const badIndex = arm1Mesh.slice();
  badIndex.set([200, 0], 12 + 72 * 20);
  const index = await describeByte('mesh', memoryByteSource(badIndex), 12 + 72 * 20, { frameRate: 30 });
  assert.deepEqual(index?.decoded, { index: 0, vertex: 200, vertexCount: 72 });
  assert.ok(index?.notes.some((n) => n.includes('Out of range')));

  const magic = await describeByte('rom', memoryByteSource(rom), 0, { frameRate: 30 });
  assert.deepEqual(magic?.decoded, { magic: 'EWZ\\0', era: 'Emberware Z' });
  assert.equal(await describeByte('rom', memoryByteSource(rom), rom.length, { frameRate: 30 }), undefined);
});
