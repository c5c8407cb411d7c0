/**
 * A generic LSP client, as small as an editor's: spawns a server command, speaks JSON-RPC over
 * its stdin/stdout with hand-written Content-Length framing (no vscode-jsonrpc, no
 * vscode-languageclient), declares exactly the capabilities it is given, answers the server's
 * requests as a minimal editor would (MethodNotFound unless a handler is set) and records every
 * message the server sends, so tests can prove what a client was (not) sent.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

export interface ServerMessage {
  method?: string;
  id?: number | string;
  params?: unknown;
  result?: unknown;
  error?: RpcError;
}

/** JSON-RPC's "method not found": what an editor answers to a request it does not know. */
export const METHOD_NOT_FOUND = -32601;

export class StdioLspClient {
  /** Every request and notification the server sent, in order. */
  readonly received: ServerMessage[] = [];
  /** Latest diagnostics per URI, and how many times each URI was published. */
  readonly diagnostics = new Map<string, { code?: string | number; message: string; severity?: number }[]>();
  readonly publishCount = new Map<string, number>();
  /** Text of every `window/logMessage`. */
  readonly logs: string[] = [];
  readonly handlers = new Map<string, (params: unknown) => unknown>();
  readonly exited: Promise<number | null>;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: RpcError): void }>();
  private readonly waiters: { probe(): boolean; resolve(): void }[] = [];
  stderr = '';

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static spawn(command: string, args: readonly string[], cwd?: string): StdioLspClient {
    return new StdioLspClient(spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  /** initialize (with these capabilities and options) then initialized; returns the server's InitializeResult. */
  async initialize(roots: readonly string[], capabilities: object, initializationOptions?: object): Promise<{ capabilities: Record<string, unknown> }> {
    const result = await this.request<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: process.pid,
      clientInfo: { name: 'generic test client', version: '1' },
      rootUri: roots[0] ? pathToFileURL(roots[0]).href : null,
      capabilities,
      ...(initializationOptions ? { initializationOptions } : {}),
      workspaceFolders: roots.map((root) => ({ uri: pathToFileURL(root).href, name: root })),
    });
    this.notify('initialized', {});
    return result;
  }

  request<T>(method: string, params?: unknown): Promise<T> {
    const id = this.nextId++;
    this.write({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });
    return new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
  }

  notify(method: string, params?: unknown): void {
    this.write({ jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) });
  }

  /** Resolves once `probe()` holds (checked after every message from the server). */
  waitFor(what: string, probe: () => boolean, timeoutMs = 20_000): Promise<void> {
    if (probe()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}; stderr: ${this.stderr.slice(-2000)}`)), timeoutMs);
      this.waiters.push({ probe, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  /** Server-to-client requests (method set, id set). */
  serverRequests(): ServerMessage[] {
    return this.received.filter((m) => m.method !== undefined && m.id !== undefined);
  }

  /** shutdown, exit; resolves with the exit code. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode === null) {
      await this.request('shutdown').catch(() => undefined);
      this.notify('exit');
    }
    return this.exited;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }

  private write(message: object): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'))?.[1]);
      if (!Number.isFinite(length)) throw new Error(`bad header from the server: ${this.buffer.subarray(0, headerEnd).toString()}`);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')) as ServerMessage;
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(message);
    }
  }

  private dispatch(message: ServerMessage): void {
    if (message.method === undefined) {
      const waiter = this.pending.get(Number(message.id));
      this.pending.delete(Number(message.id));
      if (message.error) waiter?.reject(message.error);
      else waiter?.resolve(message.result);
    } else {
      this.received.push(message);
      if (message.method === 'textDocument/publishDiagnostics') {
        const params = message.params as { uri: string; diagnostics: { code?: string | number; message: string; severity?: number }[] };
        this.diagnostics.set(params.uri, params.diagnostics);
        this.publishCount.set(params.uri, (this.publishCount.get(params.uri) ?? 0) + 1);
      } else if (message.method === 'window/logMessage') {
        this.logs.push((message.params as { message: string }).message);
      }
      if (message.id !== undefined) {
        const handler = this.handlers.get(message.method);
        if (handler) {
          Promise.resolve(handler(message.params)).then((result) => this.write({ jsonrpc: '2.0', id: message.id, result: result ?? null }));
        } else {
          this.write({ jsonrpc: '2.0', id: message.id, error: { code: METHOD_NOT_FOUND, message: `Unhandled method ${message.method}` } });
        }
      }
    }
    for (const waiter of this.waiters.splice(0)) {
      if (waiter.probe()) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }
}
