/**
 * The real bundled server (dist/server/server.js, built by `npm test` / scripts/build.mjs) over
 * Node IPC, no editor: workspace diagnostics for the upstream packs and planted problems,
 * re-checks on watcher events, settings, manifests as they are typed.
 */
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { startServer, type LspProcess } from './lspProcess';
import { clipBytes } from '../manifest/assetBytes';
import { expectedTotals, plantedProblems, UPSTREAM } from './plantedFiles';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'upstream');
const UPSTREAM_FILES = Object.keys(UPSTREAM);
let workspace: string;
let server: LspProcess;
const uri = (relative: string): string => pathToFileURL(join(workspace, relative)).href;

function summary(diagnostics: Diagnostic[] | undefined): unknown[] | undefined {
  return diagnostics?.map((d) => {
    const byteRange = (d.data as { byteRange?: unknown } | undefined)?.byteRange;
    if (byteRange) return { code: d.code, severity: d.severity, byteRange };
    return d.range.start.line > 0 || String(d.code).startsWith('manifest/') ? { code: d.code, severity: d.severity, line: d.range.start.line } : { code: d.code, severity: d.severity };
  });
}

async function eventually(what: string, probe: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!probe()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function watched(changes: { path: string; type: 1 | 2 | 3 }[]): Promise<void> {
  return server.connection.sendNotification('workspace/didChangeWatchedFiles', {
    changes: changes.map((c) => ({ uri: uri(c.path), type: c.type })),
  });
}

before(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'ewzanim-server-test-'));
  cpSync(join(FIXTURES, 'animation-demo'), join(workspace, 'animation-demo'), { recursive: true });
  cpSync(join(FIXTURES, 'multi-skinned-rom'), join(workspace, 'multi-skinned-rom'), { recursive: true });
  for (const planted of plantedProblems()) {
    mkdirSync(dirname(join(workspace, planted.path)), { recursive: true });
    writeFileSync(join(workspace, planted.path), planted.content);
  }
  // Excluded by the default `**/node_modules/**`: never checked, never published.
  mkdirSync(join(workspace, 'node_modules', 'dep'), { recursive: true });
  writeFileSync(join(workspace, 'node_modules', 'dep', 'broken.nczxanim'), new Uint8Array([1, 0, 1]));
  server = await startServer({ roots: [workspace], settings: {} });
  await server.waitForIdle();
});

after(async () => {
  await server?.stop();
  rmSync(workspace, { recursive: true, force: true });
});

test('at start every supported file is checked and published, binary files included', () => {
  for (const planted of plantedProblems()) {
    assert.deepEqual(summary(server.diagnostics.get(uri(planted.path))), planted.expected, planted.path);
  }
  for (const [file, codes] of Object.entries(UPSTREAM)) {
    assert.deepEqual(server.diagnostics.get(uri(file))?.map((d) => d.code), codes, file);
  }
  assert.equal(server.diagnostics.has(uri('node_modules/dep/broken.nczxanim')), false, 'excluded file was published');
  const final = server.statuses.at(-1);
  assert.deepEqual(final, {
    state: 'idle',
    checked: UPSTREAM_FILES.length + plantedProblems().length,
    queued: UPSTREAM_FILES.length + plantedProblems().length,
    files: UPSTREAM_FILES.length + plantedProblems().length,
    ...expectedTotals(),
  });
});

test('binary diagnostics carry their byte range in the message too', () => {
  const [truncated] = server.diagnostics.get(uri('planted/truncated.nczxanim')) ?? [];
  assert.match(String(truncated?.message ?? ''), /\(bytes 0x3C4-0x3E7\)$/);
  assert.deepEqual(truncated?.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
});

test('a changed file is re-checked and a deleted one loses its problems', async () => {
  const since = server.statuses.length;
  writeFileSync(join(workspace, 'planted/truncated.nczxanim'), clipBytes(3, 30));
  unlinkSync(join(workspace, 'planted/flags.ewzanim'));
  await watched([
    { path: 'planted/truncated.nczxanim', type: 2 },
    { path: 'planted/flags.ewzanim', type: 3 },
  ]);
  const status = await server.waitForIdle(since);
  assert.deepEqual(server.diagnostics.get(uri('planted/truncated.nczxanim')), []);
  assert.deepEqual(server.diagnostics.get(uri('planted/flags.ewzanim')), []);
  assert.equal(status.files, UPSTREAM_FILES.length + plantedProblems().length - 1);
  assert.equal(status.errors, expectedTotals().errors - 2, 'truncated and flags errors gone');
});

test('a clip a manifest lists is re-linted when it changes (the cached lint of the manifest check is dropped)', async () => {
  const since = server.statuses.length;
  writeFileSync(join(workspace, 'planted/walk.nczxanim'), clipBytes(2, 4, 16));
  await watched([{ path: 'planted/walk.nczxanim', type: 2 }]);
  await server.waitForIdle(since);
  assert.deepEqual(server.diagnostics.get(uri('planted/walk.nczxanim'))?.map((d) => d.code), ['anim/truncated']);
  const manifestCodes = server.diagnostics.get(uri('planted/nether.toml'))?.map((d) => d.code) ?? [];
  assert.ok(manifestCodes.includes('manifest/asset-invalid'), `manifest sees the broken clip: ${manifestCodes.join(', ')}`);

  const again = server.statuses.length;
  writeFileSync(join(workspace, 'planted/walk.nczxanim'), clipBytes(2, 4));
  await watched([{ path: 'planted/walk.nczxanim', type: 2 }]);
  await server.waitForIdle(again);
  assert.deepEqual(server.diagnostics.get(uri('planted/walk.nczxanim')), []);
  assert.deepEqual(
    server.diagnostics.get(uri('planted/nether.toml'))?.map((d) => d.code),
    ['manifest/bone-mismatch', 'manifest/missing-file'],
  );
});

test('a created file is checked', async () => {
  const since = server.statuses.length;
  writeFileSync(join(workspace, 'planted/new.nczxskel'), new Uint8Array([2, 0, 0, 0, 0, 0, 0, 0]));
  await watched([{ path: 'planted/new.nczxskel', type: 1 }]);
  await server.waitForIdle(since);
  assert.deepEqual(
    server.diagnostics.get(uri('planted/new.nczxskel'))?.map((d) => d.code),
    ['skel/truncated'],
  );
});

test('severity overrides re-publish without a re-check; the keyframe cap re-checks', async () => {
  await server.setSettings({ severityOverrides: { 'anim/trailing-bytes': 'off', 'anim/zero-scale': 'error' } });
  await eventually('overrides applied', () => server.diagnostics.get(uri('planted/trailing.nczxanim'))?.length === 0);
  assert.deepEqual(
    server.diagnostics.get(uri('planted/zero-scale.nczxanim'))?.map((d) => d.severity),
    [1, 1],
  );

  const since = server.statuses.length;
  await server.setSettings({ maxKeyframeProblems: 1 });
  await server.waitForIdle(since);
  assert.deepEqual(
    server.diagnostics.get(uri('planted/zero-scale.nczxanim'))?.map((d) => [d.code, d.severity]),
    [
      ['anim/zero-scale', 2],
      ['anim/more-problems', 3],
    ],
  );
  assert.equal(server.diagnostics.get(uri('planted/trailing.nczxanim'))?.length, 1, 'override removed again');
  await server.setSettings({});
});

test('an open manifest is checked from its unsaved text as it is typed, and from disk when closed', async () => {
  const manifest = uri('planted/nether.toml');
  const fixed = '[game]\nid = "planted"\ntitle = "Planted"\nauthor = "me"\nversion = "1.0.0"\n';
  await server.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: manifest, languageId: 'toml', version: 1, text: fixed },
  });
  await eventually('the open text checked', () => server.diagnostics.get(manifest)?.length === 0);
  await server.connection.sendNotification('textDocument/didChange', {
    textDocument: { uri: manifest, version: 2 },
    contentChanges: [{ text: `${fixed}broken = \n` }],
  });
  await eventually('the typed error reported', () => server.diagnostics.get(manifest)?.[0]?.code === 'manifest/syntax');
  assert.equal(server.diagnostics.get(manifest)?.[0]?.range.start.line, 5);
  await server.connection.sendNotification('textDocument/didChange', {
    textDocument: { uri: manifest, version: 3 },
    contentChanges: [{ text: fixed }],
  });
  await eventually('the fix seen', () => server.diagnostics.get(manifest)?.length === 0);
  await server.connection.sendNotification('textDocument/didClose', { textDocument: { uri: manifest } });
  // On disk the manifest still has its planted bone mismatch (line 14).
  await eventually('back to the file on disk', () => server.diagnostics.get(manifest)?.[0]?.code === 'manifest/bone-mismatch');
});

test('the server answers requests while it checks', async () => {
  const since = server.statuses.length;
  await watched(UPSTREAM_FILES.map((path) => ({ path, type: 2 as const })));
  const info = await server.connection.sendRequest<{ pid: number }>('ewzanim/serverInfo');
  assert.equal(info.pid, server.child.pid);
  await server.waitForIdle(since);
});
