/**
 * StepWindow.medianAround: the median of a bone's steps around a frame (the step itself left
 * out), ordered as a Float32Array's sort orders them, for windows cut by the clip's first and last
 * steps.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StepRing } from '../../../formats/motion/stepWindow';

/** A ring of one bone holding `values` as the steps ending at frames 0, 1, 2, ... */
function ringOf(values: readonly number[]): StepRing {
  const ring = new StepRing(1);
  values.forEach((value, frame) => ring.set(0, frame, value));
  return ring;
}

/** The median as the rule defines it: a Float32Array's sort, then the middle (or the mean of the two middle) values. */
function sortedMedian(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float32Array.from(values).sort();
  const n = sorted.length;
  return n % 2 === 1 ? sorted[(n - 1) >> 1] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

test('medianAround: the middle step of the window, the step itself left out', () => {
  const ring = ringOf([1, 0.5, 0.25, 4, 3, 2, 9, 8, 7, 6, 5, 0.125, 0.75, 1.5, 2.5, 3.5, 10]);
  // Frame 8 of steps 1..16: the steps at 1-7 and 9-16 (15 values), the median is the 8th smallest.
  assert.equal(ring.medianAround(0, 8, 1, 16), 3);
  // Cut at the last step 10: steps 1-7, 9, 10 (9 values): 0.25 0.5 2 3 4 5 6 8 9 -> 4.
  assert.equal(ring.medianAround(0, 8, 1, 10), 4);
  // Frame 1 cut at step 2: only step 2 is left.
  assert.equal(ring.medianAround(0, 1, 1, 2), 0.25);
  // Two values: their mean.
  assert.equal(ring.medianAround(0, 2, 1, 3), (0.5 + 4) / 2);
  // No step besides the frame's own.
  assert.ok(Number.isNaN(ring.medianAround(0, 1, 1, 1)));
});

test('medianAround orders NaN last and -0 before +0, as a Float32Array sort does', () => {
  const cases: number[][] = [
    [0, Number.NaN, 1, Number.NaN, 2, 3, 0.5],
    [0, -0, 0, -0, 0, Number.NaN, -0],
    [0, Number.NaN, Number.NaN, Number.NaN, 1],
    [0, 2, 2, 2, 1, 1, 3, 3, 0.1 + 0.2, 0.3],
  ];
  for (const values of cases) {
    const ring = ringOf(values);
    const last = values.length - 1;
    for (let frame = 1; frame <= last; frame++) {
      const window = values.map((value, f) => ({ value, f })).filter(({ f }) => f >= Math.max(1, frame - 8) && f <= Math.min(last, frame + 8) && f !== frame);
      const expected = sortedMedian(window.map(({ value }) => value));
      assert.ok(Object.is(ring.medianAround(0, frame, 1, last), expected), `${JSON.stringify(values)} at frame ${frame}`);
    }
  }
});

test('medianAround equals a Float32Array sort on random windows of repeated values, NaN and signed zeros', () => {
  let seed = 0x5eed;
  const next = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const pool = [Number.NaN, -0, 0, 0.25, 0.5, 0.5, 1, 2, -1, 1e-30, Math.fround(0.1)];
  for (let trial = 0; trial < 2000; trial++) {
    const values = Array.from({ length: 2 + Math.floor(next() * 16) }, () => (next() < 0.6 ? pool[Math.floor(next() * pool.length)] : next() * 4 - 2));
    const ring = ringOf(values);
    const last = values.length - 1;
    const frame = 1 + Math.floor(next() * last);
    const window = values.filter((_, f) => f >= Math.max(1, frame - 8) && f <= Math.min(last, frame + 8) && f !== frame);
    assert.ok(Object.is(ring.medianAround(0, frame, 1, last), sortedMedian(window)), `${JSON.stringify(values)} at frame ${frame}`);
  }
});
