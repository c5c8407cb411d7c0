/**
 * The language features through the real bundled server (dist/server/server.js, built by
 * `npm test` / scripts/build.mjs) over Node IPC: the capabilities it announces, the listing and
 * describe requests, and hover, links, completion, code actions and lenses on a manifest.
 */
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { CodeAction, CodeLens, CompletionItem, DocumentLink, Hover, MarkupContent, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { DESCRIBE_BYTE_REQUEST, type DescribeByteResult } from '../../../protocol/describe';
import { KEYFRAME_LISTING_REQUEST, listingUri, type KeyframeListingResult } from '../../../protocol/listing';
import { startServer, type LspProcess } from '../server/lspProcess';

let workspace: string;
let server: LspProcess;
let manifestText: string;
const uri = (relative: string): string => pathToFileURL(join(workspace, relative)).href;
const MANIFEST = 'multi-skinned-rom/nether.toml';
const WAVE = 'animation-demo/assets/wave.ewzanim';

function position(needle: string, delta = 0): { line: number; character: number } {
  const before = manifestText.slice(0, manifestText.indexOf(needle) + delta);
  return { line: before.split('\n').length - 1, character: before.length - before.lastIndexOf('\n') - 1 };
}

before(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'ewzanim-features-test-'));
  cpSync('test/fixtures/upstream/animation-demo', join(workspace, 'animation-demo'), { recursive: true });
  cpSync('test/fixtures/upstream/multi-skinned-rom', join(workspace, 'multi-skinned-rom'), { recursive: true });
  manifestText = readFileSync(join(workspace, MANIFEST), 'utf8');
  server = await startServer({ roots: [workspace] });
  await server.waitForIdle();
  await server.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: uri(MANIFEST), languageId: 'toml', version: 1, text: manifestText },
  });
});

after(async () => {
  await server?.stop();
  rmSync(workspace, { recursive: true, force: true });
});

test('the keyframe listing request and a hover on the listing, served by the server', async () => {
  const listing = await server.connection.sendRequest<KeyframeListingResult>(KEYFRAME_LISTING_REQUEST, { clip: uri(WAVE), firstFrame: 0 });
  assert.deepEqual([listing.firstFrame, listing.frameCount, listing.totalFrames], [0, 30, 30]);
  assert.equal(listing.text.split('\n')[6], '  bone   0  @0x00000004  rot 0x80200803  q( 0.000691  0.000691  0.000691  0.999999)  p(    0.0000    -1.5000     0.0000)  s(    1.0000     1.0000     1.0000)');
  const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', {
    textDocument: { uri: listingUri({ clip: uri(WAVE), firstFrame: 0 }) },
    position: { line: 6, character: 100 },
  });
  const value = (hover?.contents as MarkupContent).value;
  assert.equal(value.split('\n')[0], '**Position Y (f16)** · frame 0 · bone 0 · bytes 0xA-0xB (2 bytes)');
  assert.equal(value.split('\n')[3], '- Value: -1.5');
});

test('the describe request reads the byte from disk, or from the overlay of unsaved bytes', async () => {
  const onDisk = await server.connection.sendRequest<DescribeByteResult>(DESCRIBE_BYTE_REQUEST, { uri: uri(WAVE), offset: 2 });
  assert.equal(onDisk?.field.name, 'header.frameCount');
  assert.equal(onDisk?.raw.value, 30);
  const overlay = { offset: 2, base64: Buffer.from([60, 0]).toString('base64') };
  const edited = await server.connection.sendRequest<DescribeByteResult>(DESCRIBE_BYTE_REQUEST, { uri: uri(WAVE), offset: 2, overlay });
  assert.equal(edited?.raw.value, 60);
});

test('manifest hover, links, completion, code actions and lenses over LSP', async () => {
  const textDocument = { uri: uri(MANIFEST) };
  const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument, position: position('assets/wave2.ewzanim', 2) });
  assert.equal((hover?.contents as MarkupContent).value.split('\n')[2], '- Keyframe clip: 4 bones x 30 frames, 1 s at 30 fps');

  const links = await server.connection.sendRequest<DocumentLink[]>('textDocument/documentLink', { textDocument });
  assert.equal(links.length, 6);
  assert.equal(links[5].target, uri('multi-skinned-rom/assets/wave2.ewzanim'));

  const completion = await server.connection.sendRequest<CompletionItem[]>('textDocument/completion', { textDocument, position: position('assets/arm1.ewzskel', 'assets/'.length) });
  assert.deepEqual(completion.map((c) => c.label), ['arm1.ewzskel', 'arm2.ewzskel']);

  const lenses = await server.connection.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument });
  assert.deepEqual(lenses.map((l) => [l.command?.command, l.command?.arguments?.[0]]), [
    ['ewzanim.openPreview', { clip: uri('multi-skinned-rom/assets/wave1.ewzanim') }],
    ['ewzanim.openPreview', { clip: uri('multi-skinned-rom/assets/wave2.ewzanim') }],
  ]);

  const at = position('assets/wave2.ewzanim', 1);
  const actions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument, range: { start: at, end: at }, context: { diagnostics: [] } });
  const rename = actions.find((a) => a.title.startsWith('Rename'));
  assert.ok(rename?.edit);
  const changes = (rename.edit as WorkspaceEdit).documentChanges ?? [];
  assert.deepEqual(changes[0], { kind: 'rename', oldUri: uri('multi-skinned-rom/assets/wave2.ewzanim'), newUri: uri('multi-skinned-rom/assets/wave2.nczxanim'), options: { overwrite: false } });
  assert.deepEqual(changes[1], {
    textDocument: { uri: uri(MANIFEST), version: 1 },
    edits: [{ range: { start: position('"assets/wave2.ewzanim"'), end: position('"assets/wave2.ewzanim"', 22) }, newText: '"assets/wave2.nczxanim"' }],
  });
  assert.equal(rename.diagnostics?.[0]?.code, 'manifest/legacy-extension');
  const onId = position('"wave2"', 1);
  const linkActions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument, range: { start: onId, end: onId }, context: { diagnostics: [] } });
  assert.deepEqual(linkActions.map((a) => a.title), ['Add skeleton = "arm2_skel" (the only skeleton with this clip\'s bone count)']);
});
