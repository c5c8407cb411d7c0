/**
 * Commands the server runs itself (declared in `executeCommandProvider`): a quick fix's edit for
 * clients that take fixes as commands, and the "rename the file and its path" fix for clients
 * that cannot rename files inside a workspace edit. Nothing else is ever sent as a command,
 * except the client-side ones a client lists in `initializationOptions.clientCommands`.
 */
import { rename, stat } from 'node:fs/promises';
import { ErrorCodes, ResponseError, type ServerCapabilities, type WorkspaceEdit } from 'vscode-languageserver';
import { SERVER_COMMANDS } from './clientFeatures';
import type { ServerContext } from './context';
import type { RenameAssetArgs } from './features/manifest/register';

export function serverCommandCapability(): Pick<ServerCapabilities, 'executeCommandProvider'> {
  return { executeCommandProvider: { commands: Object.values(SERVER_COMMANDS) } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

export function registerServerCommands(ctx: ServerContext, fileEvent: (path: string, type: 'created' | 'deleted') => void): void {
  const { connection } = ctx;
  const apply = async (edit: WorkspaceEdit, title: string): Promise<void> => {
    const result = await connection.workspace.applyEdit({ label: title, edit });
    if (!result.applied) connection.window.showErrorMessage(`${title}: the editor did not apply the edit${result.failureReason ? ` (${result.failureReason})` : ''}.`);
  };

  connection.onExecuteCommand(async ({ command, arguments: args = [] }) => {
    const [first] = args;
    if (command === SERVER_COMMANDS.applyFix && isRecord(first)) {
      await apply(first as WorkspaceEdit, 'Quick fix');
      return null;
    }
    if (command === SERVER_COMMANDS.renameAsset && isRecord(first) && typeof first.from === 'string' && typeof first.to === 'string' && isRecord(first.edit)) {
      const { from, to, edit } = first as unknown as RenameAssetArgs;
      if (await exists(to)) {
        connection.window.showErrorMessage(`Cannot rename ${from}: ${to} already exists.`);
        return null;
      }
      try {
        await rename(from, to);
      } catch (error) {
        connection.window.showErrorMessage(`Cannot rename ${from}: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
      // Clients without watchers would never report the rename: tell the workspace check directly.
      fileEvent(from, 'deleted');
      fileEvent(to, 'created');
      await apply(edit, `Rename ${from} to ${to}`);
      return null;
    }
    throw new ResponseError(ErrorCodes.InvalidParams, `Unknown command or arguments: ${command}`);
  });
}
