/**
 * Runs the in-extension-host suite (test/e2e/suite/) in code-server on a workspace built from the
 * real upstream data packs with planted problems. Each in-host test becomes one subtest here,
 * so the counts and failures show up in the normal test report.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { makeWorkspace, withVSCode } from './harness';
import { plantedWorkspace } from './plantedWorkspace';

test('extension suite in a real VS Code (code-server)', { timeout: 400_000 }, async (t) => {
  const workspace = makeWorkspace(plantedWorkspace());
  try {
    const result = await withVSCode({ workspace: workspace.path, suite: true, timeoutMs: 360_000 }, (vscode) => vscode.waitForSuite());
    for (const title of result.passes) await t.test(title, () => undefined);
    for (const failure of result.failures) {
      await t.test(failure.title, () => {
        throw new Error(failure.message);
      });
    }
    assert.ok(result.passed + result.failed > 0, 'the suite ran no tests');
  } finally {
    workspace.dispose();
  }
});
