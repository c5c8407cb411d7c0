/**
 * Drives the real bundled server (dist/server/server.js) over Node IPC, no editor, declaring
 * what VS Code's language client declares (the generic-editor tests use stdioClient.ts): used by
 * the server's integration tests and by bench/lsp.bench.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, IPCMessageReader, IPCMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { ClientCapabilities, Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import type { CheckStatusParams } from '../../../protocol/serverStatus';

export const SERVER_BUNDLE = join(__dirname, '..', '..', '..', 'dist', 'server', 'server.js');

export interface LspProcess {
  child: ChildProcess;
  connection: MessageConnection;
  /** Latest diagnostics per URI. */
  diagnostics: Map<string, Diagnostic[]>;
  /** Every checkStatus notification, in order. */
  statuses: CheckStatusParams[];
  /** Resolves when a status with state 'idle' arrives after `since` notifications. */
  waitForIdle(since?: number, timeoutMs?: number): Promise<CheckStatusParams>;
  /** Replaces the `ewzanim` settings and tells the server (workspace/didChangeConfiguration). */
  setSettings(settings: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

/** The parts of VS Code's client capabilities the server reads (file watchers left to the test: it sends the events). */
export const VSCODE_LIKE_CAPABILITIES: ClientCapabilities = {
  window: { workDoneProgress: true },
  workspace: {
    configuration: true,
    workspaceFolders: true,
    applyEdit: true,
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
  },
  textDocument: {
    hover: { contentFormat: ['markdown', 'plaintext'] },
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } }, isPreferredSupport: true },
    documentLink: { tooltipSupport: true },
    publishDiagnostics: { relatedInformation: true },
  },
};

export interface StartOptions {
  roots: string[];
  settings?: Record<string, unknown>;
  /** Called for every publishDiagnostics, with the time it arrived (for the bench). */
  onDiagnostics?(params: PublishDiagnosticsParams, at: bigint): void;
}

/** Answers what the server asks of its client as VS Code does: the `ewzanim` settings, progress and registrations accepted; logs dropped. */
export function answerServerRequests(connection: MessageConnection, settings: () => Record<string, unknown>): void {
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
    params.items.map((item) => (item.section === 'ewzanim' ? settings() : null)),
  );
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('client/registerCapability', () => null);
  connection.onNotification('window/logMessage', () => undefined);
  connection.onNotification('$/progress', () => undefined);
}

export async function startServer(options: StartOptions): Promise<LspProcess> {
  const child = fork(SERVER_BUNDLE, ['--node-ipc'], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const connection = createMessageConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
  const diagnostics = new Map<string, Diagnostic[]>();
  const statuses: CheckStatusParams[] = [];
  let settings = options.settings ?? {};
  const idleWaiters: { since: number; resolve(s: CheckStatusParams): void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    options.onDiagnostics?.(params, process.hrtime.bigint());
    diagnostics.set(params.uri, params.diagnostics);
  });
  connection.onNotification('ewzanim/checkStatus', (status: CheckStatusParams) => {
    statuses.push(status);
    if (status.state !== 'idle') return;
    for (const waiter of idleWaiters.splice(0)) {
      if (statuses.length > waiter.since) waiter.resolve(status);
      else idleWaiters.push(waiter);
    }
  });
  answerServerRequests(connection, () => settings);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: VSCODE_LIKE_CAPABILITIES,
    initializationOptions: { clientCommands: ['ewzanim.openPreview', 'editor.action.triggerSuggest'] },
    workspaceFolders: options.roots.map((root) => ({ uri: pathToFileURL(root).href, name: root })),
  });
  await connection.sendNotification('initialized', {});
  return {
    child,
    connection,
    diagnostics,
    statuses,
    waitForIdle: (since = 0, timeoutMs = 30_000) => {
      const already = statuses.slice(since).find((s) => s.state === 'idle');
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server not idle after ${timeoutMs} ms`)), timeoutMs);
        idleWaiters.push({ since, resolve: (s) => (clearTimeout(timer), resolve(s)) });
      });
    },
    setSettings: async (next) => {
      settings = next;
      await connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    },
    stop: async () => {
      const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
      try {
        await connection.sendRequest('shutdown');
        await connection.sendNotification('exit');
      } catch {
        child.kill();
      }
      await exited;
      connection.dispose();
    },
  };
}
