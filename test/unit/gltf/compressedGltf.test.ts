/**
 * Compressed glTF reads with the official decoders (draco3dgltf, meshoptimizer) and exports the
 * same clip as its uncompressed source. The fixtures are compressed here, as
 * `gltf-transform draco` / `gltf-transform meshopt` do (the CLI's own functions and encoders),
 * then read back through the reader the CLI and the extension use: the clip is bit-identical.
 * Meshopt runs at `--level medium` (quantised meshes, lossless animation keys); its default,
 * `high`, also filters the animation's keys lossily, and the clip then carries that error.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document } from '@gltf-transform/core';
import { mat4, vec3 } from 'gl-matrix';
import { exportAnimationBytes, GltfReadError, readGltfBytes } from '../../../formats/gltf';
import { nodeGltfDecoders } from '../../../node/gltf/decoders';
import { compressedGlb, type Compression } from './compressedGlb';
import { fixture, type FIXTURE_FILES } from './gltfTestKit';

function usedExtensions(glb: Uint8Array): string[] {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + view.getUint32(12, true)))) as { extensionsRequired?: string[] };
  return json.extensionsRequired ?? [];
}

/**
 * Every skinned primitive's positions in the bind pose, as a renderer places them: the first
 * joint's world matrix times its inverse bind matrix times the stored position. (Meshopt's
 * quantisation stores positions as integers and moves the dequantising transform into the
 * inverse bind matrices; only this product is comparable.)
 */
function bindPosePositions(document: Document): number[][] {
  return document.getRoot().listNodes().filter((node) => node.getMesh() && node.getSkin()).flatMap((node) => {
    const skin = node.getSkin()!;
    const joints = skin.listJoints();
    const inverseBinds = skin.getInverseBindMatrices()!;
    return node.getMesh()!.listPrimitives().map((primitive) => {
      const positions = primitive.getAttribute('POSITION')!;
      const jointIds = primitive.getAttribute('JOINTS_0')!;
      return Array.from({ length: positions.getCount() }, (_, i) => {
        const joint = jointIds.getElement(i, [])[0];
        const matrix = mat4.multiply(mat4.create(), joints[joint].getWorldMatrix() as unknown as mat4, inverseBinds.getElement(joint, []) as unknown as mat4);
        const p = vec3.transformMat4(vec3.create(), positions.getElement(i, []) as unknown as vec3, matrix);
        return [p[0], p[1], p[2]];
      }).flat();
    });
  });
}

/** The largest distance from a vertex of `decoded` to the nearest vertex of `source` (vertex order may change). */
function worstVertexDistance(source: number[], decoded: number[]): number {
  let worst = 0;
  for (let i = 0; i < decoded.length; i += 3) {
    let nearest = Infinity;
    for (let j = 0; j < source.length; j += 3) nearest = Math.min(nearest, Math.hypot(decoded[i] - source[j], decoded[i + 1] - source[j + 1], decoded[i + 2] - source[j + 2]));
    worst = Math.max(worst, nearest);
  }
  return worst;
}

/** 14-bit position quantisation (both compressions' default) over the primitive's extent: half a step per axis. */
function quantisationBound(source: number[], bits = 14): number {
  let extent = 0;
  for (let axis = 0; axis < 3; axis++) {
    const values = source.filter((_, i) => i % 3 === axis);
    extent = Math.max(extent, Math.max(...values) - Math.min(...values));
  }
  return (Math.sqrt(3) * extent) / ((1 << bits) - 1);
}

const CASES: { name: keyof typeof FIXTURE_FILES; compression: Compression }[] = [
  { name: 'riggedSimple', compression: 'draco' },
  { name: 'riggedSimple', compression: 'meshopt' },
  { name: 'riggedFigure', compression: 'draco' },
  { name: 'riggedFigure', compression: 'meshopt' },
  { name: 'fox', compression: 'draco' },
  { name: 'fox', compression: 'meshopt' },
];

for (const { name, compression } of CASES) {
  test(`${name} compressed with ${compression}: the same clip bytes as the uncompressed file, bind-pose positions within the quantisation`, async () => {
    const source = await fixture(name);
    const expected = exportAnimationBytes(source).bytes;
    const sourcePositions = bindPosePositions(source);
    const glb = await compressedGlb(await fixture(name), compression);
    assert.ok(usedExtensions(glb).includes(compression === 'draco' ? 'KHR_draco_mesh_compression' : 'EXT_meshopt_compression'), 'the GLB requires its compression');
    const read = await readGltfBytes(glb, {}, await nodeGltfDecoders());
    const actual = exportAnimationBytes(read).bytes;
    assert.deepEqual(actual, expected);
    const readPositions = bindPosePositions(read);
    assert.equal(readPositions.length, sourcePositions.length);
    readPositions.forEach((decoded, p) => {
      const bound = quantisationBound(sourcePositions[p]);
      const worst = worstVertexDistance(sourcePositions[p], decoded);
      assert.ok(worst <= bound, `primitive ${p}: a vertex moved ${worst}, more than ${bound}`);
    });
  });
}

test('without decoders a Draco or meshopt file is refused by name, never with the library\'s crash text', async () => {
  for (const compression of ['draco', 'meshopt'] as const) {
    const glb = await compressedGlb(await fixture('riggedSimple'), compression);
    const extension = compression === 'draco' ? 'KHR_draco_mesh_compression' : 'EXT_meshopt_compression';
    await assert.rejects(readGltfBytes(glb), (error: unknown) => {
      assert.ok(error instanceof GltfReadError);
      assert.equal(error.code, 'gltf/unsupported-extension');
      assert.match(error.message, new RegExp(`requires the extension ${extension}.*no ${compression === 'draco' ? 'Draco' : 'meshopt'} decoder: re-export without`));
      assert.doesNotMatch(error.message, /DT_FLOAT32|install extension dependency/i);
      return true;
    });
  }
});
