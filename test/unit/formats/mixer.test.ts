/**
 * The animation mixer, as tables: crossfade midpoints, weight normalisation, loop edges
 * (ping-pong turns, repeat's wrap blend, once's clamp), timeScale, quaternion sign flips, and the
 * keyframe cursor's cache (binary search only on a miss).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CLIP_HEADER_SIZE, decodeKeyframe, keyframeOffset, TRANSFORM_FLOATS } from '../../../formats/clip';
import { AnimationMixer, KeyframeCursor, mixerClipFromBytes, type MixerClip, type MixerLoop } from '../../../formats/mixer';
import { upstreamFile } from '../../gpu/clipFixtures';

type Q = [number, number, number, number];
interface Key { q: Q; p: [number, number, number]; s: number }

const yRotation = (degrees: number): Q => {
  const h = (degrees * Math.PI) / 360;
  return [0, Math.sin(h), 0, Math.cos(h)];
};
const negate = (q: Q): Q => [-q[0], -q[1], -q[2], -q[3]];
const IDENTITY: Q = [0, 0, 0, 1];

/** A clip of one keyframe list per frame (every bone the same), at `fps`. */
function clip(name: string, keys: Key[], fps = 1, bones = 2): MixerClip {
  const transforms = new Float32Array(keys.length * bones * TRANSFORM_FLOATS);
  keys.forEach((k, f) => {
    for (let b = 0; b < bones; b++) transforms.set([...k.q, ...k.p, k.s, k.s, k.s], (f * bones + b) * TRANSFORM_FLOATS);
  });
  return { name, boneCount: bones, frameCount: keys.length, times: Float64Array.from(keys, (_, f) => f / fps), period: keys.length / fps, transforms };
}

/** Bone `b` of the pose: rotation angle about Y in degrees (sign of w made positive), position x, scale x. */
function read(mixer: AnimationMixer, b = 0): { degrees: number; x: number; scale: number; length: number } {
  const o = b * TRANSFORM_FLOATS;
  const p = mixer.pose;
  const sign = p[o + 3] < 0 ? -1 : 1;
  return {
    degrees: (2 * Math.atan2(sign * p[o + 1], sign * p[o + 3]) * 180) / Math.PI,
    x: p[o + 4],
    scale: p[o + 7],
    length: Math.hypot(p[o], p[o + 1], p[o + 2], p[o + 3]),
  };
}

const near = (actual: number, expected: number, what: string, tolerance = 1e-4): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual}, expected ${expected}`);

const STILL_A = clip('a', [{ q: IDENTITY, p: [0, 0, 0], s: 1 }]);
const STILL_B = clip('b', [{ q: yRotation(90), p: [2, 0, 0], s: 3 }]);

describe('mixer: crossfade', () => {
  const rows: { after: number; degrees: number; x: number; scale: number; aWeight: number; bWeight: number }[] = [
    { after: 0, degrees: 0, x: 0, scale: 1, aWeight: 1, bWeight: 0 },
    { after: 0.25, degrees: 22.5, x: 0.5, scale: 1.5, aWeight: 0.75, bWeight: 0.25 },
    { after: 0.5, degrees: 45, x: 1, scale: 2, aWeight: 0.5, bWeight: 0.5 },
    { after: 0.75, degrees: 67.5, x: 1.5, scale: 2.5, aWeight: 0.25, bWeight: 0.75 },
    { after: 1, degrees: 90, x: 2, scale: 3, aWeight: 0, bWeight: 1 },
    { after: 3, degrees: 90, x: 2, scale: 3, aWeight: 0, bWeight: 1 },
  ];
  for (const row of rows) {
    it(`a 1 s crossfade from A (0°, x 0, scale 1) to B (90°, x 2, scale 3), ${row.after} s in`, () => {
      const mixer = new AnimationMixer(2);
      const a = mixer.clipAction(STILL_A).play();
      const b = mixer.clipAction(STILL_B);
      mixer.update(0);
      a.crossFadeTo(b, 1);
      mixer.update(row.after);
      near(a.getEffectiveWeight(), row.aWeight, 'A weight');
      near(b.getEffectiveWeight(), row.bWeight, 'B weight');
      const pose = read(mixer, 1);
      near(pose.degrees, row.degrees, 'rotation (slerp: the angle moves linearly)');
      near(pose.x, row.x, 'position');
      near(pose.scale, row.scale, 'scale');
      near(pose.length, 1, 'unit rotation');
      assert.equal(a.isRunning(), row.after < 1, 'A stops when its fade-out ends');
    });
  }

  it('a crossfade back in the middle continues from the current weights (no jump)', () => {
    const mixer = new AnimationMixer(2);
    const a = mixer.clipAction(STILL_A).play();
    const b = mixer.clipAction(STILL_B);
    a.crossFadeTo(b, 1);
    mixer.update(0.25);
    b.crossFadeTo(a, 1);
    mixer.update(0);
    near(a.getEffectiveWeight(), 0.75, 'A weight right after the reversal');
    near(read(mixer).degrees, 22.5, 'the same pose as before the reversal');
  });
});

describe('mixer: weight normalisation', () => {
  const rows: { a: number; b: number; degrees: number; x: number; total: number }[] = [
    { a: 1, b: 1, degrees: 45, x: 1, total: 2 },
    { a: 0.2, b: 0.2, degrees: 45, x: 1, total: 0.4 },
    { a: 3, b: 1, degrees: 22.5, x: 0.5, total: 4 },
    { a: 0.5, b: 0, degrees: 0, x: 0, total: 0.5 },
    { a: 0, b: 0, degrees: 0, x: 0, total: 0 },
  ];
  for (const row of rows) {
    it(`weights ${row.a} and ${row.b} blend as ${row.total ? (row.a / row.total).toFixed(3) : 'nothing (identity pose)'}`, () => {
      const mixer = new AnimationMixer(2);
      mixer.clipAction(STILL_A).play().weight = row.a;
      mixer.clipAction(STILL_B).play().weight = row.b;
      mixer.update(0.1);
      near(mixer.totalWeight, row.total, 'weight sum before normalisation');
      const pose = read(mixer);
      near(pose.degrees, row.degrees, 'rotation');
      near(pose.x, row.x, 'position');
      near(pose.scale, row.total ? (row.a * 1 + row.b * 3) / row.total : 1, 'scale');
    });
  }
});

describe('mixer: loop modes and timeScale', () => {
  // Five keyframes at 1 fps; position x = the frame number, so x reads back the sampled time.
  const RAMP = clip('ramp', [0, 1, 2, 3, 4].map((f) => ({ q: IDENTITY, p: [f, 0, 0], s: 1 })));
  const rows: { loop: MixerLoop; timeScale: number; seconds: number[]; x: number; finished?: boolean }[] = [
    { loop: 'repeat', timeScale: 1, seconds: [3.5], x: 3.5 },
    // Past the last keyframe, repeat blends frame 4 back into frame 0 (period 5 s).
    { loop: 'repeat', timeScale: 1, seconds: [4.5], x: 2 },
    { loop: 'repeat', timeScale: 1, seconds: [5, 1.25], x: 1.25 },
    { loop: 'repeat', timeScale: -1, seconds: [1], x: 4 },
    { loop: 'repeat', timeScale: 2, seconds: [1], x: 2 },
    { loop: 'once', timeScale: 1, seconds: [3.9], x: 3.9, finished: false },
    { loop: 'once', timeScale: 1, seconds: [4], x: 4, finished: true },
    { loop: 'once', timeScale: 1, seconds: [10], x: 4, finished: true },
    { loop: 'once', timeScale: -1, seconds: [1], x: 0, finished: true },
    // Ping-pong turns at the last keyframe (4) and at the first (0): a round trip is 8 s.
    { loop: 'pingPong', timeScale: 1, seconds: [4], x: 4 },
    { loop: 'pingPong', timeScale: 1, seconds: [4.5], x: 3.5 },
    { loop: 'pingPong', timeScale: 1, seconds: [7.75], x: 0.25 },
    { loop: 'pingPong', timeScale: 1, seconds: [8], x: 0 },
    { loop: 'pingPong', timeScale: 1, seconds: [4, 4, 1], x: 1 },
    { loop: 'pingPong', timeScale: 0.5, seconds: [9], x: 3.5 },
  ];
  for (const row of rows) {
    it(`${row.loop}, timeScale ${row.timeScale}, after ${row.seconds.join(' + ')} s: x = ${row.x}`, () => {
      const mixer = new AnimationMixer(2);
      const action = mixer.clipAction(RAMP).play();
      action.loop = row.loop;
      action.timeScale = row.timeScale;
      for (const s of row.seconds) mixer.update(s);
      near(read(mixer).x, row.x, 'sampled x');
      if (row.finished !== undefined) assert.equal(action.finished, row.finished);
    });
  }

  it('a paused action keeps its time; its weight still counts', () => {
    const mixer = new AnimationMixer(2);
    const action = mixer.clipAction(RAMP).play();
    mixer.update(1.5);
    action.paused = true;
    mixer.update(2);
    near(read(mixer).x, 1.5, 'x while paused');
  });
});

describe('mixer: quaternion signs', () => {
  it('keyframes of the same rotation with opposite signs sample as that rotation (no spin through the long way)', () => {
    const flip = clip('flip', [{ q: yRotation(30), p: [0, 0, 0], s: 1 }, { q: negate(yRotation(30)), p: [0, 0, 0], s: 1 }]);
    const mixer = new AnimationMixer(2);
    mixer.clipAction(flip).play();
    mixer.update(0.5);
    near(read(mixer).degrees, 30, 'midway between q and -q');
  });

  const rows: { a: number; b: number; negateB: boolean; degrees: number }[] = [
    { a: 10, b: 20, negateB: false, degrees: 15 },
    { a: 10, b: 20, negateB: true, degrees: 15 },
    { a: 170, b: -170, negateB: false, degrees: 180 },
    { a: -80, b: 80, negateB: true, degrees: 0 },
  ];
  for (const row of rows) {
    it(`actions at ${row.a}° and ${row.b}°${row.negateB ? ' (stored negated)' : ''}, half weight each: ${row.degrees}° (the shorter arc)`, () => {
      const mixer = new AnimationMixer(2);
      const qb = yRotation(row.b);
      mixer.clipAction(clip('a', [{ q: yRotation(row.a), p: [0, 0, 0], s: 1 }])).play();
      mixer.clipAction(clip('b', [{ q: row.negateB ? negate(qb) : qb, p: [0, 0, 0], s: 1 }])).play();
      mixer.update(0);
      const degrees = read(mixer).degrees;
      near(Math.abs(degrees) === 180 ? 180 : degrees, row.degrees, 'blended angle', 1e-3);
    });
  }
});

describe('mixer: real clips and rules', () => {
  it('one action at weight 1 on a keyframe time reproduces the decoded keyframe (upstream wave1)', () => {
    const bytes = upstreamFile('multi-skinned-rom/assets/wave1.ewzanim');
    const wave = mixerClipFromBytes('wave1', bytes, 30);
    const mixer = new AnimationMixer(wave.boneCount);
    mixer.clipAction(wave).play();
    mixer.update(15 / 30);
    for (let bone = 0; bone < 3; bone++) {
      const t = decodeKeyframe(bytes, keyframeOffset({ boneCount: 3 }, 15, bone));
      const length = Math.hypot(...t.rotation);
      const got = Array.from(mixer.pose.subarray(bone * TRANSFORM_FLOATS, (bone + 1) * TRANSFORM_FLOATS));
      const want = [...t.rotation.map((v) => v / length), ...t.position, ...t.scale];
      got.forEach((v, k) => near(v, want[k], `bone ${bone} float ${k}`, 1e-6));
    }
    assert.equal(bytes.length, CLIP_HEADER_SIZE + 3 * 30 * 16);
  });

  it('a clip of another bone count is refused; asking twice gives the same action', () => {
    const mixer = new AnimationMixer(2);
    assert.equal(mixer.clipAction(STILL_A), mixer.clipAction(STILL_A));
    assert.throws(() => mixer.clipAction(clip('three', [{ q: IDENTITY, p: [0, 0, 0], s: 1 }], 1, 3)), /3 bones; this mixer's skeleton has 2/);
  });

  it('playback at 60 updates a second over a 30 fps clip searches only on the loop wrap', () => {
    const wave = mixerClipFromBytes('wave1', upstreamFile('multi-skinned-rom/assets/wave1.ewzanim'), 30);
    const mixer = new AnimationMixer(3);
    const action = mixer.clipAction(wave).play();
    for (let i = 0; i < 110; i++) mixer.update(1 / 60);
    // 110 updates = 1.83 s over a 1 s clip: one wrap back to frame 0; every other step is the cached interval or the next.
    assert.equal(action.cursor.searches, 1);
    near(action.time, 110 / 60 - 1, 'time after the wrap', 1e-9);
  });
});

describe('KeyframeCursor', () => {
  const times = [0, 0.5, 1, 2, 4];
  const rows: { queries: number[]; indices: number[]; searches: number }[] = [
    { queries: [0, 0.1, 0.5, 0.9, 1, 1.5, 2, 3.9, 4, 9], indices: [0, 0, 1, 1, 2, 2, 3, 3, 4, 4], searches: 0 },
    { queries: [3, 0.2], indices: [3, 0], searches: 2 },
    { queries: [-1, 0.7], indices: [0, 1], searches: 1 },
    { queries: [1.2, 1.1, 1.9], indices: [2, 2, 2], searches: 1 },
  ];
  for (const row of rows) {
    it(`queries ${row.queries.join(', ')} -> ${row.indices.join(', ')} with ${row.searches} binary searches`, () => {
      const cursor = new KeyframeCursor(times);
      assert.deepEqual(row.queries.map((t) => cursor.find(t)), row.indices);
      assert.equal(cursor.searches, row.searches);
    });
  }
});
