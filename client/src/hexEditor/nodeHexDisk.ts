/**
 * The desktop's hex editor disk: local files read in pieces through one open handle and
 * fingerprinted (fileByteSource.ts), saved atomically; other schemes through `workspace.fs`.
 */
import { nodeWriteFile } from '../nodeUriFileAccess';
import { workspaceHexDisk, type HexDiskAccess } from './diskAccess';
import { openFileByteSource, readDiskVersion, sameBytesUnder } from './fileByteSource';

export const nodeHexDisk: HexDiskAccess = {
  open: (uri) => (uri.scheme === 'file' ? openFileByteSource(uri.fsPath) : workspaceHexDisk.open(uri)),
  version: (uri) => (uri.scheme === 'file' ? readDiskVersion(uri.fsPath) : workspaceHexDisk.version(uri)),
  sameBytesUnder: (uri, base, runs, limitBytes) =>
    uri.scheme === 'file' ? sameBytesUnder(uri.fsPath, base, runs, limitBytes) : workspaceHexDisk.sameBytesUnder(uri, base, runs, limitBytes),
  write: nodeWriteFile,
};
