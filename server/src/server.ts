/**
 * The language server: a thin adapter between LSP and the pure core in `formats/`.
 * Workspace diagnostics for every supported file, manifests checked as they are typed, and the
 * language features (server/src/features/) registered over one `ServerContext`.
 */
import {
  createConnection,
  DidChangeConfigurationNotification,
  FileChangeType,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type InitializeParams,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { nodeFileAccess } from '../../cli/nodeFileAccess';
import { CHECK_STATUS_NOTIFICATION, SERVER_INFO_REQUEST, type ServerInfoResult } from '../../protocol/serverStatus';
import { createCoreChecks } from './coreChecks';
import type { ServerContext, ServerSettings } from './context';
import { DiagnosticsStore } from './diagnosticsStore';
import { registerLanguageFeatures } from './features';
import { ManifestChecks } from './manifestChecks';
import { beginWorkDoneProgress } from './progress';
import { DEFAULT_SETTINGS, normalizeSettings } from './settings';
import { pathToUri, uriToPath } from './uris';
import { WorkspaceChecker } from './workspaceChecker';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
let settings: ServerSettings = DEFAULT_SETTINGS;
let roots: string[] = [];
let clientHasProgress = false;
let clientHasConfiguration = false;

const store = new DiagnosticsStore(
  { publish: (uri, diagnostics) => void connection.sendDiagnostics({ uri, diagnostics }) },
  () => settings.severityOverrides,
  pathToUri,
);
const core = createCoreChecks(nodeFileAccess, () => settings);
const manifests = new ManifestChecks({ files: nodeFileAccess, documents, store, check: core.checkManifest, uriToPath });
const checker = new WorkspaceChecker({
  files: nodeFileAccess,
  store,
  checkAsset: core.checkAsset,
  checkManifest: async (path) => void (await manifests.check(path)),
  forget: (path) => {
    manifests.forget(path);
    core.forget(path);
  },
  roots: () => roots,
  exclude: () => settings.exclude,
  sendStatus: (status) => void connection.sendNotification(CHECK_STATUS_NOTIFICATION, status),
  beginProgress: (title) => beginWorkDoneProgress(connection, clientHasProgress, title),
  log: (message) => connection.console.log(message),
});

const ctx: ServerContext = {
  connection,
  documents,
  files: nodeFileAccess,
  settings: () => settings,
  manifestResult: (uri) => manifests.result(uri),
  uriToPath,
  pathToUri,
};

// Features register their handlers now and say which capabilities they need.
const featureCapabilities = registerLanguageFeatures(ctx) ?? {};

connection.onInitialize((params: InitializeParams) => {
  clientHasProgress = params.capabilities.window?.workDoneProgress === true;
  clientHasConfiguration = params.capabilities.workspace?.configuration === true;
  roots = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri));
  if (roots.length === 0 && params.rootUri) roots = [uriToPath(params.rootUri)];
  return {
    capabilities: {
      ...featureCapabilities,
      textDocumentSync: TextDocumentSyncKind.Incremental,
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
  };
});

async function fetchSettings(): Promise<ServerSettings> {
  if (!clientHasConfiguration) return settings;
  try {
    return normalizeSettings(await connection.workspace.getConfiguration('ewzanim'));
  } catch (error) {
    connection.console.error(`could not read the ewzanim settings, keeping the previous ones: ${String(error)}`);
    return settings;
  }
}

connection.onInitialized(async () => {
  void connection.client.register(DidChangeConfigurationNotification.type, { section: 'ewzanim' }).catch(() => undefined);
  connection.workspace.onDidChangeWorkspaceFolders(async (event) => {
    const removed = new Set(event.removed.map((f) => uriToPath(f.uri)));
    roots = [...roots.filter((r) => !removed.has(r)), ...event.added.map((f) => uriToPath(f.uri))];
    await checker.scanAll();
  });
  settings = await fetchSettings();
  await checker.scanAll();
});

connection.onDidChangeConfiguration(async () => {
  const previous = settings;
  settings = await fetchSettings();
  const rescan = previous.maxKeyframeProblems !== settings.maxKeyframeProblems || previous.exclude.join('\n') !== settings.exclude.join('\n');
  if (rescan) {
    core.forgetAll();
    await checker.scanAll();
  } else {
    store.republishAll();
  }
});

connection.onDidChangeWatchedFiles(({ changes }) => {
  for (const change of changes) {
    if (!change.uri.startsWith('file:')) continue;
    const type = change.type === FileChangeType.Deleted ? 'deleted' : change.type === FileChangeType.Created ? 'created' : 'changed';
    checker.fileEvent(uriToPath(change.uri), type);
  }
});

documents.onDidChangeContent(({ document }) => manifests.textChanged(document.uri));
documents.onDidClose(({ document }) => {
  if (!document.uri.startsWith('file:')) return;
  const path = uriToPath(document.uri);
  if (!ManifestChecks.isManifest(path)) return;
  // Back to what is on disk; a manifest outside the workspace folders loses its problems.
  if (checker.isKnown(path)) void manifests.check(path);
  else {
    manifests.forget(path);
    store.delete(path);
  }
});

connection.onRequest(SERVER_INFO_REQUEST, (): ServerInfoResult => ({ pid: process.pid, uptimeMs: Math.round(process.uptime() * 1000) }));

// A failed background step (a check, a notification to a client that went away) is logged;
// it must not take the server and every open document's features down with it.
process.on('unhandledRejection', (reason) => connection.console.error(`unhandled: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`));

documents.listen(connection);
connection.listen();
