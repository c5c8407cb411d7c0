/**
 * The stdio writer sends what one turn of the event loop wrote in one write, byte for byte what
 * the library's stream writer sends for the same messages, in their order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { StreamMessageWriter, type Message } from 'vscode-languageserver/node';
import { BatchedStreamWriter, type ByteSink } from '../../../server/src/batchedStreamWriter';

const messages: Message[] = [
  { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///ws/a%20b.nczxanim', diagnostics: [] } } as Message,
  { jsonrpc: '2.0', id: 7, result: { text: 'bone «hip» 30°' } } as Message,
  { jsonrpc: '2.0', method: 'ewzanim/checkStatus', params: { state: 'idle', checked: 2 } } as Message,
];

/** A sink that records each write it is given and answers it with `failure`. */
function recordingSink(failure?: Error): ByteSink & { writes: Buffer[]; ended: boolean } {
  const sink = {
    writes: [] as Buffer[],
    ended: false,
    write(data: string, encoding: 'utf8', callback: (error?: Error | null) => void) {
      sink.writes.push(Buffer.from(data, encoding));
      queueMicrotask(() => callback(failure ?? null));
      return true;
    },
    end() {
      sink.ended = true;
    },
    on() {
      return sink;
    },
  };
  return sink;
}

async function libraryBytes(sent: readonly Message[]): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = new StreamMessageWriter(stream);
  for (const message of sent) await writer.write(message);
  return Buffer.concat(chunks);
}

test("messages written in one turn go out in one write, as the library's writer sends them", async () => {
  const sink = recordingSink();
  const writer = new BatchedStreamWriter(sink);
  const written = messages.map((m) => writer.write(m));
  assert.equal(sink.writes.length, 0, 'nothing is written before the turn ends');
  await Promise.all(written);
  assert.equal(sink.writes.length, 1);
  assert.deepEqual(sink.writes[0], await libraryBytes(messages));
});

test('a message written after a write went out starts the next write', async () => {
  const sink = recordingSink();
  const writer = new BatchedStreamWriter(sink);
  await writer.write(messages[0]!);
  await Promise.all([writer.write(messages[1]!), writer.write(messages[2]!)]);
  assert.deepEqual(sink.writes.map((w) => w.toString('utf8')), [(await libraryBytes(messages.slice(0, 1))).toString('utf8'), (await libraryBytes(messages.slice(1))).toString('utf8')]);
});

test('end writes what is gathered before it ends the stream', async () => {
  const sink = recordingSink();
  const writer = new BatchedStreamWriter(sink, () => undefined);
  const written = writer.write(messages[0]!);
  writer.end();
  await written;
  assert.deepEqual(sink.writes, [await libraryBytes(messages.slice(0, 1))]);
  assert.equal(sink.ended, true);
});

test('a failed write rejects each of its messages and reports each with its count', async () => {
  const writer = new BatchedStreamWriter(recordingSink(new Error('EPIPE')));
  const reported: [string, Message | undefined, number | undefined][] = [];
  writer.onError(([error, message, count]) => reported.push([error.message, message, count]));
  const outcomes = await Promise.allSettled(messages.slice(0, 2).map((m) => writer.write(m)));
  assert.deepEqual(outcomes.map((o) => o.status), ['rejected', 'rejected']);
  assert.deepEqual(reported, [
    ['EPIPE', messages[0], 1],
    ['EPIPE', messages[1], 2],
  ]);
});
