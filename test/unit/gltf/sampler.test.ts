/**
 * The samplers against the glTF 2.0 specification on Khronos' InterpolationTest (STEP, LINEAR
 * and CUBICSPLINE for translation, rotation and scale on plain nodes), with the expected values
 * worked out by hand from the file's keys; and the frame grid (count, last key, tolerance).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Document } from '@gltf-transform/core';
import { bindAnimation } from '../../../formats/gltf/channels';
import { GltfPointers } from '../../../formats/gltf/pointers';
import { GltfProblemList } from '../../../formats/gltf/problems';
import { frameCountFor, keyTimeTolerance, TrackSampler, type KeyTrack } from '../../../formats/gltf/sampler';
import { fixture } from './gltfTestKit';

/** Samples the single channel of the InterpolationTest animation `name` at `time`. */
function sampleChannel(document: Document, name: string, time: number, fps = 30): number[] {
  const animation = document.getRoot().listAnimations().find((a) => a.getName() === name)!;
  const problems = new GltfProblemList();
  const bound = bindAnimation(animation, fps, () => 0, new GltfPointers(document), problems, () => ({ code: 'gltf/channel-ignored', reason: '' }));
  assert.deepEqual(problems.items, []);
  assert.equal(bound.tracks.length, 1);
  const out = new Float64Array(10);
  bound.tracks[0].sampler.sample(time, out, bound.tracks[0].offset);
  return Array.from(out.subarray(bound.tracks[0].offset, bound.tracks[0].offset + (bound.tracks[0].offset === 3 ? 4 : 3)));
}

function near(actual: number[], expected: number[], tolerance = 1e-6): void {
  assert.equal(actual.length, expected.length);
  actual.forEach((v, i) => assert.ok(Math.abs(v - expected[i]) <= tolerance, `component ${i}: ${actual.join(', ')} vs ${expected.join(', ')}`));
}

/** Rotation by `degrees` about z as x y z w. */
function aboutZ(degrees: number): number[] {
  const half = (degrees * Math.PI) / 360;
  return [0, 0, Math.sin(half), Math.cos(half)];
}

test('STEP holds the previous key; a key exactly on the time applies from it', async () => {
  const doc = await fixture('interpolationTest');
  // Step Scale: keys 1, 0, 1, 0, 1 at 0, 0.5, 1, 1.5, 2.
  near(sampleChannel(doc, 'Step Scale', 0.25), [1, 1, 1]);
  near(sampleChannel(doc, 'Step Scale', 0.49), [1, 1, 1]);
  near(sampleChannel(doc, 'Step Scale', 0.5), [0, 0, 0]);
  near(sampleChannel(doc, 'Step Scale', 1.75), [0, 0, 0]);
  near(sampleChannel(doc, 'Step Scale', 5), [1, 1, 1]);
  // Step Translation: y 6.8, 10.8, ... ; Step Rotation: 0, -45, -90, -135, -180 degrees about z.
  near(sampleChannel(doc, 'Step Translation', 0.75), [0, 10.8, 0], 1e-5);
  near(sampleChannel(doc, 'Step Rotation', 1.2), aboutZ(-90), 1e-6);
});

test('LINEAR: lerp for translation and scale, shortest-path slerp for rotation', async () => {
  const doc = await fixture('interpolationTest');
  near(sampleChannel(doc, 'Linear Translation', 0.25), [-3.4, 8.8, 0], 1e-5);
  near(sampleChannel(doc, 'Linear Translation', 0.125), [-3.4, 7.8, 0], 1e-5);
  near(sampleChannel(doc, 'Linear Scale', 0.1), [0.8, 0.8, 0.8]);
  // Slerp, not nlerp: a quarter of the way from -45 to -90 degrees is exactly -56.25 degrees.
  near(sampleChannel(doc, 'Linear Rotation', 0.625), aboutZ(-56.25), 1e-6);
  // The last key (-180 degrees, stored as 0 0 -1 0) and after it.
  near(sampleChannel(doc, 'Linear Rotation', 2), [0, 0, -1, 0], 1e-6);
  near(sampleChannel(doc, 'Linear Rotation', 3), [0, 0, -1, 0], 1e-6);
});

test('CUBICSPLINE: Hermite with tangents scaled by the key interval, rotations normalised', async () => {
  const doc = await fixture('interpolationTest');
  // Translation y: values 6.8 -> 10.8 with zero tangents; s = 0.25: h00 = 0.84375, h01 = 0.15625.
  near(sampleChannel(doc, 'CubicSpline Translation', 0.125), [3.4, 6.8 * 0.84375 + 10.8 * 0.15625, 0], 1e-5);
  near(sampleChannel(doc, 'CubicSpline Translation', 0.25), [3.4, 8.8, 0], 1e-5);
  near(sampleChannel(doc, 'CubicSpline Scale', 0.125), [0.84375, 0.84375, 0.84375]);
  // Rotation 0 -> -45 degrees, whose tangents in the file are all (0, 0, 0, 1); td = 0.5 and at
  // s = 0.25: h00 = 0.84375, h10 = 0.140625, h01 = 0.15625, h11 = -0.046875.
  const q1 = aboutZ(-45);
  const tangentW = 0.5 * 0.140625 + 0.5 * -0.046875;
  const mixed = [0, 0, 0.15625 * q1[2], 0.84375 + tangentW + 0.15625 * q1[3]];
  const length = Math.hypot(...mixed);
  near(sampleChannel(doc, 'CubicSpline Rotation', 0.125), mixed.map((v) => v / length), 1e-6);
});

test('CUBICSPLINE tangents are scaled by the key interval (td), per the specification', () => {
  // One key pair 2 s apart, v0 = 0, v1 = 0, out-tangent b0 = 1, in-tangent a1 = 0: p(s) = td (s^3 - 2s^2 + s).
  const track: KeyTrack = {
    path: 'translation',
    interpolation: 'CUBICSPLINE',
    times: new Float64Array([0, 2]),
    values: new Float64Array([0, 0, 0, 0, 0, 0, 1, 0, 0, /* key 1 */ 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    width: 3,
  };
  const out = new Float64Array(3);
  new TrackSampler(track, 30).sample(0.5, out, 0);
  const s = 0.25;
  assert.ok(Math.abs(out[0] - 2 * (s ** 3 - 2 * s ** 2 + s)) < 1e-12, String(out[0]));
});

test('before the first key the first value holds (a channel starting later)', () => {
  const track: KeyTrack = { path: 'scale', interpolation: 'LINEAR', times: new Float64Array([1, 2]), values: new Float64Array([2, 2, 2, 4, 4, 4]), width: 3 };
  const sampler = new TrackSampler(track, 30);
  const out = new Float64Array(3);
  sampler.sample(0, out, 0);
  assert.deepEqual(Array.from(out), [2, 2, 2]);
  sampler.sample(1.5, out, 0);
  assert.deepEqual(Array.from(out), [3, 3, 3]);
  // Times may go back: the cursor starts over.
  sampler.sample(0.5, out, 0);
  assert.deepEqual(Array.from(out), [2, 2, 2]);
});

test('frame grid: every frame from 0 to the last key time inclusive', () => {
  const f32 = Math.fround;
  const cases: [number, number, number, string][] = [
    [0, 30, 1, 'a single pose'],
    [2, 30, 61, 'last key on a frame: 0..60'],
    [f32(0.7083333134651184), 30, 23, 'Fox Walk: 21.25 frames -> frame 22 holds the last pose'],
    [f32(0.7083333134651184), 24, 18, 'Fox Walk at its own 24 fps: keys on frames 0..17'],
    [f32(31 / 30), 30, 32, 'an f32 key time just below frame 31 still lies on it'],
    [f32(1 / 3), 30, 11, 'f32(1/3) lies on frame 10'],
    [2.0833330154418945, 24, 51, 'RiggedSimple: 49.99999 frames count as frame 50'],
    [1.25, 29.97, 39, 'a non-integer frame rate: 37.46 frames -> 38 + 1'],
    [0.5, 1000, 501, 'a high frame rate'],
  ];
  for (const [last, fps, expected, why] of cases) assert.equal(frameCountFor(last, fps), expected, `${why} (last ${last} s at ${fps} fps)`);
});

test('key time tolerance: a ten-thousandth of a frame, or 16 f32 ulps of large times', () => {
  assert.equal(keyTimeTolerance(0.5, 30), 1e-4 / 30);
  assert.equal(keyTimeTolerance(10_000, 30), 10_000 * 2 ** -20);
});

test('a STEP key stored as f32(k/fps) applies from frame k on', () => {
  const times = new Float64Array([0, Math.fround(10 / 30), Math.fround(20 / 30)]);
  const track: KeyTrack = { path: 'translation', interpolation: 'STEP', times, values: new Float64Array([0, 0, 0, 1, 1, 1, 2, 2, 2]), width: 3 };
  const sampler = new TrackSampler(track, 30);
  const out = new Float64Array(3);
  const seen: number[] = [];
  for (let f = 0; f < 22; f++) {
    sampler.sample(f / 30, out, 0);
    seen.push(out[0]);
  }
  assert.deepEqual(seen, [...Array(10).fill(0), ...Array(10).fill(1), 2, 2]);
});
