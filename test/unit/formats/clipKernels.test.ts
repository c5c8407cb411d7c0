import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import {
  MATRIX_FLOATS,
  TRANSFORM_FLOATS,
  boneMatrix,
  clipBoneMatrices,
  clipBoneMatricesTs,
  decodeClipRecords,
  decodeClipRecordsTs,
  decodeKeyframe,
  isNonUnitRotation,
} from '../../../formats/index';
import { clipKernels, decodeOutputArray, loadClipKernels } from '../../../formats/wasm/clipKernels';
import { CLIP_KERNELS_WASM } from '../../../formats/wasm/clipKernels.generated';
import { UPSTREAM_CLIPS, randomClip, seededRandom, upstreamFile } from '../../gpu/clipFixtures';
import { randomRecords, specialRecords } from './clipKernelInputs';
// @ts-expect-error: a plain ES module script without type declarations.
import { generateWasmModules } from '../../../scripts/build-wasm.mjs';

/** Asserts both bulk decoders give, for each of `count` records at `byteOffset`, the scalar reference's exact bits. */
function assertEqualsReference(bytes: Uint8Array, byteOffset: number, count: number, label: string): void {
  const transforms = new Uint32Array(decodeClipRecords(bytes, byteOffset, count, new Float32Array(count * TRANSFORM_FLOATS)).buffer);
  const matrices = new Uint32Array(clipBoneMatrices(bytes, byteOffset, count, new Float32Array(count * MATRIX_FLOATS)).buffer);
  const t = new Float32Array(TRANSFORM_FLOATS), tBits = new Uint32Array(t.buffer);
  const m = new Float32Array(MATRIX_FLOATS), mBits = new Uint32Array(m.buffer);
  for (let i = 0; i < count; i++) {
    const k = decodeKeyframe(bytes, byteOffset + i * 16);
    t.set([...k.rotation, ...k.position, ...k.scale]);
    boneMatrix(k, m);
    for (let f = 0; f < TRANSFORM_FLOATS; f++) {
      if (transforms[i * TRANSFORM_FLOATS + f] !== tBits[f]) assert.fail(`${label}: record ${i} float ${f}: ${transforms[i * TRANSFORM_FLOATS + f].toString(16)} != ${tBits[f].toString(16)}`);
    }
    for (let f = 0; f < MATRIX_FLOATS; f++) {
      if (matrices[i * MATRIX_FLOATS + f] !== mBits[f]) assert.fail(`${label}: record ${i} matrix ${f}: ${matrices[i * MATRIX_FLOATS + f].toString(16)} != ${mBits[f].toString(16)}`);
    }
  }
}

test('the committed module is exactly what the WAT assembles to, and small enough for a synchronous compile', async () => {
  const results = (await generateWasmModules()) as { path: string; expected: string; actual: string; size: number }[];
  assert.ok(results.length >= 1);
  for (const r of results) assert.equal(r.actual, r.expected, `${r.path} drifted: run node scripts/build-wasm.mjs`);
  assert.ok(CLIP_KERNELS_WASM.length < 4096, `${CLIP_KERNELS_WASM.length} bytes`);
  assert.deepEqual([...CLIP_KERNELS_WASM.subarray(0, 4)], [0x00, 0x61, 0x73, 0x6d]);
});

test('under Node the bulk decoders run the WebAssembly kernels', () => {
  assert.ok(clipKernels(), 'WebAssembly kernels should load in Node');
});

test('WebAssembly kernels equal the scalar reference bit for bit on the upstream clips', () => {
  for (const path of UPSTREAM_CLIPS) {
    const bytes = upstreamFile(path);
    assertEqualsReference(bytes, 4, (bytes.length - 4) / 16, path);
  }
});

test('WebAssembly kernels equal the scalar reference on 100,000 random records (NaN/inf halves, non-unit words)', () => {
  const count = 100000;
  const bytes = specialRecords(count, 0x5eed);
  // The input really covers the hard cases.
  let nonUnit = 0, nan = 0, infinite = 0;
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < count; i++) {
    if (isNonUnitRotation(view.getUint32(i * 16, true))) nonUnit++;
    for (let h = 0; h < 6; h++) {
      const bits = view.getUint16(i * 16 + 4 + h * 2, true) & 0x7fff;
      if (bits > 0x7c00) nan++;
      else if (bits === 0x7c00) infinite++;
    }
  }
  assert.ok(nonUnit > 2000 && nan > 10000 && infinite > 10000, `non-unit ${nonUnit}, NaN ${nan}, inf ${infinite}`);
  assertEqualsReference(bytes, 0, count, 'random');
  // A misaligned start and a count that is not a whole number of blocks.
  const shifted = new Uint8Array(bytes.length + 3);
  shifted.set(bytes, 3);
  assertEqualsReference(shifted, 3 + 16 * 7, 4099, 'misaligned');
});

test('WebAssembly kernels equal the scalar reference on 102,000 records of finite halves (the all-normal fast path)', () => {
  const bytes = randomClip(255, 400, 0xf16);
  const count = 255 * 400;
  // Most records must take the eight-lane path: every half normal or zero.
  const view = new DataView(bytes.buffer);
  let allNormal = 0;
  for (let i = 0; i < count; i++) {
    let normal = true;
    for (let h = 0; h < 6; h++) {
      const em = view.getUint16(4 + i * 16 + 4 + h * 2, true) & 0x7fff;
      if (em !== 0 && (em < 0x400 || em >= 0x7c00)) normal = false;
    }
    if (normal) allNormal++;
  }
  assert.ok(allNormal > count * 0.7, `${allNormal} of ${count}`);
  assertEqualsReference(bytes, 4, count, 'finite');
});

/** Exponent-31 halves (an exact fix-up: the transforms' block, the matrices' group of four) and subnormal ones. */
const GROUP_SWITCHING_HALVES = [0x7c00, 0xfc00, 0x7c01, 0x7e00, 0xffff, 0x0001, 0x03ff, 0x8001, 0x83ff];

test('WebAssembly kernels equal the scalar reference when one half of 24 in a group of four is not normal, at every position, across blocks', () => {
  // Every record normal (exponents 1..30, any sign and mantissa) or zero, any rotation word; then
  // group g gets one switching half at position g % 24 of its 24 halves (record, then half).
  const groups = 2 * 8192 + 300;
  const count = groups * 4 + 3; // past two 32,768-record blocks, ending inside a group
  const bytes = randomRecords(count, 0x24, (r) => (r % 17 === 0 ? (r & 0x8000) : (r & 0x83ff) | ((1 + ((r >>> 16) % 30)) << 10)));
  const view = new DataView(bytes.buffer);
  const next = seededRandom(0x25);
  for (let g = 0; g < groups; g += 2) {
    const position = (g >>> 1) % 24;
    const record = g * 4 + Math.floor(position / 6);
    view.setUint16(record * 16 + 4 + (position % 6) * 2, GROUP_SWITCHING_HALVES[next() % GROUP_SWITCHING_HALVES.length], true);
  }
  assertEqualsReference(bytes, 0, count, 'one switching half per other group');
  // The same records from a start that is not a group boundary of the input.
  assertEqualsReference(bytes, 16 * 5, count - 5, 'shifted by five records');
});

/** One record per pattern, a random rotation word each; half slot h of record i holds pattern (i + 7919 h) mod count, so every slot holds every pattern once. */
function everyHalfInEverySlot(patterns: readonly number[], seed: number): Uint8Array {
  const next = seededRandom(seed);
  const count = patterns.length;
  const bytes = new Uint8Array(count * 16);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < count; i++) {
    view.setUint32(i * 16, next(), true);
    for (let h = 0; h < 6; h++) view.setUint16(i * 16 + 4 + h * 2, patterns[(i + 7919 * h) % count] as number, true);
  }
  return bytes;
}

test('every f16 bit pattern decodes exactly in every half slot: blocks of finite halves only, blocks with infinities and NaN, and one infinite half in a second block', () => {
  const all = Array.from({ length: 0x10000 }, (_, h) => h);
  const finite = all.filter((h) => (h & 0x7c00) !== 0x7c00); // zeros, subnormals and normals of both signs
  assert.equal(finite.length, 63488);
  assertEqualsReference(everyHalfInEverySlot(finite, 0x1f), 0, finite.length, 'finite halves');
  assertEqualsReference(everyHalfInEverySlot(all, 0x2f), 0, all.length, 'every pattern');
  // The first block (32,768 records) is all finite; the second holds one -infinity, at its end.
  const bytes = everyHalfInEverySlot(finite, 0x3f);
  new DataView(bytes.buffer).setUint16((finite.length - 1) * 16 + 4 + 5 * 2, 0xfc00, true);
  assertEqualsReference(bytes, 0, finite.length, 'one infinite half');
});

test('WebAssembly and TypeScript bulk paths agree, including an output array shorter than the records', () => {
  const count = 5000;
  const bytes = specialRecords(count, 7);
  for (const [name, wasm, ts, floats] of [
    ['transforms', decodeClipRecords, decodeClipRecordsTs, TRANSFORM_FLOATS],
    ['matrices', clipBoneMatrices, clipBoneMatricesTs, MATRIX_FLOATS],
  ] as const) {
    for (const length of [count * floats, 4096 * floats + 5, 3]) {
      const a = wasm(bytes, 0, count, new Float32Array(length).fill(-1));
      const b = ts(bytes, 0, count, new Float32Array(length).fill(-1));
      assert.deepEqual(new Uint32Array(a.buffer), new Uint32Array(b.buffer), `${name}, out length ${length}`);
    }
    assert.throws(() => wasm(bytes, 16, count, new Float32Array(count * floats)), RangeError);
    assert.throws(() => wasm(bytes, -1, 1, new Float32Array(floats)), RangeError);
    assert.equal(wasm(bytes, 0, 0, new Float32Array(0)).length, 0);
  }
});

test('decoding into an array from decodeOutputArray (no copy out) gives the same bits, writes only its records\' floats and keeps the rest', () => {
  const count = 32768 + 4099; // two blocks, the second ending inside a group of four
  for (const [name, wasm, ts, floats] of [
    ['transforms', decodeClipRecords, decodeClipRecordsTs, TRANSFORM_FLOATS],
    ['matrices', clipBoneMatrices, clipBoneMatricesTs, MATRIX_FLOATS],
  ] as const) {
    for (const bytes of [specialRecords(count, 11), randomClip(7, 5267, 0xd1).subarray(4)]) {
      const expected = new Uint32Array(ts(bytes, 0, count, new Float32Array(count * floats)).buffer);
      const whole = decodeOutputArray(count * floats + 50);
      assert.ok(whole.byteOffset > 0, `${name}: a view into the kernel's own memory`);
      whole.fill(-1);
      wasm(bytes, 0, count, whole);
      const bits = new Uint32Array(whole.buffer, whole.byteOffset, whole.length);
      assert.deepEqual(bits.subarray(0, count * floats), expected, `${name}: whole`);
      assert.ok(whole.subarray(count * floats).every((f) => f === -1), `${name}: past the records untouched`);
      // A view that starts at record 3 of the array and ends inside a record: only it is written.
      whole.fill(-1);
      const view = whole.subarray(3 * floats, 3 * floats + 1001 * floats + 5);
      wasm(bytes, 16 * 9, 1003, view);
      const viewBits = new Uint32Array(view.buffer, view.byteOffset, view.length);
      const viewExpected = new Uint32Array(ts(bytes, 16 * 9, 1003, new Float32Array(view.length)).buffer);
      assert.deepEqual(viewBits, viewExpected, `${name}: view`);
      assert.ok(whole.subarray(0, 3 * floats).every((f) => f === -1) && whole.subarray(3 * floats + view.length).every((f) => f === -1), `${name}: around the view untouched`);
    }
  }
  // A plain array is filled through the copy, as before.
  assert.ok(decodeOutputArray(10) instanceof Float32Array);
});

test('without WebAssembly, or where compiling is refused, the loader gives undefined', () => {
  assert.equal(loadClipKernels(undefined), undefined);
  const refused = {
    ...WebAssembly,
    Module: function Module(): never {
      throw new WebAssembly.CompileError("Refused to compile: 'wasm-unsafe-eval' is not allowed");
    },
  } as unknown as typeof WebAssembly;
  assert.equal(loadClipKernels(refused), undefined);
  assert.ok(loadClipKernels(WebAssembly));
});

test('fallback: with Node --jitless (no WebAssembly) the bulk decoders still equal the scalar reference', () => {
  const script = join(__dirname, 'clipKernelsFallbackProbe.ts');
  const stdout = execFileSync(process.execPath, ['--jitless', '--no-warnings', '--import', 'tsx', script], { encoding: 'utf8' });
  assert.deepEqual(JSON.parse(stdout.trim().split('\n').pop() ?? ''), { webAssembly: 'undefined', kernels: false, records: 20000, mismatches: 0 });
});
