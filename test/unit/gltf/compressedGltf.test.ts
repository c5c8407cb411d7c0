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
import { exportAnimationBytes, GltfReadError, readGltfBytes } from '../../../formats/gltf';
import { nodeGltfDecoders } from '../../../node/gltf/decoders';
import { bindPosePositions, quantisationBound, worstVertexDistance } from './bindPose';
import { compressedGlb, type Compression } from './compressedGlb';
import { fixture, type FIXTURE_FILES } from './gltfTestKit';

function usedExtensions(glb: Uint8Array): string[] {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + view.getUint32(12, true)))) as { extensionsRequired?: string[] };
  return json.extensionsRequired ?? [];
}

const CASES: { name: keyof typeof FIXTURE_FILES; compression: Compression }[] = [
  { name: 'riggedSimple', compression: 'draco' },
  { name: 'riggedSimple', compression: 'meshopt' },
  { name: 'riggedFigure', compression: 'draco' },
  { name: 'riggedFigure', compression: 'meshopt' },
  { name: 'fox', compression: 'draco' },
  { name: 'fox', compression: 'meshopt' },
  { name: 'simpleSkin', compression: 'draco' },
  { name: 'simpleSkin', compression: 'meshopt' },
  { name: 'simpleSkinStep', compression: 'draco' },
  { name: 'simpleSkinStep', compression: 'meshopt' },
  { name: 'recursiveSkeletons', compression: 'draco' },
  { name: 'recursiveSkeletons', compression: 'meshopt' },
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
