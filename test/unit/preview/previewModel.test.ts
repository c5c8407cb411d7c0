/**
 * The preview's model without a page: playback and loop modes, seeking, selection kept in step
 * with the hex editor, the mixer's state through crossfades, a reload that keeps the mix, bone
 * names. Upstream clips: wave1 (3 bones x 30 frames) and animation-demo's wave (3 bones).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LoopMode, PlaybackMode, PreviewFile, PreviewToHostMessage } from '../../../protocol/preview';
import { PreviewModel, type LoadMessage } from '../../../webview/preview/model/previewModel';
import type { ModelChange } from '../../../webview/preview/model/viewModel';
import { upstreamFile } from '../../gpu/clipFixtures';

const file = (uri: string, bytes: Uint8Array): PreviewFile => ({ uri, name: uri.split('/').pop()!, bytes });
const wave1 = (): PreviewFile => file('file:///pack/wave1.ewzanim', upstreamFile('multi-skinned-rom/assets/wave1.ewzanim'));
const wave = (): PreviewFile => file('file:///demo/wave.ewzanim', upstreamFile('animation-demo/assets/wave.ewzanim'));
const choice = (f: PreviewFile): { uri: string; name: string; path: string; bones: number; frames: number } => ({ uri: f.uri, name: f.name, path: f.uri.slice(8), bones: 3, frames: 30 });

function loadMessage(clip: PreviewFile, extra: Partial<LoadMessage> = {}): LoadMessage {
  return { type: 'load', clip, frameRate: 30, keepState: false, ...extra };
}

/** A model on wave1, with what it posted and which changes it announced. */
function loaded(extra: Partial<LoadMessage> = {}): { model: PreviewModel; posted: PreviewToHostMessage[]; changes: ModelChange[] } {
  const posted: PreviewToHostMessage[] = [];
  const changes: ModelChange[] = [];
  const model = new PreviewModel((m) => posted.push(m), { later: () => undefined });
  model.onChange((c) => changes.push(c));
  assert.equal(model.load(loadMessage(wave1(), extra)), 'fresh');
  return { model, posted, changes };
}

/** wave1 in mixer mode with animation-demo's wave loaded as the second clip. */
function mixing(): ReturnType<typeof loaded> {
  const state = loaded();
  state.model.setMode('mixer');
  state.model.handle({ type: 'clips', clips: [choice(wave())] });
  state.model.mixer.chooseClip(wave().uri);
  state.model.handle({ type: 'mixClip', file: wave() });
  return state;
}

describe('PreviewModel: playback', () => {
  const plays: { loop: LoopMode; mode: PlaybackMode; speed: number; seconds: number; frame: number; position: number; playing: boolean }[] = [
    { loop: 'repeat', mode: 'stamp', speed: 1, seconds: 0.5, frame: 15, position: 15, playing: true },
    // 30 frames of 30: wraps to frame 0 (blended playback's period is the frame count).
    { loop: 'repeat', mode: 'stamp', speed: 2, seconds: 0.6, frame: 6, position: 6, playing: true },
    { loop: 'once', mode: 'stamp', speed: 1, seconds: 2, frame: 29, position: 29, playing: false },
    // 35 frames: up to 29, back 6 to 23.
    { loop: 'pingPong', mode: 'stamp', speed: 1, seconds: 35 / 30, frame: 23, position: 23, playing: true },
    { loop: 'repeat', mode: 'blended', speed: 0.5, seconds: 0.35, frame: 5, position: 5.25, playing: true },
  ];
  for (const c of plays) {
    it(`${c.mode}, ${c.loop}, ${c.speed}x: ${c.seconds.toFixed(2)} s end on frame ${c.frame}${c.playing ? '' : ', stopped'}`, () => {
      const { model, posted } = loaded();
      model.setLoop(c.loop);
      model.setMode(c.mode);
      model.setSpeed(c.speed);
      model.setPlaying(true);
      model.advance(c.seconds);
      assert.equal(model.currentFrame, c.frame);
      assert.ok(Math.abs(model.position - c.position) < 1e-9, `position ${model.position}`);
      assert.equal(model.playing, c.playing);
      // A run that stops by itself tells the hex editor where it stopped.
      assert.deepEqual(posted.filter((m) => m.type === 'selected'), c.playing ? [] : [{ type: 'selected', frame: 29, bone: 0 }]);
    });
  }

  const seeks: { to: number; frame: number }[] = [
    { to: -3, frame: 0 },
    { to: 7.6, frame: 8 },
    { to: 45, frame: 29 },
    { to: Infinity, frame: 29 },
  ];
  for (const c of seeks) {
    it(`seek(${c.to}) stops playback on frame ${c.frame}`, () => {
      const { model } = loaded();
      model.setPlaying(true);
      model.seek(c.to);
      assert.equal(model.currentFrame, c.frame);
      assert.equal(model.playing, false);
    });
  }

  it('steps wrap in repeat mode and clamp in once mode', () => {
    const { model } = loaded();
    model.transport.stepBy(-1);
    assert.equal(model.currentFrame, 29);
    model.setLoop('once');
    model.transport.stepBy(1);
    assert.equal(model.currentFrame, 29);
    model.transport.stepBy(-10);
    assert.equal(model.currentFrame, 19);
  });

  it('a clip that cannot play leaves no scene and says why', () => {
    const model = new PreviewModel(() => undefined);
    assert.equal(model.load(loadMessage(file('file:///x/short.ewzanim', new Uint8Array(3)))), 'fatal');
    assert.equal(model.scene, undefined);
    assert.deepEqual(model.notices, ['short.ewzanim is 3 bytes: too short for the 4-byte clip header.']);
    assert.equal(model.pose(), undefined);
  });
});

describe('PreviewModel: selection in step with the hex editor', () => {
  it('a bone picked here is reported with the frame; picked again, it is cleared', () => {
    const { model, posted } = loaded();
    model.seek(4);
    model.selection.select(2);
    assert.equal(model.selectedBone, 2);
    model.selection.select(2);
    assert.equal(model.selectedBone, -1);
    assert.deepEqual(posted.filter((m) => m.type === 'selected'), [{ type: 'selected', frame: 4, bone: 2 }]);
  });

  const fromHost: { frame: number; bone: number; shows: [number, number] }[] = [
    { frame: 12, bone: 1, shows: [12, 1] },
    { frame: 40, bone: 1, shows: [29, 1] },
    // A bone past the clip's selects none.
    { frame: 3, bone: 7, shows: [3, -1] },
  ];
  for (const c of fromHost) {
    it(`the hex editor's frame ${c.frame}, bone ${c.bone} shows frame ${c.shows[0]}, bone ${c.shows[1]}`, () => {
      const { model } = loaded();
      model.setPlaying(true);
      model.handle({ type: 'select', frame: c.frame, bone: c.bone });
      assert.deepEqual([model.currentFrame, model.selectedBone], c.shows);
      assert.equal(model.playing, false);
    });
  }

  it("the hex editor's echo of our own report does not move the view", () => {
    const { model } = loaded();
    model.transport.goTo(9);
    model.transport.stepBy(1);
    model.handle({ type: 'select', frame: 10, bone: 0 });
    model.transport.stepBy(1);
    // A late echo of frame 10 arrives after the step to 11: it is not a request to go back.
    model.handle({ type: 'select', frame: 11, bone: 0 });
    assert.equal(model.currentFrame, 11);
    assert.deepEqual(model.selection.received, [[10, 0], [11, 0]]);
  });

  it('hover and selection text name the bone where names are given, else its index', () => {
    const { model } = loaded({ boneNames: ['Shoulder', 'Elbow', ''] });
    assert.deepEqual([0, 1, 2].map((b) => model.boneLabel(b)), ['Shoulder', 'Elbow', 'bone 2']);
    model.hover(1);
    assert.equal(model.readout()?.label, 'Elbow (bone 1)');
    model.selection.select(2);
    assert.equal(model.readout()?.label, 'bone 2');
    assert.equal(loaded().model.boneLabel(1), 'bone 1');
  });

  it('the readout decodes the shown frame through the core (frame 0 of wave1, bone 0)', () => {
    const { model } = loaded();
    model.selection.select(0);
    const readout = model.readout()!;
    assert.equal(readout.where, 'frame 0');
    const [x, y, z, w] = readout.transform.rotation;
    assert.ok(Math.abs(Math.hypot(x, y, z, w) - 1) < 1e-3, 'a unit rotation');
  });
});

describe('PreviewModel: the mixer', () => {
  it('mixer mode asks the host for clips; a choice asks for its bytes and is pending until they come', () => {
    const { model, posted } = loaded();
    model.setMode('mixer');
    model.handle({ type: 'clips', clips: [choice(wave())] });
    model.mixer.chooseClip(wave().uri);
    assert.deepEqual(posted, [{ type: 'listClips' }, { type: 'loadMixClip', uri: wave().uri }]);
    assert.equal(model.mix.pending?.uri, wave().uri);
    model.handle({ type: 'mixClip', file: wave() });
    assert.equal(model.mix.pending, undefined);
    assert.equal(model.mix.second?.name, 'wave.ewzanim');
    assert.deepEqual(model.mix.mixer!.actions.map((a) => a.getEffectiveWeight()), [1, 0]);
  });

  const fades: { seconds: number; weights: [number, number] }[] = [
    { seconds: 0, weights: [1, 0] },
    { seconds: 0.5, weights: [0.5, 0.5] },
    { seconds: 1.2, weights: [0, 1] },
  ];
  for (const c of fades) {
    it(`a 1 s crossfade, ${c.seconds} s in: weights ${c.weights.join(' / ')}, and they stay what the mix uses`, () => {
      const { model } = mixing();
      model.mixer.crossfade(1);
      assert.equal(model.playing, true);
      model.advance(c.seconds);
      const actions = model.mix.mixer!.actions;
      assert.deepEqual(actions.map((a) => Math.round(a.getEffectiveWeight() * 1000) / 1000), c.weights);
      // Once the fade is over, each action's own weight says the same (the slider's value).
      if (c.seconds > 1) assert.deepEqual(actions.map((a) => a.weight), c.weights);
    });
  }

  it('a second crossfade brings the first clip back', () => {
    const { model } = mixing();
    model.mixer.crossfade(0.5);
    model.advance(0.6);
    model.mixer.crossfade(0.5);
    model.advance(0.6);
    assert.deepEqual(model.mix.mixer!.actions.map((a) => a.getEffectiveWeight()), [1, 0]);
  });

  it('a reload of the first clip keeps the second clip and the mode', () => {
    const { model } = mixing();
    model.seek(12);
    assert.equal(model.load(loadMessage(wave1(), { keepState: true })), 'kept');
    assert.equal(model.mode, 'mixer');
    assert.equal(model.mix.mixer?.secondary?.clip.name, 'wave.ewzanim');
    assert.equal(model.currentFrame, 12);
  });

  it('a clip that cannot be mixed leaves the mix as it was and says why', () => {
    const { model } = mixing();
    const broken = file('file:///x/short.ewzanim', new Uint8Array(2));
    model.handle({ type: 'clips', clips: [choice(wave()), choice(broken)] });
    model.mixer.chooseClip(broken.uri);
    model.handle({ type: 'mixClip', file: broken });
    assert.equal(model.mix.second?.name, 'wave.ewzanim');
    assert.match(model.notices.at(-1) ?? '', /^short\.ewzanim cannot be mixed: /);
  });

  it('the mixed pose is drawn as matrices, the clip alone as keyframes under the rule', () => {
    const { model } = mixing();
    assert.equal(model.pose()?.kind, 'matrices');
    model.setMode('blended');
    model.setRule('design');
    assert.deepEqual(model.pose(), { kind: 'keyframes', request: { frame: 0, nextFrame: 1, blend: 0, blended: true }, rule: 'design' });
  });
});
