/**
 * Typed messaging with the extension host: requests carry an id and resolve with the answer
 * of the same id; everything else goes to the listener.
 */
import type { HexToHostMessage, HostToHexMessage } from '../../protocol/hexEditor';
import type { FetchedBytes } from './pageCache';

type Answer = Extract<HostToHexMessage, { requestId: number }>;
type Notice = Exclude<HostToHexMessage, { requestId: number }>;
type Request = Extract<HexToHostMessage, { requestId: number }>;
/** A request without its id: the channel assigns one. */
type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'requestId'> : never) : never;

export interface PostTarget {
  postMessage(message: HexToHostMessage): void;
}

export class HostChannel {
  private nextId = 1;
  private readonly pending = new Map<number, (answer: Answer) => void>();

  constructor(
    private readonly target: PostTarget,
    private readonly onNotice: (notice: Notice) => void,
  ) {
    window.addEventListener('message', (event: MessageEvent<HostToHexMessage>) => this.receive(event.data));
  }

  send(message: HexToHostMessage): void {
    this.target.postMessage(message);
  }

  request(body: RequestBody): Promise<Answer> {
    const requestId = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(requestId, resolve);
      this.target.postMessage({ ...body, requestId } as Request);
    });
  }

  async readBytes(offset: number, length: number): Promise<FetchedBytes> {
    const answer = await this.request({ type: 'readBytes', offset, length });
    return answer.type === 'bytes' ? { bytes: answer.bytes, edited: answer.edited ?? [] } : { bytes: new Uint8Array(0), edited: [] };
  }

  private receive(message: HostToHexMessage): void {
    if ('requestId' in message) {
      const resolve = this.pending.get(message.requestId);
      this.pending.delete(message.requestId);
      resolve?.(message);
    } else {
      this.onNotice(message);
    }
  }
}
