/**
 * The demo's sample pack (scripts/sample-pack.ts): every clip of both packs is linked to its
 * skeleton and mesh through the manifest's `skeleton` / `mesh` keys, and the links agree in bone
 * counts, so the first preview shows a clip animated on its mesh.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFileAccess } from '../../../node/fileAccess';
import { checkManifestFile } from '../../../formats/manifest/index';
import { addLinkKeys, writeSamplePack } from '../../../scripts/sample-pack';

test('every clip of the sample pack is explicitly linked to a skeleton and a mesh of its bone count', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ewzanim-sample-test-'));
  try {
    const pack = await writeSamplePack(dir);
    const expected: Record<string, [string, string][]> = {
      [pack.manifest]: [
        ['wave1', 'arm1_skel', 'arm1_mesh'],
        ['wave2', 'arm2_skel', 'arm2_mesh'],
        ['creature_walk', 'creature_skel', 'creature_mesh'],
      ].map(([a, s, m]) => [a!, `${s}|${m}`]),
      [join(pack.root, 'animation-demo', 'nether.toml')]: [['wave', 'arm_skel|arm_mesh']],
    };
    for (const [manifest, links] of Object.entries(expected)) {
      const result = await checkManifestFile(nodeFileAccess, manifest, { maxKeyframeProblems: 100 });
      const checked = result.manifest!;
      const clips = checked.assets.filter((a) => a.kind === 'animation').map((a) => a.id);
      assert.deepEqual(clips, links.map(([id]) => id), 'the pack has exactly these clips');
      assert.deepEqual(
        checked.links.map((l) => [l.animation, `${l.skeleton}|${l.mesh}`, l.source]),
        links.map(([id, pair]) => [id, pair, 'explicit']),
      );
      assert.equal(checked.meshLinks.length, links.length, 'every mesh names its skeleton');
      for (const link of checked.meshLinks) assert.equal(link.source, 'explicit');
      // Only the Emberware-era extensions of the upstream files are reported; no link problem.
      assert.deepEqual([...new Set(result.diagnostics.map((d) => d.code))], ['manifest/legacy-extension']);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('addLinkKeys adds the keys after the entry\'s path line, and refuses an entry it cannot find', () => {
  const text = '[[assets.animations]]\nid = "walk"\npath = "walk.nczxanim"\n\n[[assets.animations]]\nid = "walk2"\npath = "w2.nczxanim"\n';
  assert.equal(
    addLinkKeys(text, 'walk', { skeleton: 's', mesh: 'm' }),
    '[[assets.animations]]\nid = "walk"\npath = "walk.nczxanim"\nskeleton = "s"\nmesh = "m"\n\n[[assets.animations]]\nid = "walk2"\npath = "w2.nczxanim"\n',
  );
  assert.throws(() => addLinkKeys(text, 'run', { skeleton: 's' }), /no entry "run"/);
});
