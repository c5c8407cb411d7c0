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
