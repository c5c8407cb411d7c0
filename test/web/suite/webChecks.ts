/**
 * The checks the web suite runs inside VS Code for the Web's extension host, in order: the
 * browser entry activates, the language server in its web worker reports the planted problems
 * and hovers the manifest (reading files through workspace.fs), the hex editor saves an edit made
 * in its page, and the preview opens.
 */
import * as vscode from 'vscode';
import * as assert from './check';
import { codeOf, SEVERITY, waitFor, workspaceUri } from '../../e2e/suite/extensionApi';
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

async function previewOpens(): Promise<void> {
  const { hexClip } = await expectations();
  await vscode.commands.executeCommand('ewzanim.openPreview', workspaceUri(hexClip));
  const tab = await waitFor('the preview tab', previewTab, 60_000);
  askPage({ step: 'preview-shown', tabLabel: tab.label });
  await waitFor('the page to close the preview tab', () => (previewTab() ? undefined : true), PAGE_STEP_TIMEOUT_MS);
}

export interface WebCheck {
  title: string;
  check: () => Promise<void>;
}

/** The checks, in the order they run. */
export function webChecks(): WebCheck[] {
  return [
    { title: 'the browser entry activates in VS Code for the Web on the test-web folder', check: activates },
    { title: 'the language server in its web worker reports the broken clip and the manifest: code, severity, line', check: plantedDiagnostics },
    { title: 'the clean clip and skeleton have no problems', check: cleanFiles },
    { title: "a hover on the manifest's clip path describes the clip it read through workspace.fs", check: manifestHover },
    { title: 'the hex editor: a byte edited in its page and saved is read back through workspace.fs', check: hexEditorSaves },
    { title: 'the preview opens on the clip', check: previewOpens },
  ];
}
