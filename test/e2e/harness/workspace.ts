/** Temporary workspaces for e2e tests: copies of real fixtures plus planted files. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './tools';

export interface WorkspaceFiles {
  /** Folders or files under test/fixtures/ copied in, keyed by their path in the workspace. */
  fixtures?: Record<string, string>;
  /** Files written after the copies (planted problems), keyed by workspace-relative path. */
  files?: Record<string, string | Uint8Array>;
}

export interface TempWorkspace {
  path: string;
  dispose(): void;
}

export function makeWorkspace(spec: WorkspaceFiles): TempWorkspace {
  const path = mkdtempSync(join(tmpdir(), 'ewzanim-ws-'));
  for (const [to, from] of Object.entries(spec.fixtures ?? {})) {
    cpSync(join(REPO_ROOT, 'test', 'fixtures', from), join(path, to), { recursive: true });
  }
  for (const [to, content] of Object.entries(spec.files ?? {})) {
    mkdirSync(dirname(join(path, to)), { recursive: true });
    writeFileSync(join(path, to), content);
  }
  return { path, dispose: () => rmSync(path, { recursive: true, force: true }) };
}
