/**
 * Seeded fuzz: 100,000 mutated NRes archives and models (bit flips, truncations, extensions,
 * special values over aligned fields, counts and offsets set to small numbers) go through the
 * checks, the field map, the hex editor's rows and descriptions, the views and the sampler. No exception may escape and every diagnostic
 * must be well-formed. A failure names its seed and iteration, so it can be replayed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoryByteSource } from '../../../formats/fileAccess';
import {
  MSH_DIAGNOSTIC_CODES,
  MSH_ROW_BYTES,
  buildMshModel,
  checkMshFile,
  describeMshByte,
  mshRowInfo,
  mshRowLayout,
  mshRowOfOffset,
  mshFieldAt,
  mshFieldsOfRow,
  mshNodeView,
  poseMshModel,
  readMshKeyViews,
  readMshMapWords,
  sampleMshNodeBlended,
  writeNres,
} from '../../../formats/msh';
import { mshDecodedGroups } from '../../../webview/hex/mshRowContent';
import { seededRandom } from '../../gpu/clipFixtures';
import { SMALL, heroArchive, heroModel } from './mshFixtures';

const SEED = 0x4e526573;
const ITERATIONS = Number(process.env.MSH_FUZZ_ITERATIONS ?? 100_000);
const KNOWN_CODES = new Set(MSH_DIAGNOSTIC_CODES.map((c) => c.code));

const BASES: Uint8Array[] = [
  heroModel(),
  heroArchive(),
  buildMshModel(SMALL),
  writeNres([
    { typeId: 0, name: 'a.msh', data: buildMshModel(SMALL) },
    { typeId: 0, name: 'B.MSH', data: buildMshModel({ nodes: [{ keys: [{ time: 0 }] }] }) },
  ]),
];

const SPECIAL_U32 = [0, 1, 2, 4, 16, 24, 38, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff, 0x7fc00000, 0x7f800000];

function mutate(base: Uint8Array, next: () => number): Uint8Array {
  const pick = (n: number): number => next() % n;
  let bytes = base.slice();
  for (let steps = 1 + pick(3); steps > 0; steps--) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    switch (pick(7)) {
      case 0: // bit flips anywhere
        for (let k = 1 + pick(8); k > 0 && bytes.length > 0; k--) bytes[pick(bytes.length)] ^= 1 << pick(8);
        break;
      case 1: // truncation
        bytes = bytes.slice(0, pick(bytes.length + 1));
        break;
      case 2: { // extension with random bytes
        const grown = new Uint8Array(bytes.length + 1 + pick(80));
        grown.set(bytes);
        for (let i = bytes.length; i < grown.length; i++) grown[i] = pick(256);
        bytes = grown;
        break;
      }
      case 3: // a special value over an aligned u32 (counts, sizes, offsets, attributes, floats)
        if (bytes.length >= 4) view.setUint32(pick(bytes.length >> 2) * 4, SPECIAL_U32[pick(SPECIAL_U32.length)], true);
        break;
      case 4: // a small number over an aligned u16 (node links, map words, key indices)
        if (bytes.length >= 2) view.setUint16(pick(bytes.length >> 1) * 2, pick(3) === 0 ? 0xffff : pick(24), true);
        break;
      case 5: // a small number over an aligned u32 of the tail (where the directory is)
        if (bytes.length >= 4) view.setUint32(Math.max(0, bytes.length - 4 - pick(Math.min(bytes.length, 200)) * 4) & ~3, pick(2000), true);
        break;
      default: // random bytes in a random window
        for (let i = pick(bytes.length + 1), n = pick(32); n > 0 && i < bytes.length; n--, i++) bytes[i] = pick(256);
    }
  }
  return bytes;
}

test(`fuzz: ${ITERATIONS} mutated NRes files through the checks, field map, hex rows, descriptions, views and sampler`, async () => {
  const next = seededRandom(SEED);
  const seen = new Set<string>();
  let animated = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const bytes = mutate(BASES[next() % BASES.length], next);
    const where = `seed ${SEED} iteration ${i} (${bytes.length} bytes)`;
    const source = memoryByteSource(bytes);
    try {
      // Mostly whole-stream reads; one in eight with pieces of 1..8 keys, to cross piece boundaries.
      const chunkBytes = next() % 8 === 0 ? 24 * (1 + (next() % 8)) : undefined;
      const { layout, diagnostics, animations } = await checkMshFile(source, { maxKeyframeProblems: 1 + (next() % 20), chunkBytes, expectModel: next() % 2 === 0, keepAnimations: true });
      for (const d of diagnostics) {
        seen.add(d.code);
        assert.ok(KNOWN_CODES.has(d.code), `${where}: unknown code ${d.code}`);
        assert.ok(d.byteRange && d.byteRange.start >= 0 && d.byteRange.start <= d.byteRange.end && d.byteRange.end <= bytes.length, `${where}: ${d.code} range ${JSON.stringify(d.byteRange)}`);
      }
      if (bytes.length > 0) {
        const offset = next() % bytes.length;
        const field = mshFieldAt(layout, offset);
        assert.ok(field && field.range.start <= offset && offset < field.range.end, `${where}: field at ${offset} is ${JSON.stringify(field)}`);
        assert.ok(mshFieldsOfRow(layout, offset).length >= 1, where);
        // The hex editor: the row holding the byte, and the byte's description.
        const rows = mshRowLayout(layout);
        const row = mshRowInfo(rows, mshRowOfOffset(rows, offset));
        assert.ok(row.start <= offset && offset < row.end && row.end - row.start <= MSH_ROW_BYTES, `${where}: row of ${offset} is ${JSON.stringify(row)}`);
        assert.ok(await describeMshByte(source, layout, offset), `${where}: byte ${offset} described`);
        mshDecodedGroups(rows, row, bytes.subarray(row.start, row.end));
      }
      const index = next() % Math.max(1, layout.models.length);
      const model = layout.models[index];
      if (!model) continue;
      mshNodeView(model, next() % (model.nodeCount + 1));
      if (next() % 4 === 0) {
        await readMshKeyViews(source, model, { start: next() % (model.keyCount + 1), end: next() % (model.keyCount + 2) });
        await readMshMapWords(source, model, { start: next() % (model.wordCount + 1), end: next() % (model.wordCount + 2) });
      }
      const animation = animations[index];
      if (!animation) continue;
      animated++;
      const t = ((next() % 2000) - 200) / 100;
      sampleMshNodeBlended(animation, next() % (animation.nodeCount + 1), t, t + 1.5, (next() % 5) / 4);
      if (animation.nodeCount <= 64) poseMshModel(animation, t);
    } catch (error) {
      assert.fail(`${where}: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  // The mutations reach far: most codes fire, and many models stay posable.
  assert.ok(seen.size >= MSH_DIAGNOSTIC_CODES.length - 6, `codes seen: ${[...seen].sort().join(', ')}`);
  assert.ok(animated > ITERATIONS / 10, `${animated} posable models`);
});
