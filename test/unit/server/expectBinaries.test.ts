/**
 * Each pass of the workspace checker says how many binary files it is about to check before the
 * first is checked (the server's pool then starts the workers they need: a re-check of one file
 * starts one, a scan of thousands the whole pool); a pass of manifests only says nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeFileAccess } from '../../../node/fileAccess';
import { createCoreChecks } from '../../../server/src/coreChecks';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { WorkspaceChecker } from '../../../server/src/workspaceChecker';
import { tempTree } from '../cli/cliHarness';
import { clipBytes, skeletonBytes } from '../manifest/assetBytes';
import { quietCheckerHost, unpublishedStore } from './quietCheckerHost';

test('a pass says how many binary files it will check before checking the first; a manifest-only pass says nothing', async () => {
  const tree = tempTree({ 'rig.nczxskel': skeletonBytes(2), 'a.nczxanim': clipBytes(2, 4), 'b.nczxanim': clipBytes(2, 4), 'nether.toml': '[game]\nid = "x"\n' });
  try {
    const events: string[] = [];
    const core = createCoreChecks(nodeFileAccess, () => DEFAULT_SETTINGS);
    const checker = new WorkspaceChecker({
      files: nodeFileAccess,
      store: unpublishedStore(),
      checkAsset: (path, kind) => (events.push(`check ${path.slice(tree.root.length + 1)}`), core.checkAsset(path, kind)),
      expectBinaries: (count) => void events.push(`expect ${count}`),
      checkManifest: async (path) => void events.push(`manifest ${path.slice(tree.root.length + 1)}`),
      forget: core.forget,
      ...quietCheckerHost(tree.root),
    });
    await checker.scanAll();
    assert.deepEqual(events.splice(0), ['expect 3', 'check rig.nczxskel', 'check a.nczxanim', 'check b.nczxanim', 'manifest nether.toml']);

    writeFileSync(join(tree.root, 'b.nczxanim'), clipBytes(2, 6));
    checker.fileEvent(join(tree.root, 'b.nczxanim'), 'changed');
    await checker.idle();
    assert.deepEqual(events.splice(0), ['expect 1', 'check b.nczxanim', 'manifest nether.toml']);

    checker.fileEvent(join(tree.root, 'nether.toml'), 'changed');
    await checker.idle();
    assert.deepEqual(events.splice(0), ['manifest nether.toml']);
  } finally {
    tree.dispose();
  }
});
