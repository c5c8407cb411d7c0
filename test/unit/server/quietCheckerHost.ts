/**
 * The workspace checker's host for tests of what it checks and reads, not of what it tells the
 * client: one workspace folder, nothing excluded, no extra MSH extensions, and a store that
 * publishes nowhere (diagnostics keyed by path); status, progress and log go nowhere.
 */
import { DiagnosticsStore } from '../../../server/src/diagnosticsStore';
import type { WorkspaceCheckerDeps } from '../../../server/src/workspaceChecker';

type QuietHost = Pick<WorkspaceCheckerDeps, 'roots' | 'exclude' | 'mshExtensions' | 'sendStatus' | 'beginProgress' | 'log'>;

export function quietCheckerHost(root: string): QuietHost {
  return {
    roots: () => [root],
    exclude: () => [],
    mshExtensions: () => [],
    sendStatus: () => undefined,
    beginProgress: async () => ({ report: () => undefined, done: () => undefined }),
    log: () => undefined,
  };
}

/** A diagnostics store that publishes nowhere, with no severity overrides, its URIs the paths. */
export function unpublishedStore(): DiagnosticsStore {
  return new DiagnosticsStore({ publish: () => undefined }, () => ({}), (path) => path);
}
