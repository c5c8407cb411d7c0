/**
 * A custom MSH extension (`ewzanim.msh.extensions` lists `.mdl`) in the real bundled server,
 * driven by a generic stdio client that watches files as an editor does: it sends
 * `workspace/didChangeWatchedFiles` only for paths the registered watcher globs match. The
 * globs follow the setting, so a `.mdl` model changed on disk is checked again, and after the
 * setting changes the old registration is withdrawn and the new one covers the new extension.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import picomatch from 'picomatch';
import { heroModel, patched } from '../msh/mshFixtures';
import { SERVER_BUNDLE } from './lspProcess';
import { StdioLspClient } from './stdioClient';

const CLIENT = {
  workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
  textDocument: { publishDiagnostics: {} },
};

interface Registration {
  id: string;
  method: string;
  registerOptions: { watchers: { globPattern: string }[] };
}

let workspace: string;
let client: StdioLspClient;
/** What the client answers to `workspace/configuration` for section `ewzanim`. */
let settings: object = { msh: { extensions: ['.msh', '.mdl'] } };
/** The watcher registrations the client holds, by id. */
const watched = new Map<string, Registration>();

const uri = (name: string): string => pathToFileURL(join(workspace, name)).href;
const codes = (name: string): (string | number | undefined)[] | undefined => client.diagnostics.get(uri(name))?.map((d) => d.code);
const badVersion = (): Uint8Array => patched(heroModel(), (view) => view.setUint32(4, 0x200, true));

function globs(): string[] {
  return [...watched.values()].flatMap((r) => r.registerOptions.watchers.map((w) => w.globPattern));
}

/** As an editor's file watcher: an event for the file only when a registered glob matches it. */
function changedOnDisk(name: string, bytes: Uint8Array): boolean {
  const path = join(workspace, name);
  writeFileSync(path, bytes);
  if (!globs().some((glob) => picomatch(glob)(path))) return false;
  client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(name), type: 2 }] });
  return true;
}

before(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'ewzanim-custom-msh-'));
  writeFileSync(join(workspace, 'units.mdl'), heroModel());
  writeFileSync(join(workspace, 'hero.msh'), heroModel());
  writeFileSync(join(workspace, 'other.mdx'), heroModel());
  client = StdioLspClient.spawn(process.execPath, [SERVER_BUNDLE, '--stdio']);
  client.handlers.set('workspace/configuration', (params) => (params as { items: unknown[] }).items.map(() => settings));
  client.handlers.set('client/registerCapability', (params) => {
    for (const r of (params as { registrations: Registration[] }).registrations) if (r.method === 'workspace/didChangeWatchedFiles') watched.set(r.id, r);
    return null;
  });
  client.handlers.set('client/unregisterCapability', (params) => {
    for (const r of (params as { unregisterations: { id: string }[] }).unregisterations) watched.delete(r.id);
    return null;
  });
  await client.initialize([workspace], CLIENT);
  await client.waitFor('the first check of units.mdl', () => client.diagnostics.has(uri('units.mdl')));
});

after(async () => {
  await client.stop();
  rmSync(workspace, { recursive: true, force: true });
});

test('the registered watcher globs cover the custom extension besides every default one', () => {
  assert.equal(watched.size, 1);
  const [binaries, manifests] = globs();
  assert.equal(binaries, '**/*.{ewzanim,nczxanim,ewzskel,nczxskel,ewzmesh,nczxmesh,nczmesh,ewz,ewzx,nczx,msh,mdl}');
  assert.equal(manifests, '**/{nether.toml,ember.toml}');
  assert.deepEqual(codes('units.mdl'), []);
  assert.equal(codes('other.mdx'), undefined, '.mdx is not listed');
});

test('a .mdl model broken on disk is reported by the watcher and checked again; repaired, its problem goes', async () => {
  assert.ok(changedOnDisk('units.mdl', badVersion()), 'the watcher globs match units.mdl');
  await client.waitFor('the re-check of units.mdl', () => codes('units.mdl')?.[0] === 'nres/bad-header');
  assert.match(client.diagnostics.get(uri('units.mdl'))![0]!.message, /version is 0x00000200/);
  assert.ok(changedOnDisk('units.mdl', heroModel()));
  await client.waitFor('units.mdl repaired', () => codes('units.mdl')?.length === 0);
});

test('the globs follow a settings change: .mdl replaced by .mdx, the old registration withdrawn', async () => {
  const before = new Set(watched.keys());
  settings = { msh: { extensions: ['.msh', '.mdx'] } };
  client.notify('workspace/didChangeConfiguration', { settings: null });
  await client.waitFor('the new registration', () => watched.size === 1 && ![...watched.keys()].some((id) => before.has(id)));
  assert.equal(globs()[0], '**/*.{ewzanim,nczxanim,ewzskel,nczxskel,ewzmesh,nczxmesh,nczmesh,ewz,ewzx,nczx,msh,mdx}');
  await client.waitFor('other.mdx checked', () => codes('other.mdx') !== undefined);
  assert.deepEqual(codes('other.mdx'), []);
  assert.ok(changedOnDisk('other.mdx', badVersion()), 'the new globs match other.mdx');
  await client.waitFor('the re-check of other.mdx', () => codes('other.mdx')?.[0] === 'nres/bad-header');
  assert.equal(changedOnDisk('units.mdl', badVersion()), false, 'a .mdl file is no longer watched');
});
