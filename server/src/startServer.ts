/**
 * The language server on one connection: a thin adapter between LSP and the pure core in
 * `formats/`. Workspace diagnostics for every supported file, manifests checked as they are
 * typed, the language features (server/src/features/), file watchers the server registers itself,
 * and its own commands. Everything the client is sent follows what it declared in `initialize`
 * (clientFeatures.ts), so any LSP client works: VS Code, Neovim, Helix, Zed, Emacs.
 * Entry points: `server.ts` (`node dist/server/server.js --stdio | --node-ipc`) and `ewzanim lsp`.
 */
import {
  DidChangeConfigurationNotification,
  FileChangeType,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { RuntimeEnvironment } from './runtime';
import { createManifestLanguageService } from '../../formats/manifest';
import { CHECK_STATUS_NOTIFICATION, SERVER_INFO_REQUEST, type ServerInfoResult } from '../../protocol/serverStatus';
import { PROTOCOL_VERSION } from '../../protocol/version';
import { MINIMAL_CLIENT, readClientFeatures, type ClientFeatures } from './clientFeatures';
import { registerServerCommands, serverCommandCapability } from './commands';
import { createCoreChecks } from './coreChecks';
import type { ServerContext, ServerSettings } from './context';
import { DiagnosticsStore } from './diagnosticsStore';
import { featureCapabilities, registerLanguageFeatures } from './features';
import { ManifestChecks } from './manifestChecks';
import { WorkspaceFileSystems } from './workspaceFileSystems';
import { beginWorkDoneProgress } from './progress';
import { SETTINGS_SECTION, settingsChange } from '../../formats/settings/settings';
import { DEFAULT_SETTINGS, normalizeSettings } from './settings';
import { FileWatchers } from './watchers';
import { WorkspaceChecker } from './workspaceChecker';

export function startServer(connection: Connection, runtime: RuntimeEnvironment): void {
  runtime.tuneHeap?.();
  const documents = new TextDocuments(TextDocument);
  const files = runtime.files;
  const { uriToPath, pathToUri } = runtime.uris;
  let settings: ServerSettings = DEFAULT_SETTINGS;
  let roots: string[] = [];
  let client: ClientFeatures = MINIMAL_CLIENT;

  const store = new DiagnosticsStore(
    { publish: (uri, diagnostics) => void connection.sendDiagnostics({ uri, diagnostics }) },
    () => settings.severityOverrides,
    pathToUri,
    () => ({ relatedInformation: client.relatedInformation }),
  );
  // The scan's content checks on worker threads where the runtime has them (same results, stored in walk order).
  const pool = runtime.createCheckPool?.();
  const core = createCoreChecks(files, () => settings, pool);
  // Created below; the manifest checks ask it which manifests belong to the workspace.
  let checker: WorkspaceChecker | undefined;
  // Which URIs are workspace files: file: ones and those on a workspace folder's file system (github.dev).
  const fileSystems = new WorkspaceFileSystems();
  const isFileUri = (uri: string): boolean => fileSystems.isFileUri(uri);
  const manifests = new ManifestChecks({ files, documents, store, check: core.checkManifest, uriToPath, isFileUri, inWorkspace: (path) => checker?.isKnown(path) === true });
  const workspace = new WorkspaceChecker({
    files,
    store,
    checkAsset: core.checkAsset,
    checkAssets: core.checkAssets,
    // A re-check of a few files starts one worker, not the pool (a worker's start costs ~75 ms of CPU and ~17 MiB).
    expectBinaries: (count) => pool?.expectFiles?.(count),
    skeletonsChecked: core.skeletonsChecked,
    // Idle check workers hold ~17 MiB each: none waits through the manifests' rules, or between passes.
    binariesChecked: async () => pool?.stopIdleWorkers?.(),
    beginPass: core.beginPass,
    checkThreads: pool?.size,
    checkManifest: async (path) => void (await manifests.check(path)),
    forget: (path) => {
      manifests.forget(path);
      core.forget(path);
    },
    roots: () => roots,
    exclude: () => settings.exclude,
    mshExtensions: () => settings.mshExtensions,
    sendStatus: (status) => void connection.sendNotification(CHECK_STATUS_NOTIFICATION, status),
    beginProgress: (title) => beginWorkDoneProgress(connection, client.workDoneProgress, title),
    log: (message) => connection.console.log(message),
  });
  checker = workspace;
  const watchers = new FileWatchers(connection, () => client);

  const ctx: ServerContext = {
    connection,
    documents,
    files,
    manifestService: createManifestLanguageService(files),
    settings: () => settings,
    client: () => client,
    roots: () => roots,
    manifestResult: (uri) => manifests.result(uri),
    uriToPath,
    pathToUri,
    isFileUri,
  };
  registerLanguageFeatures(ctx);
  registerServerCommands(ctx, (path, type) => workspace.fileEvent(path, type));

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    client = readClientFeatures(params);
    if (client.initialSettings !== undefined) settings = normalizeSettings(client.initialSettings);
    fileSystems.addFolders([...(params.workspaceFolders ?? []).map((f) => f.uri), ...(params.rootUri ? [params.rootUri] : [])]);
    roots = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri));
    if (roots.length === 0 && params.rootUri) roots = [uriToPath(params.rootUri)];
    return {
      capabilities: {
        ...featureCapabilities(client),
        ...serverCommandCapability(),
        textDocumentSync: TextDocumentSyncKind.Incremental,
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'ewzanim' },
    };
  });

  async function fetchSettings(): Promise<ServerSettings> {
    if (!client.configuration) return settings;
    try {
      return normalizeSettings(await connection.workspace.getConfiguration(SETTINGS_SECTION));
    } catch (error) {
      connection.console.error(`could not read the ewzanim settings, keeping the previous ones: ${String(error)}`);
      return settings;
    }
  }

  connection.onInitialized(async () => {
    connection.console.log(`ewzanim language server for ${client.name}; workspace folders: ${roots.length ? roots.join(', ') : 'none'}`);
    if (client.configurationRegistration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }).catch(() => undefined);
    }
    if (client.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders(async (event) => {
        fileSystems.addFolders(event.added.map((f) => f.uri));
        const removed = new Set(event.removed.map((f) => uriToPath(f.uri)));
        roots = [...roots.filter((r) => !removed.has(r)), ...event.added.map((f) => uriToPath(f.uri))];
        await workspace.scanAll();
      });
    }
    settings = await fetchSettings();
    await watchers.update(settings.mshExtensions);
    await workspace.scanAll();
  });

  connection.onDidChangeConfiguration(async (change) => {
    const previous = settings;
    // Clients without `workspace/configuration` push the settings here (`{ ewzanim: {...} }`).
    const pushed = (change.settings as { ewzanim?: unknown } | null | undefined)?.ewzanim;
    settings = client.configuration || pushed === undefined ? await fetchSettings() : normalizeSettings(pushed);
    const effect = settingsChange(previous, settings);
    if (effect.watchers) await watchers.update(settings.mshExtensions);
    if (effect.recheck) {
      core.forgetAll();
      await workspace.scanAll();
    } else {
      store.republishAll();
    }
  });

  connection.onDidChangeWatchedFiles(({ changes }) => {
    for (const change of changes) {
      if (!isFileUri(change.uri)) continue;
      const type = change.type === FileChangeType.Deleted ? 'deleted' : change.type === FileChangeType.Created ? 'created' : 'changed';
      workspace.fileEvent(uriToPath(change.uri), type);
    }
  });

  documents.onDidChangeContent(({ document }) => manifests.textChanged(document.uri));
  documents.onDidClose(({ document }) => {
    if (!isFileUri(document.uri)) return;
    const path = uriToPath(document.uri);
    if (!ManifestChecks.isManifest(path)) return;
    // Back to what is on disk; a manifest outside the workspace folders loses its problems.
    if (workspace.isKnown(path)) void manifests.check(path);
    else {
      manifests.forget(path);
      store.delete(path);
    }
  });

  connection.onRequest(SERVER_INFO_REQUEST, (): ServerInfoResult => ({ ...runtime.processInfo(), protocolVersion: PROTOCOL_VERSION }));

  // A failed background step (a check, a notification to a client that went away) is logged;
  // it must not take the server and every open document's features down with it.
  runtime.onUnhandledRejection((reason) => connection.console.error(`unhandled: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`));

  documents.listen(connection);
  connection.listen();
}
