/**
 * glTF skin -> skeleton (the inverse bind matrices bit for bit, in joint order) and glTF mesh
 * -> native mesh (format bits, merged primitives, octahedral normals, weights summing to 255),
 * each checked by the core's own file checks.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Document } from '@gltf-transform/core';
import {
  checkBytes,
  decodeOctahedral,
  decodeVertex,
  encodeOctahedral,
  inverseBindOffset,
  MESH_FORMAT,
  memoryByteSource,
  parseMeshHeader,
  quantizeWeights,
  readInverseBind,
  vertexOffset,
} from '../../../formats';
import { exportMesh, exportSkeleton } from '../../../formats/gltf';
import { fixture, seededRandom } from './gltfTestKit';

/** The angle between two directions, accurate for tiny angles (acos is not, near 1). */
function angle(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const cross = Math.hypot(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
  return Math.atan2(cross, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
}

async function diagnostics(kind: 'skeleton' | 'mesh', bytes: Uint8Array): Promise<string[]> {
  return (await checkBytes(kind, memoryByteSource(bytes), `x.${kind}`)).diagnostics.map((d) => `${d.code}: ${d.message}`);
}

test('Fox skeleton: the skin\'s inverse bind matrices unchanged, column-major 3x4, in joint order', async () => {
  const doc = await fixture('fox');
  const { bytes, joints, skin, problems } = exportSkeleton(doc);
  assert.deepEqual(skin, { index: 0, name: '' });
  assert.equal(joints.length, 24);
  assert.deepEqual(problems, []);
  assert.deepEqual(await diagnostics('skeleton', bytes), []);
  const source = doc.getRoot().listSkins()[0].getInverseBindMatrices()!;
  for (let bone = 0; bone < 24; bone++) {
    const m = source.getElement(bone, [] as number[]);
    const stored = readInverseBind(bytes, inverseBindOffset(bone));
    const expected = [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14].map((i) => Math.fround(m[i]));
    assert.deepEqual(Array.from(stored), expected, `bone ${bone}`);
  }
});

test('a skin without inverse bind matrices gets identities (the specification\'s default)', () => {
  const doc = new Document();
  const joint = doc.createNode('j');
  doc.createScene().addChild(joint);
  doc.createSkin('S').addJoint(joint);
  const { bytes, problems } = exportSkeleton(doc);
  assert.deepEqual(problems.map((p) => [p.code, p.pointer]), [['gltf/no-inverse-binds', '/skins/0']]);
  assert.deepEqual(Array.from(readInverseBind(bytes, inverseBindOffset(0))), [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
});

test('Fox mesh: UV + skinned, every vertex\'s joints and weights, weights summing to 255', async () => {
  const doc = await fixture('fox');
  const result = exportMesh(doc);
  assert.deepEqual([result.mesh.name, result.format, result.vertexCount, result.indexCount], ['fox1', MESH_FORMAT.UV | MESH_FORMAT.SKINNED, 1728, 1728]);
  assert.deepEqual(await diagnostics('mesh', result.bytes), []);
  const header = parseMeshHeader(result.bytes)!;
  const primitive = doc.getRoot().listMeshes()[0].listPrimitives()[0];
  const [positions, joints, weights, uvs] = ['POSITION', 'JOINTS_0', 'WEIGHTS_0', 'TEXCOORD_0'].map((name) => primitive.getAttribute(name)!);
  for (let v = 0; v < 1728; v++) {
    const vertex = decodeVertex(result.bytes, vertexOffset(header, v), header.format);
    const p = positions.getElement(v, [] as number[]);
    p.forEach((x, i) => assert.ok(Math.abs(vertex.position[i] - x) <= Math.abs(x) * 2 ** -11 + 2 ** -24, `vertex ${v} position`));
    const w = weights.getElement(v, [] as number[]);
    const j = joints.getElement(v, [] as number[]);
    const stored = vertex.boneWeights!.map((x) => Math.round(x * 255));
    assert.equal(stored.reduce((a, b) => a + b, 0), 255, `vertex ${v} weights ${stored}`);
    for (let k = 0; k < 4; k++) {
      if (w[k] > 0) assert.ok(vertex.boneIndices!.includes(j[k]), `vertex ${v} keeps joint ${j[k]}`);
      assert.ok(Math.abs(stored[vertex.boneIndices!.indexOf(j[k])] / 255 - w[k]) <= 1 / 255 || w[k] === 0);
    }
    const uv = uvs.getElement(v, [] as number[]);
    uv.forEach((x, i) => assert.ok(Math.abs(vertex.uv![i] - Math.min(1, Math.max(0, x))) <= 1 / 65535));
  }
});

test('RiggedFigure mesh: normals, skinned, its own indices', async () => {
  const doc = await fixture('riggedFigure');
  const result = exportMesh(doc);
  assert.deepEqual([result.format, result.vertexCount, result.indexCount], [MESH_FORMAT.NORMAL | MESH_FORMAT.SKINNED, 370, 768]);
  assert.deepEqual(await diagnostics('mesh', result.bytes), []);
  const header = parseMeshHeader(result.bytes)!;
  const normals = doc.getRoot().listMeshes()[0].listPrimitives()[0].getAttribute('NORMAL')!;
  let worst = 0;
  for (let v = 0; v < 370; v++) {
    const n = normals.getElement(v, [] as number[]);
    worst = Math.max(worst, angle(decodeVertex(result.bytes, vertexOffset(header, v), header.format).normal!, n));
  }
  assert.ok(worst < 6e-5, `worst normal ${worst} rad`);
});

test('octahedral encoding: the best of the four roundings, within 6e-5 rad of any direction', () => {
  const random = seededRandom(7);
  let worst = 0;
  for (let i = 0; i < 20_000; i++) {
    const n = [random() * 2 - 1, random() * 2 - 1, random() * 2 - 1];
    worst = Math.max(worst, angle(decodeOctahedral(encodeOctahedral(n)), n));
  }
  assert.ok(worst < 6e-5, `${worst} rad`);
  assert.deepEqual(decodeOctahedral(encodeOctahedral([0, 0, -1])), [0, 0, -1]);
});

test('weights: four unorm8 values summing to exactly 255, largest remainders rounded up', () => {
  const out = new Uint8Array(4);
  quantizeWeights([1 / 3, 1 / 3, 1 / 3, 0], out, 0);
  assert.deepEqual(Array.from(out), [85, 85, 85, 0]);
  quantizeWeights([0.5, 0.3, 0.2, 0], out, 0);
  assert.deepEqual(Array.from(out), [128, 76, 51, 0]);
  quantizeWeights([2, 1, 1, 0], out, 0); // any sum: normalised first; 127.5, 63.75, 63.75
  assert.deepEqual(Array.from(out), [127, 64, 64, 0]);
  quantizeWeights([0, 0, 0, 0], out, 0);
  assert.deepEqual(Array.from(out), [0, 0, 0, 0]);
});

test('mesh attributes the format cannot hold: UVs clamped, a fifth influence dropped, lines skipped', async () => {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const accessor = (type: 'VEC2' | 'VEC3' | 'VEC4', values: number[], array: 'f32' | 'u8' = 'f32') =>
    doc.createAccessor().setType(type).setArray(array === 'u8' ? new Uint8Array(values) : new Float32Array(values)).setBuffer(buffer);
  const triangle = doc.createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', [0, 0, 0, 1, 0, 0, 0, 1, 0]))
    .setAttribute('TEXCOORD_0', accessor('VEC2', [0, 0, 2, 0, 0, -1]))
    .setAttribute('JOINTS_0', accessor('VEC4', [0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0], 'u8'))
    .setAttribute('WEIGHTS_0', accessor('VEC4', [0.3, 0.2, 0.2, 0.1, 1, 0, 0, 0, 1, 0, 0, 0]))
    .setAttribute('JOINTS_1', accessor('VEC4', [4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 'u8'))
    .setAttribute('WEIGHTS_1', accessor('VEC4', [0.2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
  const lines = doc.createPrimitive().setMode(1).setAttribute('POSITION', accessor('VEC3', [0, 0, 0, 1, 1, 1]));
  doc.createMesh('M').addPrimitive(triangle).addPrimitive(lines);
  const result = exportMesh(doc);
  assert.deepEqual(result.problems.map((p) => [p.code, p.pointer, p.message]), [
    ['gltf/mesh-attribute', '/meshes/0/primitives/1', 'This primitive draws mode 1 (points or lines), which the console\'s meshes cannot: skipped.'],
    ['gltf/mesh-attribute', '/meshes/0', '2 UV components lie outside 0..1 and were clamped (the format stores UVs as unorm16; tiling textures need their UVs folded first).'],
    ['gltf/mesh-attribute', '/meshes/0', '1 vertices have more than 4 influences: the 4 largest are kept and their weights renormalised.'],
  ]);
  const header = parseMeshHeader(result.bytes)!;
  const first = decodeVertex(result.bytes, vertexOffset(header, 0), header.format);
  // Joints 0, 1 or 2 and 4 (0.3, 0.2, 0.2, 0.2): joint 3 (0.1) is dropped.
  assert.deepEqual([...first.boneIndices!].sort(), [0, 1, 2, 4].filter((j) => first.boneIndices!.includes(j)).sort());
  assert.ok(!first.boneIndices!.includes(3));
  assert.deepEqual(decodeVertex(result.bytes, vertexOffset(header, 1), header.format).uv, [1, 0]);
});
