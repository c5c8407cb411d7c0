/**
 * The preview's layers and attachments without a page: a layer's clip asked of the host and
 * mixed over the base by its mask, masks from ranges and presets (or why not), reordering, a
 * reload that keeps the layers, a clip of another bone count refused, the mix saved and opened,
 * and an attached box that follows its bone in stamp and mixer modes. Upstream clips: wave1
 * (3 bones x 30 frames) and animation-demo's wave (3 bones).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TRANSFORM_FLOATS } from '../../../formats/clip';
import { AnimationMixer, mixerClipFromBytes } from '../../../formats/mixer';
import type { PreviewFile, PreviewToHostMessage } from '../../../protocol/preview';
import { GRID_VERTEX_FLOATS } from '../../../webview/preview/grid';
import { BUILTIN_BOX } from '../../../webview/preview/layers/attachments';
import { layersPanelState } from '../../../webview/preview/layers/layersPanelState';
import { PreviewModel, type LoadMessage } from '../../../webview/preview/model/previewModel';
import { upstreamFile } from '../../gpu/clipFixtures';

const file = (uri: string, bytes: Uint8Array): PreviewFile => ({ uri, name: uri.split('/').pop()!, bytes });
const wave1 = (): PreviewFile => file('file:///pack/wave1.ewzanim', upstreamFile('multi-skinned-rom/assets/wave1.ewzanim'));
const wave = (): PreviewFile => file('file:///demo/wave.ewzanim', upstreamFile('animation-demo/assets/wave.ewzanim'));
const choice = (f: PreviewFile) => ({ uri: f.uri, name: f.name, path: f.uri.slice(8), bones: 3, frames: 30 });

function setup(extra: Partial<LoadMessage> = {}): { model: PreviewModel; posted: PreviewToHostMessage[]; notices: () => string[] } {
  const posted: PreviewToHostMessage[] = [];
  const model = new PreviewModel((m) => posted.push(m), { later: () => undefined });
  model.load({ type: 'load', clip: wave1(), frameRate: 30, keepState: false, ...extra });
  model.setMode('mixer');
  model.handle({ type: 'clips', clips: [choice(wave())] });
  return { model, posted, notices: () => model.notices.slice() };
}

/** Adds a layer of animation-demo's wave and delivers its bytes; returns its id. */
function addWaveLayer(model: PreviewModel, posted: PreviewToHostMessage[]): number {
  const id = model.layers.addLayer();
  model.layers.chooseClip(id, wave().uri);
  assert.deepEqual(posted.at(-1), { type: 'loadLayerClip', id, uri: wave().uri });
  assert.equal(layersPanelState(model).layers[0].loading, true);
  model.handle({ type: 'layerClip', id, file: wave() });
  return id;
}

/** Bone `b`'s transform of `clip` alone, at `seconds`, as the mixer samples it. */
function alone(f: PreviewFile, seconds: number, b: number): number[] {
  const mixer = new AnimationMixer(3);
  mixer.clipAction(mixerClipFromBytes(f.name, f.bytes, 30)).play();
  mixer.update(seconds);
  return Array.from(mixer.pose.subarray(b * TRANSFORM_FLOATS, (b + 1) * TRANSFORM_FLOATS));
}

function mixedBone(model: PreviewModel, b: number): number[] {
  return Array.from(model.mix.mixer!.mixer.pose.subarray(b * TRANSFORM_FLOATS, (b + 1) * TRANSFORM_FLOATS));
}

const near = (actual: number[], expected: number[], what: string): void =>
  actual.forEach((v, i) => assert.ok(Math.abs(v - expected[i]) < 1e-5, `${what}[${i}]: ${v}, expected ${expected[i]}`));

describe('preview layers', () => {
  it('a layer masked to bone 0 shows its clip there and the base elsewhere; the panel says so', () => {
    const { model, posted } = setup();
    const id = addWaveLayer(model, posted);
    model.layers.setMaskRanges(id, '0');
    model.seek(10);
    near(mixedBone(model, 0), alone(wave(), 10 / 30, 0), 'bone 0 (the layer)');
    near(mixedBone(model, 1), alone(wave1(), 10 / 30, 1), 'bone 1 (the base)');
    const view = layersPanelState(model).layers[0];
    assert.deepEqual({ layer: view.layer, name: view.name, loading: view.loading, weight: view.weight, mask: view.maskText, ticks: view.maskBones }, { layer: 1, name: 'wave.ewzanim', loading: false, weight: 1, mask: '1 of 3 bones', ticks: [true, false, false] });
  });

  it('a layer at weight 0.5 with no mask is half over the base; additive and speed reach the action', () => {
    const { model, posted } = setup();
    const id = addWaveLayer(model, posted);
    model.layers.setLayer(id, { weight: 0.5, speed: -1 });
    const action = model.layers.stack.get(id)!.action!;
    assert.deepEqual([action.weight, action.timeScale, action.layer, action.additive], [0.5, -1, 1, false]);
    model.layers.setLayer(id, { additive: true });
    assert.equal(action.additive, true);
    assert.equal(layersPanelState(model).layers[0].additive, true);
  });

  it('typed ranges with a mistake are refused with the reason; the mask stays', () => {
    const { model, posted, notices } = setup();
    const id = addWaveLayer(model, posted);
    model.layers.setMaskRanges(id, '1-2');
    model.layers.setMaskRanges(id, '0-7');
    assert.match(notices().join('\n'), /Mask: "0-7" goes past the last bone \(2\)/);
    const view = layersPanelState(model).layers[0];
    assert.deepEqual([view.maskText, view.maskRanges, view.preset], ['2 of 3 bones', '1, 2', 'custom']);
    model.layers.setMaskRanges(id, ' ');
    assert.deepEqual([layersPanelState(model).layers[0].maskText, layersPanelState(model).layers[0].preset], ['all bones', 'all']);
  });

  it('presets: unavailable without a hierarchy (said), upper and lower body with one', () => {
    const bare = setup();
    const id = addWaveLayer(bare.model, bare.posted);
    bare.model.layers.setMaskPreset(id, 'upper');
    assert.match(bare.notices().join('\n'), /No upper body preset: no bone hierarchy/);
    assert.match(layersPanelState(bare.model).presetsUnavailable, /no bone hierarchy/);

    const known = setup({ boneNames: ['hips', 'spine', 'head'], boneParents: [-1, 0, 1] });
    const layer = addWaveLayer(known.model, known.posted);
    known.model.layers.setMaskPreset(layer, 'upper');
    assert.deepEqual(layersPanelState(known.model).layers[0].maskBones, [false, true, true]);
    assert.equal(layersPanelState(known.model).layers[0].preset, 'upper');
    known.model.layers.setMaskBones(layer, [2]);
    assert.equal(layersPanelState(known.model).layers[0].preset, 'custom');
    known.model.layers.setMaskPreset(layer, 'lower');
    assert.deepEqual(layersPanelState(known.model).layers[0].maskBones, [true, false, false]);
    assert.deepEqual(layersPanelState(known.model).bones, ['hips', 'spine', 'head']);
  });

  it('reordering swaps the layer numbers of the actions; removing takes the action out of the mix', () => {
    const { model, posted } = setup();
    const first = addWaveLayer(model, posted);
    const second = model.layers.addLayer();
    model.layers.chooseClip(second, wave().uri);
    model.handle({ type: 'layerClip', id: second, file: wave() });
    const actions = () => [first, second].map((id) => model.layers.stack.get(id)?.action?.layer);
    assert.deepEqual(actions(), [1, 2]);
    model.layers.moveLayer(second, -1);
    assert.deepEqual(actions(), [2, 1]);
    assert.deepEqual(layersPanelState(model).layers.map((l) => [l.id, l.layer, l.canMoveDown, l.canMoveUp]), [[second, 1, false, true], [first, 2, true, false]]);
    const removed = model.layers.stack.get(first)!.action!;
    model.layers.removeLayer(first);
    assert.equal(removed.isRunning(), false);
    assert.deepEqual(layersPanelState(model).layers.map((l) => l.id), [second]);
  });

  it('a reload of the shown clip keeps the layers, bound to the new mixer', () => {
    const { model, posted } = setup();
    const id = addWaveLayer(model, posted);
    model.layers.setMaskRanges(id, '2');
    const before = model.mix.mixer;
    model.load({ type: 'load', clip: wave1(), frameRate: 30, keepState: true });
    assert.notEqual(model.mix.mixer, before);
    const action = model.layers.stack.get(id)!.action!;
    assert.equal(action.layer, 1);
    assert.deepEqual(Array.from(action.mask!), [0, 0, 1]);
    model.seek(5);
    near(mixedBone(model, 2), alone(wave(), 5 / 30, 2), 'bone 2 after the reload');
  });

  it('a clip of another bone count is refused as a layer, with the mixer\'s reason', () => {
    const { model, notices } = setup();
    const id = model.layers.addLayer();
    model.layers.chooseClip(id, wave().uri);
    const fourBones = new Uint8Array(8 + 4 * 2 * 16);
    fourBones.set([4, 0, 2, 0]);
    model.handle({ type: 'layerClip', id, file: file('file:///x/four.ewzanim', fourBones) });
    assert.match(notices().join('\n'), /four\.ewzanim cannot be a layer: four\.ewzanim has 4 bones; this mixer's skeleton has 3/);
    assert.equal(model.layers.stack.get(id)!.action, undefined);
  });
});

describe('preview mix file', () => {
  it('save: the base at layer 0, the layers above, the attachments, as URIs for the host', () => {
    const { model, posted } = setup();
    const id = addWaveLayer(model, posted);
    model.layers.setLayer(id, { weight: 0.75 });
    model.layers.setMaskRanges(id, '1');
    model.layers.attach(BUILTIN_BOX, 2, { position: [0, 0.1, 0], rotation: [0, 0, 0, 1], scale: 0.2 });
    model.layers.save('wave1.mix.json');
    assert.deepEqual(posted.at(-1), {
      type: 'saveMix', suggestedName: 'wave1.mix.json', mix: {
        version: 1,
        layers: [
          { clip: wave1().uri, layer: 0, weight: 1, speed: 1, additive: false, mask: null },
          { clip: wave().uri, layer: 1, weight: 0.75, speed: 1, additive: false, mask: [0, 1, 0] },
        ],
        attachments: [{ mesh: BUILTIN_BOX, bone: 2, position: [0, 0.1, 0], rotation: [0, 0, 0, 1], scale: 0.2 }],
      },
    });
  });

  it('open: mixer mode on, each layer\'s clip asked for, the box attached at once, a mesh file asked for', () => {
    const posted: PreviewToHostMessage[] = [];
    const model = new PreviewModel((m) => posted.push(m), { later: () => undefined });
    model.load({ type: 'load', clip: wave1(), frameRate: 30, keepState: false });
    model.handle({
      type: 'mix', name: 'wave1.mix.json', mix: {
        version: 1,
        layers: [
          { clip: wave1().uri, layer: 0, weight: 0.5, speed: 2, additive: false, mask: null },
          { clip: wave().uri, layer: 3, weight: 1, speed: 1, additive: true, mask: [1, 0, 0] },
        ],
        attachments: [
          { mesh: BUILTIN_BOX, bone: 1, position: [0, 0, 0], rotation: [0, 0, 0, 1], scale: 1 },
          { mesh: 'file:///pack/sword.nczxmesh', bone: 2, position: [0, 0, 0], rotation: [0, 0, 0, 1], scale: 1 },
        ],
      },
    });
    assert.equal(model.mode, 'mixer');
    assert.deepEqual([model.mix.mixer!.primary.weight, model.mix.mixer!.primary.timeScale], [0.5, 2]);
    const [layer] = model.layers.stack.layers;
    assert.deepEqual(posted.filter((m) => m.type === 'loadLayerClip' || m.type === 'loadAttachmentMesh'), [
      { type: 'loadLayerClip', id: layer.id, uri: wave().uri },
      { type: 'loadAttachmentMesh', id: 2, uri: 'file:///pack/sword.nczxmesh' },
    ]);
    model.handle({ type: 'layerClip', id: layer.id, file: wave() });
    assert.deepEqual([layer.action?.layer, layer.action?.additive, Array.from(layer.action!.mask!)], [1, true, [1, 0, 0]]);
    const state = layersPanelState(model);
    assert.deepEqual(state.attachments.map((a) => [a.name, a.bone, a.loading]), [['Box', 1, false], ['sword.nczxmesh', 2, true]]);
  });

  it('open: a second layer-0 clip becomes the crossfade partner, with the file\'s weight and speed once its bytes come', () => {
    const { model, posted } = setup();
    model.handle({
      type: 'mix', mix: {
        version: 1, attachments: [],
        layers: [{ clip: wave1().uri, layer: 0, weight: 0.6, speed: 1, additive: false, mask: null }, { clip: wave().uri, layer: 0, weight: 0.4, speed: 1.5, additive: false, mask: null }],
      },
    });
    assert.deepEqual(posted.at(-1), { type: 'loadMixClip', uri: wave().uri });
    model.handle({ type: 'mixClip', file: wave() });
    const second = model.mix.mixer!.secondary!;
    assert.deepEqual([second.weight, second.timeScale, model.mix.second?.uri], [0.4, 1.5, wave().uri]);
  });

  it('a mix the host could not read is said, and nothing changes', () => {
    const { model, notices } = setup();
    model.handle({ type: 'mix', reason: 'mix/version: version 2 is not supported' });
    assert.match(notices().join('\n'), /mix\/version/);
    assert.equal(model.layers.stack.layers.length, 0);
  });
});

describe('preview attachments', () => {
  /** The centre of the attached box's corners: the bone's origin when there is no offset. */
  function boxCentre(model: PreviewModel): number[] {
    const lines = model.overlayLines(model.pose())!;
    assert.equal(lines.length, 24 * GRID_VERTEX_FLOATS);
    const sum = [0, 0, 0];
    for (let v = 0; v < 24; v++) for (let k = 0; k < 3; k++) sum[k] += lines[v * GRID_VERTEX_FLOATS + k] / 24;
    return sum;
  }

  it('a box on bone 2 follows the bone in stamp mode, between frames, and in the mixer', () => {
    const posted: PreviewToHostMessage[] = [];
    const model = new PreviewModel((m) => posted.push(m), { later: () => undefined });
    model.load({ type: 'load', clip: wave1(), frameRate: 30, keepState: false });
    assert.equal(model.overlayLines(model.pose()), undefined, 'nothing attached: nothing drawn');
    model.layers.attach(BUILTIN_BOX, 2);
    model.selection.select(2);
    for (const mode of ['stamp', 'blended', 'mixer'] as const) {
      model.setMode(mode);
      model.seek(12);
      if (mode === 'blended') {
        model.setPlaying(true);
        model.advance(0.5 / 30);
      }
      near(boxCentre(model), model.readout()!.transform.position, `${mode}: box centre = bone 2's position`);
    }
  });

  it('the panel\'s fields: rotation typed as Euler degrees reads back the same; a scale of 0 is refused', () => {
    const { model } = setup();
    const id = model.layers.attach(BUILTIN_BOX, 1);
    model.layers.setAttachmentFields(id, { position: [0, 0.25, 0], rotation: [10, 45, 30], scale: 0.5, bone: 2 });
    model.layers.setAttachmentFields(id, { scale: 0 });
    assert.deepEqual(layersPanelState(model).attachments[0], { id, mesh: BUILTIN_BOX, name: 'Box', loading: false, bone: 2, position: [0, 0.25, 0], rotation: [10, 45, 30], scale: 0.5 });
  });

  it('an unusable mesh file is refused with its reason and the attachment removed', () => {
    const { model, notices } = setup();
    const id = model.layers.attach('file:///pack/bad.nczxmesh', 0);
    model.handle({ type: 'attachmentMesh', id, file: file('file:///pack/bad.nczxmesh', new Uint8Array(5)) });
    assert.match(notices().join('\n'), /bad\.nczxmesh is not a usable mesh/);
    assert.equal(layersPanelState(model).attachments.length, 0);
  });
});
