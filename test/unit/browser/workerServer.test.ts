/**
 * The web-worker server bundle (dist/server/browser.js, what VS Code for the Web starts) serving
 * a github.dev workspace: its folder is `vscode-vfs://github/owner/game`, and every file it reads
 * comes through the client's `ewzanim/workspaceFile/*` requests, answered here from a folder on
 * disk as the extension answers them from `workspace.fs`. The bundle runs in a Node worker thread
 * whose `self` stands for the web worker's global scope (message in, message out); its Node
 * built-ins are the bundle's stand-ins (nodeShims.ts), so it can touch no file on its own.
 * Checked: the diagnostics of the scan (a truncated clip, the manifest's legacy names and its
 * animation budget), hover, links, completion and the rename quick fix on the manifest, the
 * keyframe listing, all on `vscode-vfs:` URIs, and each file fetched whole once.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { createMessageConnection, PortMessageReader, PortMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { CodeAction, CompletionItem, Diagnostic, DocumentLink, Hover, MarkupContent, PublishDiagnosticsParams, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { encodeBase64 } from '../../../formats/base64';
import { KEYFRAME_LISTING_REQUEST, type KeyframeListingResult } from '../../../protocol/listing';
import type { CheckStatusParams } from '../../../protocol/serverStatus';
import {
  WORKSPACE_DIRECTORY_READ_REQUEST,
  WORKSPACE_FILE_READ_REQUEST,
  WORKSPACE_FILE_STAT_REQUEST,
  type WorkspaceDirectoryReadResult,
  type WorkspaceFilePathParams,
  type WorkspaceFileReadResult,
  type WorkspaceFileStatResult,
} from '../../../protocol/workspaceFiles';
import { clipBytes } from '../manifest/assetBytes';
import { answerServerRequests, VSCODE_LIKE_CAPABILITIES } from '../server/lspProcess';

const BUNDLE = join(__dirname, '..', '..', '..', 'dist', 'server', 'browser.js');
const FOLDER = 'vscode-vfs://github/owner/game';
/** The server's path of the folder: the URI's path. */
const ROOT = '/owner/game';
const MANIFEST = 'nether.toml';

/** The web worker's global scope over the thread's port: what BrowserMessageReader/Writer and server.ts use. */
const WORKER_PRELUDE = `
const { parentPort } = require('node:worker_threads');
globalThis.self = {
  postMessage: (message) => parentPort.postMessage(message),
  set onmessage(listener) { parentPort.on('message', (data) => listener({ data })); },
  addEventListener(type, listener) {
    if (type === 'unhandledrejection') process.on('unhandledRejection', (reason) => listener({ reason }));
  },
  removeEventListener() {},
};
require(${JSON.stringify(BUNDLE)});
`;

let disk: string;
let worker: Worker;
let connection: MessageConnection;
let manifestText: string;
const diagnostics = new Map<string, Diagnostic[]>();
const statuses: CheckStatusParams[] = [];
/** Server paths fetched whole through the read request, in order. */
const fetches: string[] = [];

const uri = (relative: string): string => `${FOLDER}/${relative}`;

function onDisk(path: string): string {
  assert.ok(path === ROOT || path.startsWith(`${ROOT}/`), `the server asks only for paths in the folder: ${path}`);
  return join(disk, path.slice(ROOT.length));
}

function statOf(path: string): WorkspaceFileStatResult {
  try {
    const stat = statSync(onDisk(path));
    return { size: stat.size, mtimeMs: stat.mtimeMs, isDirectory: stat.isDirectory(), isFile: stat.isFile() };
  } catch {
    return null;
  }
}

function position(needle: string, delta = 0): { line: number; character: number } {
  const before = manifestText.slice(0, manifestText.indexOf(needle) + delta);
  return { line: before.split('\n').length - 1, character: before.length - before.lastIndexOf('\n') - 1 };
}

async function eventually<T>(what: string, probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

before(async () => {
  execFileSync(process.execPath, ['scripts/build.mjs', 'server (browser)'], { stdio: 'pipe' });
  disk = mkdtempSync(join(tmpdir(), 'ewzanim-worker-server-test-'));
  cpSync('test/fixtures/upstream/multi-skinned-rom', disk, { recursive: true });
  writeFileSync(join(disk, 'broken.nczxanim'), clipBytes(3, 30, 444));
  manifestText = readFileSync(join(disk, MANIFEST), 'utf8');

  worker = new Worker(WORKER_PRELUDE, { eval: true });
  connection = createMessageConnection(new PortMessageReader(worker), new PortMessageWriter(worker));
  connection.onRequest(WORKSPACE_FILE_STAT_REQUEST, ({ path }: WorkspaceFilePathParams): WorkspaceFileStatResult => statOf(path));
  connection.onRequest(WORKSPACE_FILE_READ_REQUEST, ({ path }: WorkspaceFilePathParams): WorkspaceFileReadResult => {
    fetches.push(path);
    return { base64: encodeBase64(readFileSync(onDisk(path))) };
  });
  connection.onRequest(WORKSPACE_DIRECTORY_READ_REQUEST, ({ path }: WorkspaceFilePathParams): WorkspaceDirectoryReadResult =>
    readdirSync(onDisk(path), { withFileTypes: true }).map((e) => ({ name: e.name, type: e.isDirectory() ? 'directory' : e.isFile() ? 'file' : 'other' })),
  );
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => void diagnostics.set(params.uri, params.diagnostics));
  connection.onNotification('ewzanim/checkStatus', (status: CheckStatusParams) => void statuses.push(status));
  // A 1 KiB storage-buffer binding: wave1 (3 bones x 30 frames x 48 bytes) is over it.
  answerServerRequests(connection, () => ({ maxStorageBufferBindingSize: 1024 }));
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: null,
    rootUri: null,
    capabilities: VSCODE_LIKE_CAPABILITIES,
    initializationOptions: { clientCommands: ['ewzanim.openPreview'] },
    workspaceFolders: [{ uri: FOLDER, name: 'game' }],
  });
  await connection.sendNotification('initialized', {});
  await eventually('the workspace scan', () => statuses.find((s) => s.state === 'idle'), 60_000);
});

after(async () => {
  try {
    await connection?.sendRequest('shutdown');
  } finally {
    connection?.dispose();
    await worker?.terminate();
    rmSync(disk, { recursive: true, force: true });
  }
});

test('the scan publishes on the folder\'s vscode-vfs: URIs: a truncated clip, the manifest\'s legacy names and animation budget', () => {
  assert.ok([...diagnostics.keys()].every((key) => key.startsWith(`${FOLDER}/`)), [...diagnostics.keys()].join('\n'));
  assert.deepEqual(diagnostics.get(uri('broken.nczxanim'))?.map((d) => [d.code, d.severity]), [['anim/truncated', 1]]);
  const manifestCodes = (diagnostics.get(uri(MANIFEST)) ?? []).map((d) => d.code);
  assert.ok(manifestCodes.includes('manifest/animation-budget'), manifestCodes.join(', '));
  assert.equal(manifestCodes.filter((c) => c === 'manifest/legacy-extension').length, 6, manifestCodes.join(', '));
  assert.deepEqual(diagnostics.get(uri('assets/arm1.ewzskel')) ?? [], []);
});

test('each file the scan read was fetched whole once, through the client', () => {
  assert.ok(fetches.includes(`${ROOT}/broken.nczxanim`) && fetches.includes(`${ROOT}/assets/wave1.ewzanim`), fetches.join('\n'));
  assert.deepEqual(fetches.filter((path, i) => fetches.indexOf(path) !== i), [], 'no file fetched twice');
});

test('hover, links, completion and the rename quick fix on the manifest, on vscode-vfs: URIs', async () => {
  const textDocument = { uri: uri(MANIFEST) };
  await connection.sendNotification('textDocument/didOpen', { textDocument: { ...textDocument, languageId: 'toml', version: 1, text: manifestText } });

  const hover = await connection.sendRequest<Hover | null>('textDocument/hover', { textDocument, position: position('assets/wave2.ewzanim', 2) });
  assert.equal((hover?.contents as MarkupContent).value.split('\n')[2], '- Keyframe clip: 4 bones x 30 frames, 1 s at 30 fps');

  const links = await connection.sendRequest<DocumentLink[]>('textDocument/documentLink', { textDocument });
  assert.equal(links.length, 6);
  assert.equal(links[5]?.target, uri('assets/wave2.ewzanim'));

  const completion = await connection.sendRequest<CompletionItem[]>('textDocument/completion', { textDocument, position: position('assets/arm1.ewzskel', 'assets/'.length) });
  assert.deepEqual(completion.map((c) => c.label), ['arm1.ewzskel', 'arm2.ewzskel']);

  const at = position('assets/wave2.ewzanim', 1);
  const actions = await connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument, range: { start: at, end: at }, context: { diagnostics: [] } });
  const rename = actions.find((a) => a.title.startsWith('Rename'));
  assert.deepEqual((rename?.edit as WorkspaceEdit | undefined)?.documentChanges?.[0], {
    kind: 'rename', oldUri: uri('assets/wave2.ewzanim'), newUri: uri('assets/wave2.nczxanim'), options: { overwrite: false },
  });
});

test('the keyframe listing of a clip read through the client', async () => {
  const listing = await connection.sendRequest<KeyframeListingResult>(KEYFRAME_LISTING_REQUEST, { clip: uri('assets/wave1.ewzanim'), firstFrame: 0 });
  assert.deepEqual([listing.firstFrame, listing.frameCount, listing.totalFrames], [0, 30, 30]);
  assert.match(listing.text.split('\n')[6] ?? '', /^ {2}bone {3}0 {2}@0x00000004 {2}rot 0x[0-9A-F]{8} {2}q\(/);
});
