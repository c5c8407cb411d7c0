/**
 * Node 24 and code-server for the end-to-end tests, installed on demand (idempotently, outside
 * the repository) by `ensure_vscode_harness` in scripts/ensure-deps.sh: one place knows how.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..', '..');

export interface HarnessTools {
  /** The Node 24 binary code-server runs under. */
  node24: string;
  /** code-server's entry script (run it with `node24`). */
  codeServerEntry: string;
}

let cached: HarnessTools | undefined;

export function harnessTools(): HarnessTools {
  if (cached) return cached;
  const script =
    'source scripts/ensure-deps.sh && ensure_vscode_harness >&2 && ' +
    'printf "%s\\n%s\\n" "$EWZANIM_NODE24_BIN" "$EWZANIM_CODE_SERVER_BIN"';
  const out = execFileSync('bash', ['-c', script], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const [node24, codeServerEntry] = out.trim().split('\n');
  if (!node24 || !codeServerEntry || !existsSync(node24) || !existsSync(codeServerEntry)) {
    throw new Error(`ensure_vscode_harness did not provide Node 24 and code-server (got: ${out})`);
  }
  cached = { node24, codeServerEntry };
  return cached;
}

let built = false;

/** Bundles the extension, server, webviews and the e2e suite once per test process. */
export function buildExtensionOnce(): void {
  if (built || process.env.EWZANIM_E2E_SKIP_BUILD === '1') return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  built = true;
}
