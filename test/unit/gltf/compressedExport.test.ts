/**
 * All three export commands of the CLI on compressed GLBs (`ewzanim export animation|skeleton|mesh`
 * with the decoders the CLI bundles), against the same commands on the uncompressed source:
 * the clip is the same file byte for byte; the mesh skinned by the skeleton puts every vertex in
 * the bind pose within the compression's stated error (14-bit positions over the mesh's extent)
 * plus the f16 rounding both exported meshes carry. Draco leaves the inverse bind matrices alone,
 * so its skeleton is the source's byte for byte; meshopt folds its dequantisation into them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { mat4 } from 'gl-matrix';
import { parseMeshHeader } from '../../../formats';
import { runCli, tempTree } from '../cli/cliHarness';
import { bindPosePositions, nativeBindPose, quantisationBound, worstVertexDistance } from './bindPose';
import { compressedGlb, type Compression } from './compressedGlb';
import { fixture, writeGlb, type FIXTURE_FILES } from './gltfTestKit';

interface Exported {
  clip: Uint8Array;
  skeleton: Uint8Array;
  mesh: Uint8Array;
}

/** `ewzanim export animation|skeleton|mesh` on `model` (in `folder`), each required to succeed. */
async function exportAll(folder: string, model: string): Promise<Exported> {
  const outputs = { animation: `${model}.nczxanim`, skeleton: `${model}.nczxskel`, mesh: `${model}.nczxmesh` };
  for (const [command, output] of Object.entries(outputs)) {
    const run = await runCli(['export', command, join(folder, `${model}.glb`), '-o', join(folder, output)]);
    assert.equal(run.status, 0, `export ${command} ${model}.glb: ${run.stderr}`);
    assert.doesNotMatch(run.stderr, /error/, `export ${command} ${model}.glb`);
  }
  const read = (name: string) => new Uint8Array(readFileSync(join(folder, name)));
  return { clip: read(outputs.animation), skeleton: read(outputs.skeleton), mesh: read(outputs.mesh) };
}

const FIXTURES: (keyof typeof FIXTURE_FILES)[] = ['riggedSimple', 'riggedFigure', 'fox'];
const COMPRESSIONS: Compression[] = ['draco', 'meshopt'];

for (const name of FIXTURES) {
  test(`${name}: the CLI exports from its Draco and meshopt GLBs the source's clip, its skeleton and mesh within the stated error`, async () => {
    const source = await fixture(name);
    const skins = source.getRoot().listSkins();
    assert.equal(skins.length, 1, 'one skin: the one every command exports');
    const jointWorlds = skins[0].listJoints().map((joint) => joint.getWorldMatrix() as unknown as mat4);
    const files: Record<string, Uint8Array> = { 'source.glb': await writeGlb(source) };
    for (const compression of COMPRESSIONS) files[`${compression}.glb`] = await compressedGlb(await fixture(name), compression);
    const tree = tempTree(files);
    try {
      const expected = await exportAll(tree.root, 'source');
      const expectedPose = nativeBindPose(expected.skeleton, expected.mesh, jointWorlds);
      const stated = quantisationBound(bindPosePositions(source).flat());
      for (const compression of COMPRESSIONS) {
        const actual = await exportAll(tree.root, compression);
        assert.deepEqual(actual.clip, expected.clip, `${compression}: the clip`);
        if (compression === 'draco') assert.deepEqual(actual.skeleton, expected.skeleton, 'draco: the skeleton');
        assert.equal(parseMeshHeader(actual.mesh)!.format, parseMeshHeader(expected.mesh)!.format, `${compression}: the mesh's vertex format`);
        const pose = nativeBindPose(actual.skeleton, actual.mesh, jointWorlds);
        const bound = stated + pose.storageError + expectedPose.storageError;
        for (const [from, to, direction] of [[expectedPose, pose, 'decoded'], [pose, expectedPose, 'source']] as const) {
          const worst = worstVertexDistance(from.positions, to.positions);
          assert.ok(worst <= bound, `${compression}: a ${direction} vertex is ${worst} from the nearest other, more than ${bound}`);
        }
      }
    } finally {
      tree.dispose();
    }
  });
}
