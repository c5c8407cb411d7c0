/**
 * The e2e workspace: the real upstream data packs, plus planted problems whose exact
 * diagnostics the suite asserts (test/e2e/suite/diagnostics.e2e.ts). The expectations travel to
 * the extension host in `planted/expected.json`, so the suite and this file cannot drift apart.
 */
import { plantedProblems, UPSTREAM } from '../unit/server/plantedFiles';
import type { WorkspaceFiles } from './harness';

export const EXPECTED_FILE = 'planted/expected.json';

export function plantedWorkspace(): WorkspaceFiles {
  const files: Record<string, string | Uint8Array> = {};
  for (const planted of plantedProblems()) files[planted.path] = planted.content;
  files[EXPECTED_FILE] = JSON.stringify({
    planted: plantedProblems().map(({ path, expected }) => ({ path, expected })),
    upstream: UPSTREAM,
  });
  return {
    fixtures: {
      'animation-demo': 'upstream/animation-demo',
      'multi-skinned-rom': 'upstream/multi-skinned-rom',
    },
    files,
  };
}
