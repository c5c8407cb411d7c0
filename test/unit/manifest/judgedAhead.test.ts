/**
 * `judgeManifestAhead`: the rules that need only a manifest's parse, run while a folder's files
 * are checked elsewhere (`ewzanim check FOLDER`). The check of that parse then runs the rest:
 * its diagnostics and their order are those of a check that judged everything itself.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkManifest, type ManifestCheckResult } from '../../../formats/manifest';
import { judgeManifestAhead } from '../../../formats/manifest/checkManifest';
import { parseManifestAsync } from '../../../formats/manifest/parseManifest';
import { AssetSummaryCache } from '../../../formats/manifest/summaryCache';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { BASE, basePack, PACK_CHANGES, type PackChange } from './craftedPack';

const PATH = '/pack/nether.toml';
const OPTIONS = { maxKeyframeProblems: 10 };

async function checkedAlone(text: string, files: Record<string, Uint8Array | string>): Promise<ManifestCheckResult> {
  return checkManifest(new MemoryFileAccess(files), PATH, text, OPTIONS);
}

/** The parse judged ahead, then checked (twice: the judgement is taken once). */
async function checkedAfterJudgingAhead(text: string, files: Record<string, Uint8Array | string>): Promise<ManifestCheckResult[]> {
  const cache = new AssetSummaryCache();
  const model = await cache.modelAsync(PATH, text, () => parseManifestAsync(text, PATH));
  await judgeManifestAhead(PATH, model);
  const first = await checkManifest(new MemoryFileAccess(files), PATH, text, { ...OPTIONS, cache });
  assert.equal(first.model, model, 'the check took the parse judged ahead');
  const again = await checkManifest(new MemoryFileAccess(files), PATH, text, { ...OPTIONS, cache });
  return [first, again];
}

const CASES: PackChange[] = [
  ...PACK_CHANGES,
  { name: 'two sounds with one id, the second one missing', change: (t) => t.replace('[[assets.trackers]]', '[[assets.sounds]]\nid = "jump"\npath = "sfx/gone.wav"\n\n[[assets.trackers]]') },
  { name: 'an unknown key and a missing file in one entry', change: (t) => t.replace('path = "sfx/jump.wav"', 'path = "sfx/gone.wav"\nvolum = 1') },
  { name: 'a manifest that does not parse', change: (t) => `${t}\n[[assets.sounds]\n` },
];

for (const c of CASES) {
  test(`judged ahead, ${c.name} gets the diagnostics of a check alone, in their order`, async () => {
    const files = { ...basePack(), ...c.files };
    const alone = await checkedAlone(c.change(BASE), files);
    for (const result of await checkedAfterJudgingAhead(c.change(BASE), files)) {
      assert.deepEqual(result.diagnostics, alone.diagnostics);
      assert.deepEqual(result.links, alone.links);
      assert.deepEqual(result.assets.map((a) => [a.kind, a.id, a.path, a.exists]), alone.assets.map((a) => [a.kind, a.id, a.path, a.exists]));
    }
    if (c.name !== 'the valid pack') assert.ok(alone.diagnostics.length > 0, 'the case has something to say');
  });
}
