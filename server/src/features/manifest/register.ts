/**
 * Manifest features on the LSP connection: completion, document links, quick fixes and code
 * lenses. Each handler gets the latest check of the manifest (from its unsaved text) and
 * translates the pure results of this folder into LSP types.
 */
import {
  CodeActionKind,
  CompletionItemKind,
  InsertTextFormat,
  type CodeAction,
  type CodeLens,
  type CompletionItem,
  type DocumentLink,
  type ServerCapabilities,
  type TextDocumentEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { kindOfPath, parseManifest } from '../../../../formats';
import type { ServerContext } from '../../context';
import { toLspDiagnostic } from '../../translate';
import { toLspRange } from '../lsp';
import { manifestCompletions, type CompletionSuggestion, type SuggestionKind } from './completion';
import type { ManifestFacts } from './facts';
import { manifestFixes, type ManifestFix } from './fixes';
import { pathLinks, previewLenses } from './linksAndLenses';
import { missingFileFixes } from './pathTypoFix';

const COMPLETION_KINDS: Record<SuggestionKind, CompletionItemKind> = {
  table: CompletionItemKind.Module,
  key: CompletionItemKind.Property,
  value: CompletionItemKind.EnumMember,
  id: CompletionItemKind.Reference,
  file: CompletionItemKind.File,
  folder: CompletionItemKind.Folder,
};

export function isManifestUri(ctx: Pick<ServerContext, 'uriToPath'>, uri: string): boolean {
  return uri.startsWith('file:') && kindOfPath(ctx.uriToPath(uri))?.kind === 'manifest';
}

/** The latest check of a manifest URI; undefined for any other document. */
export async function factsOf(ctx: ServerContext, uri: string): Promise<ManifestFacts | undefined> {
  return isManifestUri(ctx, uri) ? ctx.manifestResult(uri) : undefined;
}

/** A quick fix as an LSP code action: the file rename first, then the manifest's text edits. */
export function toCodeAction(fix: ManifestFix, uri: string, version: number | null, ctx: Pick<ServerContext, 'pathToUri' | 'settings'>): CodeAction {
  const textEdit: TextDocumentEdit = {
    textDocument: { uri, version },
    edits: fix.edits.map((e) => ({ range: toLspRange(e.range), newText: e.newText })),
  };
  const edit: WorkspaceEdit = {
    documentChanges: fix.rename
      ? [{ kind: 'rename', oldUri: ctx.pathToUri(fix.rename.from), newUri: ctx.pathToUri(fix.rename.to), options: { overwrite: false } }, textEdit]
      : [textEdit],
  };
  const diagnostic = toLspDiagnostic(fix.diagnostic, ctx.settings().severityOverrides, ctx.pathToUri);
  return {
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    edit,
    ...(diagnostic ? { diagnostics: [diagnostic] } : {}),
    ...(fix.preferred ? { isPreferred: true } : {}),
  };
}

/** A suggestion as an LSP completion item, kept in the order the suggestions came. */
export function toCompletionItem(s: CompletionSuggestion, index: number): CompletionItem {
  return {
    label: s.label,
    kind: COMPLETION_KINDS[s.kind],
    sortText: String(index).padStart(4, '0'),
    textEdit: { range: toLspRange(s.range), newText: s.insertText },
    ...(s.snippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
    ...(s.detail ? { detail: s.detail } : {}),
    ...(s.documentation ? { documentation: { kind: 'markdown', value: s.documentation } } : {}),
    ...(s.retrigger ? { command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } } : {}),
  };
}

export function registerManifestFeatures(ctx: ServerContext): ServerCapabilities {
  const { connection, documents } = ctx;

  connection.onCompletion(async (params): Promise<CompletionItem[]> => {
    const document = documents.get(params.textDocument.uri);
    if (!document || !isManifestUri(ctx, document.uri)) return [];
    // The text as typed this very moment: completion cannot wait for the debounced check.
    const model = parseManifest(document.getText(), ctx.uriToPath(document.uri));
    const suggestions = await manifestCompletions(model, params.position, ctx.files);
    return suggestions.map(toCompletionItem);
  });

  connection.onDocumentLinks(async (params): Promise<DocumentLink[]> => {
    const facts = await factsOf(ctx, params.textDocument.uri);
    if (!facts) return [];
    return pathLinks(facts).map((link) => ({ range: toLspRange(link.range), target: ctx.pathToUri(link.target), tooltip: link.tooltip }));
  });

  connection.onCodeAction(async (params): Promise<CodeAction[]> => {
    const facts = await factsOf(ctx, params.textDocument.uri);
    if (!facts) return [];
    const version = documents.get(params.textDocument.uri)?.version ?? null;
    const fixes = [...manifestFixes(facts, params.range), ...(await missingFileFixes(facts, params.range, ctx.files))];
    return fixes.map((fix) => toCodeAction(fix, params.textDocument.uri, version, ctx));
  });

  connection.onCodeLens(async (params): Promise<CodeLens[]> => {
    const facts = await factsOf(ctx, params.textDocument.uri);
    if (!facts) return [];
    return previewLenses(facts, ctx.pathToUri).map((lens) => ({
      range: toLspRange(lens.range),
      command: { title: lens.title, command: 'ewzanim.openPreview', arguments: [lens.args] },
    }));
  });

  return {
    completionProvider: { triggerCharacters: ['[', '"', "'", '/', '.', '=', ' '] },
    documentLinkProvider: { resolveProvider: false },
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    codeLensProvider: { resolveProvider: false },
  };
}
