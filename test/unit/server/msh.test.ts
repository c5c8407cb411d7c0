/**
 * MSH in the language server, driven by a generic stdio client: `.msh` files are found and their
 * problems published at their bytes; `.rlb` joins only once `ewzanim.msh.extensions` lists it;
 * a changed model reported by the watcher is checked again.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { heroArchive, heroModel, patched } from '../msh/mshFixtures';
import { SERVER_BUNDLE } from './lspProcess';
import { StdioLspClient } from './stdioClient';

const CLIENT = { workspace: { applyEdit: true }, textDocument: { publishDiagnostics: {} } };

let workspace: string;
let client: StdioLspClient;
const uri = (name: string): string => pathToFileURL(join(workspace, name)).href;
const codes = (name: string): (string | number | undefined)[] | undefined => client.diagnostics.get(uri(name))?.map((d) => d.code);
const badVersion = (): Uint8Array => patched(heroModel(), (view) => view.setUint32(4, 0x200, true));

before(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'ewzanim-msh-server-'));
  writeFileSync(join(workspace, 'hero.msh'), heroModel());
  writeFileSync(join(workspace, 'pack.msh'), heroArchive());
  writeFileSync(join(workspace, 'bad.msh'), badVersion());
  writeFileSync(join(workspace, 'units.rlb'), badVersion());
  client = StdioLspClient.spawn(process.execPath, [SERVER_BUNDLE, '--stdio']);
  await client.initialize([workspace], CLIENT);
});

after(async () => {
  await client.stop();
  rmSync(workspace, { recursive: true, force: true });
});

test('every .msh is checked at start: clean ones publish nothing, a bad header is an error at its bytes', async () => {
  await client.waitFor('the three models', () => ['hero.msh', 'pack.msh', 'bad.msh'].every((n) => client.diagnostics.has(uri(n))));
  assert.deepEqual(codes('hero.msh'), []);
  assert.deepEqual(codes('pack.msh'), []);
  assert.deepEqual(codes('bad.msh'), ['nres/bad-header']);
  const [problem] = client.diagnostics.get(uri('bad.msh'))!;
  assert.equal(problem!.severity, 1);
  assert.match(problem!.message, /version is 0x00000200.*\(bytes 0x4-0x7\)$/);
  assert.equal(codes('units.rlb'), undefined, '.rlb is not claimed by default');
});

test('listing .rlb in ewzanim.msh.extensions checks it; a model repaired on disk loses its problem', async () => {
  client.notify('workspace/didChangeConfiguration', { settings: { ewzanim: { msh: { extensions: ['.msh', '.rlb'] } } } });
  await client.waitFor('units.rlb', () => client.diagnostics.has(uri('units.rlb')));
  assert.deepEqual(codes('units.rlb'), ['nres/bad-header']);
  writeFileSync(join(workspace, 'bad.msh'), heroModel());
  client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('bad.msh'), type: 2 }] });
  await client.waitFor('bad.msh repaired', () => codes('bad.msh')?.length === 0);
});

test('the keyframe listing of a model: nodes, keys, poses at the requested frame; a hover on a key line decodes it', async () => {
  const { text, firstFrame, totalFrames, windowFrames } = await client.request<{ text: string; firstFrame: number; totalFrames: number; windowFrames: number }>('ewzanim/keyframeListing', {
    clip: uri('hero.msh'),
    firstFrame: 2,
  });
  assert.deepEqual([firstFrame, totalFrames, windowFrames], [2, 5, 1]);
  const lines = text.split('\n');
  assert.ok(lines.includes('node 1 "arm"  parent 0  keys 1..3 (3)  map from word 0, 5 frames'), text);
  assert.ok(lines.some((l) => l.startsWith('pose 2 @ frame 2  frame index 2  keys 5..6 at 0.5  p (2.5, 0, 0)')), text);
  const keyLine = lines.findIndex((l) => l.startsWith('key 2 '));
  const listingUri = `ewzanim-listing:${join(workspace, 'hero.msh')}.ewzanim-listing?${Buffer.from(JSON.stringify({ clip: uri('hero.msh'), firstFrame: 2 })).toString('base64url')}`;
  const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: listingUri }, position: { line: keyLine, character: 3 } });
  // This client declares no markdown hovers: the server sends the same rows as plain text.
  assert.match(hover!.contents.value, /^Key 2 of node 1 \(Res8 record at byte 184\)$/m);
  assert.match(hover!.contents.value, /\| stored i16 x y z w \| 0 0 23170 23170 \|/);
  assert.match(hover!.contents.value, /\| axis-angle \| 90\.000° about \(0, 0, 1\) \|/);
});

test('describeByte on MSH files: a key of a loose model, a nested model of an archive, an .rlb by its magic', async () => {
  type Described = { field: { label: string }; decoded: { kind: string; time?: number }; key?: number; node?: number; model?: string } | null;
  const describe = (name: string, offset: number) => client.request<Described>('ewzanim/describeByte', { uri: uri(name), offset });
  const key = await describe('hero.msh', 220);
  assert.deepEqual([key?.field.label, key?.decoded.kind, key?.decoded.time, key?.key, key?.node], ['Time (f32, frames)', 'mshKey', 4, 3, 1]);
  const nested = await describe('pack.msh', 16 + 220);
  assert.deepEqual([nested?.model, nested?.key, nested?.decoded.kind], ['hero.msh', 3, 'mshKey']);
  const rlb = await describe('units.rlb', 4);
  assert.deepEqual([rlb?.field.label, rlb?.decoded.kind], ['Version (u32, 0x100)', 'mshField']);
});
