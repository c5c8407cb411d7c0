/**
 * The language server's V8 heap on Node, kept small for a process that stays resident.
 *
 * V8 doubles the young generation (new space) each time enough objects survive its scavenges,
 * up to 16 MiB a semi-space: the workspace scan keeps each file's diagnostics and facts, so the
 * server's thread reached 32 MiB of new space within the first thousand files and held it. That
 * maximum is fixed when the process starts (a flag the client, not the server, would pass), but
 * the growth factor is read at each growth: set to 1, new space keeps its size from then on.
 * Starting a worker thread resets the process's flags, so the check pool calls this again once
 * each of its workers is online (runtimeNode.ts).
 */
import { setFlagsFromString } from 'node:v8';

/** Keeps V8's new space at its current size (every thread of the process) until a worker starts. */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
