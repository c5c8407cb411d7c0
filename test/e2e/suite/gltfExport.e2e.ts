/**
 * "Export Animation from glTF…" in the real extension host: Fox.glb (a real Khronos sample) is
 * exported into a folder of the workspace with its nether.toml; the clip, skeleton and mesh are
 * written, the report opens as markdown, the manifest gets linked entries the language server
 * accepts. The folder is removed afterwards, so the other suites' workspace stays as it was.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { boneNamesOfClip } from '../../../client/src/gltfExport/boneNames';
import type { ExportFromGltfResult } from '../../../client/src/gltfExport/exportFromGltf';
import { activeExtension, EXTENSION_ID, waitFor, workspaceUri } from './extensionApi';

const FOLDER = 'gltf-export-e2e';
const MANIFEST = '[game]\nid = "fox"\ntitle = "Fox"\nauthor = "Tests"\nversion = "1"\n\n[[assets.animations]]\nid = "survey"\npath = "Fox.glb"\nanimation_name = "Survey"\n';

describe('glTF export', () => {
  const folder = () => workspaceUri(FOLDER);

  before(async () => {
    await activeExtension();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const fox = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extension.extensionUri, 'test', 'fixtures', 'gltf', 'Fox', 'Fox.glb'));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder(), 'Fox.glb'), fox);
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder(), 'nether.toml'), new TextEncoder().encode(MANIFEST));
  });

  after(async () => {
    for (const document of vscode.workspace.textDocuments) {
      if (document.uri.path.includes(FOLDER)) await vscode.window.showTextDocument(document).then(() => vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor'));
    }
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false });
  });

  it('writes the clip, skeleton and mesh, shows the report and lists them in nether.toml', async () => {
    const glb = vscode.Uri.joinPath(folder(), 'Fox.glb');
    const result = await vscode.commands.executeCommand<ExportFromGltfResult>('ewzanim.exportFromGltf', glb, {
      animations: ['Walk', 'Run'], frameRate: 30, outputs: ['clip', 'skeleton', 'mesh'], folder: folder(), overwrite: true, addToManifest: true,
    });
    assert.ok(result, 'the command returned a result');
    const sizes: Record<string, number> = {};
    for (const written of result.written) {
      const uri = vscode.Uri.parse(written);
      sizes[uri.path.slice(uri.path.lastIndexOf('/') + 1)] = (await vscode.workspace.fs.stat(uri)).size;
    }
    assert.deepEqual(sizes, { 'Fox.Walk.nczxanim': 4 + 23 * 24 * 16, 'Fox.Run.nczxanim': 4 + 36 * 24 * 16, 'Fox.nczxskel': 8 + 24 * 48, 'Fox.nczxmesh': 38028 });

    assert.equal(result.report, vscode.Uri.joinPath(folder(), 'Fox.report.md').toString());
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.parse(result.report)));
    assert.match(text, /^# Quantisation report: animation 1 "Walk" of `Fox\.glb`/);
    assert.match(text, /# Quantisation report: animation 2 "Run" of `Fox\.glb`/);
    assert.match(text, /## Bones, worst first\n\n\| bone \| joint \|/);
    // The export record beside them names the clips' bones, which the preview shows.
    assert.equal(result.record, vscode.Uri.joinPath(folder(), 'Fox.export.json').toString());
    const names = await boneNamesOfClip(vscode.Uri.joinPath(folder(), 'Fox.Walk.nczxanim'));
    assert.deepEqual(names?.slice(0, 3), ['_rootJoint', 'b_Root_00', 'b_Hip_01']);
    assert.equal(names?.length, 24);

    assert.equal(result.manifest, vscode.Uri.joinPath(folder(), 'nether.toml').toString());
    const manifest = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder(), 'nether.toml')));
    assert.equal(manifest, `${MANIFEST}
[[assets.skeletons]]
id = "fox"
path = "Fox.nczxskel"

[[assets.meshes]]
id = "fox"
path = "Fox.nczxmesh"
skeleton = "fox"

[[assets.animations]]
id = "fox_walk"
path = "Fox.Walk.nczxanim"
skeleton = "fox"
mesh = "fox"

[[assets.animations]]
id = "fox_run"
path = "Fox.Run.nczxanim"
skeleton = "fox"
mesh = "fox"
`);
    // The language server resolves the new entries (the hover on the clip's path knows it) and
    // reports nothing but the glTF import's local-space warning.
    const manifestUri = vscode.Uri.joinPath(folder(), 'nether.toml');
    const lines = manifest.split('\n');
    const walkLine = lines.indexOf('path = "Fox.Walk.nczxanim"');
    const hoverText = async (line: number) => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', manifestUri, new vscode.Position(line, 9));
      return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    };
    await waitFor('the new clip entry in the hover', async () => ((await hoverText(walkLine)).includes('24 bones x 23 frames') ? true : undefined));
    const codes = vscode.languages.getDiagnostics(manifestUri).map((d) => (typeof d.code === 'object' ? d.code.value : d.code));
    assert.deepEqual(codes, ['manifest/gltf-local-space']);
    // The glTF import's hover carries the export's quantisation summary.
    const gltfHover = await waitFor('the export summary in the hover', async () => {
      const text = await hoverText(lines.indexOf('path = "Fox.glb"'));
      return text.includes('Console export') ? text : undefined;
    }, 60_000);
    assert.match(gltfHover, /- Export \(model space, 30 fps\): 104 frames x 24 bones; error max \d+(\.\d+)? cm/);
  });
});
