/**
 * The JSON of every public request and notification of the language server, pinned: the real
 * bundled server (`node dist/server/server.js --stdio`), driven by a generic stdio client as
 * Neovim, Helix, Zed or Emacs drive it, answers real requests on the upstream fixtures (and the
 * MSH tests' hero model), and each answer must equal its checked-in example in
 * `test/fixtures/wire/<method>.json`. A shape that changes fails here, and is changed on purpose
 * with `EWZANIM_UPDATE_WIRE=1` (see wireExample.ts).
 */
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { memoryByteSource } from '../../../formats/fileAccess';
import { mshFieldAt } from '../../../formats/msh/fields';
import { openMshFile } from '../../../formats/msh/model';
import { CLIP_LINKS_REQUEST } from '../../../protocol/clipLinks';
import { DESCRIBE_BYTE_REQUEST } from '../../../protocol/describe';
import { KEYFRAME_LISTING_REQUEST } from '../../../protocol/listing';
import { CHECK_STATUS_NOTIFICATION, SERVER_INFO_REQUEST, type CheckStatusParams, type ServerInfoResult } from '../../../protocol/serverStatus';
import { SERVER_COMMANDS } from '../../../protocol/serverCommands';
import { PROTOCOL_VERSION } from '../../../protocol/version';
import { heroModel } from '../msh/mshFixtures';
import { SERVER_BUNDLE } from '../server/lspProcess';
import { StdioLspClient, type RpcError } from '../server/stdioClient';
import { expectWireExample, withNumbersMasked, withStableUris } from './wireExample';

const UPSTREAM = join(__dirname, '..', '..', 'fixtures', 'upstream');
/** A minimal editor: publishes diagnostics and applies edits; takes quick fixes as commands (no code action literals). */
const CLIENT = { workspace: { applyEdit: true }, textDocument: { publishDiagnostics: {} } };

let workspace: string;
let client: StdioLspClient;
const uri = (relative: string): string => pathToFileURL(join(workspace, relative)).href;

interface Exchange {
  /** What the exchange shows, for people reading the example. */
  name: string;
  params: unknown;
  result?: unknown;
  error?: RpcError;
}

/** One request's answer or error, with the workspace's URIs and paths made stable. */
async function exchange(method: string, name: string, params: Record<string, unknown>): Promise<Exchange> {
  let answer: Pick<Exchange, 'result' | 'error'>;
  try {
    answer = { result: await client.request(method, params) };
  } catch (error) {
    answer = { error: error as RpcError };
  }
  return withStableUris({ name, params, ...answer }, pathToFileURL(workspace).href, workspace);
}

function example(method: string, exchanges: Exchange[]): object {
  return { method, protocolVersion: PROTOCOL_VERSION, exchanges };
}

/** The first offsets of the hero model whose field is part of a Res8 key and of a Res19 word. */
async function heroOffsets(bytes: Uint8Array): Promise<{ key: number; word: number; node: number }> {
  const { layout } = await openMshFile(memoryByteSource(bytes));
  const first = (wanted: (offset: number) => boolean): number => {
    for (let offset = 0; offset < bytes.length; offset++) if (wanted(offset)) return offset;
    throw new Error('no such field in the hero model');
  };
  return {
    key: first((o) => mshFieldAt(layout, o)?.key !== undefined),
    word: first((o) => mshFieldAt(layout, o)?.word !== undefined),
    node: first((o) => mshFieldAt(layout, o)?.fieldType === 'node'),
  };
}

before(async () => {
  // Its real path: the server answers with real paths (a temporary folder may sit behind a link).
  workspace = realpathSync(mkdtempSync(join(tmpdir(), 'ewzanim-wire-')));
  for (const folder of ['animation-demo', 'multi-skinned-rom', 'asset-test', 'cube']) cpSync(join(UPSTREAM, folder), join(workspace, folder), { recursive: true });
  // The multi-skinned pack with wave1 linked to arm1 by its keys.
  cpSync(join(UPSTREAM, 'multi-skinned-rom'), join(workspace, 'linked'), { recursive: true });
  const manifest = readFileSync(join(UPSTREAM, 'multi-skinned-rom', 'nether.toml'), 'utf8');
  writeFileSync(join(workspace, 'linked', 'nether.toml'), manifest.replace('path = "assets/wave1.ewzanim"', 'path = "assets/wave1.ewzanim"\nskeleton = "arm1_skel"\nmesh = "arm1_mesh"'));
  writeFileSync(join(workspace, 'hero.msh'), heroModel());
  client = StdioLspClient.spawn(process.execPath, [SERVER_BUNDLE, '--stdio']);
  await client.initialize([workspace], CLIENT);
  await client.waitFor('the first workspace check', () => client.received.some((m) => m.method === CHECK_STATUS_NOTIFICATION && (m.params as CheckStatusParams).state === 'idle'));
});

after(async () => {
  await client?.stop();
  rmSync(workspace, { recursive: true, force: true });
});

test('ewzanim/describeByte: every kind of file and field, and a byte outside the file', async () => {
  const hero = await heroOffsets(readFileSync(join(workspace, 'hero.msh')));
  const cases: [name: string, file: string, offset: number][] = [
    ['clip header: bone count', 'animation-demo/assets/wave.ewzanim', 0],
    ['clip header: flags', 'animation-demo/assets/wave.ewzanim', 1],
    ['clip header: frame count', 'animation-demo/assets/wave.ewzanim', 2],
    ['keyframe rotation', 'animation-demo/assets/wave.ewzanim', 4],
    ['keyframe position x (f16)', 'animation-demo/assets/wave.ewzanim', 8],
    ['keyframe scale z (f16)', 'animation-demo/assets/wave.ewzanim', 19],
    ['skeleton header: bone count', 'multi-skinned-rom/assets/arm1.ewzskel', 0],
    ['inverse bind matrix cell', 'multi-skinned-rom/assets/arm1.ewzskel', 8],
    ['mesh header: vertex count', 'multi-skinned-rom/assets/arm1.ewzmesh', 0],
    ['mesh header: format', 'multi-skinned-rom/assets/arm1.ewzmesh', 8],
    ['mesh vertex', 'multi-skinned-rom/assets/arm1.ewzmesh', 16],
    ['mesh index', 'multi-skinned-rom/assets/arm1.ewzmesh', 1666],
    ['ROM magic', 'cube/cube.ewz', 0],
    ['ROM body', 'cube/cube.ewz', 100],
    ['MSH header', 'hero.msh', 0],
    ['MSH node (Res1)', 'hero.msh', hero.node],
    ['MSH key (Res8)', 'hero.msh', hero.key],
    ['MSH map word (Res19)', 'hero.msh', hero.word],
    ['past the end of the file: null', 'animation-demo/assets/wave.ewzanim', 1444],
    ['a manifest: null', 'animation-demo/nether.toml', 0],
  ];
  const exchanges: Exchange[] = [];
  for (const [name, file, offset] of cases) exchanges.push(await exchange(DESCRIBE_BYTE_REQUEST, name, { uri: uri(file), offset }));
  const overlay = { offset: 0, base64: Buffer.from([5]).toString('base64') };
  exchanges.push(await exchange(DESCRIBE_BYTE_REQUEST, 'unsaved bytes laid over the file', { uri: uri('animation-demo/assets/wave.ewzanim'), offset: 0, overlay }));
  expectWireExample('describeByte', example(DESCRIBE_BYTE_REQUEST, exchanges));
});

test('ewzanim/keyframeListing: a clip window, a window past the end, and the errors', async () => {
  expectWireExample('keyframeListing', example(KEYFRAME_LISTING_REQUEST, [
    await exchange(KEYFRAME_LISTING_REQUEST, 'the first window of a clip', { clip: uri('animation-demo/assets/wave.ewzanim'), firstFrame: 0 }),
    await exchange(KEYFRAME_LISTING_REQUEST, 'a first frame past the end: the last window', { clip: uri('multi-skinned-rom/assets/wave2.ewzanim'), firstFrame: 900 }),
    await exchange(KEYFRAME_LISTING_REQUEST, 'not a clip: InvalidParams with data.code', { clip: uri('animation-demo/nether.toml'), firstFrame: 0 }),
    await exchange(KEYFRAME_LISTING_REQUEST, 'no such file', { clip: uri('animation-demo/assets/gone.ewzanim'), firstFrame: 0 }),
  ]));
});

test('ewzanim/clipLinks: linked by keys, listed without links, and not a clip', async () => {
  expectWireExample('clipLinks', example(CLIP_LINKS_REQUEST, [
    await exchange(CLIP_LINKS_REQUEST, 'linked by its skeleton and mesh keys', { clip: uri('linked/assets/wave1.ewzanim') }),
    await exchange(CLIP_LINKS_REQUEST, 'listed, two skeletons, no keys: candidates only', { clip: uri('multi-skinned-rom/assets/wave2.ewzanim') }),
    await exchange(CLIP_LINKS_REQUEST, 'a pack without skeletons', { clip: uri('animation-demo/assets/wave.ewzanim') }),
    await exchange(CLIP_LINKS_REQUEST, 'a skeleton is not a clip: InvalidParams', { clip: uri('linked/assets/arm1.ewzskel') }),
  ]));
});

test('ewzanim/serverInfo: the process, its age and the protocol version', async () => {
  const info = await client.request<ServerInfoResult>(SERVER_INFO_REQUEST);
  const result = withNumbersMasked(info, ['pid', 'uptimeMs']);
  expectWireExample('serverInfo', example(SERVER_INFO_REQUEST, [{ name: 'who the server is (pid and uptime vary: masked)', params: null, result }]));
});

test('ewzanim/checkStatus: the notification at the end of the first workspace check', () => {
  const idle = client.received.find((m) => m.method === CHECK_STATUS_NOTIFICATION && (m.params as CheckStatusParams).state === 'idle');
  // How the pass was cut into reports depends on timing; the totals do not.
  const params = withNumbersMasked(idle!.params as CheckStatusParams, ['checked', 'queued']);
  expectWireExample('checkStatus', { method: CHECK_STATUS_NOTIFICATION, protocolVersion: PROTOCOL_VERSION, notifications: [{ name: 'the first check is done', params }] });
});

test('ewzanim.renameAsset and ewzanim.applyFix: the commands a client without code action literals gets, and their arguments', async () => {
  const manifest = uri('animation-demo/nether.toml');
  const text = readFileSync(join(workspace, 'animation-demo', 'nether.toml'), 'utf8');
  const line = text.split('\n').findIndex((l) => l.startsWith('path = "assets/wave.ewzanim"'));
  const fixesAt = (name: string) => exchange('textDocument/codeAction', name, { textDocument: { uri: manifest }, range: { start: { line, character: 12 }, end: { line, character: 12 } }, context: { diagnostics: [] } });
  const rename = await fixesAt('a clip with the Emberware extension: rename the file and its path');
  // The same manifest open in the editor with a typo in the path (unsaved).
  client.notify('textDocument/didOpen', { textDocument: { uri: manifest, languageId: 'toml', version: 1, text: text.replace('path = "assets/wave.ewzanim"', 'path = "assets/wav.ewzanim"') } });
  await client.waitFor('the open manifest checked', () => client.diagnostics.get(manifest)?.some((d) => /wav\.ewzanim/.test(d.message)) === true);
  const typo = await fixesAt('a path with a typo (unsaved text): change the path');
  const commands = JSON.stringify([rename.result, typo.result]).match(/"command":"[^"]+"/g) ?? [];
  assert.deepEqual([...new Set(commands)].sort(), Object.values(SERVER_COMMANDS).map((c) => `"command":"${c}"`).sort(), 'both server commands are pinned');
  expectWireExample('serverCommands', { commands: SERVER_COMMANDS, protocolVersion: PROTOCOL_VERSION, exchanges: [rename, typo] });
});
