/**
 * The stdio transport's message writer: what the server sends in one turn of the event loop goes
 * out in one write. The library's stream writer writes each message's header and body apart, each
 * waiting for the one before: on a pipe two system calls per message, and the scan of 10,000 files
 * sends 10,000 diagnostics notifications. The bytes are the library's: `Content-Length: N\r\n\r\n`,
 * then the message as UTF-8 JSON.
 */
import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-languageserver/node';

/** A stream the writer writes to (`process.stdout`). */
export interface ByteSink {
  write(data: Uint8Array, callback: (error?: Error | null) => void): unknown;
  end(): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

export class BatchedStreamWriter extends AbstractMessageWriter implements MessageWriter {
  private pieces: Buffer[] = [];
  private messages: Message[] = [];
  /** The next write's end, shared by every message it carries, and how to settle it. */
  private nextWrite: { done: Promise<void>; resolve(): void; reject(error: Error): void } | undefined;
  private errors = 0;

  constructor(
    private readonly sink: ByteSink,
    /** When the gathered messages are written: after this turn's other callbacks. */
    private readonly later: (callback: () => void) => void = setImmediate,
  ) {
    super();
    sink.on('error', (error) => this.fireError(error));
    sink.on('close', () => this.fireClose());
  }

  write(message: Message): Promise<void> {
    let body: Buffer;
    try {
      body = Buffer.from(JSON.stringify(message), 'utf8');
    } catch (error) {
      this.fireError(error, message, ++this.errors);
      return Promise.reject(error);
    }
    this.pieces.push(Buffer.from(`Content-Length: ${body.byteLength}\r\n\r\n`, 'ascii'), body);
    this.messages.push(message);
    if (!this.nextWrite) {
      let settle: Pick<NonNullable<BatchedStreamWriter['nextWrite']>, 'resolve' | 'reject'> | undefined;
      const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
      this.nextWrite = { done, ...settle! };
      this.later(() => this.flush());
    }
    return this.nextWrite.done;
  }

  /** Writes what is gathered, then ends the stream. */
  end(): void {
    this.flush();
    this.sink.end();
  }

  private flush(): void {
    const next = this.nextWrite;
    if (!next) return;
    const data = Buffer.concat(this.pieces);
    const messages = this.messages;
    this.pieces = [];
    this.messages = [];
    this.nextWrite = undefined;
    this.sink.write(data, (error) => {
      if (!error) return next.resolve();
      for (const message of messages) this.fireError(error, message, ++this.errors);
      next.reject(error);
    });
  }
}
