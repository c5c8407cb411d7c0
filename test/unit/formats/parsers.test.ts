import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESH_HEADER_SIZE, decodeOctahedral, decodeVertex, indexOffset, meshStride, parseMeshHeader, vertexOffset } from '../../../formats/mesh';
import { MESH_FORMAT } from '../../../formats/records';
import { readRomMagic, printableMagic } from '../../../formats/rom';
import { inverseBindDeterminant, inverseBindOffset, inverseBindToRowMajor, parseSkeletonHeader, readInverseBind } from '../../../formats/skeleton';
import { readU16LE } from '../../../formats/bytes';
import { upstreamFile } from '../../gpu/clipFixtures';

test('upstream skeletons: headers and inverse bind matrices (column-major as stored)', () => {
  const table: [string, number, number[][]][] = [
    ['multi-skinned-rom/assets/arm1.ewzskel', 3, [[0, 0, 0], [0, -1.5, 0], [0, -3, 0]]],
    ['multi-skinned-rom/assets/arm2.ewzskel', 4, [[0, 0, 0], [-1, 0, 0], [-2, 0, 0], [-3, 0, 0]]],
  ];
  for (const [path, bones, translations] of table) {
    const bytes = upstreamFile(path);
    const header = parseSkeletonHeader(bytes)!;
    assert.deepEqual(header, { boneCount: bones, reserved: 0, expectedSize: 8 + bones * 48 });
    assert.equal(bytes.length, header.expectedSize);
    for (let bone = 0; bone < bones; bone++) {
      const m = readInverseBind(bytes, inverseBindOffset(bone));
      assert.deepEqual([...m.subarray(0, 9)], [1, 0, 0, 0, 1, 0, 0, 0, 1], `${path} bone ${bone} 3x3`);
      assert.deepEqual([...m.subarray(9)], translations[bone], `${path} bone ${bone} t`);
      assert.equal(inverseBindDeterminant(m), 1);
    }
  }
});

test('inverseBindToRowMajor transposes the stored columns into rows with t last', () => {
  const stored = new Float32Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]); // c0, c1, c2, t
  assert.deepEqual([...inverseBindToRowMajor(stored)], [1, 4, 7, 10, 2, 5, 8, 11, 3, 6, 9, 12]);
  assert.equal(inverseBindDeterminant([2, 0, 0, 0, 3, 0, 0, 0, 4, 9, 9, 9]), 24);
  assert.equal(inverseBindDeterminant([1, 2, 3, 2, 4, 6, 0, 0, 1, 0, 0, 0]), 0);
});

test('meshStride follows the format bits', () => {
  const table: [number, number][] = [[0, 8], [MESH_FORMAT.UV, 12], [5, 16], [12, 20], [15, 28], [31, 32]];
  for (const [format, stride] of table) assert.equal(meshStride(format), stride, `format ${format}`);
});

test('upstream meshes: headers, sizes and first vertices', () => {
  const cube = upstreamFile('asset-test/assets/cube.ewzmesh');
  const header = parseMeshHeader(cube)!;
  assert.deepEqual(header, { vertexCount: 36, indexCount: 36, format: 5, stride: 16, expectedSize: 12 + 36 * 16 + 36 * 2 });
  assert.equal(cube.length, header.expectedSize);
  assert.deepEqual(decodeVertex(cube, vertexOffset(header, 0), header.format), { position: [-0.5, -0.5, 0.5], uv: [0, 0], normal: [0, 0, 1] });
  assert.deepEqual(decodeVertex(cube, vertexOffset(header, 1), header.format).uv, [1, 0]);
  for (let i = 0; i < header.indexCount; i++) assert.ok(readU16LE(cube, indexOffset(header, i)) < header.vertexCount);

  const arm = upstreamFile('multi-skinned-rom/assets/arm1.ewzmesh');
  const armHeader = parseMeshHeader(arm)!;
  assert.deepEqual(armHeader, { vertexCount: 72, indexCount: 108, format: 12, stride: 20, expectedSize: 12 + 72 * 20 + 108 * 2 });
  assert.equal(arm.length, armHeader.expectedSize);
  // cdb0 0000 cd30 003c | 0000 0000 | 00 00 00 00 | ff 00 00 00
  const v0 = decodeVertex(arm, MESH_HEADER_SIZE, 12);
  assert.deepEqual(v0, { position: [-1229 / 8192, 0, 1229 / 8192], normal: [0, 0, 1], boneIndices: [0, 0, 0, 0], boneWeights: [1, 0, 0, 0] });
});

test('octahedral decode: axes and the folded lower hemisphere', () => {
  const pack = (u: number, v: number): number => ((u & 0xffff) | ((v & 0xffff) << 16)) >>> 0;
  const table: [number, number, number[]][] = [
    [0, 0, [0, 0, 1]],
    [32767, 0, [1, 0, 0]],
    [-32767, 0, [-1, 0, 0]],
    [0, 32767, [0, 1, 0]],
    [32767, 32767, [0, 0, -1]], // corner of the square folds to -Z
  ];
  for (const [u, v, expected] of table) {
    const n = decodeOctahedral(pack(u, v));
    n.forEach((c, i) => assert.ok(Math.abs(c - expected[i]) < 1e-6, `${u},${v} -> ${n}`));
  }
  const tangent = new Uint8Array(12 + 8 + 4 + 4);
  new DataView(tangent.buffer).setUint32(12 + 8 + 4, pack(32767, 0) | 0x10000, true);
  const decoded = decodeVertex(tangent, 12, MESH_FORMAT.NORMAL | MESH_FORMAT.TANGENT);
  assert.equal(decoded.tangent?.handedness, -1);
  assert.ok(Math.abs((decoded.tangent?.direction[0] ?? 0) - 1) < 1e-4);
});

test('ROM magic: the upstream ROMs and the three known magics', () => {
  for (const path of ['cube/cube.ewz', 'multi-skinned-rom/multi-skinned-rom.ewz']) assert.equal(readRomMagic(upstreamFile(path)), 'EWZ\0');
  const bytes = (s: string): Uint8Array => new Uint8Array([...s].map((c) => c.charCodeAt(0)));
  assert.equal(readRomMagic(bytes('EWZX....')), 'EWZX');
  assert.equal(readRomMagic(bytes('NCZX')), 'NCZX');
  assert.equal(readRomMagic(bytes('NCZ')), undefined);
  assert.equal(readRomMagic(bytes('\x7fELF')), undefined);
  assert.equal(printableMagic(bytes('EWZ\0')), 'EWZ\\0');
  assert.equal(printableMagic(bytes('\x7fELF')), '\\x7FELF');
});
