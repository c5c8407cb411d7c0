/**
 * The real bundled server (`node dist/server/server.js --stdio`, and `ewzanim lsp --stdio`)
 * driven by a generic LSP client (stdioClient.ts: hand-written framing, no VS Code client), as
 * Neovim, Helix, Zed or Emacs run it:
 * - a bare client (no capabilities at all) is sent no request, no command, no snippet, no markdown;
 * - a minimal editor (code action literals and applyEdit only) gets `changes` and the server's own
 *   commands, which the server runs;
 * - with dynamic registration the server registers its own file watchers (every extension of both
 *   eras and the manifest names) and re-checks a clip changed on disk;
 * - the workspace walk: two symlink loops and a FIFO do not stop it, each real file is published
 *   once under one path, the same files `ewzanim check` finds; an unreadable manifest (a link to
 *   itself: reading fails even as root) gets `file/unreadable`;
 * - a hover on a URI with no file publishes nothing; the listing request on a manifest is an
 *   error; the clip links request; after `shutdown`, InvalidRequest.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import picomatch from 'picomatch';
import { BINARY_EXTENSIONS, MANIFEST_NAMES } from '../../../formats/fileKinds';
import { runCli } from '../cli/cliHarness';
import { clipBytes } from '../manifest/assetBytes';
import { StdioLspClient, type RpcError } from './stdioClient';
import { SERVER_BUNDLE } from './lspProcess';

const CLI_BUNDLE = join(__dirname, '..', '..', '..', 'dist', 'cli', 'ewzanim.js');
const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'upstream');
const IS_ROOT = process.getuid?.() === 0;

/** No snippets, no documentChanges, no dynamic registration: an editor that takes fixes as code actions and applies edits. */
const MINIMAL_EDITOR = {
  workspace: { applyEdit: true },
  textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } }, publishDiagnostics: {} },
};
const WITH_DYNAMIC_REGISTRATION = {
  ...MINIMAL_EDITOR,
  workspace: { ...MINIMAL_EDITOR.workspace, didChangeWatchedFiles: { dynamicRegistration: true } },
};

let workspace: string;
const uri = (relative: string): string => pathToFileURL(join(workspace, relative)).href;

/** The linked pack: the upstream multi-skinned ROM with wave1 linked to arm1's skeleton and mesh. */
function linkedManifest(): string {
  return readFileSync(join(FIXTURES, 'multi-skinned-rom', 'nether.toml'), 'utf8').replace('path = "assets/wave1.ewzanim"', 'path = "assets/wave1.ewzanim"\nskeleton = "arm1_skel"\nmesh = "arm1_mesh"');
}

before(() => {
  workspace = mkdtempSync(join(tmpdir(), 'ewzanim-generic-client-'));
  cpSync(join(FIXTURES, 'animation-demo'), join(workspace, 'animation-demo'), { recursive: true });
  cpSync(join(FIXTURES, 'multi-skinned-rom'), join(workspace, 'multi-skinned-rom'), { recursive: true });
  cpSync(join(FIXTURES, 'multi-skinned-rom'), join(workspace, 'linked'), { recursive: true });
  writeFileSync(join(workspace, 'linked', 'nether.toml'), linkedManifest());
  // Two symlink loops: each once made the old walk report a file under 32 URIs, and two grew it exponentially.
  symlinkSync('.', join(workspace, 'loop'));
  symlinkSync('..', join(workspace, 'multi-skinned-rom', 'up'));
  // A manifest that cannot be read even as root: a link to itself (ELOOP).
  mkdirSync(join(workspace, 'unreadable'));
  symlinkSync('nether.toml', join(workspace, 'unreadable', 'nether.toml'));
  // A FIFO with a clip's name: opening it would block forever.
  mkdirSync(join(workspace, 'pipe'));
  execFileSync('mkfifo', [join(workspace, 'pipe', 'stuck.nczxanim')]);
  if (!IS_ROOT) {
    mkdirSync(join(workspace, 'locked'));
    writeFileSync(join(workspace, 'locked', 'ember.toml'), '[game]\n');
    chmodSync(join(workspace, 'locked', 'ember.toml'), 0o000);
  }
});

after(() => {
  if (!IS_ROOT && existsSync(join(workspace, 'locked', 'ember.toml'))) chmodSync(join(workspace, 'locked', 'ember.toml'), 0o644);
  rmSync(workspace, { recursive: true, force: true });
});

function idle(client: StdioLspClient): Promise<void> {
  return client.waitFor('the first workspace check', () => client.received.some((m) => m.method === 'ewzanim/checkStatus' && (m.params as { state: string }).state === 'idle'));
}

async function expectError(promise: Promise<unknown>, code: number): Promise<RpcError> {
  try {
    await promise;
  } catch (error) {
    assert.equal((error as RpcError).code, code, JSON.stringify(error));
    return error as RpcError;
  }
  assert.fail(`expected error ${code}`);
}

describe('a bare client (no capabilities) over stdio', () => {
  let client: StdioLspClient;
  let capabilities: Record<string, unknown>;

  before(async () => {
    client = StdioLspClient.spawn(process.execPath, [SERVER_BUNDLE, '--stdio']);
    capabilities = (await client.initialize([workspace], {})).capabilities;
    await idle(client);
  });

  after(() => client.kill());

  test('announces only what it serves: no code lenses (the preview command is VS Code\'s), no fixes it could not apply, its own commands declared', () => {
    assert.equal(capabilities.codeLensProvider, undefined);
    assert.equal(capabilities.codeActionProvider, undefined);
    assert.deepEqual(capabilities.executeCommandProvider, { commands: ['ewzanim.applyFix', 'ewzanim.renameAsset'] });
    assert.ok(capabilities.hoverProvider);
    assert.ok(capabilities.completionProvider);
  });

  test('sends no request it was not allowed to (no registration, no progress, no configuration) and says files are not watched', () => {
    assert.deepEqual(client.serverRequests().map((m) => m.method), []);
    assert.ok(client.logs.some((l) => /cannot register file watchers/.test(l)), client.logs.join('\n'));
  });

  test('the walk: each real file published once, under a path without the loops; the same files as `ewzanim check`', async () => {
    const published = [...client.diagnostics.keys()].sort();
    assert.ok(published.every((u) => !u.includes('/loop/') && !u.includes('/up/')), published.join('\n'));
    assert.ok([...client.publishCount.values()].every((n) => n === 1), JSON.stringify([...client.publishCount]));
    const cli = await runCli(['check', '--json', workspace]);
    const checked = (JSON.parse(cli.stdout) as { files: { path: string }[] }).files.map((f) => pathToFileURL(f.path).href);
    const unreadable = cli.stderr.split('\n').filter((l) => l.startsWith('ewzanim: ')).map((l) => pathToFileURL(l.slice('ewzanim: '.length).split(': ')[0]!).href);
    assert.deepEqual(published, [...checked, ...unreadable].sort());
    assert.ok(published.includes(uri('multi-skinned-rom/assets/wave1.ewzanim')));
    assert.ok(!published.includes(uri('pipe/stuck.nczxanim')), 'a FIFO is never opened');
  });

  test('an unreadable manifest gets file/unreadable, like an unreadable clip', () => {
    const [d] = client.diagnostics.get(uri('unreadable/nether.toml')) ?? [];
    assert.equal(d?.code, 'file/unreadable');
    assert.match(d?.message ?? '', /ELOOP|too many (levels of )?symbolic links/i);
    if (!IS_ROOT) assert.equal(client.diagnostics.get(uri('locked/ember.toml'))?.[0]?.code, 'file/unreadable');
  });

  test('hover on a manifest URI with no file behind it: no answer, nothing published', async () => {
    const ghost = uri('nowhere/nether.toml');
    const hover = await client.request('textDocument/hover', { textDocument: { uri: ghost }, position: { line: 0, character: 1 } });
    assert.equal(hover, null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(client.diagnostics.has(ghost), false);
  });

  test('hover on [game] in plain text: the pack budget', async () => {
    const hover = await client.request<{ contents: { kind: string; value: string } }>('textDocument/hover', { textDocument: { uri: uri('animation-demo/nether.toml') }, position: { line: 15, character: 2 } });
    assert.equal(hover.contents.kind, 'plaintext');
    assert.match(hover.contents.value, /^Data pack budget\n\n- Cartridge: 1\.41 KiB \(1,444 bytes\) of 16 MiB, 0\.01%/);
    assert.doesNotMatch(hover.contents.value, /\*\*|`/);
  });

  test('completion: plain text, no snippet syntax, no command', async () => {
    const manifest = uri('animation-demo/nether.toml');
    const text = `${readFileSync(join(workspace, 'animation-demo', 'nether.toml'), 'utf8')}ske`;
    client.notify('textDocument/didOpen', { textDocument: { uri: manifest, languageId: 'toml', version: 1, text } });
    const line = text.split('\n').length - 1;
    const items = await client.request<{ label: string; insertTextFormat?: number; textEdit: { newText: string }; command?: unknown; documentation?: unknown }[]>('textDocument/completion', { textDocument: { uri: manifest }, position: { line, character: 3 } });
    const skeleton = items.find((i) => i.label === 'skeleton');
    assert.equal(skeleton?.textEdit.newText, 'skeleton = ""');
    assert.ok(items.length > 0 && items.every((i) => i.insertTextFormat === undefined && !/\$\d|\$\{/.test(i.textEdit.newText) && i.command === undefined), JSON.stringify(items));
    assert.equal(typeof skeleton?.documentation, 'string');
    client.notify('textDocument/didClose', { textDocument: { uri: manifest } });
  });

  test('code actions: none for a client that can neither take code actions nor apply edits', async () => {
    const actions = await client.request<unknown[]>('textDocument/codeAction', {
      textDocument: { uri: uri('animation-demo/nether.toml') },
      range: { start: { line: 26, character: 10 }, end: { line: 26, character: 10 } },
      context: { diagnostics: [] },
    });
    assert.deepEqual(actions, []);
  });

  test('the listing request: a manifest is an error, a clip gives the lines `ewzanim listing` prints', async () => {
    const error = await expectError(client.request('ewzanim/keyframeListing', { clip: uri('animation-demo/nether.toml'), firstFrame: 0 }), -32602);
    assert.match(error.message, /nether\.toml is a manifest, not a clip/);
    const listing = await client.request<{ text: string }>('ewzanim/keyframeListing', { clip: uri('animation-demo/assets/wave.ewzanim'), firstFrame: 0 });
    const cli = await runCli(['listing', join(workspace, 'animation-demo', 'assets', 'wave.ewzanim')]);
    assert.equal(cli.status, 0);
    assert.equal(listing.text, cli.stdout);
    assert.equal(listing.text.split('\n').length, 5 + 30 * 4 + 1);
  });

  test('the clip links request: links with their source in words, the pack\'s candidates with bone counts; not a clip is an error', async () => {
    const linked = await client.request('ewzanim/clipLinks', { clip: uri('linked/assets/wave1.ewzanim') });
    const asset = (name: string) => uri(`linked/assets/${name}`);
    assert.deepEqual(linked, {
      clipBones: 3,
      manifest: uri('linked/nether.toml'),
      listed: true,
      skeleton: { uri: asset('arm1.ewzskel'), id: 'arm1_skel', boneCount: 3 },
      mesh: { uri: asset('arm1.ewzmesh'), id: 'arm1_mesh', boneCount: 3 },
      source: 'explicit',
      sourceText: 'linked by its `skeleton`/`mesh` key',
      candidates: {
        skeletons: [{ uri: asset('arm1.ewzskel'), id: 'arm1_skel', boneCount: 3 }, { uri: asset('arm2.ewzskel'), id: 'arm2_skel', boneCount: 4 }],
        meshes: [{ uri: asset('arm1.ewzmesh'), id: 'arm1_mesh', boneCount: 3 }, { uri: asset('arm2.ewzmesh'), id: 'arm2_mesh', boneCount: 4 }],
      },
    });
    const unlinked = await client.request<{ listed: boolean; skeleton?: unknown; candidates: { skeletons: unknown[] } }>('ewzanim/clipLinks', { clip: uri('multi-skinned-rom/assets/wave2.ewzanim') });
    assert.equal(unlinked.listed, true);
    assert.equal(unlinked.skeleton, undefined, 'two skeletons, no key: no link');
    assert.equal(unlinked.candidates.skeletons.length, 2);
    await expectError(client.request('ewzanim/clipLinks', { clip: uri('linked/assets/arm1.ewzskel') }), -32602);
  });

  test('after shutdown every request is InvalidRequest (-32600); exit ends the process with 0', async () => {
    assert.equal(await client.request('shutdown'), null);
    const error = await expectError(client.request('textDocument/hover', { textDocument: { uri: uri('animation-demo/nether.toml') }, position: { line: 15, character: 2 } }), -32600);
    assert.match(error.message, /shut down/);
    await expectError(client.request('ewzanim/keyframeListing', { clip: uri('animation-demo/assets/wave.ewzanim'), firstFrame: 0 }), -32600);
    client.notify('exit');
    assert.equal(await client.exited, 0);
  });
});

describe('a minimal editor (code action literals, applyEdit; no documentChanges, no file renames)', () => {
  let client: StdioLspClient;
  const applied: unknown[] = [];

  before(async () => {
    client = StdioLspClient.spawn(process.execPath, [SERVER_BUNDLE, '--stdio']);
    client.handlers.set('workspace/applyEdit', (params) => {
      applied.push(params);
      return { applied: true };
    });
    await client.initialize([workspace], MINIMAL_EDITOR);
    await idle(client);
  });

  after(() => client.kill());

  test('the rename fix is the server\'s own command; run, it renames the file and sends `changes`', async () => {
    const manifest = uri('animation-demo/nether.toml');
    const line = readFileSync(join(workspace, 'animation-demo', 'nether.toml'), 'utf8').split('\n').findIndex((l) => l.startsWith('path = "assets/wave.ewzanim"'));
    const actions = await client.request<{ title: string; edit?: unknown; command?: { command: string; arguments: unknown[] } }[]>('textDocument/codeAction', {
      textDocument: { uri: manifest },
      range: { start: { line, character: 12 }, end: { line, character: 12 } },
      context: { diagnostics: [] },
    });
    const rename = actions.find((a) => a.title.startsWith('Rename'));
    assert.equal(rename?.edit, undefined, 'no file rename inside an edit for this client');
    assert.equal(rename?.command?.command, 'ewzanim.renameAsset');
    await client.request('workspace/executeCommand', { command: rename!.command!.command, arguments: rename!.command!.arguments });
    assert.ok(existsSync(join(workspace, 'animation-demo', 'assets', 'wave.nczxanim')), 'renamed on disk');
    assert.ok(!existsSync(join(workspace, 'animation-demo', 'assets', 'wave.ewzanim')));
    assert.deepEqual(applied, [{
      label: `Rename ${join(workspace, 'animation-demo', 'assets', 'wave.ewzanim')} to ${join(workspace, 'animation-demo', 'assets', 'wave.nczxanim')}`,
      edit: { changes: { [manifest]: [{ range: { start: { line, character: 7 }, end: { line, character: 28 } }, newText: '"assets/wave.nczxanim"' }] } },
    }]);
    // Put it back for the other clients.
    execFileSync('mv', [join(workspace, 'animation-demo', 'assets', 'wave.nczxanim'), join(workspace, 'animation-demo', 'assets', 'wave.ewzanim')]);
  });

  test('every command it was sent is one the server declared', () => {
    const commands = client.received.flatMap((m) => JSON.stringify(m.params ?? {}).match(/"command":"[^"]+"/g) ?? []);
    assert.ok(commands.every((c) => c === '"command":"ewzanim.applyFix"' || c === '"command":"ewzanim.renameAsset"'), commands.join(', '));
  });
});

describe('with dynamic registration of file watchers', () => {
  let client: StdioLspClient;

  before(async () => {
    client = StdioLspClient.spawn(process.execPath, [SERVER_BUNDLE, '--stdio']);
    client.handlers.set('client/registerCapability', () => null);
    await client.initialize([workspace], WITH_DYNAMIC_REGISTRATION);
    await idle(client);
  });

  after(() => client.kill());

  test('the server registers glob watchers for every extension of both eras and both manifest names', () => {
    const registrations = client.serverRequests().filter((m) => m.method === 'client/registerCapability');
    assert.equal(registrations.length, 1);
    const [registration] = (registrations[0]!.params as { registrations: { method: string; registerOptions: { watchers: { globPattern: string }[] } }[] }).registrations;
    assert.equal(registration?.method, 'workspace/didChangeWatchedFiles');
    const matchers = registration!.registerOptions.watchers.map((w) => picomatch(w.globPattern));
    const names = [...BINARY_EXTENSIONS.map((ext) => `a/b/walk${ext}`), ...MANIFEST_NAMES.map((n) => `pack/${n}`), ...MANIFEST_NAMES];
    for (const name of names) assert.ok(matchers.some((m) => m(name)), name);
    for (const other of ['a/readme.md', 'a/cargo.toml', 'a/walk.gltf']) assert.ok(!matchers.some((m) => m(other)), other);
    assert.ok(!client.logs.some((l) => /cannot register file watchers/.test(l)));
  });

  test('a clip changed on disk and reported by the watcher is checked again', async () => {
    const path = join(workspace, 'multi-skinned-rom', 'assets', 'wave2.ewzanim');
    const original = readFileSync(path);
    writeFileSync(path, clipBytes(4, 30, 16));
    try {
      client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('multi-skinned-rom/assets/wave2.ewzanim'), type: 2 }] });
      await client.waitFor('the re-check', () => client.diagnostics.get(uri('multi-skinned-rom/assets/wave2.ewzanim'))?.[0]?.code === 'anim/truncated');
    } finally {
      writeFileSync(path, original);
    }
  });
});

test('`ewzanim lsp --stdio` is the same server', async () => {
  const client = StdioLspClient.spawn(process.execPath, [CLI_BUNDLE, 'lsp', '--stdio']);
  try {
    const { capabilities } = await client.initialize([join(workspace, 'animation-demo')], {});
    assert.ok(capabilities.hoverProvider);
    // The clips are checked first, the manifest that lists them last.
    await client.waitFor('diagnostics of the clip and the manifest', () => client.diagnostics.has(uri('animation-demo/assets/wave.ewzanim')) && client.diagnostics.has(uri('animation-demo/nether.toml')));
    assert.deepEqual(client.diagnostics.get(uri('animation-demo/nether.toml'))?.map((d) => d.code), ['manifest/legacy-extension']);
    assert.equal(await client.stop(), 0);
  } finally {
    client.kill();
  }
});
