/**
 * Files read through the client (the browser build: the server runs in a web worker with no file
 * system, so it asks the extension, which reads through `vscode.workspace.fs`). Paths are the
 * server's POSIX paths; the client maps them onto its workspace folder's URI.
 */
import type { DirectoryEntry, FileStat } from '../formats/fileAccess';

export const WORKSPACE_FILE_STAT_REQUEST = 'ewzanim/workspaceFile/stat';
export const WORKSPACE_FILE_READ_REQUEST = 'ewzanim/workspaceFile/read';
export const WORKSPACE_DIRECTORY_READ_REQUEST = 'ewzanim/workspaceFile/readDirectory';

export interface WorkspaceFilePathParams {
  path: string;
}

/** `null` when nothing exists at the path. */
export type WorkspaceFileStatResult = FileStat | null;

/** The whole file, base64: the server reads a file once and keeps it while its mtime holds. */
export interface WorkspaceFileReadResult {
  base64: string;
}

export type WorkspaceDirectoryReadResult = DirectoryEntry[];
