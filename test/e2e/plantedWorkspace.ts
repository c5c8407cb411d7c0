/**
 * The e2e workspace: the real upstream data packs, plus planted problems whose exact
 * diagnostics the suite asserts (test/e2e/suite/diagnostics.e2e.ts).
 */
import type { WorkspaceFiles } from './harness';

export function plantedWorkspace(): WorkspaceFiles {
  return {
    fixtures: {
      'animation-demo': 'upstream/animation-demo',
      'multi-skinned-rom': 'upstream/multi-skinned-rom',
    },
  };
}
