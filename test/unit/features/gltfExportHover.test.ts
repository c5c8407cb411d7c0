/**
 * Through the real bundled server over IPC: a manifest importing Fox's Walk from the GLB gets
 * the `manifest/gltf-local-space` warning, and the hover on its path carries the export summary.
 */
import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { startServer, type LspProcess } from '../server/lspProcess';

const MANIFEST = '[game]\nid = "fox"\ntitle = "Fox"\nauthor = "A"\nversion = "1"\n\n[[assets.animations]]\nid = "walk"\npath = "Fox.glb"\nanimation_name = "Walk"\n';
let workspace: string;
let server: LspProcess;

before(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'ewzanim-gltf-hover-'));
  copyFileSync('test/fixtures/gltf/Fox/Fox.glb', join(workspace, 'Fox.glb'));
  writeFileSync(join(workspace, 'nether.toml'), MANIFEST);
  server = await startServer({ roots: [workspace] });
  await server.waitForIdle();
});

after(async () => {
  await server?.stop();
  rmSync(workspace, { recursive: true, force: true });
});

test('warning and export summary for a glTF animation import, over LSP', async () => {
  const uri = pathToFileURL(join(workspace, 'nether.toml')).href;
  const diagnostics = server.diagnostics.get(uri) ?? [];
  assert.deepEqual(diagnostics.map((d) => [d.code, d.severity, d.range.start.line]), [['manifest/gltf-local-space', 2, 8]]);
  const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 8, character: 10 } });
  const lines = (hover?.contents as MarkupContent).value.split('\n');
  assert.ok(lines.includes('Console export (`ewzanim export animation`, model space, ACL error on a 3 cm shell):'), lines.join('\n'));
  assert.ok(lines.some((l) => /^- Export \(model space, 30 fps\): 23 frames x 24 bones; error max 3\.\d+ cm/.test(l)), lines.join('\n'));
  assert.ok(lines.some((l) => l.startsWith('- `manifest/gltf-local-space` animation "walk": in "Fox.glb" its joints form a hierarchy')), lines.join('\n'));
});
