/**
 * `ewzanim.msh.extensions` in a real VS Code, read once by the one settings model on both sides:
 * with `.mdl` listed, the keyframe listing command takes a `.mdl` model, the server checks it,
 * and a model broken on disk is checked again through the watchers the server registered (VS
 * Code's own file watching reports it: nothing here sends an event).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { heroModel, patched } from '../../unit/msh/mshFixtures';
import { activeExtension, waitFor, workspaceUri } from './extensionApi';

const MODEL = 'settings-models/units.mdl';

describe('settings: a custom MSH extension', () => {
  const model = (): vscode.Uri => workspaceUri(MODEL);
  const codes = (): string[] => vscode.languages.getDiagnostics(model()).map((d) => String(typeof d.code === 'object' ? d.code.value : d.code));

  const broken = (): Uint8Array => patched(heroModel(), (view) => view.setUint32(4, 0x200, true));

  before(async () => {
    await activeExtension();
    await vscode.workspace.fs.createDirectory(workspaceUri('settings-models'));
    await vscode.workspace.fs.writeFile(model(), broken());
    await vscode.workspace.getConfiguration('ewzanim').update('msh.extensions', ['.msh', '.mdl'], vscode.ConfigurationTarget.Workspace);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('ewzanim').update('msh.extensions', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.fs.delete(workspaceUri('settings-models'), { recursive: true });
  });

  it('the server checks a .mdl model once the setting lists it', async () => {
    await waitFor('nres/bad-header on units.mdl', () => (codes().includes('nres/bad-header') ? true : undefined));
  });

  it('a .mdl model changed on disk is checked again through the watchers the server registered', async () => {
    await vscode.workspace.fs.writeFile(model(), heroModel());
    await waitFor('units.mdl repaired', () => (codes().length === 0 ? true : undefined));
    await vscode.workspace.fs.writeFile(model(), broken());
    await waitFor('units.mdl broken again', () => (codes().includes('nres/bad-header') ? true : undefined));
  });

  it('the listing command lists a .mdl model', async () => {
    await vscode.workspace.fs.writeFile(model(), heroModel());
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('ewzanim.showKeyframeListing', model());
    const text = await waitFor('the listing text', () => (editor?.document.getText().includes('node 1 "arm"') ? editor.document.getText() : undefined));
    assert.match(text, /^node 1 "arm"  parent 0  keys 1\.\.3 \(3\)/m);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
