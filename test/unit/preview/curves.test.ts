/**
 * The Curves panel's pure parts: a bone's channels decoded from a clip's bytes (angle from frame 0,
 * Euler XYZ as the hover shows it, position and scale), the Euler angles unwrapped for drawing,
 * the per-pixel-column min/max envelope of
 * a frame range, the frame window's zoom and pan, and the motion findings as marks on a bone.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CLIP_HEADER_SIZE, KEYFRAME_SIZE, encodeKeyframe, keyframeOffset } from '../../../formats/clip';
import { motionFindings } from '../../../formats/motion/motionFindings';
import type { MotionFinding } from '../../../formats/motion/motionOptions';
import type { BoneTransform } from '../../../formats/records';
import { eulerDegrees, quaternionFromEulerDegrees, rotationAngleBetween } from '../../../formats/rotationMath';
import { decodeRotation } from '../../../formats/rotation';
import { readU32LE } from '../../../formats/bytes';
import { marksForBones, markerNear } from '../../../webview/preview/curves/curveMarks';
import { CURVE_CHANNELS, boneCurves, channelsOf, curveEnvelope, decodeBoneCurves, type BoneCurves } from '../../../webview/preview/curves/curveSeries';
import { FrameWindow } from '../../../webview/preview/curves/frameWindow';
import { unwrapEulerDegrees } from '../../../webview/preview/curves/eulerUnwrap';
import { CurvesModel } from '../../../webview/preview/curves/curvesModel';
import { SlicedMotionScan } from '../../../webview/preview/curves/motionScan';

/** A clip of `bones` x `frames` whose record at (frame, bone) is `at(frame, bone)`. */
function clip(bones: number, frames: number, at: (frame: number, bone: number) => BoneTransform): Uint8Array {
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + bones * frames * KEYFRAME_SIZE);
  bytes.set([bones, 0, frames & 0xff, frames >>> 8]);
  for (let f = 0; f < frames; f++) for (let b = 0; b < bones; b++) encodeKeyframe(at(f, b), bytes, CLIP_HEADER_SIZE + (f * bones + b) * KEYFRAME_SIZE);
  return bytes;
}

const still = (position: [number, number, number] = [0, 0, 0]): BoneTransform => ({ rotation: [0, 0, 0, 1], position, scale: [1, 1, 1] });

/** Hand-made curves: channel i's value at frame f is `values[i][f]` (other channels 0). */
function curves(...channels: number[][]): BoneCurves {
  const frames = channels[0].length;
  const values = CURVE_CHANNELS.map((_, i) => Float64Array.from(channels[i] ?? new Array<number>(frames).fill(0)));
  return boneCurves(0, values, values);
}

describe('Curves: channels', () => {
  it('has the angle and Euler XYZ, then position and scale x y z, grouped for the three plots', () => {
    assert.deepEqual(CURVE_CHANNELS.map((c) => c.key), ['angle', 'euler.x', 'euler.y', 'euler.z', 'position.x', 'position.y', 'position.z', 'scale.x', 'scale.y', 'scale.z']);
    assert.deepEqual(channelsOf('rotation'), [0, 1, 2, 3]);
    assert.deepEqual(channelsOf('position'), [4, 5, 6]);
    assert.deepEqual(channelsOf('scale'), [7, 8, 9]);
  });
});

describe('Curves: decodeBoneCurves', () => {
  // Bone 1 of 3 turns about x by 30° a frame, moves up 0.5 a frame and grows 0.25 in z a frame.
  const bytes = clip(3, 4, (f, b) =>
    b === 1 ? { rotation: quaternionFromEulerDegrees(30 * f, 0, 0), position: [1, 0.5 * f, -2], scale: [1, 1, 1 + 0.25 * f] } : still([b, b, b]),
  );
  const c = decodeBoneCurves(bytes, { boneCount: 3, frameCount: 4 }, 1);

  it('reads position and scale exactly (f16 values that are exact)', () => {
    assert.equal(c.frames, 4);
    assert.deepEqual(Array.from(c.values[4]), [1, 1, 1, 1]);
    assert.deepEqual(Array.from(c.values[5]), [0, 0.5, 1, 1.5]);
    assert.deepEqual(Array.from(c.values[6]), [-2, -2, -2, -2]);
    assert.deepEqual(Array.from(c.values[9]), [1, 1.25, 1.5, 1.75]);
  });

  const rotations: { channel: number; name: string; expected: number[] }[] = [
    { channel: 0, name: 'angle from frame 0', expected: [0, 30, 60, 90] },
    { channel: 1, name: 'Euler x', expected: [0, 30, 60, 90] },
    { channel: 2, name: 'Euler y', expected: [0, 0, 0, 0] },
    { channel: 3, name: 'Euler z', expected: [0, 0, 0, 0] },
  ];
  for (const r of rotations) {
    it(`${r.name}: ${r.expected.join(', ')} degrees (within the 10-bit rotation's precision)`, () => {
      r.expected.forEach((degrees, frame) => assert.ok(Math.abs(c.values[r.channel][frame] - degrees) < 0.2, `frame ${frame}: ${c.values[r.channel][frame]}`));
    });
  }

  it('the rotation channels are the hover\'s eulerDegrees and rotationAngleBetween, to the last bit, on any rotation', () => {
    const turning = clip(2, 50, (f) => ({ rotation: quaternionFromEulerDegrees(37 * f, 90 * Math.sin(f), -13 * f), position: [0, 0, 0], scale: [1, 1, 1] }));
    const decoded = decodeBoneCurves(turning, { boneCount: 2, frameCount: 50 }, 1);
    const first = decodeRotation(readU32LE(turning, keyframeOffset({ boneCount: 2 }, 0, 1)));
    for (let f = 0; f < 50; f++) {
      const q = decodeRotation(readU32LE(turning, keyframeOffset({ boneCount: 2 }, f, 1)));
      const e = eulerDegrees(q);
      assert.deepEqual([0, 1, 2, 3].map((i) => decoded.values[i][f]), [rotationAngleBetween(first, q) * (180 / Math.PI), e.x, e.y, e.z], `frame ${f}`);
    }
  });

  it('reads the bone asked for, not its neighbours', () => {
    const other = decodeBoneCurves(bytes, { boneCount: 3, frameCount: 4 }, 2);
    assert.deepEqual(Array.from(other.values[4]), [2, 2, 2, 2]);
  });
});

describe('Curves: Euler angles unwrapped along frames (Blender\'s Discontinuity (Euler) Filter)', () => {
  const table: { name: string; x: number[]; y: number[]; z: number[]; expected: [number[], number[], number[]] }[] = [
    { name: 'no wrap: unchanged', x: [10, 20, 30], y: [-5, 0, 5], z: [0, 1, 2], expected: [[10, 20, 30], [-5, 0, 5], [0, 1, 2]] },
    { name: 'a turn through +180° carries on past it', x: [170, -170, -150], y: [0, 0, 0], z: [0, 0, 0], expected: [[170, 190, 210], [0, 0, 0], [0, 0, 0]] },
    { name: 'a turn through -180° carries on below it', x: [-170, 170, 150], y: [0, 0, 0], z: [0, 0, 0], expected: [[-170, -190, -210], [0, 0, 0], [0, 0, 0]] },
    { name: 'several whole turns accumulate', x: [0, 90, 180, -90, 0, 90], y: [0, 0, 0, 0, 0, 0], z: [0, 0, 0, 0, 0, 0], expected: [[0, 90, 180, 270, 360, 450], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]] },
    { name: 'z wraps on its own, x and y stay', x: [1, 2], y: [3, 4], z: [179, -178], expected: [[1, 2], [3, 4], [179, 182]] },
    {
      // y past 90° comes back from asin as 180° - y, with x and z turned half a turn: the other triple is nearer.
      name: 'the same rotation\'s other triple (x + 180, 180 - y, z + 180) when it is nearer', x: [10, -168], y: [80, 85], z: [20, -158], expected: [[10, 12], [80, 95], [20, 22]],
    },
    { name: 'a frame without finite angles is kept; the next follows the last finite one', x: [170, NaN, -170], y: [0, NaN, 0], z: [0, NaN, 0], expected: [[170, NaN, 190], [0, NaN, 0], [0, NaN, 0]] },
    { name: 'no frames', x: [], y: [], z: [], expected: [[], [], []] },
  ];
  for (const t of table) {
    it(t.name, () => {
      const unwrapped = unwrapEulerDegrees(Float64Array.from(t.x), Float64Array.from(t.y), Float64Array.from(t.z));
      assert.deepEqual(unwrapped.map((a) => Array.from(a, (v) => Math.round(v * 1e9) / 1e9)), t.expected);
    });
  }

  // Bone 0 spins about x at 25° a frame, tilted 40° about y: its hover angles wrap every 14 frames or so.
  const spinning = clip(1, 40, (f) => ({ rotation: quaternionFromEulerDegrees(25 * f, 40, 10), position: [0, 0, 0], scale: [1, 1, 1] }));
  const decoded = decodeBoneCurves(spinning, { boneCount: 1, frameCount: 40 }, 0);

  it('decodeBoneCurves draws the unwrapped angles (no step over 30°) and keeps the hover\'s for the readout', () => {
    const steps = (v: Float64Array): number => Math.max(...Array.from(v).slice(1).map((x, i) => Math.abs(x - v[i])));
    assert.ok(steps(decoded.values[1]) > 300, 'the hover\'s Euler x wraps through ±180°');
    for (const channel of [1, 2, 3]) assert.ok(steps(decoded.plotted[channel]) < 30, `channel ${CURVE_CHANNELS[channel].key}: ${steps(decoded.plotted[channel])}`);
    assert.ok(Math.abs(decoded.plotted[1][39] - 25 * 39) < 1, `x after 39 frames: ${decoded.plotted[1][39]}`);
    for (const channel of [0, 4, 5, 6, 7, 8, 9]) assert.equal(decoded.plotted[channel], decoded.values[channel], 'other channels are drawn as read');
  });

  it('every unwrapped frame is the same rotation as the hover\'s', () => {
    for (let f = 0; f < 40; f++) {
      const a = quaternionFromEulerDegrees(decoded.values[1][f], decoded.values[2][f], decoded.values[3][f]);
      const b = quaternionFromEulerDegrees(decoded.plotted[1][f], decoded.plotted[2][f], decoded.plotted[3][f]);
      assert.ok(rotationAngleBetween(a, b) < 1e-6, `frame ${f}`);
    }
  });

  it('the envelope draws the unwrapped values', () => {
    const e = curveEnvelope(decoded, 0, 39, 100);
    assert.deepEqual(e.values[1], Array.from(decoded.plotted[1]));
  });
});

describe('Curves: curveEnvelope', () => {
  const table: { name: string; values: number[]; first: number; last: number; columns: number; frames: number[]; expected: number[]; reduced: boolean }[] = [
    { name: 'every frame when the range fits the columns', values: [5, 6, 7, 8], first: 0, last: 3, columns: 10, frames: [0, 1, 2, 3], expected: [5, 6, 7, 8], reduced: false },
    { name: 'a sub-range, clamped to the clip', values: [5, 6, 7, 8], first: 2, last: 9, columns: 10, frames: [2, 3], expected: [7, 8], reduced: false },
    {
      name: 'two columns of four frames: each column\'s extremes, in the order they occur',
      values: [0, 3, -1, 2, 4, 4, 9, -5], first: 0, last: 7, columns: 2,
      // Column 0 (frames 0-3): min -1 at 2 after max 3 at 1; column 1 (4-7): max 9 at 6 before min -5 at 7.
      frames: [0, 3, 4, 7], expected: [3, -1, 9, -5], reduced: true,
    },
    {
      name: 'a one-frame spike survives any zoom-out (3 frames a column: the columns\' ends moved to buckets of 2)',
      values: [0, 0, 0, 0, 0, 100, 0, 0, 0], first: 0, last: 8, columns: 3,
      frames: [0, 3, 4, 5, 6, 8], expected: [0, 0, 0, 100, 0, 0], reduced: true,
    },
    {
      name: 'uneven columns: 5 frames in 2 columns split 2 + 3',
      values: [1, 2, 3, 4, 5], first: 0, last: 4, columns: 2,
      frames: [0, 1, 2, 4], expected: [1, 2, 3, 5], reduced: true,
    },
    {
      name: 'a column holds the buckets that begin in its pixel column (4 frames a column from frame 2: buckets of 4 from frame 0)',
      values: [9, 9, 5, 1, 2, 8, 3, 4, 0, 6, 7, 9], first: 2, last: 9, columns: 2,
      // Pixel columns 2-5 and 6-9; bucket 4-7 begins in the first, bucket 8-11 (cut at 9) in the second.
      frames: [2, 7, 8, 9], expected: [1, 8, 0, 6], reduced: true,
    },
    { name: 'NaN frames are skipped', values: [NaN, 1, NaN, NaN], first: 0, last: 3, columns: 2, frames: [0, 1, 2, 3], expected: [1, 1, NaN, NaN], reduced: true },
  ];
  for (const t of table) {
    it(t.name, () => {
      const e = curveEnvelope(curves(t.values), t.first, t.last, t.columns);
      assert.deepEqual(e.frames, t.frames);
      assert.deepEqual(e.values[0], t.expected);
      assert.equal(e.reduced, t.reduced);
      assert.equal(e.values.length, CURVE_CHANNELS.length);
      for (const v of e.values) assert.equal(v.length, e.frames.length);
    });
  }

  it('65,535 frames in 800 columns: 1,600 points, every frame in one column, the global extremes kept', () => {
    const values = Array.from({ length: 65535 }, (_, f) => Math.sin(f / 1000));
    values[40000] = 7;
    values[12345] = -7;
    const e = curveEnvelope(curves(values), 0, 65534, 800);
    assert.equal(e.frames.length, 1600);
    assert.equal(e.frames[0], 0);
    assert.equal(e.frames[1599], 65534);
    for (let c = 1; c < 800; c++) assert.equal(e.frames[2 * c], e.frames[2 * c - 1] + 1, `column ${c} starts after column ${c - 1}`);
    assert.equal(Math.max(...e.values[0]), 7);
    assert.equal(Math.min(...e.values[0]), -7);
  });
});

describe('Curves: FrameWindow', () => {
  const steps: { name: string; act: (w: FrameWindow) => void; first: number; last: number }[] = [
    { name: 'a new clip shows all of it', act: () => undefined, first: 0, last: 99 },
    { name: 'zooming in by half about frame 50 keeps 50 in place', act: (w) => w.zoom(0.5, 50), first: 25, last: 74.5 },
    { name: 'zooming about the first frame keeps it first', act: (w) => w.zoom(0.5, 0), first: 0, last: 49.5 },
    { name: 'zooming out past the clip shows the whole clip', act: (w) => w.zoom(4, 10), first: 0, last: 99 },
    { name: 'never narrower than 4 frames', act: (w) => w.set(10, 11), first: 8.5, last: 12.5 },
    { name: 'a reversed range is ordered', act: (w) => w.set(60, 20), first: 20, last: 60 },
    { name: 'panning keeps the span', act: (w) => { w.set(10, 30); w.pan(15); }, first: 25, last: 45 },
    { name: 'panning stops at the end of the clip', act: (w) => { w.set(10, 30); w.pan(500); }, first: 79, last: 99 },
    { name: 'panning stops at frame 0', act: (w) => { w.set(10, 30); w.pan(-500); }, first: 0, last: 20 },
  ];
  for (const s of steps) {
    it(s.name, () => {
      const w = new FrameWindow();
      w.reset(100);
      s.act(w);
      assert.deepEqual([w.first, w.last], [s.first, s.last]);
    });
  }
});

describe('Curves: marks from the motion findings', () => {
  // Bone 1 of 2 swings smoothly, with a 150-degree pop between frames 33 and 34; bone 0 moves too.
  const popClip = clip(2, 60, (f, b) => {
    const degrees = b === 1 ? 10 * Math.sin(f / 5) + (f === 34 ? 150 : 0) : 20 * Math.sin(f / 7);
    return { rotation: quaternionFromEulerDegrees(degrees, 0, 0), position: [0, b * 0.01 * f, 0], scale: [1, 1, 1] };
  });

  it('the planted pop is a marker on bone 1 at frame 34, nothing on bone 0', () => {
    const marks = marksForBones(motionFindings(popClip), [1]).filter((m) => m.code === 'anim/pop');
    assert.ok(marks.length >= 1, 'a pop found');
    assert.deepEqual({ kind: marks[0].kind, first: marks[0].first, last: marks[0].last, frame: marks[0].frame }, { kind: 'marker', first: 33, last: 34, frame: 34 });
    assert.deepEqual(marksForBones(motionFindings(popClip), [0]).filter((m) => m.code === 'anim/pop'), []);
  });

  const finding = (code: MotionFinding['code'], frames: [number, number], who: { bone?: number; bones?: number[] }): MotionFinding => ({
    code, frames, ...who, byteRange: { start: 0, end: 16 }, message: code, data: {},
  });
  const findings = [
    finding('anim/position-jump', [9, 10], { bone: 2 }),
    finding('anim/frozen-bones', [0, 59], { bones: [2, 3] }),
    finding('anim/repeated-frames', [0, 59], {}),
    finding('anim/pop', [3, 4], { bone: 5 }),
  ];

  it('a bone gets its own findings and the clip-wide ones, bands first', () => {
    assert.deepEqual(marksForBones(findings, [2]).map((m) => [m.kind, m.code, m.frame]), [
      ['band', 'anim/frozen-bones', 0],
      ['band', 'anim/repeated-frames', 0],
      ['marker', 'anim/position-jump', 10],
    ]);
    assert.deepEqual(marksForBones(findings, [4]).map((m) => m.code), ['anim/repeated-frames']);
  });

  it('several bones get each finding once, a pop naming its bone, a span over several bones naming none', () => {
    assert.deepEqual(marksForBones(findings, [2, 3, 5]).map((m) => [m.kind, m.code, m.bone]), [
      ['band', 'anim/frozen-bones', undefined],
      ['band', 'anim/repeated-frames', undefined],
      ['marker', 'anim/pop', 5],
      ['marker', 'anim/position-jump', 2],
    ]);
    assert.deepEqual(marksForBones(findings, [3, 4]).map((m) => m.code), ['anim/frozen-bones', 'anim/repeated-frames']);
  });

  it('a click picks the nearest marker within the tolerance', () => {
    const marks = [...marksForBones(findings, [2]), ...marksForBones(findings, [5])];
    assert.equal(markerNear(marks, 11.5, 2)?.frame, 10);
    assert.equal(markerNear(marks, 5, 2)?.frame, 4);
    assert.equal(markerNear(marks, 7, 1), undefined);
  });
});

describe('Curves: the motion findings scanned a slice at a time', () => {
  // Bone 1 of 3 with a pop at frame 34 (as above, one more bone so that slices cut frames).
  const bytes = clip(3, 60, (f, b) => ({
    rotation: quaternionFromEulerDegrees(b === 1 ? 10 * Math.sin(f / 5) + (f === 34 ? 150 : 0) : 20 * Math.sin(f / 7 + b), 0, 0),
    position: [0, b * 0.01 * f, 0],
    scale: [1, 1, 1],
  }));
  const whole = motionFindings(bytes);

  for (const slice of [1, 2, 7, 180, 100000]) {
    it(`slices of ${slice} record(s) find what one pass finds`, () => {
      const scan = new SlicedMotionScan(bytes, {});
      let steps = 1;
      while (!scan.step(slice)) steps++;
      assert.deepEqual(scan.findings, whole);
      assert.equal(steps, Math.max(1, Math.ceil(180 / slice)));
    });
  }

  it('a clip without frames has no findings and needs no slice', () => {
    const scan = new SlicedMotionScan(new Uint8Array([3, 0, 0, 0]), {});
    assert.equal(scan.step(), true);
    assert.deepEqual(scan.findings, []);
  });

  it('CurvesModel has no marks until the scan is done, then the bone\'s marks; a reload abandons the scan', () => {
    const model = new CurvesModel(() => undefined);
    model.load(bytes, { boneCount: 3, frameCount: 60 }, {}, false);
    const tasks: (() => void)[] = [];
    let done = 0;
    model.scanMarks((task) => tasks.push(task), () => done++, 50);
    assert.equal(model.marksReady, false);
    assert.equal(tasks.length, 1, 'the rest waits for the page');
    assert.deepEqual(model.marks([1]), []);
    while (tasks.length) tasks.shift()!();
    assert.equal(done, 1);
    assert.deepEqual(model.marks([1]).map((m) => [m.code, m.frame]), [['anim/pop', 34]]);

    model.load(bytes, { boneCount: 3, frameCount: 60 }, {}, true);
    model.scanMarks((task) => tasks.push(task), () => done++, 50);
    model.load(bytes, { boneCount: 3, frameCount: 60 }, {}, true);
    while (tasks.length) tasks.shift()!();
    assert.equal(done, 1, 'the abandoned scan never reports');
    assert.equal(model.marksReady, false);
  });
});
