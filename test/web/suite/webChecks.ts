/**
 * The checks the web suite runs inside VS Code for the Web's extension host, in order: the
 * browser entry activates, the language server in its web worker reports the planted problems
 * and hovers the manifest (reading files through workspace.fs), a keyframe listing's rotation word
 * hovers its decoded quaternion, the hex editor saves an edit made in its page, an .fbx export
 * says it cannot run there, the preview opens and draws its golden image, the Curves mark a
 * planted pop, Compare Clips shows the changed keyframe, and the glTF export reads compressed GLBs.
 * Every command the package declares is registered here or hidden from every menu and the palette.
 */
import * as vscode from 'vscode';
import * as assert from './check';
import { codeOf, SEVERITY, waitFor, workspaceUri } from '../../e2e/suite/extensionApi';
import type { ExportFromGltfResult } from '../../../client/src/gltfExport/exportFromGltf';
import { evaluateWhen, type WhenContext } from '../../unit/helpers/whenClause';
import { EXPECTED_FILE, STEP_PREFIX, type PageStep, type WebExpectations } from './webProtocol';

const EXTENSION_ID = 'ewzanim-tools.ewzanim-tools';
/** Steps done by the node side in a page under load: generous. */
const PAGE_STEP_TIMEOUT_MS = 180_000;

async function expectations(): Promise<WebExpectations> {
  return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(workspaceUri(EXPECTED_FILE)))) as WebExpectations;
}

function askPage(step: PageStep): void {
  console.log(`${STEP_PREFIX}${JSON.stringify(step)}`);
}

async function activates(): Promise<void> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is loaded`);
  await extension.activate();
  assert.equal(extension.isActive, true, 'active');
  assert.equal(vscode.env.uiKind, vscode.UIKind.Web, 'uiKind');
  assert.equal(vscode.workspace.workspaceFolders?.[0]?.uri.scheme, 'vscode-test-web', 'the planted folder is served by test-web, not file:');
}

interface CommandContributions {
  contributes: { commands: { command: string }[]; menus: Record<string, { command: string; when?: string }[]> };
}

/** The contexts a menu entry of the package is shown in on the desktop (Explorer, editor title, Source Control, palette). */
function menuContexts(isWeb: boolean): WhenContext[] {
  const contexts: WhenContext[] = [];
  for (const resourceExtname of ['.nczxanim', '.ewzanim', '.msh', '.glb', '.fbx']) {
    for (const resourceScheme of ['file', 'git', 'vscode-vfs']) {
      for (const scmResourceGroup of ['workingTree', 'index']) {
        contexts.push({
          isWeb, remoteName: undefined, resourceExtname, resourceScheme, scmProvider: 'git', scmResourceGroup, isInDiffEditor: true,
          listMultiSelection: false, listDoubleSelection: false, activeCustomEditorId: 'ewzanim.hexEditor', 'ewzanim.clipSelectedForCompare': true,
        });
      }
    }
  }
  return contexts;
}

async function commandsAvailable(): Promise<void> {
  const { contributes } = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as CommandContributions;
  const registered = new Set(await vscode.commands.getCommands(true));
  const absent = contributes.commands.map((c) => c.command).filter((c) => !registered.has(c));
  assert.deepEqual(absent, ['ewzanim.compareClipWithHead', 'ewzanim.compareClipWithStaged'], 'the commands not registered in the browser: the comparisons with git');
  for (const command of absent) {
    const entries = Object.entries(contributes.menus).flatMap(([menu, items]) => items.filter((i) => i.command === command).map((i) => ({ menu, when: i.when ?? '' })));
    assert.ok(entries.some((e) => e.menu === 'commandPalette'), `${command} has a palette entry (without one the palette shows it)`);
    for (const { menu, when } of entries) {
      const shown = (isWeb: boolean): boolean => when === '' || menuContexts(isWeb).some((context) => evaluateWhen(when, context));
      assert.equal(shown(true), false, `${command} in ${menu} is hidden in VS Code for the Web (${when})`);
      assert.equal(shown(false), true, `${command} in ${menu} is shown on the desktop (${when})`);
    }
  }
}

async function plantedDiagnostics(): Promise<void> {
  for (const [path, expected] of Object.entries((await expectations()).diagnostics)) {
    const uri = workspaceUri(path);
    const found = await waitFor(`diagnostics of ${path}`, () => {
      const now = vscode.languages.getDiagnostics(uri);
      return now.length === expected.length ? now : undefined;
    }, 120_000);
    assert.deepEqual(
      found.map((d) => ({ code: codeOf(d), severity: d.severity, source: d.source })),
      expected.map((e) => ({ code: e.code, severity: SEVERITY[e.severity], source: 'ewzanim' })),
      path,
    );
    expected.forEach((e, i) => {
      if (e.line !== undefined) assert.equal(found[i]!.range.start.line, e.line, `${path}: ${e.code} line`);
    });
  }
}

async function cleanFiles(): Promise<void> {
  for (const path of (await expectations()).clean) {
    assert.deepEqual(vscode.languages.getDiagnostics(workspaceUri(path)).map(codeOf), [], path);
  }
}

async function manifestHover(): Promise<void> {
  const { hover } = await expectations();
  const manifest = await vscode.workspace.openTextDocument(workspaceUri(hover.path));
  assert.equal(manifest.languageId, 'toml', `${hover.path}'s language (the package contributes toml for it)`);
  const offset = manifest.getText().indexOf(hover.needle);
  assert.ok(offset >= 0, `${hover.needle} in ${hover.path}`);
  const position = manifest.positionAt(offset + 1);
  const text = await waitFor(`hover at ${hover.path}:${position.line}:${position.character}`, async () => {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', manifest.uri, position);
    const markdown = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n\n');
    return markdown ? markdown : undefined;
  }, 30_000);
  assert.deepEqual(text.split('\n').slice(0, hover.firstLines.length), hover.firstLines, text);
}

async function listingHover(): Promise<void> {
  const { listing } = await expectations();
  const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('ewzanim.showKeyframeListing', workspaceUri(listing.clip));
  assert.ok(editor, `the listing of ${listing.clip} opened`);
  const document = editor.document;
  assert.equal(document.languageId, 'ewzanim-listing', "the listing's language");
  const line = await waitFor(`${listing.rotationWord} in the listing`, () => {
    for (let i = 0; i < document.lineCount; i++) if (document.lineAt(i).text.includes(listing.rotationWord)) return i;
    return undefined;
  }, 60_000);
  const position = new vscode.Position(line, document.lineAt(line).text.indexOf(listing.rotationWord) + 'rot 0x'.length + 1);
  const text = await waitFor(`hover at the listing's ${listing.rotationWord}`, async () => {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
    const markdown = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n\n');
    return markdown ? markdown : undefined;
  }, 30_000);
  const lines = text.split('\n');
  for (const [index, expected] of Object.entries(listing.hoverLines)) assert.equal(lines[Number(index)], expected, `hover line ${index} of\n${text}\n`);
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
}

async function hexEditorSaves(): Promise<void> {
  const { hexClip } = await expectations();
  const uri = workspaceUri(hexClip);
  const original = await vscode.workspace.fs.readFile(uri);
  await vscode.commands.executeCommand('vscode.openWith', uri, 'ewzanim.hexEditor');
  askPage({ step: 'hex-edit', file: hexClip.split('/').pop()! });
  const saved = await waitFor('the edited clip saved', async () => {
    const now = await vscode.workspace.fs.readFile(uri);
    return now[15] === 0x40 ? now : undefined;
  }, PAGE_STEP_TIMEOUT_MS);
  const expected = new Uint8Array(original);
  expected.set([0x00, 0x40], 14);
  assert.deepEqual([...saved], [...expected], 'the clip read back is the original with scale x of frame 0 · bone 0 set to 2 (00 40)');
}

function previewTab(): vscode.Tab | undefined {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .find((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('ewzanim.preview'));
}

/** Once `find` finds the tab, the page does `step` on it and closes it: waited for here. */
async function stepOnTab(what: string, find: () => vscode.Tab | undefined, step: (tabLabel: string) => PageStep): Promise<void> {
  const tab = await waitFor(what, find, 60_000);
  askPage(step(tab.label));
  await waitFor(`the page to close ${what}`, () => (find() ? undefined : true), PAGE_STEP_TIMEOUT_MS);
}

async function previewOpens(): Promise<void> {
  const { preview } = await expectations();
  await vscode.commands.executeCommand('ewzanim.openPreview', workspaceUri(preview.clip));
  await stepOnTab('the preview tab', previewTab, (tabLabel) => ({ step: 'preview-shown', tabLabel, golden: preview.golden }));
}

async function curvesMarkThePop(): Promise<void> {
  const { curves } = await expectations();
  await vscode.commands.executeCommand('ewzanim.showCurves', workspaceUri(curves.clip));
  await stepOnTab('the preview tab with its Curves', previewTab, (tabLabel) => ({ step: 'curves-shown', tabLabel, bone: curves.bone, marks: curves.marks }));
}

function diffTab(): vscode.Tab | undefined {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .find((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('ewzanim.clipDiff'));
}

async function compareClipsShowsTheChange(): Promise<void> {
  const { compare } = await expectations();
  const panel = await vscode.commands.executeCommand<unknown>('ewzanim.compareClips', undefined, [workspaceUri(compare.a), workspaceUri(compare.b)]);
  assert.ok(panel, 'Compare Clips opened a panel on the two clips');
  await stepOnTab('the clip diff tab', diffTab, (tabLabel) => ({ step: 'diff-shown', tabLabel, summary: compare.summary, legend: compare.legend }));
}

async function fbxSaysNodeOnly(): Promise<void> {
  const { fbx } = await expectations();
  const source = workspaceUri(fbx.path);
  const folder = vscode.Uri.joinPath(source, '..');
  const before = (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name);
  const result = await vscode.commands.executeCommand<ExportFromGltfResult | undefined>('ewzanim.exportFromGltf', source, {
    animations: [0], frameRate: 30, outputs: ['clip'], folder, overwrite: true, addToManifest: false, showReport: false,
  });
  assert.equal(result, undefined, 'no export from an .fbx');
  // Not waited for here: the page sees it before the next step it is asked for (the preview's, waited for).
  askPage({ step: 'notification', text: fbx.message });
  assert.deepEqual((await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name), before, 'nothing written beside the .fbx');
}

async function gltfExportsCompressed(): Promise<void> {
  for (const expected of (await expectations()).gltfExports) {
    const glb = workspaceUri(expected.glb);
    const result = await vscode.commands.executeCommand<ExportFromGltfResult | undefined>('ewzanim.exportFromGltf', glb, {
      animations: [0], frameRate: expected.frameRate, outputs: ['clip'], folder: vscode.Uri.joinPath(glb, '..'), overwrite: true, addToManifest: false, showReport: false,
    });
    assert.ok(result, `the export of ${expected.glb} returned a result`);
    const clip = workspaceUri(expected.clip);
    assert.deepEqual(result.written, [clip.toString()], `the files written from ${expected.glb}`);
    const bytes = await vscode.workspace.fs.readFile(clip);
    const header = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const expectedHeader = new DataView(new Uint8Array(expected.bytes).buffer);
    assert.deepEqual(
      { size: bytes.length, bones: bytes[0], flags: bytes[1], frames: header.getUint16(2, true) },
      { size: expected.bytes.length, bones: expected.bytes[0], flags: expected.bytes[1], frames: expectedHeader.getUint16(2, true) },
      `${expected.clip}'s size and header`,
    );
    assert.deepEqual([...bytes], expected.bytes, `${expected.clip}: the same bytes as the node-side export of the uncompressed source`);
  }
}

export interface WebCheck {
  title: string;
  check: () => Promise<void>;
}

/** The checks, in the order they run. */
export function webChecks(): WebCheck[] {
  return [
    { title: 'the browser entry activates in VS Code for the Web on the test-web folder', check: activates },
    { title: 'every declared command is registered in the browser, or hidden from every menu and the palette there (the comparisons with git)', check: commandsAvailable },
    { title: 'the language server in its web worker reports the broken clip and the manifest: code, severity, line', check: plantedDiagnostics },
    { title: 'the clean clip and skeleton have no problems', check: cleanFiles },
    { title: "a hover on the manifest's clip path describes the clip it read through workspace.fs", check: manifestHover },
    { title: 'a hover on a rotation word of the keyframe listing shows its decoded quaternion', check: listingHover },
    { title: 'the hex editor: a byte edited in its page and saved is read back through workspace.fs', check: hexEditorSaves },
    { title: 'an export from an .fbx writes nothing and says FBX import is not available in VS Code for the Web', check: fbxSaysNodeOnly },
    { title: 'the preview opens on the clip and draws its golden image', check: previewOpens },
    { title: 'the Curves of a clip with a planted pop: its bone picked in the page, its curves drawn with the pop\'s mark', check: curvesMarkThePop },
    { title: 'Compare Clips on the walk and its popped copy: the diff page shows the one changed keyframe', check: compareClipsShowsTheChange },
    { title: 'the glTF export reads a Draco and a meshopt GLB with the bundled decoders and writes the clip of the uncompressed source', check: gltfExportsCompressed },
  ];
}
