/**
 * What the mixer panel shows in each state of the mix: the choice never shows a clip that is
 * not loaded (or on its way), Crossfade is enabled only with two clips, the sliders show the
 * weights the mix uses (after a crossfade too), and clips with errors say so.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ClipChoice, PreviewFile } from '../../../protocol/preview';
import { mixerPanelState, type MixerPanelState } from '../../../webview/preview/model/mixerPanelState';
import { PreviewModel } from '../../../webview/preview/model/previewModel';
import { upstreamFile } from '../../gpu/clipFixtures';

const file = (uri: string, bytes: Uint8Array): PreviewFile => ({ uri, name: uri.split('/').pop()!, bytes });
const wave1 = file('file:///pack/wave1.ewzanim', upstreamFile('multi-skinned-rom/assets/wave1.ewzanim'));
const wave = file('file:///demo/wave.ewzanim', upstreamFile('animation-demo/assets/wave.ewzanim'));
const broken: ClipChoice = { uri: 'file:///problems/broken-wave.nczxanim', name: 'broken-wave.nczxanim', path: 'problems/broken-wave.nczxanim', bones: 3, frames: 30, errors: 1 };
const waveChoice: ClipChoice = { uri: wave.uri, name: wave.name, path: 'demo/wave.ewzanim', bones: 3, frames: 30 };

/** The steps that lead to each state, from wave1 in mixer mode with both clips offered (the broken one first, as the host sorts it). */
const steps: Record<string, (m: PreviewModel) => void> = {
  'no second clip yet': () => undefined,
  'the second clip on its way': (m) => m.mixer.chooseClip(wave.uri),
  'the second clip loaded': (m) => {
    m.mixer.chooseClip(wave.uri);
    m.handle({ type: 'mixClip', file: wave });
  },
  'the host could not read it': (m) => {
    m.mixer.chooseClip(wave.uri);
    m.handle({ type: 'mixClipFailed', uri: wave.uri, reason: 'Cannot read wave.ewzanim' });
  },
  'after a 0.5 s crossfade': (m) => {
    steps['the second clip loaded'](m);
    m.mixer.crossfade(0.5);
    m.advance(0.6);
  },
  'halfway through a 1 s crossfade': (m) => {
    steps['the second clip loaded'](m);
    m.mixer.crossfade(1);
    m.advance(0.5);
  },
};

type Shown = Pick<MixerPanelState, 'chosen' | 'loading' | 'crossfadeEnabled' | 'weightsText'> & { sliders: number[] };

const expected: Record<string, Shown> = {
  'no second clip yet': { chosen: '', loading: undefined, crossfadeEnabled: false, weightsText: 'first 1.00', sliders: [1] },
  'the second clip on its way': { chosen: wave.uri, loading: 'wave.ewzanim', crossfadeEnabled: false, weightsText: 'first 1.00', sliders: [1] },
  'the second clip loaded': { chosen: wave.uri, loading: undefined, crossfadeEnabled: true, weightsText: 'first 1.00 · second 0.00', sliders: [1, 0] },
  'the host could not read it': { chosen: '', loading: undefined, crossfadeEnabled: false, weightsText: 'first 1.00', sliders: [1] },
  'after a 0.5 s crossfade': { chosen: wave.uri, loading: undefined, crossfadeEnabled: true, weightsText: 'first 0.00 · second 1.00', sliders: [0, 1] },
  'halfway through a 1 s crossfade': { chosen: wave.uri, loading: undefined, crossfadeEnabled: true, weightsText: 'first 0.50 · second 0.50', sliders: [0.5, 0.5] },
};

describe('mixer panel state', () => {
  for (const [name, step] of Object.entries(steps)) {
    it(name, () => {
      const model = new PreviewModel(() => undefined, { later: () => undefined });
      model.load({ type: 'load', clip: wave1, frameRate: 30, keepState: false });
      model.setMode('mixer');
      model.handle({ type: 'clips', clips: [broken, waveChoice] });
      step(model);
      const state = mixerPanelState(model);
      const sliders = [state.first, state.second].filter((a) => a !== undefined).map((a) => Math.round(a.weight * 1000) / 1000);
      assert.deepEqual({ chosen: state.chosen, loading: state.loading, crossfadeEnabled: state.crossfadeEnabled, weightsText: state.weightsText, sliders }, expected[name]);
    });
  }

  it('offers every clip after "none", and says which have errors', () => {
    const model = new PreviewModel(() => undefined);
    model.load({ type: 'load', clip: wave1, frameRate: 30, keepState: false });
    model.setMode('mixer');
    model.handle({ type: 'clips', clips: [broken, waveChoice] });
    assert.deepEqual(mixerPanelState(model).choices.map((c) => c.description), ['problems/broken-wave.nczxanim · 30 frames · 1 error', 'demo/wave.ewzanim · 30 frames']);
  });

  it('is hidden outside mixer mode, and the mix survives a trip to exact frames', () => {
    const model = new PreviewModel(() => undefined);
    model.load({ type: 'load', clip: wave1, frameRate: 30, keepState: false });
    model.setMode('mixer');
    model.handle({ type: 'clips', clips: [waveChoice] });
    steps['the second clip loaded'](model);
    model.setMode('stamp');
    assert.equal(mixerPanelState(model).visible, false);
    model.setMode('mixer');
    assert.equal(mixerPanelState(model).chosen, wave.uri);
  });
});
