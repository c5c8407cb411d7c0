/** The manifest entries for exported files: linked, with unique ids, accepted by the rules. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { idFromName, manifestEntriesText } from '../../../formats/manifest';
import { checkManifest } from '../../../formats/manifest';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';
import { clipBytes, skeletonBytes } from '../manifest/assetBytes';

const GAME = '[game]\nid = "g"\ntitle = "G"\nauthor = "A"\nversion = "1"\n\n[[assets.skeletons]]\nid = "hero"\npath = "old.nczxskel"';

test('entries for a skeleton, a mesh and two clips, linked; taken ids get a suffix', async () => {
  const text = manifestEntriesText(GAME, '/p/nether.toml', {
    skeleton: { id: 'hero', path: 'out/hero.nczxskel' },
    clips: [{ id: 'hero_walk', path: 'out/hero.Walk.nczxanim' }, { id: 'hero_walk', path: 'out/hero.Walk2.nczxanim' }],
  });
  assert.equal(text, '\n\n[[assets.skeletons]]\nid = "hero_2"\npath = "out/hero.nczxskel"\n\n[[assets.animations]]\nid = "hero_walk"\npath = "out/hero.Walk.nczxanim"\nskeleton = "hero_2"\n\n[[assets.animations]]\nid = "hero_walk_2"\npath = "out/hero.Walk2.nczxanim"\nskeleton = "hero_2"\n');
  const files = new MemoryFileAccess({ '/p/old.nczxskel': skeletonBytes(3), '/p/out/hero.nczxskel': skeletonBytes(4), '/p/out/hero.Walk.nczxanim': clipBytes(4), '/p/out/hero.Walk2.nczxanim': clipBytes(4) });
  const result = await checkManifest(files, '/p/nether.toml', GAME + text, { maxKeyframeProblems: 10 });
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(result.links.map((l) => [l.animation, l.skeleton, l.source]), [['hero_walk', 'hero_2', 'explicit'], ['hero_walk_2', 'hero_2', 'explicit']]);
});

test('ids from names: lower case, underscores, never empty', () => {
  assert.equal(idFromName('Fox_Walk Cycle!'), 'fox_walk_cycle');
  assert.equal(idFromName('***'), 'asset');
});
