/**
 * Runs the in-extension-host suite (test/e2e/suite/) in code-server on a workspace built from the
 * real upstream data packs with planted problems, and fails with each failing test's message.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { makeWorkspace, withVSCode } from './harness';
import { plantedWorkspace } from './plantedWorkspace';

test('the extension suite passes in a real VS Code (code-server)', { timeout: 300_000 }, async () => {
  const workspace = makeWorkspace(plantedWorkspace());
  try {
    const result = await withVSCode({ workspace: workspace.path, suite: true }, (vscode) => vscode.waitForSuite());
    const failures = result.failures.map((f) => `${f.title}: ${f.message}`).join('\n\n');
    assert.equal(result.failed, 0, failures);
    assert.ok(result.passed > 0, 'the suite ran no tests');
    console.log(`extension host suite: ${result.passed} passed\n  ${result.passes.join('\n  ')}`);
  } finally {
    workspace.dispose();
  }
});
