/**
 * Language features through the VS Code API in a real extension host: manifest hover, links,
 * completion, code lenses and the rename quick fix (applied: file renamed on disk, text
 * updated), the keyframe listing with its hover and window commands, the describe request.
 * Works on a copy of the real multi-skinned pack so the other suites' files stay as planted.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { KEYFRAME_SIZE, encodeKeyframe } from '../../../formats';
import { DESCRIBE_BYTE_REQUEST, type DescribeByteParams, type DescribeByteResult } from '../../../protocol/describe';
import { activeExtension, waitFor, workspaceUri } from './extensionApi';

const PACK = 'features-pack';

function markdownOf(hovers: readonly vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n\n');
}

async function hoverText(uri: vscode.Uri, position: vscode.Position): Promise<string> {
  return waitFor(`hover at ${uri.path}:${position.line}:${position.character}`, async () => {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position);
    return hovers.length ? markdownOf(hovers) : undefined;
  });
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** A clip of 255 bones x 20 frames (identity rotations): three listing windows of 7 frames. */
function bigClip(): Uint8Array {
  const bones = 255;
  const frames = 20;
  const bytes = new Uint8Array(4 + bones * frames * KEYFRAME_SIZE);
  bytes.set([bones, 0, frames, 0]);
  for (let i = 0; i < bones * frames; i++) encodeKeyframe({ rotation: [0, 0, 0, 1], position: [0, 0, 0], scale: [1, 1, 1] }, bytes, 4 + i * KEYFRAME_SIZE);
  return bytes;
}

describe('language features', () => {
  let manifest: vscode.TextDocument;
  const at = (needle: string, delta = 0): vscode.Position => {
    const offset = manifest.getText().indexOf(needle);
    assert.ok(offset >= 0, needle);
    return manifest.positionAt(offset + delta);
  };

  before(async () => {
    await activeExtension();
    await vscode.workspace.fs.copy(workspaceUri('multi-skinned-rom'), workspaceUri(PACK), { overwrite: true });
    manifest = await vscode.workspace.openTextDocument(workspaceUri(`${PACK}/nether.toml`));
  });

  it('manifest hover on a clip path: kind, bones, frames, duration, size, problems', async () => {
    const text = await hoverText(manifest.uri, at('assets/wave1.ewzanim', 3));
    const lines = text.split('\n');
    assert.deepEqual(lines.slice(0, 5), [
      '**animation "wave1"**: `assets/wave1.ewzanim`',
      '',
      '- Keyframe clip: 3 bones x 30 frames, 1 s at 30 fps',
      '- 1444 bytes',
      '- Problems: none',
    ]);
    assert.ok(lines.some((l) => l.startsWith('- `manifest/legacy-extension` "assets/wave1.ewzanim" has an Emberware-era extension')), text);
    assert.ok(lines.some((l) => l.startsWith('- `manifest/unlinked-animation` animation "wave1" (3 bones) is not linked to a skeleton; "arm1_skel" is the only skeleton with 3 bones.')), text);
  });

  it('manifest hover on a game key: its meaning', async () => {
    assert.equal(await hoverText(manifest.uri, at('title =', 1)), '**game.title** (string): Display title of the game. Required.');
  });

  it('document links on every path, to the files', async () => {
    const links = await waitFor('links', async () => {
      const found = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', manifest.uri);
      return found.length ? found : undefined;
    });
    const names = links.map((l) => l.target?.path.split('/').slice(-2).join('/'));
    assert.deepEqual(names, ['assets/arm1.ewzskel', 'assets/arm1.ewzmesh', 'assets/wave1.ewzanim', 'assets/arm2.ewzskel', 'assets/arm2.ewzmesh', 'assets/wave2.ewzanim']);
    assert.equal(manifest.getText(links[2].range), 'assets/wave1.ewzanim');
  });

  it('completion of file paths filtered by the array kind, and of link ids', async () => {
    const files = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', manifest.uri, at('assets/wave1.ewzanim', 'assets/'.length));
    const fileLabels = files.items.filter((i) => i.kind === vscode.CompletionItemKind.File).map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.deepEqual(fileLabels, ['wave1.ewzanim', 'wave2.ewzanim']);

    // Type `skeleton = "` on a new line of the wave2 entry: the skeleton ids are offered.
    const end = at('path = "assets/wave2.ewzanim"', 'path = "assets/wave2.ewzanim"'.length);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(manifest.uri, end, '\nskeleton = "');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const typed = new vscode.Position(end.line + 1, 'skeleton = "'.length);
    const ids = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', manifest.uri, typed);
    const idLabels = ids.items.filter((i) => i.kind === vscode.CompletionItemKind.Reference).map((i) => i.label);
    assert.deepEqual(idLabels, ['arm1_skel', 'arm2_skel']);
    const undo = new vscode.WorkspaceEdit();
    undo.delete(manifest.uri, new vscode.Range(end, typed));
    assert.ok(await vscode.workspace.applyEdit(undo));
  });

  it('"Preview animation" code lenses on the clip entries', async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', manifest.uri);
    assert.deepEqual(lenses.map((l) => l.command?.title), ['Preview animation', 'Preview animation']);
    assert.equal(lenses[0].command?.command, 'ewzanim.openPreview');
    const args = lenses[0].command?.arguments?.[0] as { clip: string };
    assert.ok(args.clip.endsWith(`/${PACK}/assets/wave1.ewzanim`), args.clip);
  });

  it('quick fix: renames the .ewzanim file to .nczxanim and updates the path', async () => {
    const range = new vscode.Range(at('assets/wave1.ewzanim', 2), at('assets/wave1.ewzanim', 2));
    const title = 'Rename "assets/wave1.ewzanim" to "assets/wave1.nczxanim" (file and path)';
    const action = await waitFor('the rename quick fix', async () => {
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', manifest.uri, range);
      return actions.find((a) => a.title === title);
    });
    assert.equal(action.kind?.value, 'quickfix');
    assert.ok(action.edit && (await vscode.workspace.applyEdit(action.edit)));
    assert.ok(await exists(workspaceUri(`${PACK}/assets/wave1.nczxanim`)), 'renamed file exists');
    assert.ok(!(await exists(workspaceUri(`${PACK}/assets/wave1.ewzanim`))), 'old file is gone');
    assert.ok(manifest.getText().includes('path = "assets/wave1.nczxanim"'));
    assert.ok(!manifest.getText().includes('wave1.ewzanim'));
  });

  it('keyframe listing: one line per keyframe, hover on the rotation word', async () => {
    const clip = workspaceUri('animation-demo/assets/wave.ewzanim');
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('ewzanim.showKeyframeListing', clip);
    const listing = editor.document;
    assert.equal(listing.languageId, 'ewzanim-listing');
    assert.equal(listing.lineCount, 5 + 30 * 4 + 1);
    assert.equal(listing.lineAt(7).text, '  bone   1  @0x00000014  rot 0x802008CF  q( 0.000691  0.000691  0.071195  0.997462)  p(    0.0000     0.0000     0.0000)  s(    1.0000     1.0000     1.0000)');
    const hover = await hoverText(listing.uri, new vscode.Position(7, 30));
    const lines = hover.split('\n');
    assert.equal(lines[0], '**Rotation (smallest-three u32)** · frame 0 · bone 1 · bytes 0x14-0x17 (4 bytes)');
    assert.equal(lines[3], '- Quaternion (x, y, z, w): 0.00069120829, 0.00069120829, 0.071194537, 0.99746197');
    assert.equal(lines[4], '- Stored fields: 512, 512, 563 (dropped component: w)');
    assert.equal(lines[7], '- Euler XYZ (R = Rx·Ry·Rz): x 0.0734°, y 0.0846°, z 8.1652°');
    const position = await hoverText(listing.uri, new vscode.Position(6, 100));
    assert.equal(position.split('\n')[3], '- Value: -1.5');
  });

  it('keyframe listing follows and drives the frame/bone selection shared with the other views', async () => {
    const api = await activeExtension();
    const clip = workspaceUri('animation-demo/assets/wave.ewzanim');
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('ewzanim.showKeyframeListing', clip);
    // Another view selects frame 2, bone 1: line 5 (first frame line) + 2 frames x 4 lines + 1 + 1.
    api.services.selection.select({ clip: clip.toString(), frame: 2, bone: 1, source: 'hexEditor' });
    await waitFor('the listing cursor on frame 2, bone 1', () => (editor.selection.active.line === 15 ? true : undefined));
    // The user moves down one line (bone 2): the other views hear about it.
    const heard = new Promise<{ frame: number; bone: number; source: string }>((resolve) => {
      const subscription = api.services.selection.onDidSelect((s) => {
        subscription.dispose();
        resolve(s);
      });
    });
    await vscode.window.showTextDocument(editor.document, editor.viewColumn);
    await vscode.commands.executeCommand('cursorDown');
    const selected = await heard;
    assert.deepEqual([selected.frame, selected.bone, selected.source], [2, 2, 'listing']);
  });

  it('keyframe listing of a large clip: windows of frames and the commands that move them', async () => {
    const clip = workspaceUri(`${PACK}/big.nczxanim`);
    await vscode.workspace.fs.writeFile(clip, bigClip());
    await vscode.commands.executeCommand('ewzanim.showKeyframeListing', clip);
    const windowLine = () => vscode.window.activeTextEditor?.document.lineAt(2).text;
    assert.equal(windowLine(), '# window: frames 0-6 of 20 (window 1 of 3, 7 frames each)');
    await vscode.commands.executeCommand('ewzanim.listing.nextWindow');
    await waitFor('the next window', () => (windowLine()?.includes('frames 7-13') ? true : undefined));
    await vscode.commands.executeCommand('ewzanim.listing.nextWindow');
    assert.equal(windowLine(), '# window: frames 14-19 of 20 (window 3 of 3, 7 frames each)');
    await vscode.commands.executeCommand('ewzanim.listing.previousWindow');
    assert.equal(windowLine(), '# window: frames 7-13 of 20 (window 2 of 3, 7 frames each)');
  });

  it('describe request: the server describes a byte for the hex editor', async () => {
    const api = await activeExtension();
    const client = await waitFor('the language client', () => api.services.languageClient());
    const params: DescribeByteParams = { uri: workspaceUri('animation-demo/assets/wave.ewzanim').toString(), offset: 6 };
    const description = await client.sendRequest<DescribeByteResult>(DESCRIBE_BYTE_REQUEST, params);
    assert.equal(description?.field.name, 'rotation');
    assert.equal(description?.raw.hex, '0x80200803');
    assert.deepEqual([description?.frame, description?.bone], [0, 0]);
  });
});
