/** Normals (the mesh's own or computed), wireframe edges and used bones, on crafted and upstream meshes. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESH_HEADER_SIZE, parseMeshHeader } from '../../../formats/mesh';
import { f32ToF16 } from '../../../formats/f16';
import { computeNormals, meshGeometry, triangleEdges, usedBones } from '../../../webview/preview/meshGeometry';
import { upstreamFile } from '../../gpu/clipFixtures';

/** A position-only (format 0) mesh of `positions`, indexed by `indices`. */
function positionMesh(positions: number[][], indices: number[]): { header: ReturnType<typeof parseMeshHeader> & object; vertices: Uint8Array; indices: Uint8Array } {
  const bytes = new Uint8Array(MESH_HEADER_SIZE + positions.length * 8 + indices.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, positions.length, true);
  view.setUint32(4, indices.length, true);
  positions.forEach((p, v) => p.forEach((c, k) => view.setUint16(MESH_HEADER_SIZE + v * 8 + k * 2, f32ToF16(c), true)));
  indices.forEach((i, k) => view.setUint16(MESH_HEADER_SIZE + positions.length * 8 + k * 2, i, true));
  const header = parseMeshHeader(bytes)!;
  return { header, vertices: bytes.subarray(MESH_HEADER_SIZE, MESH_HEADER_SIZE + positions.length * 8), indices: bytes.subarray(MESH_HEADER_SIZE + positions.length * 8) };
}

const near = (got: ArrayLike<number>, want: number[], what: string): void =>
  want.forEach((w, i) => assert.ok(Math.abs(got[i] - w) < 1e-6, `${what}[${i}]: ${got[i]} vs ${w}`));

test('computed normals: a counter-clockwise quad in the xy plane faces +z; a fold averages by area', () => {
  const quad = positionMesh([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], [0, 1, 2, 0, 2, 3]);
  const normals = computeNormals(quad.header, quad.vertices, quad.indices);
  for (let v = 0; v < 4; v++) near(normals.subarray(v * 3, v * 3 + 3), [0, 0, 1], `vertex ${v}`);
  // Two triangles sharing the edge 0-1: one facing +z (area 0.5), one facing +y (area 1).
  const fold = positionMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, -2]], [0, 1, 2, 0, 1, 3]);
  const n = computeNormals(fold.header, fold.vertices, fold.indices);
  const expected = [0, 2, 1].map((c) => c / Math.hypot(0, 2, 1));
  near(n.subarray(0, 3), expected, 'shared vertex (area-weighted)');
  near(n.subarray(6, 9), [0, 0, 1], 'vertex only on the +z triangle');
});

test('an unused vertex gets a zero normal (the shader then lights it as facing the camera)', () => {
  const mesh = positionMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0], [5, 5, 5]], [0, 1, 2]);
  near(computeNormals(mesh.header, mesh.vertices, mesh.indices).subarray(9, 12), [0, 0, 0], 'vertex 3');
});

test('edges: each triangle edge once, shared edges not repeated, degenerate ones dropped', () => {
  const quad = positionMesh([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], [0, 1, 2, 0, 2, 3, 1, 1, 2]);
  assert.deepEqual(Array.from(triangleEdges(quad.header, quad.indices)), [0, 1, 1, 2, 0, 2, 2, 3, 0, 3]);
});

test('upstream arm1 (format 12): its own normals, skinned to bones 0..2', () => {
  const bytes = upstreamFile('multi-skinned-rom/assets/arm1.ewzmesh');
  const header = parseMeshHeader(bytes)!;
  const vertices = bytes.subarray(MESH_HEADER_SIZE, MESH_HEADER_SIZE + header.vertexCount * header.stride);
  const indices = header.indexCount ? bytes.subarray(MESH_HEADER_SIZE + header.vertexCount * header.stride) : undefined;
  const geometry = meshGeometry(header, vertices, indices);
  assert.equal(geometry.normalSource, 'mesh');
  assert.deepEqual(geometry.usedBones, [0, 1, 2]);
  assert.deepEqual(usedBones(header, vertices), [0, 1, 2]);
  for (let v = 0; v < header.vertexCount; v++) {
    const length = Math.hypot(geometry.normals[v * 3], geometry.normals[v * 3 + 1], geometry.normals[v * 3 + 2]);
    assert.ok(Math.abs(length - 1) < 1e-3, `vertex ${v} normal length ${length}`);
  }
  assert.ok(geometry.edges.length > 0 && geometry.edges.length % 2 === 0);
});

test('upstream cube (format 5, no weights): normals from the mesh, no bones used', () => {
  const bytes = upstreamFile('asset-test/assets/cube.ewzmesh');
  const header = parseMeshHeader(bytes)!;
  const vertices = bytes.subarray(MESH_HEADER_SIZE, MESH_HEADER_SIZE + header.vertexCount * header.stride);
  const geometry = meshGeometry(header, vertices, header.indexCount ? bytes.subarray(MESH_HEADER_SIZE + header.vertexCount * header.stride) : undefined);
  assert.equal(geometry.normalSource, 'mesh');
  assert.deepEqual(geometry.usedBones, []);
});
