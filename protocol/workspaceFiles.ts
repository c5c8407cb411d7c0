/**
 * Files read through the client (the browser build: the server runs in a web worker with no file
 * system, so it asks the extension, which reads through `vscode.workspace.fs`). Paths are the
 * server's POSIX paths; the client maps them onto its workspace folder's URI.
 */

/** What the client says of a path (the wire's own copy of the core's file facts). */
export interface WorkspaceFileStat {
  /** Size in bytes. */
  size: number;
  /** Modification time in ms since the epoch. */
  mtimeMs: number;
  isDirectory: boolean;
  /** A regular file; absent when unknown. */
  isFile?: boolean;
}

/** One name in a directory and what it is itself (a symbolic link is 'symlink'). */
export interface WorkspaceDirectoryEntry {
  name: string;
  type: 'file' | 'directory' | 'symlink' | 'other';
}

export const WORKSPACE_FILE_STAT_REQUEST = 'ewzanim/workspaceFile/stat';
export const WORKSPACE_FILE_READ_REQUEST = 'ewzanim/workspaceFile/read';
export const WORKSPACE_DIRECTORY_READ_REQUEST = 'ewzanim/workspaceFile/readDirectory';

export interface WorkspaceFilePathParams {
  path: string;
}

/** `null` when nothing exists at the path. */
export type WorkspaceFileStatResult = WorkspaceFileStat | null;

/** The whole file, base64: the server reads a file once and keeps it while its mtime holds. */
export interface WorkspaceFileReadResult {
  base64: string;
}

export type WorkspaceDirectoryReadResult = WorkspaceDirectoryEntry[];
