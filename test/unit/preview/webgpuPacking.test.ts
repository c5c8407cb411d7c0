/**
 * The WebGPU renderer's CPU-side packing: the View uniform as view.wgsl reads it (offsets of the
 * WGSL struct, bones as i32), and a texture's padded BGRA/RGBA rows read back as RGBA.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JOINT_RADIUS, type ViewState } from '../../../webview/preview/renderer';
import { unpadRows } from '../../../webview/preview/webgpu/readback';
import { packViewUniform, VIEW_BYTES } from '../../../webview/preview/webgpu/viewUniform';

const rgb = (r: number, g: number, b: number): [number, number, number] => [r, g, b];

test('the View uniform: matrix, light, eye, gizmo length and joint radius, bones as i32, five palette colours', () => {
  const view: ViewState = {
    viewProjection: Float32Array.from({ length: 16 }, (_, i) => i + 1),
    light: [0.5, 0.25, 1],
    eye: [3, 4, 5],
    gizmoLength: 2,
    selectedBone: 7,
    hoveredBone: -1,
    palette: { background: rgb(9, 9, 9), base: rgb(0.1, 0.2, 0.3), sky: rgb(0.4, 0.5, 0.6), ground: rgb(0.7, 0.8, 0.9), wire: rgb(1, 0, 0), joint: rgb(0, 1, 0), gridMajor: rgb(9, 9, 9), gridMinor: rgb(9, 9, 9), ghost: rgb(9, 9, 9) },
    show: { mesh: true, wireframe: false, bones: true, axes: false, grid: true },
  };
  assert.equal(VIEW_BYTES, 208);
  const data = new ArrayBuffer(VIEW_BYTES);
  packViewUniform(view, data);
  const f = new Float32Array(data);
  const i = new Int32Array(data);
  assert.deepEqual([...f.subarray(0, 16)], [...view.viewProjection]);
  assert.deepEqual([...f.subarray(16, 28)], [0.5, 0.25, 1, 0, 3, 4, 5, 1, 2, Math.fround(2 * JOINT_RADIUS), 0, 0]);
  assert.deepEqual([...i.subarray(28, 32)], [7, -1, 0, 0]);
  const palette = [...f.subarray(32, 52)].map((v) => Math.round(v * 10) / 10);
  assert.deepEqual(palette, [0.1, 0.2, 0.3, 1, 0.4, 0.5, 0.6, 1, 0.7, 0.8, 0.9, 1, 1, 0, 0, 1, 0, 1, 0, 1]);
});

test('read-back rows: the 256-byte row padding dropped, BGRA swapped to RGBA, alpha made opaque', () => {
  // 2 x 2 pixels, rows padded to 12 bytes.
  const padded = Uint8Array.of(
    10, 20, 30, 0, 40, 50, 60, 0, 99, 99, 99, 99,
    70, 80, 90, 0, 1, 2, 3, 0, 99, 99, 99, 99,
  );
  assert.deepEqual([...unpadRows(padded, 2, 2, 12, false)], [10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255, 1, 2, 3, 255]);
  assert.deepEqual([...unpadRows(padded, 2, 2, 12, true)], [30, 20, 10, 255, 60, 50, 40, 255, 90, 80, 70, 255, 3, 2, 1, 255]);
});
