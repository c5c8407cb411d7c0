/**
 * The desktop's `ByteSourceOpener`: a file on disk is read in pieces through the shared Node
 * file access (node/fileAccess.ts); other schemes through `vscode.workspace.fs`, whole.
 */
import { byteSourceOf } from '../../../formats/fileAccess';
import { nodeFileAccess } from '../../../node/fileAccess';
import { type ByteSourceOpener, workspaceByteSources } from './byteSources';

export const nodeByteSources: ByteSourceOpener = async (uri) => {
  if (uri.scheme !== 'file') return workspaceByteSources(uri);
  const stat = await nodeFileAccess.stat(uri.fsPath);
  if (!stat || stat.isDirectory) throw new Error(`${uri.fsPath} is not a file`);
  return byteSourceOf(nodeFileAccess, uri.fsPath, stat.size);
};
