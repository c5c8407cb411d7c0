/**
 * The web worker's file access (server/src/browser/requestFileAccess.ts) over the client's
 * requests, answered here from memory as the extension answers them from `workspace.fs`: a file
 * is fetched whole once and read in pieces from what was kept, fetched again only when its size
 * or modification time changes, at most 8 files kept; reads of one file at once (two checks of
 * it) share one fetch, and a failed fetch is asked again.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeBase64 } from '../../../formats/base64';
import {
  WORKSPACE_DIRECTORY_READ_REQUEST,
  WORKSPACE_FILE_READ_REQUEST,
  WORKSPACE_FILE_STAT_REQUEST,
  type WorkspaceDirectoryReadResult,
  type WorkspaceFilePathParams,
  type WorkspaceFileReadResult,
  type WorkspaceFileStatResult,
} from '../../../protocol/workspaceFiles';
import { requestFileAccess, type RequestSender } from '../../../server/src/browser/requestFileAccess';
import { MemoryFileAccess } from '../helpers/memoryFileAccess';

/** A client answering the three requests from memory, counting the whole-file fetches per path. */
function memoryClient(files: MemoryFileAccess): RequestSender & { fetches: string[] } {
  const fetches: string[] = [];
  return {
    fetches,
    async sendRequest<R>(method: string, params: unknown): Promise<R> {
      const { path } = params as WorkspaceFilePathParams;
      // Each answer comes back later, as a message from the extension does.
      await new Promise((resolve) => setImmediate(resolve));
      if (method === WORKSPACE_FILE_STAT_REQUEST) return ((await files.stat(path)) ?? null) as WorkspaceFileStatResult as R;
      if (method === WORKSPACE_FILE_READ_REQUEST) {
        fetches.push(path);
        const stat = await files.stat(path);
        if (!stat) throw new Error(`${path}: no such file`);
        return { base64: encodeBase64(await files.read(path, 0, stat.size)) } satisfies WorkspaceFileReadResult as R;
      }
      if (method === WORKSPACE_DIRECTORY_READ_REQUEST) {
        const names = await files.readDirectory(path);
        const entries: WorkspaceDirectoryReadResult = [];
        for (const name of names) entries.push({ name, type: (await files.stat(`${path}/${name}`))?.isDirectory ? 'directory' : 'file' });
        return entries as R;
      }
      throw new Error(`unexpected request ${method}`);
    },
  };
}

const CLIP = '/owner/game/anims/walk.nczxanim';
const bytes = (count: number, first = 0): Uint8Array => Uint8Array.from({ length: count }, (_, i) => (first + i) & 0xff);

test('a file read in pieces is fetched whole once, and each piece is its bytes', async () => {
  const client = memoryClient(new MemoryFileAccess({ [CLIP]: bytes(1000) }));
  const access = requestFileAccess(client);
  assert.deepEqual([...(await access.read(CLIP, 0, 4))], [0, 1, 2, 3]);
  assert.deepEqual([...(await access.read(CLIP, 250, 3))], [250, 251, 252]);
  assert.deepEqual([...(await access.read(CLIP, 998, 10))], [230, 231], 'fewer bytes only at the end of the file');
  assert.deepEqual(client.fetches, [CLIP]);
});

test('pieces asked for at once share one fetch', async () => {
  const client = memoryClient(new MemoryFileAccess({ [CLIP]: bytes(4096) }));
  const access = requestFileAccess(client);
  const pieces = await Promise.all([0, 1024, 2048, 3072].map((offset) => access.read(CLIP, offset, 1024)));
  assert.deepEqual(pieces.map((p) => [p.length, p[0], p[1023]]), [[1024, 0, 255], [1024, 0, 255], [1024, 0, 255], [1024, 0, 255]]);
  assert.deepEqual(client.fetches, [CLIP]);
});

test('a file changed since it was fetched (size or modification time) is fetched again', async () => {
  const files = new MemoryFileAccess({ [CLIP]: bytes(16) });
  const client = memoryClient(files);
  const access = requestFileAccess(client);
  assert.equal((await access.read(CLIP, 0, 1))[0], 0);
  files.write(CLIP, bytes(16, 100));
  assert.equal((await access.read(CLIP, 0, 1))[0], 100, 'same size, later mtime: the new bytes');
  files.write(CLIP, bytes(20, 7));
  assert.deepEqual([...(await access.read(CLIP, 18, 4))], [25, 26], 'new size: the new bytes');
  assert.deepEqual(client.fetches, [CLIP, CLIP, CLIP]);
});

test('at most 8 files are kept: the least recently fetched goes first', async () => {
  const paths = Array.from({ length: 9 }, (_, i) => `/owner/game/clip${i}.nczxanim`);
  const client = memoryClient(new MemoryFileAccess(Object.fromEntries(paths.map((p, i) => [p, bytes(8, i)]))));
  const access = requestFileAccess(client);
  for (const path of paths) await access.read(path, 0, 1);
  await access.read(paths[8]!, 0, 1);
  await access.read(paths[1]!, 0, 1);
  assert.deepEqual(client.fetches.length, 9, 'the 8 most recent are kept');
  await access.read(paths[0]!, 0, 1);
  assert.deepEqual(client.fetches.slice(9), [paths[0]], 'the first was dropped when the ninth came');
});

test('a fetch that failed is not kept: the next read asks again', async () => {
  const files = new MemoryFileAccess({ [CLIP]: bytes(8) });
  const client = memoryClient(files);
  let failures = 1;
  const flaky: RequestSender = {
    sendRequest: async <R>(method: string, params: unknown): Promise<R> => {
      if (method === WORKSPACE_FILE_READ_REQUEST && failures-- > 0) throw new Error('the extension host went away');
      return client.sendRequest<R>(method, params);
    },
  };
  const access = requestFileAccess(flaky);
  await assert.rejects(access.read(CLIP, 0, 1), /the extension host went away/);
  assert.equal((await access.read(CLIP, 5, 1))[0], 5);
  assert.deepEqual(client.fetches, [CLIP]);
});

test('stat answers what the client says; a missing file is undefined and its read fails with its path', async () => {
  const client = memoryClient(new MemoryFileAccess({ [CLIP]: bytes(12) }));
  const access = requestFileAccess(client);
  assert.deepEqual(await access.stat(CLIP), { size: 12, mtimeMs: 1000, isDirectory: false });
  assert.deepEqual(await access.stat('/owner/game/anims'), { size: 0, mtimeMs: 0, isDirectory: true });
  assert.equal(await access.stat('/owner/game/none.nczxanim'), undefined);
  await assert.rejects(access.read('/owner/game/none.nczxanim', 0, 4), /\/owner\/game\/none\.nczxanim: no such file/);
  assert.deepEqual(client.fetches, []);
});

test('a folder lists its names, and its entries with their types', async () => {
  const access = requestFileAccess(memoryClient(new MemoryFileAccess({ [CLIP]: bytes(1), '/owner/game/nether.toml': '[game]' })));
  assert.deepEqual((await access.readDirectory('/owner/game')).sort(), ['anims', 'nether.toml']);
  assert.deepEqual(
    (await access.readDirectoryEntries!('/owner/game')).sort((a, b) => a.name.localeCompare(b.name)),
    [{ name: 'anims', type: 'directory' }, { name: 'nether.toml', type: 'file' }],
  );
});
