/**
 * Manifest features on the LSP connection: completion, document links, quick fixes and code
 * lenses. The answers come from the core's manifest language service (plain data); this file
 * only registers the handlers and translates, giving each client only what it declared
 * (snippets, `documentChanges`, file renames, tooltips, markdown, commands it runs).
 */
import {
  CodeActionKind,
  CompletionItemKind,
  InsertTextFormat,
  type CodeAction,
  type CodeLens,
  type Command,
  type CompletionItem,
  type DocumentLink,
  type ServerCapabilities,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import { kindOfPath, parseManifest, type CompletionSuggestion, type ManifestFacts, type ManifestFix, type SuggestionKind } from '../../../../formats';
import type { OpenPreviewArgs } from '../../../../protocol/preview';
import { CLIENT_COMMANDS, SERVER_COMMANDS, type ClientFeatures } from '../../clientFeatures';
import type { RenameAssetArgs } from '../../../../protocol/serverCommands';
import type { ServerContext } from '../../context';
import { toLspDiagnostic } from '../../translate';
import { markdownToPlainText, toLspRange } from '../lsp';

const COMPLETION_KINDS: Record<SuggestionKind, CompletionItemKind> = {
  table: CompletionItemKind.Module,
  key: CompletionItemKind.Property,
  value: CompletionItemKind.EnumMember,
  id: CompletionItemKind.Reference,
  file: CompletionItemKind.File,
  folder: CompletionItemKind.Folder,
};

/** Arguments of `ewzanim.renameAsset`: the file rename, then the manifest's edit (protocol/serverCommands.ts). */
export type { RenameAssetArgs } from '../../../../protocol/serverCommands';

type Translation = Pick<ServerContext, 'pathToUri' | 'settings'>;

export function isManifestUri(ctx: Pick<ServerContext, 'uriToPath' | 'isFileUri'>, uri: string): boolean {
  return ctx.isFileUri(uri) && kindOfPath(ctx.uriToPath(uri))?.kind === 'manifest';
}

/** The latest check of a manifest URI; undefined for any other document or one with no readable file. */
export async function factsOf(ctx: ServerContext, uri: string): Promise<ManifestFacts | undefined> {
  return isManifestUri(ctx, uri) ? ctx.manifestResult(uri) : undefined;
}

/** The manifest's text edits as the client takes them: `documentChanges` only when declared. */
function textEditOf(fix: ManifestFix, uri: string, version: number | null, client: ClientFeatures): WorkspaceEdit {
  const edits: TextEdit[] = fix.edits.map((e) => ({ range: toLspRange(e.range), newText: e.newText }));
  return client.documentChanges ? { documentChanges: [{ textDocument: { uri, version }, edits }] } : { changes: { [uri]: edits } };
}

/**
 * A quick fix as the client takes it: a code action with its edit (the file rename inside it
 * when the client does renames in edits, else the server's `ewzanim.renameAsset` command), or,
 * for clients without code action literals, a command the server runs. Undefined when the client
 * can do neither (no `workspace/applyEdit` for a fix that needs the server's command).
 */
export function toCodeAction(fix: ManifestFix, uri: string, version: number | null, ctx: Translation, client: ClientFeatures): CodeAction | Command | undefined {
  const textEdit = textEditOf(fix, uri, version, client);
  let edit: WorkspaceEdit | undefined = textEdit;
  let command: Command | undefined;
  if (fix.rename) {
    const rename = { kind: 'rename' as const, oldUri: ctx.pathToUri(fix.rename.from), newUri: ctx.pathToUri(fix.rename.to), options: { overwrite: false } };
    if (client.renameFiles) {
      edit = { documentChanges: [rename, ...(textEdit.documentChanges ?? [])] };
    } else {
      if (!client.applyEdit) return undefined;
      const args: RenameAssetArgs = { from: fix.rename.from, to: fix.rename.to, edit: textEdit };
      edit = undefined;
      command = { title: fix.title, command: SERVER_COMMANDS.renameAsset, arguments: [args] };
    }
  }
  if (!client.codeActionLiterals) {
    if (command) return command;
    return client.applyEdit ? { title: fix.title, command: SERVER_COMMANDS.applyFix, arguments: [edit] } : undefined;
  }
  const diagnostic = toLspDiagnostic(fix.diagnostic, ctx.settings().severityOverrides, ctx.pathToUri, { relatedInformation: client.relatedInformation });
  return {
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    ...(edit ? { edit } : {}),
    ...(command ? { command } : {}),
    ...(diagnostic ? { diagnostics: [diagnostic] } : {}),
    ...(fix.preferred && client.preferredCodeActions ? { isPreferred: true } : {}),
  };
}

/** A suggestion as an LSP completion item, kept in the order the suggestions came. */
export function toCompletionItem(s: CompletionSuggestion, index: number, client: ClientFeatures): CompletionItem {
  const snippet = client.snippets && s.snippet !== undefined;
  const retrigger = s.retrigger && client.clientCommands.has(CLIENT_COMMANDS.triggerSuggest);
  return {
    label: s.label,
    kind: COMPLETION_KINDS[s.kind],
    sortText: String(index).padStart(4, '0'),
    textEdit: { range: toLspRange(s.range), newText: snippet ? s.snippet! : s.insertText },
    ...(snippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
    ...(s.detail ? { detail: s.detail } : {}),
    ...(s.documentation
      ? { documentation: client.markdownCompletionDocs ? { kind: 'markdown' as const, value: s.documentation } : markdownToPlainText(s.documentation) }
      : {}),
    ...(retrigger ? { command: { title: 'Suggest', command: CLIENT_COMMANDS.triggerSuggest } } : {}),
  };
}

/** The capabilities these features offer this client (code lenses only where the client runs the preview, fixes only where they can be applied). */
export function manifestCapabilities(client: ClientFeatures): ServerCapabilities {
  return {
    completionProvider: { triggerCharacters: ['[', '"', "'", '/', '.', '=', ' '] },
    documentLinkProvider: { resolveProvider: false },
    // Fixes reach a client as code actions with edits, or as commands the server runs through `workspace/applyEdit`.
    ...(client.codeActionLiterals ? { codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] } } : client.applyEdit ? { codeActionProvider: true } : {}),
    ...(client.clientCommands.has(CLIENT_COMMANDS.openPreview) ? { codeLensProvider: { resolveProvider: false } } : {}),
  };
}

export function registerManifestFeatures(ctx: ServerContext): void {
  const { connection, documents, manifestService } = ctx;

  connection.onCompletion(async (params): Promise<CompletionItem[]> => {
    const document = documents.get(params.textDocument.uri);
    if (!document || !isManifestUri(ctx, document.uri)) return [];
    // The text as typed this very moment: completion cannot wait for the debounced check.
    const model = parseManifest(document.getText(), ctx.uriToPath(document.uri));
    const suggestions = await manifestService.completions(model, params.position);
    return suggestions.map((s, i) => toCompletionItem(s, i, ctx.client()));
  });

  connection.onDocumentLinks(async (params): Promise<DocumentLink[]> => {
    const facts = await factsOf(ctx, params.textDocument.uri);
    if (!facts) return [];
    const tooltips = ctx.client().linkTooltips;
    return manifestService.links(facts).map((link) => ({
      range: toLspRange(link.range),
      target: ctx.pathToUri(link.target),
      ...(tooltips ? { tooltip: link.tooltip } : {}),
    }));
  });

  connection.onCodeAction(async (params): Promise<(CodeAction | Command)[]> => {
    const facts = await factsOf(ctx, params.textDocument.uri);
    if (!facts) return [];
    const version = documents.get(params.textDocument.uri)?.version ?? null;
    const fixes = await manifestService.fixes(facts, params.range);
    return fixes.map((fix) => toCodeAction(fix, params.textDocument.uri, version, ctx, ctx.client())).filter((a): a is CodeAction | Command => a !== undefined);
  });

  connection.onCodeLens(async (params): Promise<CodeLens[]> => {
    // Only clients that run the preview command get lenses (the capability says so too).
    if (!ctx.client().clientCommands.has(CLIENT_COMMANDS.openPreview)) return [];
    const facts = await factsOf(ctx, params.textDocument.uri);
    if (!facts) return [];
    return manifestService.previewLenses(facts).map((lens) => {
      const args: OpenPreviewArgs = { clip: ctx.pathToUri(lens.clip) };
      if (lens.skeleton) args.skeleton = ctx.pathToUri(lens.skeleton);
      if (lens.mesh) args.mesh = ctx.pathToUri(lens.mesh);
      return { range: toLspRange(lens.range), command: { title: lens.title, command: CLIENT_COMMANDS.openPreview, arguments: [args] } };
    });
  });
}
