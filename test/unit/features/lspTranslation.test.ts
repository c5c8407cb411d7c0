/**
 * The manifest service's plain data as LSP types, per client: what VS Code declares, what a
 * minimal editor declares (no snippets, no documentChanges, no file renames, no markdown, no
 * code action literals), and the commands each may be sent.
 */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { CodeActionKind, CompletionItemKind, DiagnosticSeverity, InsertTextFormat, type ClientCapabilities } from 'vscode-languageserver/node';
import type { CompletionSuggestion, FormatDiagnostic, ManifestFix } from '../../../formats';
import { MINIMAL_CLIENT, readClientFeatures } from '../../../server/src/clientFeatures';
import type { ServerSettings } from '../../../server/src/context';
import { manifestCapabilities, toCodeAction, toCompletionItem } from '../../../server/src/features/manifest/register';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';

const SETTINGS: ServerSettings = { ...DEFAULT_SETTINGS, exclude: [] };
const RANGE = { start: { line: 3, character: 7 }, end: { line: 3, character: 29 } };
const LEGACY: FormatDiagnostic = { code: 'manifest/legacy-extension', severity: 'warning', message: 'rename it', range: RANGE, data: { newPath: 'a/w.nczxanim' } };
const ctx = { pathToUri: (p: string) => `file://${p}`, settings: () => SETTINGS };
const RENAME_FIX: ManifestFix = { title: 'Rename', diagnostic: LEGACY, edits: [{ range: RANGE, newText: '"a/w.nczxanim"' }], rename: { from: '/p/a/w.ewzanim', to: '/p/a/w.nczxanim' }, preferred: true };
const TEXT_FIX: ManifestFix = { title: 'Change', diagnostic: LEGACY, edits: [{ range: RANGE, newText: 'x' }], preferred: true };
const MANIFEST = 'file:///p/nether.toml';

/** What VS Code's language client declares (the parts these translations read). */
const VSCODE_CAPABILITIES: ClientCapabilities = {
  workspace: { applyEdit: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] }, didChangeWatchedFiles: { dynamicRegistration: true } },
  textDocument: {
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } }, isPreferredSupport: true },
    documentLink: { tooltipSupport: true },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    publishDiagnostics: { relatedInformation: true },
  },
};
const VSCODE = readClientFeatures({ capabilities: VSCODE_CAPABILITIES, initializationOptions: { clientCommands: ['ewzanim.openPreview', 'editor.action.triggerSuggest'] } });
/** A minimal editor that takes code action literals and applies edits, nothing more. */
const LITERALS_ONLY = readClientFeatures({ capabilities: { workspace: { applyEdit: true }, textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: [] } } } } } });

test('client features are read from what the client declared, nothing assumed', () => {
  assert.equal(MINIMAL_CLIENT.snippets, false);
  assert.equal(MINIMAL_CLIENT.documentChanges, false);
  assert.equal(MINIMAL_CLIENT.watchedFilesRegistration, false);
  assert.equal(MINIMAL_CLIENT.clientCommands.size, 0);
  assert.deepEqual(
    [VSCODE.snippets, VSCODE.documentChanges, VSCODE.renameFiles, VSCODE.codeActionLiterals, VSCODE.preferredCodeActions, VSCODE.linkTooltips, VSCODE.markdownHover, VSCODE.watchedFilesRegistration],
    [true, true, true, true, true, true, true, true],
  );
  const noRename = readClientFeatures({ capabilities: { workspace: { workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } } } });
  assert.equal(noRename.renameFiles, false);
  assert.equal(readClientFeatures({ capabilities: {}, initializationOptions: { ewzanim: { frameRate: 24 } } }).initialSettings && true, true);
});

test('VS Code: a rename fix is one workspace edit, the file rename first, then the text edit of this version', () => {
  assert.deepEqual(toCodeAction(RENAME_FIX, MANIFEST, 7, ctx, VSCODE), {
    title: 'Rename',
    kind: CodeActionKind.QuickFix,
    edit: {
      documentChanges: [
        { kind: 'rename', oldUri: 'file:///p/a/w.ewzanim', newUri: 'file:///p/a/w.nczxanim', options: { overwrite: false } },
        { textDocument: { uri: MANIFEST, version: 7 }, edits: [{ range: RANGE, newText: '"a/w.nczxanim"' }] },
      ],
    },
    diagnostics: [{ range: RANGE, severity: DiagnosticSeverity.Warning, code: 'manifest/legacy-extension', source: 'ewzanim', message: 'rename it', data: { newPath: 'a/w.nczxanim' } }],
    isPreferred: true,
  });
});

test('VS Code: a code the user turned off gives the action no diagnostic', () => {
  const off = { ...ctx, settings: () => ({ ...SETTINGS, severityOverrides: { 'manifest/legacy-extension': 'off' as const } }) };
  const action = toCodeAction({ ...TEXT_FIX, preferred: false }, MANIFEST, null, off, VSCODE);
  assert.ok(action && 'edit' in action);
  assert.deepEqual(action.edit?.documentChanges, [{ textDocument: { uri: MANIFEST, version: null }, edits: [{ range: RANGE, newText: 'x' }] }]);
  assert.equal(action.diagnostics, undefined);
  assert.equal(action.isPreferred, undefined);
});

test('without documentChanges: `changes`; without file renames: the server\'s renameAsset command; no isPreferred', () => {
  const text = toCodeAction(TEXT_FIX, MANIFEST, 3, ctx, LITERALS_ONLY);
  assert.ok(text && 'edit' in text);
  assert.deepEqual(text.edit, { changes: { [MANIFEST]: [{ range: RANGE, newText: 'x' }] } });
  assert.equal(text.isPreferred, undefined);
  const rename = toCodeAction(RENAME_FIX, MANIFEST, 3, ctx, LITERALS_ONLY);
  assert.ok(rename && 'kind' in rename);
  assert.equal(rename.edit, undefined);
  assert.deepEqual(rename.command, {
    title: 'Rename',
    command: 'ewzanim.renameAsset',
    arguments: [{ from: '/p/a/w.ewzanim', to: '/p/a/w.nczxanim', edit: { changes: { [MANIFEST]: [{ range: RANGE, newText: '"a/w.nczxanim"' }] } } }],
  });
});

test('without code action literals: commands the server runs; without applyEdit: no fix at all', () => {
  const commands = readClientFeatures({ capabilities: { workspace: { applyEdit: true } } });
  assert.deepEqual(toCodeAction(TEXT_FIX, MANIFEST, 1, ctx, commands), { title: 'Change', command: 'ewzanim.applyFix', arguments: [{ changes: { [MANIFEST]: [{ range: RANGE, newText: 'x' }] } }] });
  assert.equal((toCodeAction(RENAME_FIX, MANIFEST, 1, ctx, commands) as { command: string }).command, 'ewzanim.renameAsset');
  assert.equal(toCodeAction(TEXT_FIX, MANIFEST, 1, ctx, MINIMAL_CLIENT), undefined);
  assert.equal(toCodeAction(RENAME_FIX, MANIFEST, 1, ctx, MINIMAL_CLIENT), undefined);
});

test('completion items in their order: snippets, markdown and re-triggers only for clients that declared them (table)', () => {
  const range = { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } };
  const skeleton: CompletionSuggestion = { label: 'skeleton', kind: 'key', insertText: 'skeleton = ""', snippet: 'skeleton = "$1"', range, documentation: '**skeleton** key' };
  const folder: CompletionSuggestion = { label: 'assets/', kind: 'folder', insertText: 'assets/', range, retrigger: true };
  const cases: [CompletionSuggestion, typeof VSCODE, Record<string, unknown>][] = [
    [skeleton, VSCODE, { kind: CompletionItemKind.Property, textEdit: { range, newText: 'skeleton = "$1"' }, insertTextFormat: InsertTextFormat.Snippet, documentation: { kind: 'markdown', value: '**skeleton** key' } }],
    [skeleton, MINIMAL_CLIENT, { kind: CompletionItemKind.Property, textEdit: { range, newText: 'skeleton = ""' }, documentation: 'skeleton key' }],
    [folder, VSCODE, { kind: CompletionItemKind.Folder, textEdit: { range, newText: 'assets/' }, command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } }],
    [folder, MINIMAL_CLIENT, { kind: CompletionItemKind.Folder, textEdit: { range, newText: 'assets/' } }],
    [{ label: 'arm1_skel', kind: 'id', insertText: 'arm1_skel', range, detail: 'assets/arm1.ewzskel' }, MINIMAL_CLIENT, { kind: CompletionItemKind.Reference, textEdit: { range, newText: 'arm1_skel' }, detail: 'assets/arm1.ewzskel' }],
    [{ label: '60', kind: 'value', insertText: '60', range }, MINIMAL_CLIENT, { kind: CompletionItemKind.EnumMember, textEdit: { range, newText: '60' } }],
    [{ label: 'game', kind: 'table', insertText: 'game]', range }, MINIMAL_CLIENT, { kind: CompletionItemKind.Module, textEdit: { range, newText: 'game]' } }],
  ];
  cases.forEach(([suggestion, client, expected], index) => {
    assert.deepEqual(toCompletionItem(suggestion, index, client), { label: suggestion.label, sortText: String(index).padStart(4, '0'), ...expected }, `${suggestion.label} for ${client === VSCODE ? 'VS Code' : 'a minimal client'}`);
  });
});

test('capabilities: code lenses only for clients that run the preview command, fixes only where they can be applied', () => {
  assert.deepEqual(manifestCapabilities(VSCODE).codeLensProvider, { resolveProvider: false });
  assert.equal(manifestCapabilities(MINIMAL_CLIENT).codeLensProvider, undefined);
  assert.deepEqual(manifestCapabilities(VSCODE).codeActionProvider, { codeActionKinds: [CodeActionKind.QuickFix] });
  assert.equal(manifestCapabilities(readClientFeatures({ capabilities: { workspace: { applyEdit: true } } })).codeActionProvider, true);
  assert.equal(manifestCapabilities(MINIMAL_CLIENT).codeActionProvider, undefined, 'no way to apply a fix: no fixes offered');
});
