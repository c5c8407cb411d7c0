/**
 * The PreviewModel's parts on their own: the time controls (what they announce and when they
 * tell the other views), the bones' focus (the host's selections followed, its echoes not), the
 * loaded scene's words, what is drawn (the axes' default), the mixer's answers, and the overlay
 * lines joined. Upstream clip: wave1 (3 bones x 30 frames).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PreviewToHostMessage } from '../../../protocol/preview';
import { BoneFocus } from '../../../webview/preview/model/boneFocus';
import { LoadedScene } from '../../../webview/preview/model/loadedScene';
import { MixerControls } from '../../../webview/preview/model/mixerControls';
import { MixerSession } from '../../../webview/preview/model/mixerSession';
import { Playback } from '../../../webview/preview/model/playback';
import { Transport } from '../../../webview/preview/model/transport';
import { ViewChoices } from '../../../webview/preview/model/viewChoices';
import { joinLines } from '../../../webview/preview/renderer';
import { buildScene, type PreviewScene } from '../../../webview/preview/scene';
import { upstreamFile } from '../../gpu/clipFixtures';

function wave1(): PreviewScene {
  const result = buildScene({ uri: 'file:///pack/wave1.ewzanim', name: 'wave1.ewzanim', bytes: upstreamFile('multi-skinned-rom/assets/wave1.ewzanim') });
  assert.ok(!('fatal' in result));
  return result.scene;
}

/** Time controls on wave1, with what they announced and how many times they told the other views. */
function transport(): { transport: Transport; playback: Playback; said: string[] } {
  const playback = new Playback();
  const scene = wave1();
  playback.reset(scene, false);
  const said: string[] = [];
  const controls = new Transport(playback, { scene: () => scene, changed: (change) => said.push(change), report: () => said.push('report') });
  return { transport: controls, playback, said };
}

describe('Transport', () => {
  const table: { act: (t: Transport) => void; frame: number; said: string[] }[] = [
    { act: (t) => t.seek(12.4), frame: 12, said: ['time'] },
    { act: (t) => t.seek(99), frame: 29, said: ['time'] },
    { act: (t) => t.goTo(-3), frame: 0, said: ['time', 'report'] },
    // Repeat mode: one step back from frame 0 wraps to the last frame.
    { act: (t) => t.stepBy(-1), frame: 29, said: ['time', 'report'] },
    { act: (t) => t.setPlaying(true), frame: 0, said: ['playing'] },
  ];
  for (const [i, c] of table.entries()) {
    it(`case ${i}: frame ${c.frame}, announced ${c.said.join(', ')}`, () => {
      const { transport: t, playback, said } = transport();
      c.act(t);
      assert.equal(playback.currentFrame, c.frame);
      assert.deepEqual(said, c.said);
    });
  }

  it('a seek while playing stops first (and tells the other views), then moves', () => {
    const { transport: t, playback, said } = transport();
    t.setPlaying(true);
    said.length = 0;
    t.seek(5);
    assert.equal(playback.player.playing, false);
    assert.deepEqual(said, ['playing', 'report', 'time']);
  });

  it('nothing moves without a scene', () => {
    const playback = new Playback();
    const said: string[] = [];
    const t = new Transport(playback, { scene: () => undefined, changed: (change) => said.push(change), report: () => said.push('report') });
    t.seek(3);
    t.stepBy(1);
    t.setPlaying(true);
    assert.deepEqual(said, []);
  });
});

describe('BoneFocus', () => {
  function focus(): { bones: BoneFocus; posted: PreviewToHostMessage[]; seeks: number[]; host: { frame: number } } {
    const scene = wave1();
    const posted: PreviewToHostMessage[] = [];
    const seeks: number[] = [];
    const host = { frame: 0 };
    const bones = new BoneFocus(
      { scene, get currentFrame() { return host.frame; }, playing: false, seek: (frame) => { seeks.push(frame); host.frame = Math.min(29, frame); } },
      (message) => posted.push(message),
      () => undefined,
    );
    return { bones, posted, seeks, host };
  }

  it("follows the host's selection, clamped to the clip's bones; the echo of its own report is not followed", () => {
    const { bones, posted, seeks, host } = focus();
    host.frame = 7;
    bones.select(1);
    assert.deepEqual(posted, [{ type: 'selected', frame: 7, bone: 1 }]);
    bones.follow(7, 1);
    assert.deepEqual(seeks, [], 'an echo');
    bones.follow(20, 9);
    assert.deepEqual([seeks, bones.selectedBone], [[20], -1]);
    assert.deepEqual(bones.received, [[7, 1], [20, 9]]);
  });

  it('a reload keeps the selected bone where the clip still has it; a new clip starts with none', () => {
    const { bones } = focus();
    bones.select(2);
    bones.loaded(3, true);
    assert.equal(bones.selectedBone, 2);
    bones.loaded(2, true);
    assert.equal(bones.selectedBone, -1);
    bones.select(1);
    bones.loaded(3, false);
    assert.deepEqual([bones.selectedBone, bones.selectedBones], [-1, []]);
  });
});

describe('LoadedScene and ViewChoices', () => {
  it('labels, notes, the export name and the assets line come from the last load', () => {
    const loaded = new LoadedScene();
    assert.deepEqual([loaded.baseName, loaded.assetsLine, loaded.fitBounds('console')], ['clip', '', undefined]);
    const scene = wave1();
    loaded.loaded(scene, 'linked by nether.toml', ['Root', '']);
    assert.deepEqual([0, 1, 2].map((b) => loaded.boneLabel(b)), ['Root', 'bone 1', 'bone 2']);
    assert.equal(loaded.baseName, 'wave1');
    assert.equal(loaded.assetsLine, 'wave1.ewzanim: 3 bones x 30 frames \u00b7 raw mode (no skeleton) \u00b7 no mesh \u00b7 linked by nether.toml');
    assert.equal(loaded.boneNote(2), undefined, 'no skeleton: no note');
    const bounds = loaded.fitBounds('console');
    assert.equal(loaded.fitBounds('console'), bounds, 'computed once per rule');
    loaded.failed();
    assert.equal(loaded.scene, undefined);
  });

  it("the axes show by default only without a mesh, until the user chooses", () => {
    const choices = new ViewChoices();
    choices.freshScene(false);
    assert.equal(choices.show.axes, true);
    choices.freshScene(true);
    assert.equal(choices.show.axes, false);
    choices.set('axes', true);
    choices.freshScene(true);
    assert.equal(choices.show.axes, true);
  });
});

describe('MixerControls and overlay lines', () => {
  it("the host's answers: the clips to choose from, and a clip that failed, with its reason", () => {
    const mix = new MixerSession();
    const heard: string[] = [];
    const controls = new MixerControls(mix, {
      post: (message) => heard.push(`post ${message.type}`), mixChanged: (problem) => heard.push(`mix ${problem ?? '-'}`), panelChanged: () => heard.push('panel'),
      play: () => heard.push('play'), secondArriving: () => heard.push('arriving'), secondArrived: () => heard.push('arrived'),
    });
    controls.listClips();
    controls.receive({ type: 'clips', clips: [{ uri: 'file:///b.ewzanim', name: 'b.ewzanim', path: '/b.ewzanim', bones: 3, frames: 30 }] });
    assert.equal(mix.choices.length, 1);
    controls.chooseClip('file:///b.ewzanim');
    controls.receive({ type: 'mixClipFailed', uri: 'file:///b.ewzanim', reason: 'unreadable' });
    assert.deepEqual(heard, ['post listClips', 'panel', 'post loadMixClip', 'panel', 'mix unreadable']);
  });

  it('overlay lines: either set alone as it is, both one after the other', () => {
    const a = Float32Array.of(1, 2);
    const b = Float32Array.of(3);
    assert.equal(joinLines(a, undefined), a);
    assert.equal(joinLines(undefined, b), b);
    assert.equal(joinLines(undefined, undefined), undefined);
    assert.deepEqual([...joinLines(a, b)!], [1, 2, 3]);
  });
});
