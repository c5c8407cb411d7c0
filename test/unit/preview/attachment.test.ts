/**
 * A mesh attached to a bone: its matrix is the bone's model matrix times the offset, checked
 * against matrices worked out by hand, and the box's lines land where those matrices put its
 * corners.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { attachmentLines, attachmentMatrix, BOX_SHAPE, type AttachmentOffset } from '../../../webview/preview/layers/attachment';
import { BONE_OUTPUT_FLOATS } from '../../../webview/preview/pose';
import { GRID_VERTEX_FLOATS } from '../../../webview/preview/grid';

const S = Math.SQRT1_2;

/** A pose buffer whose bone 1 has the model matrix `rows` (row-major 3x4); bone 0 is the identity. */
function pose(rows: number[]): Float32Array {
  const out = new Float32Array(2 * BONE_OUTPUT_FLOATS);
  out.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0], 0);
  out.set(rows, BONE_OUTPUT_FLOATS);
  return out;
}

/** Column-major 4x4 back to row-major 3x4 rows. */
const rowsOf = (m: ArrayLike<number>): number[] => [0, 1, 2].flatMap((r) => [m[r], m[4 + r], m[8 + r], m[12 + r]]);

const near = (actual: number[], expected: number[], what: string): void =>
  actual.forEach((v, i) => assert.ok(Math.abs(v - expected[i]) < 1e-5, `${what}[${i}]: ${v}, expected ${expected[i]} (all: ${actual.map((x) => x.toFixed(3)).join(' ')})`));

describe('attachment matrix = bone model x translate x rotate x scale', () => {
  // Bone 1: 90° about Z, at (1, 2, 3).
  const BONE = [0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3];
  const rows: { name: string; offset: AttachmentOffset; expected: number[] }[] = [
    { name: 'no offset: the bone\'s own matrix', offset: { position: [0, 0, 0], rotation: [0, 0, 0, 1], scale: 1 }, expected: BONE },
    // The bone turns the offset's +x into +y: (1, 2, 3) + (0, 0.5, 0).
    { name: 'moved 0.5 along the bone\'s x', offset: { position: [0.5, 0, 0], rotation: [0, 0, 0, 1], scale: 1 }, expected: [0, -1, 0, 1, 1, 0, 0, 2.5, 0, 0, 1, 3] },
    // Rz(90) x Ry(90) x 2: rows (0 -2 0), (0 0 2), (-2 0 0).
    { name: 'moved 0.5 along x, turned 90° about y, scale 2', offset: { position: [0.5, 0, 0], rotation: [0, S, 0, S], scale: 2 }, expected: [0, -2, 0, 1, 0, 0, 2, 2.5, -2, 0, 0, 3] },
    // A rotation stored unnormalised is normalised (mix files are checked; the UI's fields are not).
    { name: 'a quaternion of length 2 is normalised', offset: { position: [0, 0, 0], rotation: [0, 0, 0, 2], scale: 1 }, expected: BONE },
  ];
  for (const row of rows) {
    it(row.name, () => near(rowsOf(attachmentMatrix(pose(BONE), 1, row.offset)), row.expected, 'matrix'));
  }

  it('bone 0 (identity) with an offset is the offset alone', () => {
    near(rowsOf(attachmentMatrix(pose(BONE), 0, { position: [1, 2, 3], rotation: [0, 0, 0, 1], scale: 0.5 })), [0.5, 0, 0, 1, 0, 0.5, 0, 2, 0, 0, 0.5, 3], 'matrix');
  });
});

describe('attachment lines', () => {
  it('the box: 12 edges; corner (0.5, 0.5, 0.5) under the worked matrix lands at (0, 3.5, 2), in the colour given', () => {
    const m = attachmentMatrix(pose([0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3]), 1, { position: [0.5, 0, 0], rotation: [0, S, 0, S], scale: 2 });
    const lines = attachmentLines(BOX_SHAPE, m, [1, 0.5, 0]);
    assert.equal(lines.length, 24 * GRID_VERTEX_FLOATS);
    // Edge 3-7 ends at corner 7 (+x +y +z): the 24th vertex.
    near(Array.from(lines.subarray(23 * GRID_VERTEX_FLOATS, 24 * GRID_VERTEX_FLOATS)), [0, 3.5, 2, 1, 0.5, 0], 'corner 7');
    // Corner 0 (-0.5, -0.5, -0.5): (0 + 1 + 1, 0 - 1 + 2.5, 1 + 0 + 3) = (2, 1.5, 4).
    near(Array.from(lines.subarray(0, 3)), [2, 1.5, 4], 'corner 0');
  });
});
