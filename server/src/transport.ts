/**
 * The server's connection: stdio (`--stdio`, also the default, as generic LSP clients start
 * servers), Node IPC (`--node-ipc`, the VS Code extension) or a socket (`--socket=PORT`).
 *
 * One rule of the protocol the library leaves to servers is kept here, for every request at once:
 * after `shutdown`, requests are answered with `InvalidRequest` (-32600) and notifications other
 * than `exit` are dropped.
 */
import {
  createConnection,
  createServerSocketTransport,
  ErrorCodes,
  IPCMessageReader,
  IPCMessageWriter,
  Message,
  ProposedFeatures,
  StreamMessageReader,
  type Connection,
  type DataCallback,
  type Disposable,
  type MessageReader,
  type MessageWriter,
  type ResponseMessage,
} from 'vscode-languageserver/node';
import { BatchedStreamWriter } from './batchedStreamWriter';

export type TransportKind = 'stdio' | 'node-ipc' | { socket: number };

/** The transport named on the command line (`--stdio`, `--node-ipc`, `--socket=N` / `--socket N`); stdio by default. */
export function transportFromArgs(argv: readonly string[]): TransportKind {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--node-ipc') return 'node-ipc';
    if (arg === '--stdio') return 'stdio';
    const port = arg.startsWith('--socket=') ? arg.slice('--socket='.length) : arg === '--socket' ? argv[i + 1] : undefined;
    if (port !== undefined && /^\d+$/.test(port)) return { socket: Number(port) };
  }
  return 'stdio';
}

/** Answers requests that arrive after `shutdown` with InvalidRequest, before any handler sees them. */
export class ShutdownGuardReader implements MessageReader {
  private shutdownReceived = false;

  constructor(
    private readonly inner: MessageReader,
    private readonly writer: MessageWriter,
  ) {}

  get onError() {
    return this.inner.onError;
  }

  get onClose() {
    return this.inner.onClose;
  }

  get onPartialMessage() {
    return this.inner.onPartialMessage;
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message) => {
      if (Message.isRequest(message)) {
        if (this.shutdownReceived) {
          const refusal: ResponseMessage = {
            jsonrpc: '2.0',
            id: message.id,
            error: { code: ErrorCodes.InvalidRequest, message: `The server is shut down; "${message.method}" is not accepted after "shutdown".` },
          };
          void this.writer.write(refusal);
          return;
        }
        if (message.method === 'shutdown') this.shutdownReceived = true;
      } else if (Message.isNotification(message) && this.shutdownReceived && message.method !== 'exit') {
        return;
      }
      callback(message);
    });
  }

  dispose(): void {
    this.inner.dispose();
  }
}

function endpoints(kind: TransportKind): [MessageReader, MessageWriter] {
  if (kind === 'node-ipc') return [new IPCMessageReader(process), new IPCMessageWriter(process)];
  if (kind === 'stdio') {
    // stdout carries the protocol: anything else printed there would corrupt it.
    console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
    // The client went away without `exit`: nothing is left to serve.
    process.stdin.on('end', () => process.exit(1));
    return [new StreamMessageReader(process.stdin), new BatchedStreamWriter(process.stdout)];
  }
  return createServerSocketTransport(kind.socket);
}

export function createServerConnection(kind: TransportKind): Connection {
  const [reader, writer] = endpoints(kind);
  return createConnection(ProposedFeatures.all, new ShutdownGuardReader(reader, writer), writer);
}
