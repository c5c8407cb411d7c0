import type { CheckStatusParams } from '../../protocol/serverStatus';

/** The status bar text for a check status: what is being checked, then the problem counts. */
export function statusText(status: CheckStatusParams): string {
  const problems = `$(error) ${status.errors} $(warning) ${status.warnings}`;
  if (status.state === 'checking') {
    return `$(sync~spin) ZX: checking ${status.checked}/${status.queued} files ${problems}`;
  }
  return `ZX: ${status.files} ${status.files === 1 ? 'file' : 'files'} ${problems}`;
}

export function statusTooltip(status: CheckStatusParams): string {
  return (
    `Nethercore ZX: ${status.files} supported ${status.files === 1 ? 'file' : 'files'} in the workspace; ` +
    `${status.errors} errors, ${status.warnings} warnings, ${status.others} other problems.`
  );
}

/** Before the server's first report: the check is starting (the item is visible at once). */
export const STARTING_TEXT = '$(sync~spin) ZX: checking files';
export const STARTING_TOOLTIP = 'Nethercore ZX: starting the language server and finding the supported files in the workspace.';
