/**
 * The mixer's layers, as tables: bone masks multiplying weights per bone, normalisation with
 * partial masks, layer order (a higher layer overrides the ones below by its mask and weight),
 * additive actions (a clip's change since its first keyframe added on top).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TRANSFORM_FLOATS } from '../../../formats/clip';
import { AnimationMixer, maskFromBones, type MixerClip } from '../../../formats/mixer';

type Q = [number, number, number, number];
const yRotation = (degrees: number): Q => {
  const h = (degrees * Math.PI) / 360;
  return [0, Math.sin(h), 0, Math.cos(h)];
};

/** A clip of `bones` bones; frame f holds rotation `degrees[f]` about Y, position x = `xs[f]`, scale `scales[f]` on every bone. */
function clip(name: string, degrees: number[], xs: number[], scales: number[] = degrees.map(() => 1), bones = 4): MixerClip {
  const transforms = new Float32Array(degrees.length * bones * TRANSFORM_FLOATS);
  degrees.forEach((d, f) => {
    for (let b = 0; b < bones; b++) transforms.set([...yRotation(d), xs[f], 0, 0, scales[f], scales[f], scales[f]], (f * bones + b) * TRANSFORM_FLOATS);
  });
  return { name, boneCount: bones, frameCount: degrees.length, times: Float64Array.from(degrees, (_, f) => f), period: degrees.length, transforms };
}

/** Bone `b`'s rotation about Y in degrees, position x and scale x. */
function read(mixer: AnimationMixer, b: number): { degrees: number; x: number; scale: number } {
  const p = mixer.pose;
  const o = b * TRANSFORM_FLOATS;
  const sign = p[o + 3] < 0 ? -1 : 1;
  assert.ok(Math.abs(Math.hypot(p[o], p[o + 1], p[o + 2], p[o + 3]) - 1) < 1e-5, `bone ${b}: unit rotation`);
  return { degrees: (2 * Math.atan2(sign * p[o + 1], sign * p[o + 3]) * 180) / Math.PI, x: p[o + 4], scale: p[o + 7] };
}

const near = (actual: number, expected: number, what: string, tolerance = 1e-3): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual}, expected ${expected}`);

// Four bones: 0 and 1 are the "lower body", 2 and 3 the "upper body".
const WALK = clip('walk', [0], [0], [1]);
const ATTACK = clip('attack', [90], [4], [3]);
const LOWER = maskFromBones(4, [0, 1]);
const UPPER = maskFromBones(4, [2, 3]);
const HALF_UPPER = Float32Array.from([0, 0, 0.5, 1]);

interface Row {
  name: string;
  walk: { weight: number; layer: number; mask?: Float32Array };
  attack: { weight: number; layer: number; mask?: Float32Array };
  /** Per bone: degrees, x, scale. */
  bones: [number, number, number][];
}

describe('mixer layers: masks, order and normalisation', () => {
  const rows: Row[] = [
    {
      name: 'one layer, no masks, equal weights: the 50/50 blend on every bone (as before layers)',
      walk: { weight: 1, layer: 0 }, attack: { weight: 1, layer: 0 },
      bones: [[45, 2, 2], [45, 2, 2], [45, 2, 2], [45, 2, 2]],
    },
    {
      name: 'one layer, complementary masks: each bone shows only its clip (normalised per bone)',
      walk: { weight: 1, layer: 0, mask: LOWER }, attack: { weight: 1, layer: 0, mask: UPPER },
      bones: [[0, 0, 1], [0, 0, 1], [90, 4, 3], [90, 4, 3]],
    },
    {
      name: 'one layer, partial mask 0.5 against 1: that bone is 2/3 walk, 1/3 attack; weights renormalised',
      walk: { weight: 1, layer: 0 }, attack: { weight: 1, layer: 0, mask: HALF_UPPER },
      bones: [[0, 0, 1], [0, 0, 1], [30, 4 / 3, 5 / 3], [45, 2, 2]],
    },
    {
      name: 'one layer, small weights with a mask: 0.2 x 0.5 against 0.2 still sums to a full pose',
      walk: { weight: 0.2, layer: 0 }, attack: { weight: 0.2, layer: 0, mask: HALF_UPPER },
      bones: [[0, 0, 1], [0, 0, 1], [30, 4 / 3, 5 / 3], [45, 2, 2]],
    },
    {
      name: 'attack on layer 1 masked to the upper body, weight 1: replaces the upper body, legs keep walking',
      walk: { weight: 1, layer: 0 }, attack: { weight: 1, layer: 1, mask: UPPER },
      bones: [[0, 0, 1], [0, 0, 1], [90, 4, 3], [90, 4, 3]],
    },
    {
      name: 'attack on layer 1 at weight 0.5: half over the walk on the masked bones',
      walk: { weight: 1, layer: 0 }, attack: { weight: 0.5, layer: 1, mask: UPPER },
      bones: [[0, 0, 1], [0, 0, 1], [45, 2, 2], [45, 2, 2]],
    },
    {
      name: 'layer 1 with a partial mask: weight 1 x mask 0.5 overrides by half, mask 1 fully',
      walk: { weight: 1, layer: 0 }, attack: { weight: 1, layer: 1, mask: HALF_UPPER },
      bones: [[0, 0, 1], [0, 0, 1], [45, 2, 2], [90, 4, 3]],
    },
    {
      name: 'layer 1 weights above 1 do not overshoot: override capped at 1',
      walk: { weight: 1, layer: 0 }, attack: { weight: 3, layer: 1, mask: UPPER },
      bones: [[0, 0, 1], [0, 0, 1], [90, 4, 3], [90, 4, 3]],
    },
    {
      name: 'order is by layer number, not by creation: walk on layer 2 over attack on layer 1 (no mask)',
      walk: { weight: 1, layer: 2 }, attack: { weight: 1, layer: 1 },
      bones: [[0, 0, 1], [0, 0, 1], [0, 0, 1], [0, 0, 1]],
    },
    {
      name: 'a layer of weight 0 leaves the pose below',
      walk: { weight: 1, layer: 0 }, attack: { weight: 0, layer: 1, mask: UPPER },
      bones: [[0, 0, 1], [0, 0, 1], [0, 0, 1], [0, 0, 1]],
    },
    {
      name: 'the lowest layer leaves bones no mask reaches at the identity; a higher layer covers them',
      walk: { weight: 1, layer: 0, mask: LOWER }, attack: { weight: 1, layer: 3, mask: maskFromBones(4, [3]) },
      bones: [[0, 0, 1], [0, 0, 1], [0, 0, 1], [90, 4, 3]],
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const mixer = new AnimationMixer(4);
      for (const [c, spec] of [[WALK, row.walk], [ATTACK, row.attack]] as const) {
        const action = mixer.clipAction(c).play().setMask(spec.mask ?? null);
        action.weight = spec.weight;
        action.layer = spec.layer;
      }
      mixer.update(0);
      row.bones.forEach(([degrees, x, scale], b) => {
        const got = read(mixer, b);
        near(got.degrees, degrees, `bone ${b} rotation`);
        near(got.x, x, `bone ${b} position x`);
        near(got.scale, scale, `bone ${b} scale`);
      });
    });
  }

  it('a mask of another bone count is refused', () => {
    const mixer = new AnimationMixer(4);
    assert.throws(() => mixer.clipAction(WALK).setMask(new Float32Array(3)), /a mask of 3 bones for walk, which has 4/);
  });

  it('a crossfade inside layer 1 keeps the override full while the weights move (0.25 + 0.75)', () => {
    const mixer = new AnimationMixer(4);
    mixer.clipAction(WALK).play();
    const a = mixer.clipAction(ATTACK).setMask(UPPER).play();
    const b = mixer.clipAction(clip('wave', [-90], [-4], [3])).setMask(UPPER).play();
    a.layer = 1;
    b.layer = 1;
    b.stop();
    mixer.update(0);
    a.crossFadeTo(b, 1);
    mixer.update(0.75);
    // Layer 1: attack 0.25, wave 0.75 -> -45°, x -2; it replaces the upper body (weights sum to 1).
    near(read(mixer, 3).degrees, -45, 'upper rotation');
    near(read(mixer, 3).x, -2, 'upper position');
    near(read(mixer, 0).degrees, 0, 'lower rotation (walk)');
  });
});

describe('mixer layers: additive', () => {
  // Frame 0 is the reference (30°, x 1, scale 1); frame 1 turns 90° further and moves 2 along x.
  const NOD = clip('nod', [30, 120], [1, 3], [1, 1.5]);
  const rows: { weight: number; at: number; degrees: number; x: number; scale: number; mask?: Float32Array; bone?: number }[] = [
    { weight: 1, at: 0, degrees: 10, x: 0.5, scale: 1 },
    { weight: 1, at: 1, degrees: 100, x: 2.5, scale: 1.5 },
    { weight: 0.5, at: 1, degrees: 55, x: 1.5, scale: 1.25 },
    { weight: 1, at: 0.5, degrees: 55, x: 1.5, scale: 1.25 },
    { weight: 1, at: 1, degrees: 10, x: 0.5, scale: 1, mask: UPPER, bone: 0 },
    { weight: 1, at: 1, degrees: 100, x: 2.5, scale: 1.5, mask: UPPER, bone: 3 },
  ];
  for (const row of rows) {
    it(`base 10°, x 0.5; nod added at weight ${row.weight}, ${row.at} s in${row.mask ? `, masked to the upper body, bone ${row.bone}` : ''}: ${row.degrees}°, x ${row.x}, scale ${row.scale}`, () => {
      const mixer = new AnimationMixer(4);
      mixer.clipAction(clip('base', [10], [0.5])).play();
      const nod = mixer.clipAction(NOD).play().setMask(row.mask ?? null);
      nod.additive = true;
      nod.weight = row.weight;
      nod.loop = 'once';
      mixer.update(row.at);
      const got = read(mixer, row.bone ?? 0);
      near(got.degrees, row.degrees, 'rotation');
      near(got.x, row.x, 'position x');
      near(got.scale, row.scale, 'scale');
    });
  }
});
