/**
 * Several bones selected in the preview's bone list, as VS Code's lists do it: a click selects one
 * bone (again on the only selected one: none), Ctrl/Cmd-click adds or removes one, Shift-click the
 * run from the last clicked bone; the primary bone (what the other views follow) is the last one
 * clicked that is still selected. A selection from another view (one bone) replaces the set.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BoneSelection, pickGesture, type BonePickGesture } from '../../../webview/preview/boneSelection';
import { PreviewModel } from '../../../webview/preview/model/previewModel';
import { CLIP_HEADER_SIZE, KEYFRAME_SIZE, encodeKeyframe } from '../../../formats/clip';

type Click = [bone: number, gesture: BonePickGesture];

const table: { name: string; clicks: Click[]; bones: number[]; primary: number }[] = [
  { name: 'a click selects one bone', clicks: [[3, 'only']], bones: [3], primary: 3 },
  { name: 'a click on another bone replaces it', clicks: [[3, 'only'], [5, 'only']], bones: [5], primary: 5 },
  { name: 'a click on the only selected bone clears the selection', clicks: [[3, 'only'], [3, 'only']], bones: [], primary: -1 },
  { name: 'Ctrl-click adds bones in the order clicked; the last is the primary', clicks: [[3, 'only'], [7, 'toggle'], [1, 'toggle']], bones: [3, 7, 1], primary: 1 },
  { name: 'Ctrl-click on a selected bone removes it; removing the primary makes the last left primary', clicks: [[3, 'only'], [7, 'toggle'], [1, 'toggle'], [1, 'toggle']], bones: [3, 7], primary: 7 },
  { name: 'Ctrl-click removing another bone keeps the primary', clicks: [[3, 'only'], [7, 'toggle'], [3, 'toggle']], bones: [7], primary: 7 },
  { name: 'Ctrl-click removing the last bone clears the selection', clicks: [[3, 'toggle'], [3, 'toggle']], bones: [], primary: -1 },
  { name: 'a click on one of several selected bones keeps that one alone', clicks: [[3, 'only'], [7, 'toggle'], [3, 'only']], bones: [3], primary: 3 },
  { name: 'Shift-click selects the run from the last clicked bone, the clicked one primary', clicks: [[2, 'only'], [5, 'range']], bones: [2, 3, 4, 5], primary: 5 },
  { name: 'Shift-click upwards runs downwards from the anchor', clicks: [[5, 'only'], [2, 'range']], bones: [5, 4, 3, 2], primary: 2 },
  { name: 'a second Shift-click moves the run\'s end, not its start', clicks: [[2, 'only'], [5, 'range'], [3, 'range']], bones: [2, 3], primary: 3 },
  { name: 'Shift-click with nothing clicked before selects that bone', clicks: [[4, 'range']], bones: [4], primary: 4 },
  { name: 'Ctrl-click moves the anchor for the next Shift-click', clicks: [[0, 'only'], [6, 'toggle'], [8, 'range']], bones: [6, 7, 8], primary: 8 },
];

describe('BoneSelection: clicks in the bone list', () => {
  for (const t of table) {
    it(t.name, () => {
      const selection = new BoneSelection();
      let primary = -1;
      for (const [bone, gesture] of t.clicks) primary = selection.pick(bone, gesture, primary);
      assert.equal(primary, t.primary);
      assert.deepEqual(selection.bones(primary), t.bones);
    });
  }

  it('a bone selected elsewhere (the hex editor, a click on a curve) outside the set is selected alone; inside it keeps the set', () => {
    const selection = new BoneSelection();
    let primary = selection.pick(2, 'only', -1);
    primary = selection.pick(4, 'toggle', primary);
    assert.deepEqual(selection.bones(2), [2, 4]);
    assert.deepEqual(selection.bones(9), [9]);
    assert.deepEqual(selection.bones(-1), []);
  });

  it('the gesture of a click: Shift wins, Ctrl or Cmd toggle, else one bone', () => {
    const keys = (shiftKey: boolean, ctrlKey: boolean, metaKey: boolean): BonePickGesture => pickGesture({ shiftKey, ctrlKey, metaKey });
    assert.deepEqual([keys(false, false, false), keys(false, true, false), keys(false, false, true), keys(true, true, false)], ['only', 'toggle', 'toggle', 'range']);
  });
});

describe('PreviewModel: several selected bones', () => {
  const bones = 6;
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + bones * 2 * KEYFRAME_SIZE);
  bytes.set([bones, 0, 2, 0]);
  for (let r = 0; r < bones * 2; r++) encodeKeyframe({ rotation: [0, 0, 0, 1], position: [r, 0, 0], scale: [1, 1, 1] }, bytes, CLIP_HEADER_SIZE + r * KEYFRAME_SIZE);

  it('tells the other views of the primary bone only, and a selection from the host replaces the set', () => {
    const sent: unknown[] = [];
    const model = new PreviewModel((message) => sent.push(message), { later: () => undefined });
    model.load({ type: 'load', clip: { uri: 'file:///c.nczxanim', name: 'c', bytes }, frameRate: 30, keepState: false });
    model.selection.select(1);
    model.selection.select(4, 'toggle');
    assert.deepEqual([model.selectedBones, model.selectedBone], [[1, 4], 4]);
    assert.deepEqual(sent.at(-1), { type: 'selected', frame: 0, bone: 4 });
    model.selection.selectKeyframe(1, 1);
    assert.deepEqual([model.selectedBones, model.selectedBone], [[1, 4], 1], 'a click on a curve of a selected bone keeps the set');
    model.handle({ type: 'select', frame: 0, bone: 3 });
    assert.deepEqual([model.selectedBones, model.selectedBone], [[3], 3]);
  });
});
