/**
 * Bone masks and the mix file, as tables: masks from lists and typed ranges, a bone's subtree,
 * the upper/lower body presets (or why there are none), and the mix file's schema: a round trip,
 * defaults, and every refusal with its stable code.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bodyPresets, boneRangesText, maskFromBones, MixFileError, parseBoneRanges, parseMix, serializeMix, subtree, type MixFile } from '../../../formats/mixer';

describe('bone masks', () => {
  it('from a list: the weight on the bones listed, 0 elsewhere; indices outside the skeleton ignored; weight clamped to 0..1', () => {
    assert.deepEqual([...maskFromBones(5, [1, 3, 9, -1, 2.5])], [0, 1, 0, 1, 0]);
    assert.deepEqual([...maskFromBones(3, [0], 0.25)], [0.25, 0, 0]);
    assert.deepEqual([...maskFromBones(2, [0, 1], 7)], [1, 1]);
  });

  const ranges: { text: string; bones?: number[]; error?: RegExp }[] = [
    { text: '0-3, 8', bones: [0, 1, 2, 3, 8] },
    { text: '5 2 2-3', bones: [2, 3, 5] },
    { text: '', bones: [] },
    { text: '3-1', error: /"3-1" runs backwards/ },
    { text: '0-10', error: /"0-10" goes past the last bone \(9\)/ },
    { text: 'arm', error: /"arm" is not a bone or a range/ },
    { text: '-2', error: /"-2" is not a bone or a range/ },
  ];
  for (const row of ranges) {
    it(`ranges "${row.text}" of 10 bones: ${row.bones ? row.bones.join(' ') || 'none' : 'refused'}`, () => {
      const result = parseBoneRanges(row.text, 10);
      if (row.bones) assert.deepEqual(result, { bones: row.bones });
      else assert.match('error' in result ? result.error : '', row.error!);
    });
  }

  const texts: [number[], string][] = [[[0, 1, 2, 3, 8], '0-3, 8'], [[2, 3, 5], '2, 3, 5'], [[], ''], [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 33, 34, 35, 36, 37, 38, 39], '1-14, 33-39']];
  for (const [bones, text] of texts) {
    it(`bones ${bones.join(' ') || 'none'} written as ranges "${text}", read back the same`, () => {
      assert.equal(boneRangesText(bones), text);
      assert.deepEqual(parseBoneRanges(text, 40), { bones });
    });
  }

  // 0 hips -> 1 spine -> 2 chest -> (3 neck -> 4 head), (5 upperArm.L -> 6 hand.L); hips -> 7 leg.L -> 8 foot.L
  const PARENTS = [-1, 0, 1, 2, 3, 2, 5, 0, 7];
  const NAMES = ['hips', 'spine', 'chest', 'neck', 'head', 'upperArm.L', 'hand.L', 'leg.L', 'foot.L'];
  const subtrees: { root: number; bones: number[] }[] = [
    { root: 0, bones: [0, 1, 2, 3, 4, 5, 6, 7, 8] },
    { root: 2, bones: [2, 3, 4, 5, 6] },
    { root: 5, bones: [5, 6] },
    { root: 8, bones: [8] },
  ];
  for (const row of subtrees) {
    it(`bone ${row.root} (${NAMES[row.root]}) and everything under it: ${row.bones.join(' ')}`, () => {
      assert.deepEqual(subtree(PARENTS, row.root), row.bones);
    });
  }

  it('a cycle in the parents does not hang and is not under the root', () => {
    assert.deepEqual(subtree([1, 0, -1], 2), [2]);
  });

  it('presets: upper body from the first spine-like bone down, lower body the rest', () => {
    assert.deepEqual(bodyPresets(PARENTS, NAMES), { upper: [1, 2, 3, 4, 5, 6], lower: [0, 7, 8] });
  });

  const unavailable: { parents?: number[]; names?: string[]; reason: RegExp }[] = [
    { names: NAMES, reason: /no bone hierarchy/ },
    { parents: PARENTS, reason: /no bone named like a spine or chest/ },
    { parents: PARENTS, names: ['a', 'b'], reason: /no bone named like a spine or chest/ },
  ];
  for (const row of unavailable) {
    it(`presets unavailable with ${row.parents ? 'parents' : 'no parents'} and ${row.names ? `names ${row.names.length}` : 'no names'}`, () => {
      const result = bodyPresets(row.parents, row.names);
      assert.match('unavailable' in result ? result.unavailable : '', row.reason);
    });
  }
});

describe('mix file', () => {
  const MIX: Omit<MixFile, 'version'> = {
    layers: [
      { clip: 'walk.ewzanim', layer: 0, weight: 1, speed: 1, additive: false, mask: null },
      { clip: 'clips/attack.ewzanim', layer: 1, weight: 0.75, speed: -0.5, additive: false, mask: [0, 0, 0.5, 1] },
    ],
    attachments: [{ mesh: 'builtin:box', bone: 6, position: [0, 0.1, 0], rotation: [0, 0, 0, 1], scale: 0.2 }],
  };

  it('round trip: what is saved reads back the same, with version 1', () => {
    const text = serializeMix(MIX);
    assert.ok(text.startsWith('{\n  "version": 1,\n  "layers": ['));
    assert.deepEqual(parseMix(text), { version: 1, ...MIX });
  });

  it('missing optional fields take their defaults', () => {
    const mix = parseMix('{"version":1,"layers":[{"clip":"a.ewzanim"}],"attachments":[{"mesh":"hat.ewzmesh","bone":3}]}');
    assert.deepEqual(mix.layers[0], { clip: 'a.ewzanim', layer: 0, weight: 1, speed: 1, additive: false, mask: null });
    assert.deepEqual(mix.attachments[0], { mesh: 'hat.ewzmesh', bone: 3, position: [0, 0, 0], rotation: [0, 0, 0, 1], scale: 1 });
    assert.deepEqual(parseMix('{"version":1}'), { version: 1, layers: [], attachments: [] });
  });

  const refusals: { text: string; code: string; message: RegExp }[] = [
    { text: '{"version":1,', code: 'mix/not-json', message: /^not JSON/ },
    { text: '[]', code: 'mix/invalid', message: /the file must be an object/ },
    { text: '{"layers":[]}', code: 'mix/version', message: /version undefined is not supported/ },
    { text: '{"version":2}', code: 'mix/version', message: /version 2 is not supported \(this reader knows version 1\)/ },
    { text: '{"version":1,"layers":{}}', code: 'mix/invalid', message: /layers must be a list/ },
    { text: '{"version":1,"layers":[{}]}', code: 'mix/invalid', message: /layers\[0\]\.clip must be a file path/ },
    { text: '{"version":1,"layers":[{"clip":"/etc/a"}]}', code: 'mix/invalid', message: /layers\[0\]\.clip must be a path relative to the mix file/ },
    { text: '{"version":1,"layers":[{"clip":"a","weight":-1}]}', code: 'mix/invalid', message: /layers\[0\]\.weight must be between 0 and any/ },
    { text: '{"version":1,"layers":[{"clip":"a","layer":1.5}]}', code: 'mix/invalid', message: /layers\[0\]\.layer must be a whole number/ },
    { text: '{"version":1,"layers":[{"clip":"a","mask":[0,2]}]}', code: 'mix/invalid', message: /layers\[0\]\.mask\[1\] must be between 0 and 1/ },
    { text: '{"version":1,"layers":[{"clip":"a","additive":"yes"}]}', code: 'mix/invalid', message: /layers\[0\]\.additive must be true or false/ },
    { text: '{"version":1,"attachments":[{"mesh":"builtin:box"}]}', code: 'mix/invalid', message: /attachments\[0\]\.bone must be a number/ },
    { text: '{"version":1,"attachments":[{"mesh":"builtin:box","bone":0,"rotation":[0,0,0,2]}]}', code: 'mix/invalid', message: /rotation is not a unit quaternion \(length 2\.0000\)/ },
    { text: '{"version":1,"attachments":[{"mesh":"builtin:box","bone":0,"position":[0,0]}]}', code: 'mix/invalid', message: /position must hold 3 numbers/ },
    { text: '{"version":1,"attachments":[{"mesh":"builtin:box","bone":0,"scale":0}]}', code: 'mix/invalid', message: /scale must be between/ },
  ];
  for (const row of refusals) {
    it(`refuses ${row.text} with ${row.code}`, () => {
      assert.throws(() => parseMix(row.text), (error: unknown) => {
        assert.ok(error instanceof MixFileError);
        assert.equal(error.code, row.code);
        assert.match(error.message, row.message);
        return true;
      });
    });
  }
});
