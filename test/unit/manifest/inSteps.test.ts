/**
 * The manifest's rules in steps (the language server's `checkManifestInSteps`) and the walk given
 * turns: the same diagnostics in the same order as the one-go rules (the CLI's `checkManifest`)
 * and the same files as the plain walk, with turns of the event loop taken between steps, more of
 * them the more entries or names there are.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkManifest, checkManifestInSteps, readManifestText, type ManifestCheckResult } from '../../../formats/manifest';
import { DECODE_BYTES_PER_STEP } from '../../../formats/manifest/checkManifest';
import { ExcludeFilter } from '../../../formats/workspace/exclude';
import { walkWorkspace } from '../../../formats/workspace/walk';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { clipBytes, skeletonBytes } from './assetBytes';
import { BASE, basePack, PACK_CHANGES, type PackChange } from './craftedPack';

const OPTIONS = { maxKeyframeProblems: 10 };

interface Run {
  result: ManifestCheckResult;
  turns: number;
}

async function bothWays(text: string, files: Record<string, Uint8Array | string>): Promise<{ oneGo: ManifestCheckResult; inSteps: Run }> {
  const oneGo = await checkManifest(new MemoryFileAccess(files), '/pack/nether.toml', text, OPTIONS);
  let turns = 0;
  const takeTurn = async (): Promise<void> => void turns++;
  const result = await checkManifestInSteps(new MemoryFileAccess(files), '/pack/nether.toml', text, OPTIONS, takeTurn);
  return { oneGo, inSteps: { result, turns } };
}

function assertSameResult(inSteps: ManifestCheckResult, oneGo: ManifestCheckResult): void {
  assert.deepEqual(inSteps.diagnostics, oneGo.diagnostics);
  assert.deepEqual(inSteps.links, oneGo.links);
  assert.deepEqual(inSteps.assets.map((a) => [a.kind, a.id, a.path]), oneGo.assets.map((a) => [a.kind, a.id, a.path]));
}

const CRAFTED: PackChange[] = [
  ...PACK_CHANGES,
  { name: 'two sounds with one id', change: (t) => t.replace('[[assets.trackers]]', '[[assets.sounds]]\nid = "jump"\npath = "sfx/jump.wav"\n\n[[assets.trackers]]') },
];

for (const c of CRAFTED) {
  test(`in steps, ${c.name} gets the one-go rules' diagnostics in their order`, async () => {
    const { oneGo, inSteps } = await bothWays(c.change(BASE), { ...basePack(), ...c.files });
    assertSameResult(inSteps.result, oneGo);
  });
}

/** A manifest of `clips` clips on one skeleton, every seventh one missing and every eleventh's id repeated. */
function largePack(clips: number): { text: string; files: Record<string, Uint8Array | string> } {
  const files: Record<string, Uint8Array | string> = { '/pack/rig.nczxskel': skeletonBytes(3) };
  const sections = ['[game]\nid = "big"\ntitle = "Big"\nauthor = "Me"\nversion = "1.0.0"\n', '[[assets.skeletons]]\nid = "rig"\npath = "rig.nczxskel"\n'];
  const clip = clipBytes(3);
  for (let i = 0; i < clips; i++) {
    if (i % 7 !== 3) files[`/pack/anim/c${i}.nczxanim`] = clip;
    sections.push(`[[assets.animations]]\nid = "c${i % 11 === 5 ? 0 : i}"\npath = "anim/c${i}.nczxanim"\nskeleton = "rig"\n`);
  }
  return { text: sections.join('\n'), files };
}

test('in steps, a manifest of 2,000 clips gets the one-go diagnostics, over more turns than a small one', async () => {
  const large = largePack(2_000);
  const { oneGo, inSteps } = await bothWays(large.text, large.files);
  assert.ok(oneGo.diagnostics.some((d) => d.code === 'manifest/missing-file'));
  assert.ok(oneGo.diagnostics.some((d) => d.code === 'manifest/duplicate-id'));
  assertSameResult(inSteps.result, oneGo);
  const small = largePack(5);
  const smallRun = await bothWays(small.text, small.files);
  assert.ok(smallRun.inSteps.turns >= 1, 'even a small manifest gives a turn between rules');
  assert.ok(inSteps.turns > smallRun.inSteps.turns, `2,000 entries took ${inSteps.turns} turns, 5 took ${smallRun.inSteps.turns}`);
});

test('the walk given turns finds the plain walk\'s files, in its order, and takes a turn in a folder of 2,500 names', async () => {
  const files: Record<string, string> = { '/ws/nether.toml': '' };
  for (let i = 0; i < 2_500; i++) files[`/ws/anim/c${i}.nczxanim`] = '';
  const exclude = (): ExcludeFilter => new ExcludeFilter([], ['/ws']);
  const plain = await walkWorkspace(new MemoryFileAccess(files), ['/ws'], exclude());
  let turns = 0;
  const inTurns = await walkWorkspace(new MemoryFileAccess(files), ['/ws'], exclude(), undefined, async () => void turns++);
  assert.equal(plain.files.length, 2_501);
  assert.deepEqual(inTurns, plain);
  assert.ok(turns >= 2, `${turns} turns`);
});

test('a manifest of 1 MiB that is not UTF-8 reads in steps as the same text as in one go', async () => {
  const bytes = new Uint8Array(1024 * 1024 + 3);
  let seed = 0x2545f491;
  for (let i = 0; i < bytes.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    bytes[i] = seed >>> 24;
  }
  // A 3-byte character across the first step's end, and one cut off at the end of the file.
  bytes.set([0xe2, 0x82, 0xac], DECODE_BYTES_PER_STEP - 1);
  bytes.set([0xe2, 0x82], bytes.length - 2);
  const access = new MemoryFileAccess({ '/pack/nether.toml': bytes });
  let turns = 0;
  const inSteps = await readManifestText(access, '/pack/nether.toml', bytes.length, async () => void turns++);
  assert.equal(inSteps, await readManifestText(access, '/pack/nether.toml', bytes.length));
  assert.ok(inSteps.includes('€'));
  assert.equal(turns, 4);
});
