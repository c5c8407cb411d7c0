/**
 * The packaged artefact: `npm run package` builds the .vsix, code-server installs it (no
 * development path), and the smoke suite runs against the installed copy.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { makeWorkspace, packageVsix, withVSCode } from './harness';

test('the packaged .vsix installs into code-server, activates and starts its server', { timeout: 300_000 }, async () => {
  const vsix = packageVsix();
  const workspace = makeWorkspace({ fixtures: { 'animation-demo': 'upstream/animation-demo' } });
  try {
    const result = await withVSCode(
      { workspace: workspace.path, vsix, suite: { grep: 'extension activates' }, env: { EWZANIM_E2E_EXPECT_INSTALLED: '1' } },
      (vscode) => vscode.waitForSuite(),
    );
    assert.equal(result.failed, 0, result.failures.map((f) => `${f.title}: ${f.message}`).join('\n'));
    assert.deepEqual(result.passes, ['extension activates and starts its language server']);
  } finally {
    workspace.dispose();
  }
});
