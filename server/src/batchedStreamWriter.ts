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
  write(data: string, encoding: 'utf8', callback: (error?: Error | null) => void): unknown;
  end(): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

export class BatchedStreamWriter extends AbstractMessageWriter implements MessageWriter {
  /** Headers and bodies, joined and encoded once when written (no buffer per message). */
  private pieces: string[] = [];
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
    let body: string;
    try {
      body = JSON.stringify(message);
    } catch (error) {
      this.fireError(error, message, ++this.errors);
      return Promise.reject(error);
    }
    this.pieces.push(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n`, body);
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
    const data = this.pieces.join('');
    const messages = this.messages;
    this.pieces = [];
    this.messages = [];
    this.nextWrite = undefined;
    this.sink.write(data, 'utf8', (error) => {
      if (!error) return next.resolve();
      for (const message of messages) this.fireError(error, message, ++this.errors);
      next.reject(error);
    });
  }
}
