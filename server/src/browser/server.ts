/**
 * The language server in a web worker (VS Code for the Web: github.dev, vscode.dev): the same
 * server as on Node (startServer.ts), reading files through the client (requestFileAccess.ts).
 */
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { startServer } from '../startServer';
import { requestFileAccess } from './requestFileAccess';
import { workspaceUris } from './uris';

/** The worker's global scope, as far as this entry uses it (the project compiles without the webworker lib). */
interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: { reason: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
declare const self: WorkerScope;

const started = Date.now();
const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self as unknown as Worker), new BrowserMessageWriter(self as unknown as Worker));
startServer(connection, {
  files: requestFileAccess({ sendRequest: (method, params) => connection.sendRequest(method, params) }),
  uris: workspaceUris(),
  processInfo: () => ({ pid: 0, uptimeMs: Date.now() - started }),
  onUnhandledRejection: (report) => self.addEventListener('unhandledrejection', (event) => report(event.reason)),
});
