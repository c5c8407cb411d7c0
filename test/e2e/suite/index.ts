/**
 * The in-extension-host test index (the `run()` pattern of @vscode/test-electron), bundled by
 * esbuild to dist/test/e2e/index.js. Suite files are listed explicitly in `loadSuites` below;
 * they use mocha's global `describe`/`it`, which exist only after `pre-require`.
 */
import Mocha from 'mocha';

interface SuiteResult {
  exitCode: number;
  passed: number;
  failed: number;
  failures: { title: string; message: string }[];
  passes: string[];
}

/** Add one line per suite file (a literal path, so esbuild bundles it). */
function loadSuites(): void {
  require('./smoke.e2e');
  require('./diagnostics.e2e');
  require('./resilience.e2e');
  require('./features.e2e');
  require('./gltfExport.e2e');
  require('./settings.e2e');
}

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
  const grep = process.env.EWZANIM_E2E_GREP;
  if (grep) mocha.grep(grep);
  mocha.suite.emit('pre-require', globalThis, 'bundle', mocha);
  loadSuites();
  const result: SuiteResult = { exitCode: 0, passed: 0, failed: 0, failures: [], passes: [] };
  await new Promise<void>((resolve) => {
    const runner = mocha.run(() => resolve());
    runner.on('pass', (test) => {
      result.passed++;
      result.passes.push(test.fullTitle());
    });
    runner.on('fail', (test, error: unknown) => {
      result.failed++;
      const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
      result.failures.push({ title: test.fullTitle(), message });
    });
  });
  result.exitCode = result.failed > 0 ? 1 : 0;
  // The node-side harness parses this line from the extension host's console.
  console.log(`EWZANIM_E2E_RESULT ${JSON.stringify(result)}`);
  if (result.failed > 0) throw new Error(`${result.failed} end-to-end test(s) failed`);
}
