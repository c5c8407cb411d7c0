/**
 * The MSH preview's model without a page (the second implementation of the preview's view
 * model): models of an archive, frames and playback at 30 fps, the blend, the pose as the
 * renderer's bone matrices (each node's world matrix), the links to the parents, names.
 * Archive: hero.msh (root, arm, hand; 5 frames), a text entry, small.msh (2 nodes, 2 frames).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MshPreviewModel } from '../../../webview/mshPreview/model';
import { BONE_OUTPUT_FLOATS } from '../../../webview/preview/pose';
import type { ModelChange } from '../../../webview/preview/model/viewModel';
import { heroArchive } from '../msh/mshFixtures';

function opened(): { model: MshPreviewModel; changes: ModelChange[] } {
  const model = new MshPreviewModel();
  const changes: ModelChange[] = [];
  model.onChange((c) => changes.push(c));
  model.load('pack.msh', heroArchive());
  return { model, changes };
}

/** Node positions of the pose the renderer gets, rounded to 1e-4. */
function nodePositions(model: MshPreviewModel): number[][] {
  const pose = model.pose();
  assert.equal(pose?.kind, 'matrices');
  if (pose?.kind !== 'matrices') return [];
  const out: number[][] = [];
  for (let node = 0; node < pose.bones; node++) {
    const o = node * BONE_OUTPUT_FLOATS;
    out.push([3, 7, 11].map((k) => Math.round(pose.pose[o + k] * 1e4) / 1e4 + 0));
  }
  return out;
}

describe('MshPreviewModel', () => {
  it('opens the posable models of an archive, the first shown', () => {
    const { model, changes } = opened();
    assert.deepEqual(model.modelNames, ['0: hero.msh', '1: small.msh']);
    assert.deepEqual(model.state, { model: 0, models: 2, frame: 0, frames: 5, playing: false, blendTime: 0, blendWeight: 0, problem: undefined });
    assert.equal(model.statusLine, '3 nodes, 7 keys, 5 frames at 30 fps');
    assert.deepEqual([0, 1, 2].map((n) => model.boneLabel(n)), ['root', 'arm', 'hand']);
    assert.deepEqual(model.scene?.clip.bones, 3);
    assert.deepEqual(changes, ['scene']);
  });

  const poses: { name: string; act: (m: MshPreviewModel) => void; positions: number[][] }[] = [
    { name: 'frame 0: the rest pose', act: () => undefined, positions: [[0, 0, 0], [0, 1, 0], [1, 1, 0]] },
    // Arm at (0, 4, 0) turned 180 degrees about Z; the hand's last key (3, 0, 0) turns with it.
    { name: 'frame 4', act: (m) => m.seek(4), positions: [[0, 0, 0], [0, 4, 0], [-3, 4, 0]] },
    { name: 'frame 9 clamps to 4', act: (m) => m.seek(9), positions: [[0, 0, 0], [0, 4, 0], [-3, 4, 0]] },
  ];
  for (const c of poses) {
    it(`${c.name}: nodes at ${JSON.stringify(c.positions)}`, () => {
      const { model } = opened();
      c.act(model);
      assert.deepEqual(nodePositions(model), c.positions);
    });
  }

  it('links each node to its parent, at the pose shown', () => {
    const { model } = opened();
    const lines = Array.from(model.links([1, 0, 0]));
    // Two links (arm to root, hand to arm), two vertices of x y z r g b each.
    assert.deepEqual(lines, [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0]);
  });

  it('a half blend towards frame 0 is neither pose', () => {
    const { model } = opened();
    model.seek(4);
    const at4 = nodePositions(model);
    model.setBlend(0, 0.5);
    const blended = nodePositions(model);
    assert.notDeepEqual(blended, at4);
    assert.notDeepEqual(blended, [[0, 0, 0], [0, 1, 0], [1, 1, 0]]);
    assert.deepEqual(blended[0], [0, 0, 0]);
  });

  const plays: { seconds: number[]; frame: number }[] = [
    { seconds: [1 / 30], frame: 1 },
    { seconds: [0.05, 0.05], frame: 3 },
    // 5 frames wrap: 7 frames in is frame 2.
    { seconds: [7 / 30 + 1e-6], frame: 2 },
  ];
  for (const c of plays) {
    it(`playing ${c.seconds.length} step(s) of ${c.seconds.map((s) => s.toFixed(3)).join(' + ')} s shows frame ${c.frame}`, () => {
      const { model } = opened();
      model.setPlaying(true);
      for (const s of c.seconds) model.advance(s);
      assert.equal(model.currentFrame, c.frame);
    });
  }

  it('another model keeps the frame within its own length and names unnamed nodes by index', () => {
    const { model } = opened();
    model.seek(4);
    model.selectModel(1);
    assert.deepEqual({ frame: model.state.frame, frames: model.state.frames }, { frame: 1, frames: 2 });
    assert.equal(model.statusLine, '2 nodes, 3 keys, 2 frames at 30 fps');
    assert.deepEqual([0, 1].map((n) => model.boneLabel(n)), ['node 0', 'node 1']);
  });

  it('a file that is not an archive draws nothing and says why', () => {
    const model = new MshPreviewModel();
    model.load('junk.msh', new Uint8Array([1, 2, 3]));
    assert.equal(model.scene, undefined);
    assert.equal(model.pose(), undefined);
    assert.equal(model.notices.length, 1);
    assert.equal(model.statusLine, model.notices[0]);
  });
});
