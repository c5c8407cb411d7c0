/**
 * What the client said it can do (`initialize`), as plain flags the handlers consult, so that a
 * minimal editor never receives what it did not declare: snippets, `documentChanges`, file
 * renames, link tooltips, markdown, code action literals, dynamic registrations, and commands.
 *
 * Commands: the server runs its own (`SERVER_COMMANDS`, declared in `executeCommandProvider`).
 * A command the client must run itself (`ewzanim.openPreview` for code lenses,
 * `editor.action.triggerSuggest` after a folder completion) is sent only when the client lists
 * it in `initializationOptions.clientCommands` (the VS Code extension does).
 */
import type { ClientCapabilities, InitializeParams } from 'vscode-languageserver';

/** Commands the server executes itself (`workspace/executeCommand`): part of the public protocol. */
export { SERVER_COMMANDS } from '../../protocol/serverCommands';

/** Client-side commands the server may send when the client says it runs them. */
export const CLIENT_COMMANDS = {
  openPreview: 'ewzanim.openPreview',
  triggerSuggest: 'editor.action.triggerSuggest',
} as const;

export interface ClientFeatures {
  snippets: boolean;
  /** `WorkspaceEdit.documentChanges` (else `changes`). */
  documentChanges: boolean;
  /** File renames inside `documentChanges`. */
  renameFiles: boolean;
  /** `CodeAction` literals (else the server answers `Command`s). */
  codeActionLiterals: boolean;
  /** `workspace/applyEdit` (what the server's own fix commands use). */
  applyEdit: boolean;
  preferredCodeActions: boolean;
  linkTooltips: boolean;
  markdownHover: boolean;
  markdownCompletionDocs: boolean;
  relatedInformation: boolean;
  workDoneProgress: boolean;
  configuration: boolean;
  /** The client tells about workspace folders added and removed. */
  workspaceFolders: boolean;
  /** The client registers `workspace/didChangeWatchedFiles` watchers the server asks for. */
  watchedFilesRegistration: boolean;
  configurationRegistration: boolean;
  /** Commands the client runs itself (from `initializationOptions.clientCommands`). */
  clientCommands: ReadonlySet<string>;
  /** Settings sent with `initialize` (`initializationOptions.ewzanim`), for clients without `workspace/configuration`. */
  initialSettings: unknown;
  /** "Neovim 0.10", "Visual Studio Code 1.139", for the log. */
  name: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nothing declared: what a server may assume of any client. */
export const MINIMAL_CLIENT: ClientFeatures = readClientFeatures({ processId: null, rootUri: null, capabilities: {} });

export function readClientFeatures(params: Pick<InitializeParams, 'capabilities' | 'initializationOptions' | 'clientInfo'> & Partial<InitializeParams>): ClientFeatures {
  const c: ClientCapabilities = params.capabilities ?? {};
  const text = c.textDocument ?? {};
  const workspace = c.workspace ?? {};
  const options: Record<string, unknown> = isRecord(params.initializationOptions) ? params.initializationOptions : {};
  const commands = Array.isArray(options.clientCommands) ? options.clientCommands.filter((x): x is string => typeof x === 'string') : [];
  const markdown = (formats: readonly string[] | undefined) => formats?.includes('markdown') === true;
  return {
    snippets: text.completion?.completionItem?.snippetSupport === true,
    documentChanges: workspace.workspaceEdit?.documentChanges === true,
    renameFiles: workspace.workspaceEdit?.documentChanges === true && (workspace.workspaceEdit.resourceOperations ?? []).includes('rename'),
    codeActionLiterals: text.codeAction?.codeActionLiteralSupport !== undefined,
    applyEdit: workspace.applyEdit === true,
    preferredCodeActions: text.codeAction?.isPreferredSupport === true,
    linkTooltips: text.documentLink?.tooltipSupport === true,
    markdownHover: markdown(text.hover?.contentFormat),
    markdownCompletionDocs: markdown(text.completion?.completionItem?.documentationFormat),
    relatedInformation: text.publishDiagnostics?.relatedInformation === true,
    workDoneProgress: c.window?.workDoneProgress === true,
    configuration: workspace.configuration === true,
    workspaceFolders: workspace.workspaceFolders === true,
    watchedFilesRegistration: workspace.didChangeWatchedFiles?.dynamicRegistration === true,
    configurationRegistration: workspace.didChangeConfiguration?.dynamicRegistration === true,
    clientCommands: new Set(commands),
    initialSettings: options.ewzanim,
    name: params.clientInfo ? `${params.clientInfo.name}${params.clientInfo.version ? ` ${params.clientInfo.version}` : ''}` : 'an unnamed client',
  };
}
