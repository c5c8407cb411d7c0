/** The desktop's file access and writer: local files through Node (ranged reads, atomic writes), other schemes through `workspace.fs`. */
import * as vscode from 'vscode';
import { writeFileAtomically } from '../../node/atomicWrite';
import { nodeFileAccess } from '../../node/fileAccess';
import { workspaceUriFileAccess, workspaceWriteFile, type UriFileAccess, type WriteFile } from './uriFileAccess';

const localFiles: UriFileAccess = { files: nodeFileAccess, rangedReads: true, pathOf: (uri) => uri.fsPath, uriOf: (path) => vscode.Uri.file(path) };

export function nodeUriFileAccess(base: vscode.Uri): UriFileAccess {
  return base.scheme === 'file' ? localFiles : workspaceUriFileAccess(base);
}

/** A local file is written to a temporary file beside it and renamed over it. */
export const nodeWriteFile: WriteFile = (uri, pieces) => (uri.scheme === 'file' ? writeFileAtomically(uri.fsPath, pieces) : workspaceWriteFile(uri, pieces));
