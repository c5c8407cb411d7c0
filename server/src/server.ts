/**
 * The language server: a thin adapter between LSP and the pure core in `formats/`.
 * Workspace diagnostics for every supported file, manifests checked as they are typed, and the
 * language features (server/src/features/) registered over one `ServerContext`.
 */
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { nodeFileAccess } from '../../cli/nodeFileAccess';
import { SERVER_INFO_REQUEST, type ServerInfoResult } from '../../protocol/serverStatus';
import type { ServerContext, ServerSettings } from './context';
import { registerLanguageFeatures } from './features';
import { DEFAULT_SETTINGS, normalizeSettings } from './settings';
import { pathToUri, uriToPath } from './uris';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
let settings: ServerSettings = DEFAULT_SETTINGS;

const ctx: ServerContext = {
  connection,
  documents,
  files: nodeFileAccess,
  settings: () => settings,
  manifestResult: async () => undefined,
  uriToPath,
  pathToUri,
};

// Features register their handlers now and say which capabilities they need.
const featureCapabilities = registerLanguageFeatures(ctx) ?? {};

connection.onInitialize(() => ({
  capabilities: { ...featureCapabilities, textDocumentSync: TextDocumentSyncKind.Incremental },
}));

connection.onRequest(SERVER_INFO_REQUEST, (): ServerInfoResult => ({ pid: process.pid, uptimeMs: Math.round(process.uptime() * 1000) }));

connection.onDidChangeConfiguration(async () => {
  settings = normalizeSettings(await connection.workspace.getConfiguration('ewzanim'));
});

documents.listen(connection);
connection.listen();
