/**
 * Runs the in-extension-host suite (test/e2e/suite/) in code-server on a workspace built from the
 * real upstream data packs with planted problems. Each in-host test becomes one subtest here,
 * so the counts and failures show up in the normal test report.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { makeWorkspace, withVSCode } from './harness';
import { plantedWorkspace } from './plantedWorkspace';
import { expectedTotals, plantedProblems, UPSTREAM } from '../unit/server/plantedFiles';

test('extension suite in a real VS Code (code-server)', { timeout: 400_000 }, async (t) => {
  const workspace = makeWorkspace(plantedWorkspace());
  // Codicons render as icons: the text is "ZX: <files> files <errors> <warnings>".
  const totals = expectedTotals();
  const files = plantedProblems().length + Object.keys(UPSTREAM).length;
  const expectedStatus = `ZX: ${files} files ${totals.errors} ${totals.warnings}`;
  try {
    let statusBarText = '';
    const result = await withVSCode({ workspace: workspace.path, suite: true, timeoutMs: 360_000 }, async (vscode) => {
      // While the suite runs (the extension host ends with it), read the check's status bar item
      // as the user sees it.
      const item = vscode.page.locator('.statusbar-item', { hasText: expectedStatus }).first();
      const seen = item.textContent({ timeout: 120_000 }).then((text) => (statusBarText = text ?? ''), () => undefined);
      const suite = await vscode.waitForSuite();
      await Promise.race([seen, new Promise((resolve) => setTimeout(resolve, 1000))]);
      return suite;
    });
    await t.test('status bar shows the checked files and problem counts', () => {
      assert.equal(statusBarText.replace(/\s+/g, ' ').trim(), expectedStatus);
    });
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
