/** The preview's small pure helpers: timeline tick spacing, the frames Fit poses, theme colours, the readout's columns, Fit's distance. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mat4, vec4 } from 'gl-matrix';
import { column, transformLines } from '../../../webview/preview/boneList';
import { sampledFrames } from '../../../webview/preview/bounds';
import { OrbitCamera } from '../../../webview/preview/camera';
import { MESH_BASE, parseCssColor, themePalette } from '../../../webview/preview/theme';
import { tickStep } from '../../../webview/preview/timeline';

test('tickStep: one tick per frame where they fit, else 2, 5, 10, 20, 50... frames', () => {
  const rows: [number, number, number, number][] = [
    // frames, width in px, minimum spacing, step
    [30, 600, 5, 1],
    [60, 200, 5, 2],
    [600, 600, 5, 5],
    [65535, 800, 5, 500],
    [60, 200, 44, 20],
    [1, 200, 5, 1],
  ];
  for (const [frames, width, min, step] of rows) assert.equal(tickStep(frames, width, min), step, JSON.stringify({ frames, width, min }));
});

test('sampledFrames: every frame of a short clip; evenly spread with first and last for a long one', () => {
  assert.deepEqual(sampledFrames(4), [0, 1, 2, 3]);
  const long = sampledFrames(65535, 240);
  assert.equal(long.length, 240);
  assert.equal(long[0], 0);
  assert.equal(long[239], 65534);
  assert.ok(long.every((f, i) => i === 0 || f > long[i - 1]));
});

test('theme palette: the same mesh colour in both themes, grid lines towards the foreground, a brighter fill on light', () => {
  const dark = themePalette([0.12, 0.12, 0.12], [0.8, 0.8, 0.8]);
  const light = themePalette([1, 1, 1], [0.23, 0.23, 0.23]);
  assert.deepEqual(dark.base, MESH_BASE);
  assert.deepEqual(light.base, MESH_BASE);
  assert.ok(dark.gridMajor[0] > dark.background[0] && light.gridMajor[0] < light.background[0]);
  assert.ok(light.sky[0] > dark.sky[0] && light.ground[0] > dark.ground[0]);
  assert.deepEqual(parseCssColor('rgb(31, 31, 31)'), [31 / 255, 31 / 255, 31 / 255]);
  assert.deepEqual(parseCssColor('#ff8000'), [1, 128 / 255, 0]);
  assert.equal(parseCssColor('transparent'), undefined);
});

test('the bone readout keeps fixed columns (no wrapping into noise)', () => {
  assert.equal(column(1), '  1.0000');
  assert.equal(column(-0.000691), ' -0.0007');
  assert.equal(column(-0), ' -0.0000');
  assert.equal(column(65504), ' 6.55e+4');
  assert.equal(column(Infinity), 'Infinity');
  // Each component a cell of one width (the page wraps whole cells when the panel is narrow).
  assert.deepEqual(transformLines({ rotation: [0.000691, -0.5, 0.5, 0.7071], position: [1.5, -20, 0], scale: [1, 1, 1] }), [
    { name: 'rotation', cells: ['x  0.0007', 'y -0.5000', 'z  0.5000', 'w  0.7071'] },
    { name: 'position', cells: ['x  1.5000', 'y-20.0000', 'z  0.0000'] },
    { name: 'scale', cells: ['x  1.0000', 'y  1.0000', 'z  1.0000'] },
  ]);
});

test('Fit: every corner of the box projects inside the view, and one touches the edge (with the 5% margin)', () => {
  const bounds = { min: [-1, 0, -0.5] as [number, number, number], max: [1, 3, 0.5] as [number, number, number] };
  for (const aspect of [0.5, 1, 2]) {
    const camera = new OrbitCamera();
    camera.fit(bounds, aspect);
    const vp = camera.viewProjection(aspect, false);
    let extent = 0;
    for (let corner = 0; corner < 8; corner++) {
      const p = [0, 1, 2].map((i) => ((corner >> i) & 1 ? bounds.max[i] : bounds.min[i]));
      const clip = vec4.transformMat4(vec4.create(), vec4.fromValues(p[0], p[1], p[2], 1), vp as unknown as mat4);
      extent = Math.max(extent, Math.abs(clip[0] / clip[3]), Math.abs(clip[1] / clip[3]));
    }
    assert.ok(extent <= 1 && extent > 0.9, `aspect ${aspect}: the box spans ${extent} of the half-view`);
  }
});
