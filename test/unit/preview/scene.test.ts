/** What the preview makes of its files: playable or explained, problems listed, bounds over all frames. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PreviewFile } from '../../../protocol/preview';
import { buildScene, type PreviewScene } from '../../../webview/preview/scene';
import { upstreamFile } from '../../gpu/clipFixtures';

const file = (name: string, bytes: Uint8Array): PreviewFile => ({ uri: name, name, bytes });
const wave1 = (): PreviewFile => file('wave1.ewzanim', upstreamFile('multi-skinned-rom/assets/wave1.ewzanim'));
const wave2 = (): PreviewFile => file('wave2.ewzanim', upstreamFile('multi-skinned-rom/assets/wave2.ewzanim'));
const arm1 = (): PreviewFile => file('arm1.ewzskel', upstreamFile('multi-skinned-rom/assets/arm1.ewzskel'));
const arm2 = (): PreviewFile => file('arm2.ewzskel', upstreamFile('multi-skinned-rom/assets/arm2.ewzskel'));
const arm1Mesh = (): PreviewFile => file('arm1.ewzmesh', upstreamFile('multi-skinned-rom/assets/arm1.ewzmesh'));

function scene(result: ReturnType<typeof buildScene>): PreviewScene {
  assert.ok('scene' in result, 'fatal' in result ? result.fatal : '');
  return result.scene;
}

describe('buildScene', () => {
  it('upstream wave1 + arm1 skeleton + arm1 mesh: playable, no problems', () => {
    const s = scene(buildScene(wave1(), arm1(), arm1Mesh()));
    assert.deepEqual([s.clip.bones, s.clip.frames, s.skeleton?.bones, s.mesh?.header.vertexCount, s.mesh?.skinned], [3, 30, 3, 72, true]);
    assert.deepEqual(s.problems, []);
  });

  const fatal: [string, Uint8Array, RegExp][] = [
    ['too short for a header', Uint8Array.of(3, 0), /too short/],
    ['no bones', Uint8Array.of(0, 0, 1, 0), /bone_count 0/],
    ['no frames', Uint8Array.of(3, 0, 0, 0), /frame_count 0/],
    ['truncated', upstreamFile('multi-skinned-rom/assets/wave1.ewzanim').subarray(0, 100), /truncated/],
  ];
  for (const [label, bytes, message] of fatal) {
    it(`a clip that cannot play is explained: ${label}`, () => {
      const result = buildScene(file('bad.nczxanim', bytes));
      assert.ok('fatal' in result);
      assert.match(result.fatal, message);
    });
  }

  it('bone-count mismatches are not listed as problems: the banner explains them per rule, from the bones the mesh uses', () => {
    assert.deepEqual(scene(buildScene(wave2(), arm1())).problems, []);
    const crossed = scene(buildScene(wave1(), arm2(), file('arm2.ewzmesh', upstreamFile('multi-skinned-rom/assets/arm2.ewzmesh'))));
    assert.deepEqual(crossed.problems, []);
    assert.deepEqual(crossed.mesh?.geometry.usedBones, [0, 1, 2, 3]);
  });

  it('trailing bytes and non-zero flags are noted, and the clip still plays', () => {
    const bytes = new Uint8Array([...upstreamFile('multi-skinned-rom/assets/wave1.ewzanim'), 1, 2, 3]);
    bytes[1] = 5;
    const s = scene(buildScene(file('w.ewzanim', bytes)));
    assert.match(s.problems.join('\n'), /flags is 5/);
    assert.match(s.problems.join('\n'), /3 trailing bytes ignored/);
  });

  it('a broken skeleton or mesh is dropped with a reason (raw mode, bones only)', () => {
    const mesh = upstreamFile('multi-skinned-rom/assets/arm1.ewzmesh').slice();
    // Point the first index past the vertices.
    const indexStart = mesh.length - new DataView(mesh.buffer).getUint32(4, true) * 2;
    new DataView(mesh.buffer).setUint16(indexStart, 999, true);
    const s = scene(buildScene(wave1(), file('bad.ewzskel', Uint8Array.of(3, 0, 0, 0, 0, 0, 0, 0)), file('bad.ewzmesh', mesh)));
    assert.equal(s.skeleton, undefined);
    assert.equal(s.mesh, undefined);
    assert.match(s.problems.join('\n'), /bad\.ewzskel is not a usable skeleton/);
    assert.match(s.problems.join('\n'), /index 0 points past the 72 vertices/);
  });

  it('bounds cover every frame of the clip and the mesh at rest', () => {
    const s = scene(buildScene(wave1(), arm1(), arm1Mesh()));
    const noMesh = scene(buildScene(wave1()));
    for (let i = 0; i < 3; i++) {
      assert.ok(s.bounds.min[i] <= noMesh.bounds.min[i] && s.bounds.max[i] >= noMesh.bounds.max[i]);
      assert.ok(noMesh.bounds.max[i] >= noMesh.bounds.min[i]);
    }
    // The arm rises along y through its bones: the bounds reach at least its second joint.
    assert.ok(noMesh.bounds.max[1] > 0);
  });
});
