import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkBytes, checkFile, type BinaryKind } from '../../../formats/check';
import { checkClipStructure } from '../../../formats/clipCheck';
import { MAX_CLIP_SIZE } from '../../../formats/clip';
import { BINARY_DIAGNOSTIC_CODES } from '../../../formats/diagnosticCodes';
import type { ByteRange, FormatDiagnostic } from '../../../formats/diagnostics';
import { memoryByteSource, type ByteSource, type FileAccess } from '../../../formats/fileAccess';
import { upstreamFile } from '../../gpu/clipFixtures';
import { frozenBoneClip, poppedClip, repeatedFramesClip, staticClip, teleportedClip } from '../motion/plantedClips';

const OPTIONS = { maxKeyframeProblems: 100 };

/** A copy of `bytes` with `edit` applied through a DataView. */
function edited(bytes: Uint8Array, edit: (view: DataView, bytes: Uint8Array) => void): Uint8Array {
  const copy = bytes.slice();
  edit(new DataView(copy.buffer), copy);
  return copy;
}

function withSize(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes.subarray(0, size));
  return out;
}

/** One-bone clip of `frames` identical records. */
function clip(frames: number, record: number[], flags = 0): Uint8Array {
  const bytes = new Uint8Array(4 + frames * 16);
  bytes.set([1, flags, frames & 0xff, frames >> 8]);
  for (let f = 0; f < frames; f++) bytes.set(record, 4 + f * 16);
  return bytes;
}

const IDENTITY_RECORD = [0x03, 0x08, 0x20, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x3c, 0, 0x3c, 0, 0x3c];

function legacyClip(bones: number, frames: number): Uint8Array {
  const bytes = new Uint8Array(16 + bones * frames * 48);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, bones, true);
  view.setUint32(4, frames, true);
  view.setFloat32(8, 30, true);
  return bytes;
}

const wave1 = upstreamFile('multi-skinned-rom/assets/wave1.ewzanim');
const arm1Skel = upstreamFile('multi-skinned-rom/assets/arm1.ewzskel');
const arm1Mesh = upstreamFile('multi-skinned-rom/assets/arm1.ewzmesh');
const cube = upstreamFile('asset-test/assets/cube.ewzmesh');

interface Case {
  code: string;
  kind: BinaryKind;
  bytes: Uint8Array;
  range: ByteRange;
  options?: { maxKeyframeProblems: number };
}

const CASES: Case[] = [
  { code: 'anim/too-short', kind: 'clip', bytes: new Uint8Array([3, 0, 1]), range: { start: 0, end: 3 } },
  { code: 'anim/zero-bones', kind: 'clip', bytes: new Uint8Array([0, 0, 1, 0]), range: { start: 0, end: 1 } },
  { code: 'anim/zero-frames', kind: 'clip', bytes: new Uint8Array([1, 0, 0, 0]), range: { start: 2, end: 4 } },
  { code: 'anim/flags', kind: 'clip', bytes: clip(1, IDENTITY_RECORD, 2), range: { start: 1, end: 2 } },
  { code: 'anim/truncated', kind: 'clip', bytes: withSize(wave1, 1000), range: { start: 964, end: 1000 } },
  { code: 'anim/trailing-bytes', kind: 'clip', bytes: withSize(wave1, 1449), range: { start: 1444, end: 1449 } },
  { code: 'anim/legacy-layout', kind: 'clip', bytes: legacyClip(3, 30), range: { start: 0, end: 16 } },
  { code: 'anim/non-unit-rotation', kind: 'clip', bytes: clip(1, [0, 0, 0, 0, ...IDENTITY_RECORD.slice(4)]), range: { start: 4, end: 8 } },
  { code: 'anim/non-finite', kind: 'clip', bytes: edited(clip(1, IDENTITY_RECORD), (v) => v.setUint16(10, 0x7e00, true)), range: { start: 10, end: 12 } },
  { code: 'anim/zero-scale', kind: 'clip', bytes: edited(clip(1, IDENTITY_RECORD), (v) => v.setUint16(18, 0x8000, true)), range: { start: 18, end: 20 } },
  { code: 'anim/more-problems', kind: 'clip', bytes: clip(200, [0, 0, 0, 0, ...IDENTITY_RECORD.slice(4)]), range: { start: 4, end: 3204 } },
  { code: 'anim/pop', kind: 'clip', bytes: poppedClip(), range: { start: 8900, end: 8916 } },
  { code: 'anim/position-jump', kind: 'clip', bytes: teleportedClip(), range: { start: 5204, end: 5220 } },
  { code: 'anim/static-clip', kind: 'clip', bytes: staticClip(), range: { start: 4, end: 15364 } },
  { code: 'anim/frozen-bones', kind: 'clip', bytes: frozenBoneClip(), range: { start: 4, end: 15364 } },
  { code: 'anim/repeated-frames', kind: 'clip', bytes: repeatedFramesClip(), range: { start: 4, end: 15364 } },
  { code: 'skel/too-short', kind: 'skeleton', bytes: new Uint8Array(7), range: { start: 0, end: 7 } },
  { code: 'skel/zero-bones', kind: 'skeleton', bytes: new Uint8Array(8), range: { start: 0, end: 4 } },
  { code: 'skel/too-many-bones', kind: 'skeleton', bytes: edited(new Uint8Array(8 + 257 * 48), (v) => v.setUint32(0, 257, true)), range: { start: 0, end: 4 } },
  { code: 'skel/truncated', kind: 'skeleton', bytes: withSize(arm1Skel, 142), range: { start: 104, end: 142 } },
  { code: 'skel/trailing-bytes', kind: 'skeleton', bytes: withSize(arm1Skel, 156), range: { start: 152, end: 156 } },
  { code: 'skel/reserved', kind: 'skeleton', bytes: edited(arm1Skel, (v) => v.setUint32(4, 1, true)), range: { start: 4, end: 8 } },
  { code: 'skel/singular', kind: 'skeleton', bytes: edited(arm1Skel, (v) => v.setFloat32(56, 0, true)), range: { start: 56, end: 92 } },
  { code: 'skel/non-finite', kind: 'skeleton', bytes: edited(arm1Skel, (v) => v.setFloat32(44, NaN, true)), range: { start: 44, end: 48 } },
  { code: 'skel/more-problems', kind: 'skeleton', bytes: edited(new Uint8Array(8 + 200 * 48), (v) => v.setUint32(0, 200, true)), range: { start: 8, end: 9608 } },
  { code: 'mesh/too-short', kind: 'mesh', bytes: new Uint8Array(11), range: { start: 0, end: 11 } },
  { code: 'mesh/zero-vertices', kind: 'mesh', bytes: new Uint8Array(12), range: { start: 0, end: 4 } },
  { code: 'mesh/bad-format', kind: 'mesh', bytes: edited(cube, (_, b) => (b[8] = 16)), range: { start: 8, end: 9 } },
  { code: 'mesh/truncated', kind: 'mesh', bytes: withSize(cube, 657), range: { start: 656, end: 657 } },
  { code: 'mesh/trailing-bytes', kind: 'mesh', bytes: withSize(cube, 663), range: { start: 660, end: 663 } },
  { code: 'mesh/index-out-of-range', kind: 'mesh', bytes: edited(cube, (v) => v.setUint16(12 + 36 * 16, 36, true)), range: { start: 588, end: 590 } },
  { code: 'mesh/zero-weights', kind: 'mesh', bytes: edited(arm1Mesh, (_, b) => (b[28] = 0)), range: { start: 28, end: 32 } },
  { code: 'mesh/non-finite', kind: 'mesh', bytes: edited(cube, (v) => v.setUint16(12, 0x7c00, true)), range: { start: 12, end: 14 } },
  {
    code: 'mesh/more-problems',
    kind: 'mesh',
    bytes: edited(arm1Mesh, (_, b) => b.fill(0xff, 12 + 72 * 20)),
    range: { start: 12, end: 1668 },
  },
  { code: 'rom/bad-magic', kind: 'rom', bytes: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 1, 2]), range: { start: 0, end: 4 } },
];

test('every diagnostic code is triggered by a crafted file with the expected byte range', async () => {
  for (const c of CASES) {
    const result = await checkBytes(c.kind, memoryByteSource(c.bytes), `crafted.${c.kind}`, c.options ?? OPTIONS);
    const found = result.diagnostics.filter((d) => d.code === c.code);
    assert.equal(found.length >= 1, true, `${c.code}: got ${result.diagnostics.map((d) => d.code).join(', ')}`);
    assert.deepEqual(found[0].byteRange, c.range, c.code);
    const info = BINARY_DIAGNOSTIC_CODES.find((i) => i.code === c.code)!;
    assert.equal(found[0].severity, info.severity, c.code);
    assert.ok(found[0].message.length > 40, `${c.code} says what, expected, and what to do`);
  }
  const covered = new Set(CASES.map((c) => c.code).concat(['file/unreadable', 'file/unknown-kind']));
  for (const { code } of BINARY_DIAGNOSTIC_CODES) assert.ok(covered.has(code), `no crafted file for ${code}`);
});

test('the real upstream files check clean', async () => {
  const files: [BinaryKind, string][] = [
    ['clip', 'animation-demo/assets/wave.ewzanim'],
    ['clip', 'multi-skinned-rom/assets/wave1.ewzanim'],
    ['clip', 'multi-skinned-rom/assets/wave2.ewzanim'],
    ['skeleton', 'multi-skinned-rom/assets/arm1.ewzskel'],
    ['skeleton', 'multi-skinned-rom/assets/arm2.ewzskel'],
    ['mesh', 'multi-skinned-rom/assets/arm1.ewzmesh'],
    ['mesh', 'multi-skinned-rom/assets/arm2.ewzmesh'],
    ['mesh', 'asset-test/assets/cube.ewzmesh'],
    ['rom', 'cube/cube.ewz'],
    ['rom', 'multi-skinned-rom/multi-skinned-rom.ewz'],
  ];
  for (const [kind, path] of files) {
    const result = await checkBytes(kind, memoryByteSource(upstreamFile(path)), path, OPTIONS);
    assert.deepEqual(result.diagnostics, [], path);
    assert.equal(result.summary?.errorCount, 0);
  }
});

test('the truncation message says what was found, what was expected and what to do', async () => {
  const result = await checkBytes('clip', memoryByteSource(withSize(wave1, 1000)), 'wave1.ewzanim', OPTIONS);
  assert.equal(
    result.diagnostics[0].message,
    'Clip is 1000 bytes but its header (3 bones x 30 frames) needs 1444: 444 bytes missing (frame 20 onwards incomplete). Re-export the clip.',
  );
  assert.deepEqual(result.summary, {
    path: 'wave1.ewzanim', kind: 'clip', size: 1000, boneCount: 3, frameCount: 30, errorCount: 1, warningCount: 0,
    firstError: { code: 'anim/truncated', message: result.diagnostics[0].message },
  });
});

test('the legacy layout is reported instead of a bare "zero frames"', async () => {
  const result = await checkBytes('clip', memoryByteSource(legacyClip(3, 30)), 'old.ewzanim', OPTIONS);
  assert.deepEqual(result.diagnostics.map((d) => d.code), ['anim/legacy-layout']);
  assert.match(result.diagnostics[0].message, /3 bones x 30 frames at 30 fps/);
});

test('keyframe problems are capped with one summary that counts every problem per code', async () => {
  const bad = [0, 0, 0, 0, 0x00, 0x7c, 0, 0, 0, 0, 0, 0, 0, 0x3c, 0, 0x3c]; // non-unit, +inf position.x, zero scale.x
  const bytes = clip(1000, bad);
  for (const limit of [0, 5, 100]) {
    const result = await checkBytes('clip', memoryByteSource(bytes), 'bad.ewzanim', { maxKeyframeProblems: limit });
    const perRecord = result.diagnostics.filter((d) => d.code !== 'anim/more-problems');
    assert.equal(perRecord.length, limit);
    const summary = result.diagnostics.filter((d) => d.code === 'anim/more-problems');
    assert.equal(summary.length, 1);
    assert.deepEqual(summary[0].data, { total: 3000, reported: limit, 'anim/non-unit-rotation': 1000, 'anim/non-finite': 1000, 'anim/zero-scale': 1000 });
  }
  const all = await checkBytes('clip', memoryByteSource(bytes), 'bad.ewzanim', { maxKeyframeProblems: 5000 });
  assert.equal(all.diagnostics.length, 3000);
});

test('chunked lint: any chunk size gives the same diagnostics, and reads stay within one chunk', async () => {
  const bytes = clip(777, IDENTITY_RECORD);
  for (const frame of [0, 100, 511, 776]) bytes[4 + frame * 16] = 0; // words 0x..00 with a=b=c=0 -> non-unit
  for (const frame of [0, 100, 511, 776]) bytes.fill(0, 4 + frame * 16, 8 + frame * 16);
  const reference = await checkBytes('clip', memoryByteSource(bytes), 'c.ewzanim', OPTIONS);
  assert.equal(reference.diagnostics.length, 4);
  for (const chunkBytes of [16, 48, 1000, 4096, 1 << 22]) {
    let largestRead = 0;
    const source: ByteSource = {
      size: bytes.length,
      read: async (offset, length) => {
        largestRead = Math.max(largestRead, length);
        return bytes.slice(offset, offset + length); // fresh, possibly unaligned-length copies
      },
    };
    const result = await checkBytes('clip', source, 'c.ewzanim', { maxKeyframeProblems: 100, chunkBytes });
    assert.deepEqual(result.diagnostics, reference.diagnostics, `chunk ${chunkBytes}`);
    assert.ok(largestRead <= Math.max(16, chunkBytes), `read ${largestRead} with chunk ${chunkBytes}`);
  }
});

test('header and size checks of the largest clip read only the first 16 bytes', async () => {
  const reads: [number, number][] = [];
  const header = new Uint8Array(16);
  header.set([255, 0, 0xff, 0xff]);
  const huge = (first: Uint8Array, size: number): ByteSource => ({
    size,
    read: async (offset, length) => {
      reads.push([offset, length]);
      return offset === 0 ? first.subarray(0, Math.min(length, 16)) : new Uint8Array(0);
    },
  });
  const structure = checkClipStructure(header, MAX_CLIP_SIZE);
  assert.deepEqual(structure.diagnostics, []);
  assert.equal(structure.recordsReadable, true);
  // A broken header (0 frames) never touches the records, whatever the size.
  const zeroFrames = header.slice();
  zeroFrames[2] = zeroFrames[3] = 0;
  const result = await checkBytes('clip', huge(zeroFrames, MAX_CLIP_SIZE), 'big.ewzanim', OPTIONS);
  assert.deepEqual(result.diagnostics.map((d) => d.code), ['anim/zero-frames', 'anim/trailing-bytes']);
  assert.deepEqual(reads, [[0, 16]]);
});

function memoryAccess(files: Record<string, Uint8Array>, failing = new Set<string>()): FileAccess {
  return {
    stat: async (path) => {
      if (failing.has(path)) throw new Error('EACCES: permission denied');
      return files[path] ? { size: files[path].length, mtimeMs: 0, isDirectory: false } : path === 'dir.ewzanim' ? { size: 0, mtimeMs: 0, isDirectory: true } : undefined;
    },
    read: async (path, offset, length) => files[path].subarray(offset, offset + length),
    readDirectory: async () => [],
  };
}

test('checkFile: kinds by extension, missing and unreadable files, unknown kinds', async () => {
  const access = memoryAccess({ 'a/walk.nczxanim': wave1, 'a/arm.NCZXSKEL': arm1Skel, 'a/notes.txt': new Uint8Array(3) }, new Set(['locked.ewzmesh']));
  const ok = await checkFile(access, 'a/walk.nczxanim', OPTIONS);
  assert.deepEqual([ok.kind, ok.diagnostics], ['clip', []]);
  assert.equal((await checkFile(access, 'a/arm.NCZXSKEL', OPTIONS)).kind, 'skeleton');
  const table: [string, string, string][] = [
    ['a/missing.ewzanim', 'clip', 'file/unreadable'],
    ['dir.ewzanim', 'clip', 'file/unreadable'],
    ['locked.ewzmesh', 'mesh', 'file/unreadable'],
    ['a/notes.txt', 'unknown', 'file/unknown-kind'],
  ];
  for (const [path, kind, code] of table) {
    const result = await checkFile(access, path, OPTIONS);
    assert.equal(result.kind, kind, path);
    assert.deepEqual(result.diagnostics.map((d: FormatDiagnostic) => d.code), [code], path);
  }
  // Manifests are dispatched to the manifest module (tested there).
  assert.equal((await checkFile(access, 'a/nether.toml', OPTIONS)).kind, 'manifest');
  const throwing: ByteSource = { size: 100, read: async () => { throw new Error('EIO'); } };
  const failed = await checkBytes('clip', throwing, 'x.ewzanim', OPTIONS);
  assert.deepEqual(failed.diagnostics.map((d) => d.code), ['file/unreadable']);
});

test('skinned mesh summary carries the highest bone index used', async () => {
  const result = await checkBytes('mesh', memoryByteSource(arm1Mesh), 'arm1.ewzmesh', OPTIONS);
  assert.equal(result.summary?.boneCount, 3);
  assert.equal(result.summary?.meshFormat, 12);
  const cubeResult = await checkBytes('mesh', memoryByteSource(cube), 'cube.ewzmesh', OPTIONS);
  assert.equal(cubeResult.summary?.boneCount, undefined);
});

test('a mesh with a bad format reports only that: its stride is a guess, so sizes and content are not judged', async () => {
  for (const format of [16, 20, 200]) {
    const result = await checkBytes('mesh', memoryByteSource(edited(cube, (_, b) => (b[8] = format))), 'cube.ewzmesh', OPTIONS);
    assert.deepEqual(result.diagnostics.map((d) => d.code), ['mesh/bad-format'], `format ${format}`);
  }
  const both = await checkBytes('mesh', memoryByteSource(edited(new Uint8Array(12), (_, b) => (b[8] = 16))), 'x.ewzmesh', OPTIONS);
  assert.deepEqual(both.diagnostics.map((d) => d.code), ['mesh/zero-vertices', 'mesh/bad-format']);
});

test('checkFile never opens a FIFO: file/unreadable, "not a regular file"', async () => {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { nodeFileAccess } = await import('../../../node/fileAccess');
  const folder = mkdtempSync(`${tmpdir()}/ewzanim-fifo-`);
  try {
    execFileSync('mkfifo', [`${folder}/stuck.nczxanim`]);
    const result = await checkFile(nodeFileAccess, `${folder}/stuck.nczxanim`, OPTIONS);
    assert.deepEqual(result.diagnostics.map((d: FormatDiagnostic) => d.code), ['file/unreadable']);
    assert.match(result.diagnostics[0]!.message, /not a regular file/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
