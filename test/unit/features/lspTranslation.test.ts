import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { CodeActionKind, CompletionItemKind, DiagnosticSeverity, InsertTextFormat } from 'vscode-languageserver/node';
import type { FormatDiagnostic } from '../../../formats';
import type { ServerSettings } from '../../../server/src/context';
import { toCodeAction, toCompletionItem } from '../../../server/src/features/manifest/register';

const SETTINGS: ServerSettings = { frameRate: 30, maxKeyframeProblems: 100, severityOverrides: {}, exclude: [] };
const RANGE = { start: { line: 3, character: 7 }, end: { line: 3, character: 29 } };
const LEGACY: FormatDiagnostic = { code: 'manifest/legacy-extension', severity: 'warning', message: 'rename it', range: RANGE, data: { newPath: 'a/w.nczxanim' } };
const ctx = { pathToUri: (p: string) => `file://${p}`, settings: () => SETTINGS };

test('a rename fix becomes a workspace edit: the file rename first, then the text edit of this version', () => {
  const action = toCodeAction(
    { title: 'Rename', diagnostic: LEGACY, edits: [{ range: RANGE, newText: '"a/w.nczxanim"' }], rename: { from: '/p/a/w.ewzanim', to: '/p/a/w.nczxanim' }, preferred: true },
    'file:///p/nether.toml',
    7,
    ctx,
  );
  assert.deepEqual(action, {
    title: 'Rename',
    kind: CodeActionKind.QuickFix,
    edit: {
      documentChanges: [
        { kind: 'rename', oldUri: 'file:///p/a/w.ewzanim', newUri: 'file:///p/a/w.nczxanim', options: { overwrite: false } },
        { textDocument: { uri: 'file:///p/nether.toml', version: 7 }, edits: [{ range: RANGE, newText: '"a/w.nczxanim"' }] },
      ],
    },
    diagnostics: [{ range: RANGE, severity: DiagnosticSeverity.Warning, code: 'manifest/legacy-extension', source: 'ewzanim', message: 'rename it', data: { newPath: 'a/w.nczxanim' } }],
    isPreferred: true,
  });
});

test('a text-only fix has no rename; a code the user turned off gives the action no diagnostic', () => {
  const off = { ...ctx, settings: () => ({ ...SETTINGS, severityOverrides: { 'manifest/legacy-extension': 'off' as const } }) };
  const action = toCodeAction({ title: 'Change', diagnostic: LEGACY, edits: [{ range: RANGE, newText: 'x' }] }, 'file:///p/nether.toml', null, off);
  assert.deepEqual(action.edit?.documentChanges, [{ textDocument: { uri: 'file:///p/nether.toml', version: null }, edits: [{ range: RANGE, newText: 'x' }] }]);
  assert.equal(action.diagnostics, undefined);
  assert.equal(action.isPreferred, undefined);
});

test('completion suggestions become items in their order, snippets and re-triggers marked (table)', () => {
  const range = { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } };
  const cases = [
    [{ label: 'skeleton', kind: 'key', insertText: 'skeleton = "$1"', snippet: true, range, documentation: '**skeleton**' }, { kind: CompletionItemKind.Property, insertTextFormat: InsertTextFormat.Snippet, documentation: { kind: 'markdown', value: '**skeleton**' } }],
    [{ label: 'assets/', kind: 'folder', insertText: 'assets/', range, retrigger: true }, { kind: CompletionItemKind.Folder, command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } }],
    [{ label: 'arm1_skel', kind: 'id', insertText: 'arm1_skel', range, detail: 'assets/arm1.ewzskel' }, { kind: CompletionItemKind.Reference, detail: 'assets/arm1.ewzskel' }],
    [{ label: 'wave1.ewzanim', kind: 'file', insertText: 'wave1.ewzanim', range }, { kind: CompletionItemKind.File }],
    [{ label: '60', kind: 'value', insertText: '60', range }, { kind: CompletionItemKind.EnumMember }],
    [{ label: 'game', kind: 'table', insertText: 'game]', range }, { kind: CompletionItemKind.Module }],
  ] as const;
  cases.forEach(([suggestion, expected], index) => {
    assert.deepEqual(toCompletionItem(suggestion, index), {
      label: suggestion.label,
      sortText: String(index).padStart(4, '0'),
      textEdit: { range, newText: suggestion.insertText },
      ...expected,
    });
  });
});
