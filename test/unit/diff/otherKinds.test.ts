/**
 * The diffs of skeletons, meshes and MSH models on planted changes: a translation moved and a
 * bone added; a vertex moved, a normal turned by a known angle, an index changed and a vertex
 * appended; a key turned by a known angle, a key moved and a parent changed. Each against
 * itself is identical.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryByteSource } from '../../../formats/fileAccess';
import { diffMeshes, diffMshFiles, diffSkeletons, isDiffFailure, type DiffFailure } from '../../../formats/diff';
import { writeMesh } from '../../../formats/meshWriter';
import { buildMshModel, type MshModelInput } from '../../../formats/msh/writer';

function ok<T>(result: T | DiffFailure): T {
  if (isDiffFailure(result)) throw new Error(result.failure.message);
  return result;
}

/** A skeleton whose bone b's inverse bind is the identity moved by (0, -b, 0) unless `translation` says otherwise. */
function skeleton(bones: number, translation: (bone: number) => [number, number, number] = (b) => [0, -b, 0]): Uint8Array {
  const bytes = new Uint8Array(8 + bones * 48);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, bones, true);
  for (let bone = 0; bone < bones; bone++) {
    const m = [1, 0, 0, 0, 1, 0, 0, 0, 1, ...translation(bone)];
    m.forEach((v, i) => view.setFloat32(8 + bone * 48 + i * 4, v, true));
  }
  return bytes;
}

test('skeletons: a translation moved by (3, 4, 0) and a bone added', async () => {
  const a = skeleton(3);
  const moved = ok(await diffSkeletons(memoryByteSource(a), memoryByteSource(skeleton(3, (b) => (b === 1 ? [3, 3, 0] : [0, -b, 0])))));
  assert.deepEqual(moved.changedBones, [1]);
  assert.deepEqual(moved.worst.translation, { value: 5, index: 1, frame: -1 });
  assert.deepEqual(moved.worst.element, { value: 4, index: 1, frame: -1 });
  const added = ok(await diffSkeletons(memoryByteSource(a), memoryByteSource(skeleton(4))));
  assert.deepEqual(added.headerChanges.map((c) => [c.field, c.a, c.b]), [['bone count', 3, 4], ['size', 152, 200]]);
  assert.deepEqual([added.changedBones, added.onlyIn.b], [[], { bones: { start: 3, end: 4 } }]);
  assert.equal(ok(await diffSkeletons(memoryByteSource(a), memoryByteSource(a))).identical, true);
});

const triangle = {
  positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]),
  normals: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]),
  uvs: new Float32Array([0, 0, 1, 0, 0, 1]),
  indices: new Uint16Array([0, 1, 2]),
};

test('meshes: a vertex moved, a normal turned 90°, an index changed, a vertex appended', async () => {
  const a = writeMesh(triangle);
  const b = writeMesh({ ...triangle, positions: new Float32Array([0, 0, 0, 1, 0, 0.5, 0, 1, 0]), normals: new Float32Array([0, 0, 1, 0, 0, 1, 1, 0, 0]), indices: new Uint16Array([0, 2, 1]) });
  const d = ok(await diffMeshes(memoryByteSource(a), memoryByteSource(b)));
  assert.deepEqual(d.headerChanges, []);
  assert.equal(d.changedVertices, 2);
  assert.deepEqual(d.worst.position, { value: 0.5, index: 1, frame: -1 });
  assert.deepEqual(d.worst.normalAngle, { value: 90, index: 2, frame: -1 });
  assert.deepEqual([d.changedIndices, d.firstChangedIndex], [2, 1]);
  const longer = writeMesh({ ...triangle, positions: new Float32Array([...triangle.positions, 1, 1, 0]), normals: new Float32Array([...triangle.normals, 0, 0, 1]), uvs: new Float32Array([...triangle.uvs, 1, 1]) });
  const appended = ok(await diffMeshes(memoryByteSource(a), memoryByteSource(longer)));
  assert.deepEqual(appended.onlyIn.b, { vertices: { start: 3, end: 4 } });
  assert.equal(appended.changedVertices, 0);
  const noUv = ok(await diffMeshes(memoryByteSource(a), memoryByteSource(writeMesh({ ...triangle, uvs: undefined }))));
  assert.deepEqual([noUv.a.attributes, noUv.b.attributes], [['UV', 'NORMAL'], ['NORMAL']]);
  assert.equal(ok(await diffMeshes(memoryByteSource(a), memoryByteSource(a))).identical, true);
});

/** Two nodes: a root with two keys and a child with one. */
function model(change: { keyRotation?: [number, number, number, number]; keyPosition?: [number, number, number]; childParent?: number } = {}): Uint8Array {
  const input: MshModelInput = {
    nodes: [
      {
        name: 'root',
        keys: [
          { time: 0, position: [0, 0, 0], rotation: [1, 0, 0, 0] },
          { time: 4, position: change.keyPosition ?? [0, 1, 0], rotation: change.keyRotation ?? [1, 0, 0, 0] },
        ],
      },
      { name: 'arm', parent: change.childParent ?? 0, keys: [{ time: 0, position: [1, 0, 0], rotation: [1, 0, 0, 0] }] },
    ],
  };
  return buildMshModel(input);
}

test('MSH: a key turned 90° about x, a key moved, a parent changed: by node and key', async () => {
  const a = model();
  const half = Math.SQRT1_2;
  const turned = ok(await diffMshFiles(memoryByteSource(a), memoryByteSource(model({ keyRotation: [half, half, 0, 0], keyPosition: [0, 1, 2] }))));
  const [m] = turned.models;
  assert.equal(m.changedKeys, 1);
  assert.deepEqual(m.nodeKeys.map((n) => [n.node, n.name, n.changedKeys, n.rotation.key, n.position.max]), [[0, 'root', 1, 1, 2]]);
  assert.ok(Math.abs(m.worst.rotation.value - 90) < 0.01, String(m.worst.rotation.value));
  assert.deepEqual([m.worst.rotation.index, m.worst.rotation.frame], [0, 1], 'node 0, key 1');
  const reparented = ok(await diffMshFiles(memoryByteSource(a), memoryByteSource(model({ childParent: 0xffff }))));
  assert.deepEqual(reparented.models[0].changedNodes, [{ node: 1, name: 'arm', fields: ['parent'] }]);
  assert.equal(ok(await diffMshFiles(memoryByteSource(a), memoryByteSource(a))).identical, true);
});
