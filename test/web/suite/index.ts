/**
 * The in-extension-host side of the web suite: `run()`, loaded by VS Code for the Web in its
 * web-worker extension host (bundled by test/web/harness/buildSuite.ts to dist/test/web/index.js).
 * The desktop suite's mocha needs Node's `fs` and `path` to load, so this side runs its named
 * checks itself, in order, and reports each by title as the desktop index does.
 */
import { webChecks } from './webChecks';
import { RESULT_PREFIX, type CheckResult } from './webProtocol';

export async function run(): Promise<void> {
  const result: CheckResult = { exitCode: 0, passes: [], failures: [] };
  for (const { title, check } of webChecks()) {
    try {
      await check();
      result.passes.push(title);
    } catch (error) {
      result.failures.push({ title, message: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) });
    }
  }
  result.exitCode = result.failures.length > 0 ? 1 : 0;
  console.log(`${RESULT_PREFIX}${JSON.stringify(result)}`);
  if (result.exitCode !== 0) throw new Error(`${result.failures.length} web check(s) failed`);
}
