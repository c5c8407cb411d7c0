/**
 * Bytes for a webview message. `workspace.fs.readFile` returns a Node Buffer, which a webview
 * message would serialise as JSON (`{type: 'Buffer', data: [...]}`); a plain Uint8Array over its
 * own ArrayBuffer goes as binary. A Buffer may also be a view into a larger pooled buffer: then
 * it is copied.
 */
export function webviewBytes(read: Uint8Array): Uint8Array {
  const whole = read.byteOffset === 0 && read.byteLength === read.buffer.byteLength;
  return whole ? new Uint8Array(read.buffer, 0, read.byteLength) : new Uint8Array(read);
}
