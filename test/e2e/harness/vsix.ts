/** Packages the extension as a .vsix (@vscode/vsce) and installs it into a code-server folder. */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { hermeticEnv, runCodeServerCli } from './codeServer';
import { REPO_ROOT } from './tools';

export const VSIX_PATH = join(REPO_ROOT, 'dist', 'ewzanim-tools.vsix');

/** `npm run package` (build, then @vscode/vsce with .vscodeignore); returns the .vsix path. */
export function packageVsix(): string {
  rmSync(VSIX_PATH, { force: true });
  execFileSync('npm', ['run', '--silent', 'package'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!existsSync(VSIX_PATH)) throw new Error(`vsce did not write ${VSIX_PATH}`);
  return VSIX_PATH;
}

export async function installVsix(vsix: string, target: { dir: string; extensionsDir: string }): Promise<string> {
  return runCodeServerCli(['--extensions-dir', target.extensionsDir, '--install-extension', vsix], hermeticEnv(target.dir));
}
