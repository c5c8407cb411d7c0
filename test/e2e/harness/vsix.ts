/** Packages the extension as a .vsix (@vscode/vsce) and installs it into a code-server folder. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { hermeticEnv, runCodeServerCli } from './codeServer';
import { harnessTools, REPO_ROOT } from './tools';

export const VSIX_PATH = join(REPO_ROOT, 'dist', 'ewzanim-tools.vsix');

/** `npm run package` under Node 24 (vsce wants a current Node); returns the .vsix path. */
export function packageVsix(): string {
  const { node24 } = harnessTools();
  const vsce = join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  execFileSync(process.execPath, ['scripts/build.mjs', '--production'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(node24, [vsce, 'package', '--no-dependencies', '--out', VSIX_PATH], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!existsSync(VSIX_PATH)) throw new Error(`vsce did not write ${VSIX_PATH}`);
  return VSIX_PATH;
}

export async function installVsix(vsix: string, target: { dir: string; extensionsDir: string }): Promise<string> {
  return runCodeServerCli(['--extensions-dir', target.extensionsDir, '--install-extension', vsix], hermeticEnv(target.dir));
}
