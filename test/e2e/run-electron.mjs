// `npm run test:electron`: the same in-extension-host suite (dist/test/e2e/index.js) in desktop
// VS Code, downloaded by @vscode/test-electron. Needs internet access to update.code.visualstudio.com,
// so it is for developer machines and CI with internet; the offline path is `npm test`
// (code-server + Chromium, test/e2e/harness/). Set VSCODE_VERSION to pin a version (default:
// the lowest the extension supports), EWZANIM_E2E_GREP to run a subset.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const engine = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.vscode.replace(/^[\^~]/, '');
const workspace = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'test', 'e2e', 'writePlantedWorkspace.ts')], {
  cwd: root,
  encoding: 'utf8',
}).trim();

let exitCode = 0;
try {
  await runTests({
    version: process.env.VSCODE_VERSION ?? engine,
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, 'dist', 'test', 'e2e', 'index.js'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
    extensionTestsEnv: process.env.EWZANIM_E2E_GREP ? { EWZANIM_E2E_GREP: process.env.EWZANIM_E2E_GREP } : {},
  });
} catch (error) {
  console.error(`test:electron failed: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
process.exit(exitCode);
