/**
 * What the language server needs from the platform it runs on, and nothing else: the Node build
 * (server.ts, `ewzanim lsp`) and the browser build (browser/server.ts, a web worker) share one
 * server (startServer.ts) and differ only here: how files are read, how URIs map to paths, and
 * what the process can say about itself.
 */
import type { BinaryCheckPool } from '../../formats/checkPool';
import type { FileAccess } from '../../formats/fileAccess';

export interface RuntimeEnvironment {
  /** The workspace's files: the disk on Node, the client's `workspace.fs` in a browser. */
  readonly files: FileAccess;
  /** The process id and uptime the server-info request reports (a worker has no pid: 0). */
  processInfo(): { pid: number; uptimeMs: number };
  /** Calls `report` for a promise rejected with no handler, so a failed step is logged, never fatal. */
  onUnhandledRejection(report: (reason: unknown) => void): void;
  /**
   * Optional: worker threads for the workspace scan's content checks, reading through `files`
   * on their own (the Node build); absent, every check runs on the server's thread.
   */
  createCheckPool?(): (BinaryCheckPool & { close(): Promise<void>; stopIdleWorkers?(): Promise<void> }) | undefined;
  /** Optional: tunes the platform's heap for a long-lived server, before anything else runs. */
  tuneHeap?(): void;
  /**
   * How URIs map to server paths and back: `file:` URIs on Node (uris.ts, which reads Node's
   * `process` and `node:url`), the workspace's own schemes in a browser (browser/uris.ts).
   */
  readonly uris: { uriToPath(uri: string): string; pathToUri(path: string): string };
}
