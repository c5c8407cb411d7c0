/**
 * A FileAccess over requests to the client (protocol/workspaceFiles.ts), for the server in a web
 * worker. Each file is fetched whole once and kept while its stat's size and mtime hold, so a
 * check that reads a file in pieces fetches it once (each piece still asks for its stat), and
 * reads of one file at once share that fetch.
 */
import type { DirectoryEntry, FileAccess, FileStat } from '../../../formats/fileAccess';
import {
  WORKSPACE_DIRECTORY_READ_REQUEST,
  WORKSPACE_FILE_READ_REQUEST,
  WORKSPACE_FILE_STAT_REQUEST,
  type WorkspaceDirectoryReadResult,
  type WorkspaceFileReadResult,
  type WorkspaceFileStatResult,
} from '../../../protocol/workspaceFiles';
import { decodeBase64 } from '../../../formats/base64';

export interface RequestSender {
  sendRequest<R>(method: string, params: unknown): Promise<R>;
}

/** Files kept whole at once: the workspace walk reads one file at a time per check. */
const CACHED_FILES = 8;

export function requestFileAccess(client: RequestSender): FileAccess {
  // A fetch is kept from the moment it is asked for, so reads of one file at once share it.
  const cache = new Map<string, { stat: FileStat; bytes: Promise<Uint8Array> }>();

  async function stat(path: string): Promise<FileStat | undefined> {
    return (await client.sendRequest<WorkspaceFileStatResult>(WORKSPACE_FILE_STAT_REQUEST, { path })) ?? undefined;
  }

  async function fetchWhole(path: string): Promise<Uint8Array> {
    const { base64 } = await client.sendRequest<WorkspaceFileReadResult>(WORKSPACE_FILE_READ_REQUEST, { path });
    return decodeBase64(base64);
  }

  async function whole(path: string): Promise<Uint8Array> {
    const current = await stat(path);
    if (current === undefined) throw new Error(`${path}: no such file`);
    const kept = cache.get(path);
    if (kept && kept.stat.size === current.size && kept.stat.mtimeMs === current.mtimeMs) return kept.bytes;
    const entry = { stat: current, bytes: fetchWhole(path) };
    cache.delete(path);
    cache.set(path, entry);
    while (cache.size > CACHED_FILES) cache.delete(cache.keys().next().value!);
    // A failed fetch is not kept: the next read asks again.
    entry.bytes.catch(() => {
      if (cache.get(path) === entry) cache.delete(path);
    });
    return entry.bytes;
  }

  return {
    stat,
    read: async (path, offset, length) => (await whole(path)).subarray(offset, offset + length),
    readDirectory: async (path) => (await client.sendRequest<WorkspaceDirectoryReadResult>(WORKSPACE_DIRECTORY_READ_REQUEST, { path })).map((e) => e.name),
    readDirectoryEntries: (path): Promise<DirectoryEntry[]> => client.sendRequest<WorkspaceDirectoryReadResult>(WORKSPACE_DIRECTORY_READ_REQUEST, { path }),
  };
}
