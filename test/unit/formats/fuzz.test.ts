/**
 * Seeded fuzz: 100,000 mutated, truncated and extended versions of the upstream files (and a few
 * crafted ones) go through checkBytes, describeByte and the field map. No exception may escape,
 * every diagnostic must be well-formed, and a file with no diagnostics must really be clean.
 * A failure names its seed and iteration, so it can be replayed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkBytes, type BinaryKind } from '../../../formats/check';
import { parseClipHeader } from '../../../formats/clip';
import { BINARY_DIAGNOSTIC_CODES } from '../../../formats/diagnosticCodes';
import { describeByte, fieldAt, fieldsOfRow } from '../../../formats/describe';
import { memoryByteSource } from '../../../formats/fileAccess';
import { parseMeshHeader } from '../../../formats/mesh';
import { readRomMagic } from '../../../formats/rom';
import { parseSkeletonHeader } from '../../../formats/skeleton';
import { seededRandom, upstreamFile } from '../../gpu/clipFixtures';

const SEED = 0x5eed;
const ITERATIONS = 100_000;
const KNOWN_CODES = new Set(BINARY_DIAGNOSTIC_CODES.map((c) => c.code));
const KINDS: BinaryKind[] = ['clip', 'skeleton', 'mesh', 'rom'];

function legacyClip(): Uint8Array {
  const bytes = new Uint8Array(16 + 2 * 3 * 48);
  bytes.set([2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0xf0, 0x41]);
  return bytes;
}

const BASES: [BinaryKind, Uint8Array][] = [
  ['clip', upstreamFile('animation-demo/assets/wave.ewzanim')],
  ['clip', upstreamFile('multi-skinned-rom/assets/wave2.ewzanim')],
  ['clip', legacyClip()],
  ['skeleton', upstreamFile('multi-skinned-rom/assets/arm1.ewzskel')],
  ['skeleton', upstreamFile('multi-skinned-rom/assets/arm2.ewzskel')],
  ['mesh', upstreamFile('multi-skinned-rom/assets/arm2.ewzmesh')],
  ['mesh', upstreamFile('asset-test/assets/cube.ewzmesh')],
  ['rom', upstreamFile('cube/cube.ewz')],
];

/** Specials worth writing over f16/f32/u32 fields: NaN, infinities, zeros, extremes. */
const SPECIAL_WORDS = [0x7e00, 0x7c00, 0xfc00, 0x8000, 0x0000, 0xffff, 0x7fff, 0xffffffff, 0x7fc00000, 0x00000000, 0x80000000];

function mutate(base: Uint8Array, next: () => number): Uint8Array {
  const pick = (n: number): number => next() % n;
  let bytes = base.slice();
  const steps = 1 + pick(3);
  for (let s = 0; s < steps; s++) {
    switch (pick(6)) {
      case 0: // bit flips anywhere
        for (let k = 1 + pick(8); k > 0 && bytes.length > 0; k--) bytes[pick(bytes.length)] ^= 1 << pick(8);
        break;
      case 1: // truncation
        bytes = bytes.slice(0, pick(bytes.length + 1));
        break;
      case 2: { // extension with random bytes
        const extra = new Uint8Array(1 + pick(64));
        for (let i = 0; i < extra.length; i++) extra[i] = pick(256);
        const grown = new Uint8Array(bytes.length + extra.length);
        grown.set(bytes);
        grown.set(extra, bytes.length);
        bytes = grown;
        break;
      }
      case 3: // header rewrite
        for (let i = 0; i < Math.min(16, bytes.length); i++) if (pick(3) === 0) bytes[i] = pick(256);
        break;
      case 4: { // a special value over an aligned field
        if (bytes.length < 4) break;
        const at = pick(bytes.length - 3) & ~1;
        const word = SPECIAL_WORDS[pick(SPECIAL_WORDS.length)];
        new DataView(bytes.buffer).setUint16(at, word & 0xffff, true);
        if (word > 0xffff) new DataView(bytes.buffer).setUint32(at & ~3, word, true);
        break;
      }
      default: // random bytes in a random window
        for (let i = pick(bytes.length + 1), n = pick(32); n > 0 && i < bytes.length; n--, i++) bytes[i] = pick(256);
    }
  }
  return bytes;
}

/** With no diagnostics, the header must describe exactly this file. */
function assertClean(kind: BinaryKind, bytes: Uint8Array, where: string): void {
  const size = bytes.length;
  switch (kind) {
    case 'clip': {
      const h = parseClipHeader(bytes);
      assert.ok(h && h.boneCount > 0 && h.frameCount > 0 && h.flags === 0 && h.expectedSize === size, where);
      break;
    }
    case 'skeleton': {
      const h = parseSkeletonHeader(bytes);
      assert.ok(h && h.boneCount > 0 && h.boneCount <= 256 && h.reserved === 0 && h.expectedSize === size, where);
      break;
    }
    case 'mesh': {
      const h = parseMeshHeader(bytes);
      assert.ok(h && h.vertexCount > 0 && h.format <= 15 && h.expectedSize === size, where);
      break;
    }
    case 'rom':
      assert.ok(readRomMagic(bytes), where);
  }
}

test(`fuzz: ${ITERATIONS} mutated files of every kind through checkBytes, describeByte and the field map`, async () => {
  const next = seededRandom(SEED);
  const seen = new Set<string>();
  let clean = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const [baseKind, base] = BASES[next() % BASES.length];
    const bytes = mutate(base, next);
    // Mostly the file's own kind, sometimes another (a mesh renamed to .nczxanim).
    const kind = next() % 8 === 0 ? KINDS[next() % KINDS.length] : baseKind;
    const where = `seed ${SEED} iteration ${i} (${kind}, ${bytes.length} bytes)`;
    const source = memoryByteSource(bytes);
    const result = await checkBytes(kind, source, 'fuzz', { maxKeyframeProblems: 1 + (next() % 20), chunkBytes: 16 * (1 + (next() % 64)) });
    for (const d of result.diagnostics) {
      seen.add(d.code);
      assert.ok(KNOWN_CODES.has(d.code), `${where}: unknown code ${d.code}`);
      assert.ok(d.byteRange && d.byteRange.start >= 0 && d.byteRange.start <= d.byteRange.end && d.byteRange.end <= bytes.length, `${where}: ${d.code} range ${JSON.stringify(d.byteRange)}`);
      assert.ok(d.message.length > 0, where);
    }
    if (result.diagnostics.length === 0) {
      clean++;
      assertClean(kind, bytes, where);
    }
    assert.equal(result.summary?.errorCount, result.diagnostics.filter((d) => d.severity === 'error').length, where);
    if (bytes.length > 0) {
      const offset = next() % bytes.length;
      const description = await describeByte(kind, source, offset, { frameRate: 30 });
      assert.ok(description, where);
      assert.ok(description.field.range.start <= offset && offset < Math.max(description.field.range.end, offset + 1), `${where}: field ${description.field.name}`);
      const row = fieldsOfRow(kind, { first16: bytes.subarray(0, 16), size: bytes.length }, offset);
      assert.ok(row.length >= 1, where);
      assert.equal(fieldAt(kind, { first16: bytes.subarray(0, 16), size: bytes.length }, offset)?.name, description.field.name, where);
    }
  }
  // The mutations reach far: most codes fire, and some inputs stay clean.
  assert.ok(clean > 0, 'some mutated files are clean');
  assert.ok(seen.size >= 20, `codes seen: ${[...seen].sort().join(', ')}`);
});
