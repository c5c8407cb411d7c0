/**
 * The Curves panel's envelope read from min/max pyramids (extremaPyramid.ts) draws exactly what a
 * scan of every frame of every bucket-column draws (buckets of a power of two frames, no wider
 * than a pixel column): the same points, the same values, in the same order,
 * on random records through the real decode (NaN and infinities included), on values with ties
 * everywhere, and on the upstream clips, at every kind of zoom and pan.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIP_HEADER_SIZE, parseClipHeader } from '../../../formats/clip';
import { CURVE_CHANNELS, boneCurves, bucketColumns, curveEnvelope, decodeBoneCurves, type BoneCurves, type CurveEnvelope } from '../../../webview/preview/curves/curveSeries';
import { ExtremaPyramid, PyramidLayout } from '../../../webview/preview/curves/extremaPyramid';
import { specialRecords } from '../formats/clipKernelInputs';
import { seededRandom } from '../../gpu/clipFixtures';

/**
 * The specification, written straightforwardly: with more frames than columns, pixel column c
 * covers frames lo + floor(c·n/columns) up to the next one's first; the buckets are of s frames,
 * the largest power of two with s·columns <= n, counted from frame 0 and cut at the view's ends;
 * every frame belongs to the pixel column its bucket begins in; each column is a scan of all its
 * frames: the first strict minimum and maximum, the earlier first; none (NaN only): NaN twice.
 */
function scannedEnvelope(curves: BoneCurves, first: number, last: number, columns: number): CurveEnvelope {
  const lo = Math.max(0, Math.floor(first));
  const hi = Math.min(curves.frames - 1, Math.ceil(last));
  const n = hi - lo + 1;
  const width = Math.max(1, Math.floor(columns));
  if (n <= 0) return { frames: [], values: curves.plotted.map(() => []), reduced: false };
  if (n <= width) return { frames: Array.from({ length: n }, (_, i) => lo + i), values: curves.plotted.map((v) => Array.from(v.subarray(lo, hi + 1))), reduced: false };
  let s = 1;
  while (2 * s * width <= n) s *= 2;
  const pixelColumnOf = (frame: number): number => {
    for (let c = width - 1; ; c--) if (lo + Math.floor((c * n) / width) <= frame) return c;
  };
  const members: number[][] = Array.from({ length: width }, () => []);
  for (let f = lo; f <= hi; f++) members[pixelColumnOf(Math.max(lo, Math.floor(f / s) * s))].push(f);
  assert.ok(members.every((m) => m.length > 0), 'no column is empty');
  const frames = members.flatMap((m) => [m[0], m[m.length - 1]]);
  const values = curves.plotted.map((v) => members.flatMap((m) => {
    let [min, max, minAt, maxAt] = [Infinity, -Infinity, m[0], m[0]];
    for (const i of m) {
      if (v[i] < min) [min, minAt] = [v[i], i];
      if (v[i] > max) [max, maxAt] = [v[i], i];
    }
    return min > max ? [NaN, NaN] : minAt <= maxAt ? [min, max] : [max, min];
  }));
  return { frames, values, reduced: true };
}

/** A clip of `bones` x `frames` random records (any rotation word, halves often NaN, ±∞, extremes). */
function randomClip(bones: number, frames: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + bones * frames * 16);
  bytes.set([bones, 0, frames & 0xff, frames >>> 8]);
  bytes.set(specialRecords(bones * frames, seed), CLIP_HEADER_SIZE);
  return bytes;
}

/** Every channel drawn from `draw(frame, channel)`. */
function handMade(frames: number, draw: (frame: number, channel: number) => number): BoneCurves {
  const values = CURVE_CHANNELS.map((_, channel) => Float64Array.from({ length: frames }, (_, f) => draw(f, channel)));
  return boneCurves(0, values, values);
}

function upstream(path: string, bone: number): BoneCurves {
  const bytes = new Uint8Array(readFileSync(join(__dirname, '../../fixtures/upstream', path)));
  return decodeBoneCurves(bytes, parseClipHeader(bytes)!, bone);
}

const random = seededRandom(20);
const largest = decodeBoneCurves(randomClip(2, 65535, 7), { boneCount: 2, frameCount: 65535 }, 1);
const data: { name: string; curves: BoneCurves }[] = [
  { name: 'random records through the decode, 65,535 frames (NaN, ±∞, Euler unwrapped)', curves: largest },
  { name: 'a smooth swing with a one-frame spike, 65,535 frames', curves: handMade(65535, (f, c) => (f === 40001 ? 90 : Math.sin(f / (500 + c * 37)) * 45)) },
  { name: 'three distinct values (ties in every column), 10,007 frames', curves: handMade(10007, () => random() % 3) },
  { name: 'runs of NaN, +∞ and -∞ among values, 5,000 frames', curves: handMade(5000, (f, c) => [NaN, Infinity, -Infinity, f % 7, -f][Math.floor(f / (50 + c)) % 5]) },
  { name: 'a constant, 4,096 frames', curves: handMade(4096, () => 1.5) },
  { name: 'upstream animation-demo wave.ewzanim, bone 1 (30 frames)', curves: upstream('animation-demo/assets/wave.ewzanim', 1) },
  { name: 'upstream multi-skinned-rom wave2.ewzanim, bone 3 (30 frames)', curves: upstream('multi-skinned-rom/assets/wave2.ewzanim', 3) },
];

/** Views as fractions of the clip (a view's frames: `first·n .. last·n`) and pixel columns. */
const views: { name: string; first: number; last: number; columns: (frames: number) => number }[] = [
  { name: 'the whole clip in 1,200 columns', first: 0, last: 1, columns: () => 1200 },
  { name: 'the whole clip in one column', first: 0, last: 1, columns: () => 1 },
  { name: 'the whole clip in 7 columns', first: 0, last: 1, columns: () => 7 },
  { name: 'one frame per pixel', first: 0, last: 1, columns: (n) => n },
  { name: 'one frame more than pixels', first: 0, last: 1, columns: (n) => n - 1 },
  { name: 'more pixels than frames', first: 0, last: 1, columns: (n) => 2 * n + 3 },
  { name: 'zoomed in, panned to a fractional first frame', first: 0.1883, last: 0.3579, columns: () => 640 },
  { name: 'zoomed in to about 3 frames a column', first: 0.5, last: 0.55, columns: (n) => Math.max(1, Math.floor(n / 60)) },
  { name: 'the last frames, the window past the end', first: 0.93, last: 1.2, columns: () => 333 },
  { name: 'columns a power of two wide', first: 0, last: 1, columns: (n) => Math.max(1, Math.floor(n / 64)) },
];

describe('Curves: the envelope from pyramids equals a scan of every frame of each bucket-column', () => {
  for (const d of data) {
    for (const v of views) {
      it(`${d.name}: ${v.name}`, () => {
        const n = d.curves.frames;
        const [first, last, columns] = [v.first * (n - 1), v.last * (n - 1), v.columns(n)];
        assert.deepEqual(curveEnvelope(d.curves, first, last, columns), scannedEnvelope(d.curves, first, last, columns));
      });
    }
  }

  it('100 random views of the random records: every column equal', () => {
    for (let i = 0; i < 100; i++) {
      const a = random() % 65535;
      const b = random() % 65535;
      const columns = 1 + (random() % 2000);
      const e = curveEnvelope(largest, a + 0.25, b + 0.5, columns);
      assert.deepEqual(e, scannedEnvelope(largest, a + 0.25, b + 0.5, columns), `frames ${a}..${b} in ${columns} columns`);
    }
  });
});

describe('Curves: the min/max pyramid', () => {
  it('levels of 8, 16, 32 ... frames a bucket, as many as fit the channel; about half the samples\' memory', () => {
    assert.equal(new PyramidLayout(65535).levels, 15);
    assert.equal(new PyramidLayout(8).levels, 3);
    // 8,192 + 4,096 + ... + 2 buckets of 65,535 frames (the last of each level short).
    assert.equal(new PyramidLayout(65535).size, 16382);
    const pyramid = new ExtremaPyramid(new Float64Array(65535));
    assert.equal(pyramid.min.byteLength + pyramid.max.byteLength + pyramid.minFirst.byteLength, 16382 * 17);
  });

  it('columns on a level\'s bucket grid, read as whole buckets alone, read as from their samples alone', () => {
    for (const [name, curves] of [['random records', largest], ['ties everywhere', data[2].curves], ['NaN and infinity runs', data[3].curves]] as const) {
      for (let level = 3; level <= 12; level++) {
        const pyramid = curves.extremes[2];
        const frames: number[] = [];
        for (let f = 0; f + 2 ** level <= curves.frames;) {
          const buckets = 1 + (random() % 3);
          const end = Math.min(curves.frames - (curves.frames % 2 ** level), f + buckets * 2 ** level);
          frames.push(f, end - 1);
          f = end;
        }
        const [fromSamples, fromBuckets] = [new Array<number>(frames.length).fill(0), new Array<number>(frames.length).fill(0)];
        pyramid.columnExtremes(frames, 0, fromSamples);
        pyramid.columnExtremes(frames, level, fromBuckets);
        assert.deepEqual(fromBuckets, fromSamples, `${name}, level ${level}`);
      }
    }
  });

  it('a bucket keeps its first minimum and maximum and which comes first', () => {
    const values = [3, NaN, -1, 3, -1, 7, 7, 0, /* second bucket */ 5, 5, 5, 5, 9, 1, 1, 9];
    const pyramid = new ExtremaPyramid(Float64Array.from(values));
    const bucket = (k: number, b: number): [number, number, boolean] => {
      const slot = pyramid.layout.slot(k, b);
      return [pyramid.min[slot], pyramid.max[slot], pyramid.minFirst[slot] === 1];
    };
    assert.deepEqual(bucket(3, 0), [-1, 7, true]);
    assert.deepEqual(bucket(3, 1), [1, 9, false]);
    assert.deepEqual(bucket(4, 0), [-1, 9, true]);
  });


  it('a column reads the same extremes at every level as from its samples alone', () => {
    const pyramid = largest.extremes[5];
    const frames: number[] = [];
    for (let f = 0; f < 65535;) {
      const width = 1 + (random() % 3000);
      frames.push(f, Math.min(65534, f + width - 1));
      f += width;
    }
    const fromSamples = new Array<number>(frames.length).fill(0);
    pyramid.columnExtremes(frames, 0, fromSamples);
    for (let level = 3; level <= 15; level++) {
      const out = new Array<number>(frames.length).fill(0);
      pyramid.columnExtremes(frames, level, out);
      assert.deepEqual(out, fromSamples, `level ${level}`);
    }
  });

  it('a column is its pixel column with its ends moved to the grid of buckets of the widest power of two no wider than a column', () => {
    // 65,535 frames in 1,140 columns: 57.5 frames a column, buckets of 32.
    const whole = bucketColumns(0, 65534, 1140);
    assert.equal(whole.level, 5);
    assert.equal(whole.frames.length, 2 * 1140);
    // Pixel columns start at 0, 57, 114, 172: the columns at 0, 64, 128, 192.
    assert.deepEqual(whole.frames.slice(0, 6), [0, 63, 64, 127, 128, 191]);
    assert.equal(whole.frames[2279], 65534);
    // Exactly 4 frames a column from frame 10: buckets of 4 from frame 0; the first column starts at the view.
    assert.deepEqual(bucketColumns(10, 25, 4), { level: 2, frames: [10, 15, 16, 19, 20, 23, 24, 25] });
    // Under 2 frames a column: the pixel columns themselves.
    assert.deepEqual(bucketColumns(3, 9, 4), { level: 0, frames: [3, 3, 4, 5, 6, 7, 8, 9] });
  });

  it('every column one or two whole buckets, or a cut one at the view\'s ends, whatever the zoom and pan', () => {
    for (let i = 0; i < 200; i++) {
      const lo = random() % 60000;
      const hi = lo + 1 + (random() % (65534 - lo));
      const width = 1 + (random() % (hi - lo));
      const { level, frames } = bucketColumns(lo, hi, width);
      const [size, n] = [2 ** level, hi - lo + 1];
      assert.ok(size * width <= n && 2 * size * width > n, `frames ${lo}..${hi} in ${width} columns: buckets of ${size}`);
      assert.equal(frames.length, 2 * width);
      for (let c = 0; c < width; c++) {
        const [start, end] = [frames[2 * c], frames[2 * c + 1]];
        const wholeStart = c === 0 ? Math.ceil(lo / size) * size : start;
        const wholeEnd = c === width - 1 ? Math.floor((hi + 1) / size) * size - 1 : end;
        assert.ok(wholeStart % size === 0 && (wholeEnd + 1) % size === 0, `column ${c} of frames ${lo}..${hi} in ${width}: ${start}..${end} on the grid of ${size}`);
        const buckets = (wholeEnd + 1 - wholeStart) / size;
        assert.ok(buckets <= 2 && (buckets >= 1 || c === 0 || c === width - 1), `column ${c} of frames ${lo}..${hi} in ${width}: ${buckets} buckets of ${size}`);
      }
    }
  });
});
