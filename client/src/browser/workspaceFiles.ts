/**
 * Answers the browser server's file requests (protocol/workspaceFiles.ts) through
 * `vscode.workspace.fs`: a server path is read under the workspace folder's scheme and authority
 * (github.dev's `vscode-vfs://github/...`, a mounted folder in tests).
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient/browser';
import { encodeBase64 } from '../../../formats/base64';
import type { DirectoryEntry } from '../../../formats/fileAccess';
import {
  WORKSPACE_DIRECTORY_READ_REQUEST,
  WORKSPACE_FILE_READ_REQUEST,
  WORKSPACE_FILE_STAT_REQUEST,
  type WorkspaceDirectoryReadResult,
  type WorkspaceFilePathParams,
  type WorkspaceFileReadResult,
  type WorkspaceFileStatResult,
} from '../../../protocol/workspaceFiles';

function uriOf(path: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.find((f) => path === f.uri.path || path.startsWith(`${f.uri.path.replace(/\/$/, '')}/`));
  return (folder ?? vscode.workspace.workspaceFolders?.[0])?.uri.with({ path }) ?? vscode.Uri.file(path);
}

function entryType(type: vscode.FileType): DirectoryEntry['type'] {
  if (type & vscode.FileType.SymbolicLink) return 'symlink';
  if (type & vscode.FileType.Directory) return 'directory';
  return type & vscode.FileType.File ? 'file' : 'other';
}

export function answerWorkspaceFileRequests(client: BaseLanguageClient): vscode.Disposable[] {
  return [
    client.onRequest(WORKSPACE_FILE_STAT_REQUEST, async ({ path }: WorkspaceFilePathParams): Promise<WorkspaceFileStatResult> => {
      try {
        const stat = await vscode.workspace.fs.stat(uriOf(path));
        const isDirectory = (stat.type & vscode.FileType.Directory) !== 0;
        return { size: stat.size, mtimeMs: stat.mtime, isDirectory, isFile: !isDirectory };
      } catch {
        return null;
      }
    }),
    client.onRequest(WORKSPACE_FILE_READ_REQUEST, async ({ path }: WorkspaceFilePathParams): Promise<WorkspaceFileReadResult> => ({
      base64: encodeBase64(await vscode.workspace.fs.readFile(uriOf(path))),
    })),
    client.onRequest(WORKSPACE_DIRECTORY_READ_REQUEST, async ({ path }: WorkspaceFilePathParams): Promise<WorkspaceDirectoryReadResult> =>
      (await vscode.workspace.fs.readDirectory(uriOf(path))).map(([name, type]) => ({ name, type: entryType(type) })),
    ),
  ];
}
