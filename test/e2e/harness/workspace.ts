/** Temporary workspaces for e2e tests: copies of real fixtures plus planted files. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePack, type PackFiles } from '../../../scripts/packBuilder';

/** Fixture copies and files, keyed by their path in the workspace (the pack builder's shape). */
export type WorkspaceFiles = PackFiles;

export interface TempWorkspace {
  path: string;
  dispose(): void;
}

export function makeWorkspace(spec: WorkspaceFiles): TempWorkspace {
  const path = mkdtempSync(join(tmpdir(), 'ewzanim-ws-'));
  writePack(path, spec);
  return { path, dispose: () => rmSync(path, { recursive: true, force: true }) };
}
