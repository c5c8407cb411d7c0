/**
 * A clip checked after the skeletons of its folder is judged against their bind poses as it is
 * read (`anim/local-space`): its facts keep the verdicts, not its sampled frames, so the rule
 * needs neither the frames nor a second read of the clip, however many clips the run holds
 * (past `RULE_BYTES_BUDGET` the frames would not be kept). On one thread and on the pool alike.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { checkPath } from '../../../cli/checkPath';
import type { FileAccess } from '../../../formats/fileAccess';
import { bindPoseKey } from '../../../formats/manifest/bindPose';
import { AssetSummaryCache, RULE_BYTES_BUDGET } from '../../../formats/manifest/summaryCache';
import { judgeClipAgainstSkeleton, type LocalSpaceVerdict } from '../../../formats/motion/localSpace';
import { checkWorkerScript, WorkerCheckPool } from '../../../node/checkPool';
import { nodeFileAccess } from '../../../node/fileAccess';
import { tempTree } from '../cli/cliHarness';
import { chainClip, chainSkeleton } from '../motion/plantedClips';
import { plantedPack } from './plantedPack';

function countingReads(base: FileAccess): { access: FileAccess; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const count = (path: string): void => void reads.set(path, (reads.get(path) ?? 0) + 1);
  return { reads, access: { ...base, read: (p, o, l) => (count(p), base.read(p, o, l)), readInto: (p, o, t) => (count(p), base.readInto!(p, o, t)) } };
}

for (const threads of ['one thread', 'the pool'] as const) {
  test(`check FOLDER on ${threads}: each clip keeps its verdict against the folder's skeleton, the one judged from the whole files`, async () => {
    const tree = tempTree(plantedPack());
    const pool = threads === 'the pool' ? new WorkerCheckPool(checkWorkerScript()!, 2) : undefined;
    try {
      const facts = new AssetSummaryCache({ oneRun: true });
      const checked = await checkPath(nodeFileAccess, tree.root, { maxKeyframeProblems: 100, facts, pool });
      const skeletonPath = join(tree.root, 'skel/hero.nczxskel');
      const skeleton = facts.statOf(skeletonPath)!;
      const bones = facts.peek(skeletonPath)?.summary?.boneCount;
      assert.ok(bones !== undefined && bones > 2);
      for (const [name, space] of [['walk', 'local'], ['swing', 'model']] as const) {
        const clip = facts.peek(join(tree.root, `anim/${name}.nczxanim`));
        assert.equal(clip?.localSpaceSamples, undefined, `${name}: no frames kept`);
        const verdict: LocalSpaceVerdict | undefined = clip?.localSpaceVerdicts?.[bindPoseKey(skeletonPath, skeleton, bones)];
        assert.deepEqual(verdict, judgeClipAgainstSkeleton(chainClip(space), chainSkeleton()));
        assert.equal(verdict?.localSpace, space === 'local');
      }
      const reported = checked.files.flatMap((f) => f.diagnostics.filter((d) => d.code === 'anim/local-space').map((d) => d.message));
      assert.ok(reported.some((message) => message.startsWith('animation "walk"')));
      assert.ok(!reported.some((message) => message.startsWith('animation "swing"')));
    } finally {
      await pool?.close();
      tree.dispose();
    }
  });
}

test('with the rule-bytes budget spent, check FOLDER still reads each file once and reports anim/local-space', async () => {
  const tree = tempTree(plantedPack());
  try {
    const facts = new AssetSummaryCache({ oneRun: true });
    // Another file's frames fill the budget: no clip of this run could keep its own.
    facts.offer('/elsewhere/full.nczxanim', { size: 1, mtimeMs: 1, isDirectory: false }, 'animation:100', { localSpaceSamples: new Uint8Array(RULE_BYTES_BUDGET) });
    const { access, reads } = countingReads(nodeFileAccess);
    const checked = await checkPath(access, tree.root, { maxKeyframeProblems: 100, facts });
    assert.deepEqual([...reads.entries()].filter(([, n]) => n !== 1), [], 'every file read exactly once');
    assert.equal(reads.size, Object.keys(plantedPack()).length);
    assert.ok(checked.files.some((f) => f.diagnostics.some((d) => d.code === 'anim/local-space')));
  } finally {
    tree.dispose();
  }
});
