/**
 * The data pack's budget: the listed files against the 16 MiB cartridge
 * (`manifest/rom-budget`), the decoded clips (frames x bones x 48 bytes) against the
 * storage-buffer binding limit (`manifest/animation-budget`), each at its edge.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkManifest, type ManifestCheckResult } from '../../../formats/manifest';
import { DECODED_BONE_BYTES, NETHERCORE_ZX_ROM_LIMIT, formatBytes, packBudget } from '../../../formats/manifest/rules/budget';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { clipBytes } from './assetBytes';
import { BASE, basePack } from './craftedPack';

const DATA_ENTRY = '\n[[assets.data]]\nid = "blob"\npath = "data/blob.bin"\n';

async function check(text: string, files: Record<string, Uint8Array | string>, animationBufferLimit?: number): Promise<ManifestCheckResult> {
  return checkManifest(new MemoryFileAccess({ ...basePack(), ...files }), '/pack/nether.toml', text, { maxKeyframeProblems: 10, animationBufferLimit });
}

function baseBytes(): number {
  return Object.values(basePack()).reduce((n, content) => n + (typeof content === 'string' ? new TextEncoder().encode(content).length : content.length), 0);
}

test('DECODED_BONE_BYTES is one 3x4 f32 matrix', () => {
  assert.equal(DECODED_BONE_BYTES, 48);
});

test('manifest/rom-budget: one byte over the cartridge is an error at [game]; exactly 16 MiB is fine', async () => {
  const fits = NETHERCORE_ZX_ROM_LIMIT - baseBytes();
  const atLimit = await check(BASE + DATA_ENTRY, { '/pack/data/blob.bin': new Uint8Array(fits) });
  assert.deepEqual(atLimit.diagnostics, []);
  assert.equal(packBudget(atLimit.assets).romBytes, NETHERCORE_ZX_ROM_LIMIT);

  const over = await check(BASE + DATA_ENTRY, { '/pack/data/blob.bin': new Uint8Array(fits + 1) });
  assert.deepEqual(over.diagnostics.map((d) => [d.code, d.severity, d.range?.start.line, d.data]), [
    ['manifest/rom-budget', 'error', 0, { romBytes: NETHERCORE_ZX_ROM_LIMIT + 1, romLimit: NETHERCORE_ZX_ROM_LIMIT }],
  ]);
  assert.match(over.diagnostics[0]!.message, /^The listed assets take 16 MiB \(16,777,217 bytes\), 100% of the 16 MiB ZX cartridge \(NETHERCORE_ZX_ROM_LIMIT\); largest: data 16 MiB/);
});

test('manifest/animation-budget: decoded clips above the binding limit, naming the largest clips', async () => {
  // walk: 3 bones x 2 frames; run: 3 bones x 10 frames. Decoded: (6 + 30) x 48 = 1,728 bytes.
  const text = `${BASE}\n[[assets.animations]]\nid = "run"\npath = "anim/run.nczxanim"\n`;
  const files = { '/pack/anim/run.nczxanim': clipBytes(3, 10) };
  assert.deepEqual((await check(text, files, 1728)).diagnostics, []);
  const over = await check(text, files, 1727);
  assert.equal(over.diagnostics.length, 1);
  const d = over.diagnostics[0]!;
  assert.equal(d.code, 'manifest/animation-budget');
  assert.deepEqual(d.data, { animationBytes: 1728, animationLimit: 1727 });
  assert.match(d.message, /^Decoded, the 2 clips take 1\.69 KiB \(1,728 bytes\) of bone matrices \(frames x bones x 48 bytes\), more than the 1\.69 KiB \(1,727 bytes\) storage-buffer binding limit: the console fails with "Animation data too large"/);
  assert.deepEqual(d.related?.map((r) => r.message), ['animation "run": 1.41 KiB (1,440 bytes) decoded', 'animation "walk": 288 bytes decoded']);
});

test('the default binding limit is 128 MiB', async () => {
  const budget = packBudget((await check(BASE, {})).assets);
  assert.equal(budget.animationLimit, 128 * 1024 * 1024);
  assert.equal(budget.animationBytes, 3 * 2 * 48);
  assert.deepEqual(Object.keys(budget.byKind).sort(), ['animation', 'data', 'mesh', 'skeleton', 'sound', 'texture', 'tracker'].filter((k) => k !== 'data'));
});

test('formatBytes: bytes, KiB, MiB with the exact count', () => {
  assert.deepEqual([0, 1023, 1024, 1536, 16 * 1024 * 1024, 18_087_936].map(formatBytes), [
    '0 bytes', '1,023 bytes', '1 KiB (1,024 bytes)', '1.5 KiB (1,536 bytes)', '16 MiB (16,777,216 bytes)', '17.25 MiB (18,087,936 bytes)',
  ]);
});

test('packBudget names the 3 largest clips, largest first, ties in manifest order', () => {
  const clip = (id: string, frames: number) => ({ kind: 'animation', id, exists: true, size: 4 + frames * 16, summary: { kind: 'clip', boneCount: 1, frameCount: frames } }) as unknown as ManifestCheckResult['assets'][number];
  const largest = (frames: number[]) => packBudget(frames.map((f, i) => clip(`c${i}`, f))).largestClips.map((c) => [c.asset.id, c.bytes / DECODED_BONE_BYTES]);
  assert.deepEqual(largest([5, 9, 5, 9, 1, 9, 9]), [['c1', 9], ['c3', 9], ['c5', 9]]);
  assert.deepEqual(largest([5, 3, 5, 4, 2]), [['c0', 5], ['c2', 5], ['c3', 4]]);
  assert.deepEqual(largest([1, 2]), [['c1', 2], ['c0', 1]]);
  assert.deepEqual(largest([]), []);
});
